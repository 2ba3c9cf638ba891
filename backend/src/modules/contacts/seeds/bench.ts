import type { Knex } from 'knex'
import type { BenchCall } from '../../manifest.js'
import { keysOf } from '../services/ccdcontacts/ccdcontacts.class.js'
import { checkChannels, searchTextOf } from '../services/ccdcontacts/contact-rules.shared.js'

const COMPANIES = 1_500
const CONTACTS = 30_000
const surnames = ['Chan', 'Wong', 'Lee', 'Cheung', 'Lau', 'Ng', 'Ho', 'Tang', 'Leung', 'Yip']

/**
 * `npm run bench` (issue 11): 30,000 contacts of 1,500 tenant companies in HK, each with an office
 * phone and an e-mail, written with the service's own rules (normalised channels, search text,
 * unique keys); measured: a phone-fragment search, as people type it.
 */
export async function benchContacts(db: Knex): Promise<BenchCall[]> {
  const companies: string[] = Array.from({ length: COMPANIES }, (_, i) => `Bench Contacts Tenant ${i}`)
  const companyIds: number[] = (
    await db('companies').insert(
      companies.map((name) => ({ region: 'HK', name, type: 'T' })),
      ['id']
    )
  ).map((company: any) => company.id)
  for (let start = 0; start < CONTACTS; start += 1_000) {
    const rows = Array.from({ length: 1_000 }, (_, j) => {
      const i = start + j
      const company = i % COMPANIES
      const { channels, problems } = checkChannels(
        [
          { kind: 'PHONE', type: 'OFFICE', value: String(30_000_000 + i) },
          { kind: 'EMAIL', type: 'WORK', value: `person.${i}@tenant${company}.example.com` }
        ],
        'HK'
      )
      if (problems.length) throw new Error(`bench contact ${i}: ${problems.map((problem) => problem.code).join(', ')}`)
      const firstName = `Person${i}`
      const lastName = surnames[i % surnames.length]
      return { region: 'HK', companyId: companyIds[company], firstName, lastName, channels, searchText: searchTextOf({ firstName, lastName, companyName: companies[company], channels }) }
    })
    const inserted = await db('ccd_contacts').insert(
      rows.map((row) => ({ ...row, channels: JSON.stringify(row.channels) })),
      ['id']
    )
    await db('ccd_contact_keys').insert(rows.flatMap((row, j) => keysOf(row.channels).map((key) => ({ ...key, region: 'HK', contactId: inserted[j].id }))))
  }
  for (const table of ['companies', 'ccd_contacts', 'ccd_contact_keys']) await db.raw(`VACUUM ANALYZE ${table}`)
  return [
    {
      title: `contact search, a phone fragment among ${CONTACTS.toLocaleString('en-US')} contacts, by last name, 25 a page, with count (GET /hk/v1/ccdcontacts?q=)`,
      path: `/hk/v1/ccdcontacts?q=${encodeURIComponent('3001 23')}&$sort[lastName]=1&$limit=25`
    }
  ]
}
