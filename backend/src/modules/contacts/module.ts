import type { Knex } from 'knex'
import type { ModuleManifest } from '../manifest.js'
import { contactsShared } from './module.shared.js'
import { benchContacts } from './seeds/bench.js'
import enUS from './locales/en-US.js'
import zhCN from './locales/zh-CN.js'
import { ccdcontacts } from './services/ccdcontacts/ccdcontacts.js'
import { ccdcompanies } from './services/ccdcompanies/ccdcompanies.js'
import { contactDuplicates } from './services/contact-duplicates/contact-duplicates.js'
import { seedContacts } from './seeds/contacts.js'
import { contactSettingDefaults } from './settings.js'
import * as companyDetails from './migrations/20261126000100_company_details.js'
import * as ccdContactsTable from './migrations/20261126000200_ccd_contacts.js'
import * as ccdSearchIndex from './migrations/20261126000300_ccd_search_index.js'
import * as grantsOfContacts from './migrations/20261126000400_grants_of_contacts.js'

/** For other modules (a tenancy's contacts): contacts written straight to the tables, for their demo and test factories. */
export { createContact } from './seeds/contacts.js'
export { createTestContact, createTestCompany } from './seeds/factories.js'
/** Its doors: a contact's card in another record's SQL, a contact another record may link. */
export { contactCardSql, contactOfRegion } from './doors.js'

/**
 * The central contacts database (spec §2-§9 companies and contacts, issue 11 item 4): companies
 * with their contacts, phones normalised and unique, duplicates shown and merged; vendors keep
 * their own company's contacts (item 10).
 */
export const contacts: ModuleManifest = {
  ...contactsShared,
  services: [ccdcontacts, ccdcompanies, contactDuplicates],
  migrations: {
    '20261126000100_company_details': companyDetails,
    '20261126000200_ccd_contacts': ccdContactsTable,
    '20261126000300_ccd_search_index': ccdSearchIndex,
    '20261126000400_grants_of_contacts': grantsOfContacts
  },
  grants: { '20261126000400_grants_of_contacts': grantsOfContacts.grantsByGroup },
  messages: { 'en-US': enUS, 'zh-CN': zhCN },
  settingDefaults: contactSettingDefaults,
  async seedDemo(trx: Knex) {
    await seedContacts(trx)
  },
  bench: benchContacts
}
