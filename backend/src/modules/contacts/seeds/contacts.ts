import type { Knex } from 'knex'
import { checkChannels, searchTextOf } from '../services/ccdcontacts/contact-rules.shared.js'
import { keysOf } from '../services/ccdcontacts/ccdcontacts.class.js'
import type { ContactChannel } from '../services/ccdcontacts/ccdcontacts.shared.js'

export interface ContactSeed {
  region?: string
  companyId: number
  firstName: string
  lastName?: string
  prefix?: 'Ms' | 'Mr' | 'Mrs' | null
  gender?: 'F' | 'M' | null
  position?: string | null
  department?: string | null
  roleType?: 'Marketing' | 'CRM' | 'PR' | 'Shop' | null
  channels: ContactChannel[]
}

/**
 * A contact written straight to the database, checked by the same rules as the service (the
 * demo and the test factories use it): normalised entries, search text and unique keys.
 */
export async function createContact(db: Knex, seed: ContactSeed): Promise<{ id: number; updatedAt: string }> {
  const region = seed.region ?? 'HK'
  const { channels, problems } = checkChannels(seed.channels, region)
  if (problems.length) throw new Error(`contact ${seed.firstName}: ${problems.map((p) => p.code).join(', ')}`)
  const company = await db('companies').where({ id: seed.companyId }).first('name')
  const lastName = seed.lastName ?? ''
  const [row] = await db('ccd_contacts').insert(
    {
      region,
      companyId: seed.companyId,
      firstName: seed.firstName,
      lastName,
      prefix: seed.prefix ?? null,
      gender: seed.gender ?? null,
      position: seed.position ?? null,
      department: seed.department ?? null,
      roleType: seed.roleType ?? null,
      channels: JSON.stringify(channels),
      searchText: searchTextOf({ firstName: seed.firstName, lastName, companyName: company?.name, channels })
    },
    ['id', 'updatedAt']
  )
  const keys = keysOf(channels).map((key) => ({ ...key, region, contactId: row.id }))
  if (keys.length) await db('ccd_contact_keys').insert(keys)
  return row
}

const phone = (value: string, type = 'OFFICE', extra: Partial<ContactChannel> = {}): ContactChannel => ({ kind: 'PHONE', type, value, ...extra })
const email = (value: string): ContactChannel => ({ kind: 'EMAIL', type: 'WORK', value })

/** Demo contacts (PRODUCT.md): two for each vendor and for the tenant ACME, so each contact screen has something to show. */
export async function seedContacts(trx: Knex) {
  const companyId = async (name: string) => (await trx('companies').where({ region: 'HK', name }).first('id'))?.id as number | undefined
  const people: Array<[string, Omit<ContactSeed, 'companyId'>]> = [
    [
      'Alpha Engineering Ltd',
      {
        firstName: 'Albert',
        lastName: 'Au',
        prefix: 'Mr',
        gender: 'M',
        position: 'Managing Director',
        channels: [phone('2111 1112'), phone('9111 1112', 'MOBILE'), email('albert.au@alpha.example.com')]
      }
    ],
    ['Alpha Engineering Ltd', { firstName: 'Amy', lastName: 'Ho', prefix: 'Ms', gender: 'F', position: 'Project Coordinator', channels: [phone('2111 1113'), email('amy.ho@alpha.example.com')] }],
    ['Beta Builders Ltd', { firstName: 'Bernard', lastName: 'Bo', prefix: 'Mr', gender: 'M', position: 'Director', channels: [phone('2222 2223'), email('bernard.bo@beta.example.com')] }],
    ['Beta Builders Ltd', { firstName: 'Bella', lastName: 'Chan', prefix: 'Ms', gender: 'F', position: 'Estimator', channels: [phone('9222 2224', 'MOBILE'), email('bella.chan@beta.example.com')] }],
    [
      'ACME Trading',
      {
        firstName: 'Alice',
        lastName: 'Cheung',
        prefix: 'Ms',
        gender: 'F',
        position: 'Office Manager',
        roleType: 'CRM',
        channels: [phone('2333 3334'), email('alice.cheung@acme.example.com'), { kind: 'ADDRESS', type: 'OFFICE', value: '12/F, One Exchange Square', floor: '12/F' }]
      }
    ],
    [
      'ACME Trading',
      { firstName: 'Andy', lastName: 'Lam', prefix: 'Mr', gender: 'M', position: 'Marketing Lead', roleType: 'Marketing', channels: [phone('9333 3335', 'MOBILE'), email('andy.lam@acme.example.com')] }
    ]
  ]
  for (const [company, person] of people) {
    const id = await companyId(company)
    if (id) await createContact(trx, { ...person, companyId: id })
  }
}
