import type { Knex } from 'knex'
import { createContact, type ContactSeed } from './contacts.js'

/*
 * Test factories of the contacts database (condo's createTestTicket): records built straight in
 * the database, unique per call, so browser specs and service tests run in parallel and never
 * reserve or change demo records.
 */

let counter = 0
/** A suffix no other call of this run (nor a run before it) gives. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** A Hong Kong mobile number no contact has yet: 9 and seven digits, as typed ('9xxx xxxx'). */
export async function freshHongKongMobile(db: Knex): Promise<string> {
  for (;;) {
    const digits = `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`
    const taken = await db('ccd_contact_keys')
      .where({ kind: 'PHONE', normalized: `+852${digits}` })
      .first('id')
    if (!taken) return `${digits.slice(0, 4)} ${digits.slice(4)}`
  }
}

export async function createTestCompany(db: Knex, overrides: { name?: string; type?: string; region?: string } = {}): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Test Co ${uniqueSuffix()}`
  const [row] = await db('companies').insert({ region: overrides.region ?? 'HK', name, type: overrides.type ?? 'O' }, ['id', 'name'])
  return row
}

/** A contact with a fresh mobile number and e-mail (unless given), of the company given. */
export async function createTestContact(db: Knex, seed: Partial<ContactSeed> & { companyId: number }): Promise<{ id: number; firstName: string; lastName: string; phone: string; email: string }> {
  const suffix = uniqueSuffix()
  const phone = await freshHongKongMobile(db)
  const email = `contact.${suffix}@example.com`
  const firstName = seed.firstName ?? `Test${suffix}`
  const lastName = seed.lastName ?? 'Contact'
  const channels = seed.channels ?? [
    { kind: 'PHONE' as const, type: 'MOBILE', value: phone },
    { kind: 'EMAIL' as const, type: 'WORK', value: email }
  ]
  const { id } = await createContact(db, { ...seed, firstName, lastName, channels })
  return { id, firstName, lastName, phone, email }
}
