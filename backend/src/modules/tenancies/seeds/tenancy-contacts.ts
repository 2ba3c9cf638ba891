import type { Knex } from 'knex'
import { createContact } from '../../contacts/module.js'

/** One link of a tenancy's contact with its roles, written straight to the table (demo and tests). */
export interface LinkSeed {
  tenancyId: number
  ccdContactId: number
  isCircular?: boolean
  isOthers?: boolean
  isMarketing?: boolean
  isMain?: boolean
  isLease?: boolean
  isFinance?: boolean
  cPrimary?: boolean
  workingHourOrder?: number | null
  nonWorkingHourOrder?: number | null
  roleType?: string | null
}

export async function linkContact(db: Knex, seed: LinkSeed): Promise<{ id: number; updatedAt: string }> {
  const tenancy = await db('tenancies').where({ id: seed.tenancyId }).first('region')
  const [row] = await db('tenancy_contacts').insert(
    {
      region: tenancy.region,
      ...seed,
      isEmergency: seed.workingHourOrder != null || seed.nonWorkingHourOrder != null
    },
    ['id', 'updatedAt']
  )
  return row
}

const roleSets: Array<Omit<LinkSeed, 'tenancyId' | 'ccdContactId'>> = [
  { isCircular: true, cPrimary: true, isMain: true, workingHourOrder: 1, nonWorkingHourOrder: 2 },
  { isMarketing: true, isLease: true, workingHourOrder: 2, nonWorkingHourOrder: 1, roleType: 'Marketing' },
  { isOthers: true, isFinance: true, isCircular: true }
]
const people = [
  ['Office', 'Manager'],
  ['Marketing', 'Lead'],
  ['Finance', 'Officer']
]

/**
 * The demo's tenancy contacts: every tenancy of Hong Kong gets three contacts of its company,
 * linked with every role between them (circular and primary, emergency in and out of office
 * hours in both orders, marketing, others, main, lease, finance). Half are confirmed recently,
 * the others never: the list's staleness filter has both.
 */
export async function seedTenancyContacts(trx: Knex) {
  const tenancies = await trx('tenancies').where({ region: 'HK' }).orderBy('id').select('id', 'companyId', 'tradeName')
  let n = 0
  for (const tenancy of tenancies) {
    n++
    const slug = String(tenancy.tradeName ?? `tenancy${tenancy.id}`)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
    for (const [k, roles] of roleSets.entries()) {
      const [first, last] = people[k]
      const number = `98${String(n).padStart(2, '0')} ${String(k + 1).padStart(4, '0')}`
      const contact = await createContact(trx, {
        companyId: tenancy.companyId,
        firstName: first,
        lastName: `${last} ${tenancy.tradeName ?? ''}`.trim(),
        position: `${first} ${last}`,
        channels: [
          { kind: 'PHONE', type: 'MOBILE', value: number },
          { kind: 'EMAIL', type: 'WORK', value: `${first.toLowerCase()}.${n}@${slug}.example.com` }
        ]
      })
      await linkContact(trx, { tenancyId: tenancy.id, ccdContactId: contact.id, ...roles })
    }
    if (n % 2 === 0)
      await trx('tenancies')
        .where({ id: tenancy.id })
        .update({ confirmor: 'Demo', confirmedAt: new Date(Date.now() - 10 * 86_400_000) })
  }
}
