import type { Knex } from 'knex'
import { tenancyMailFields } from './mail/templates.js'
import type { ModuleManifest } from '../manifest.js'
import { tenanciesShared } from './module.shared.js'
import enUS from './locales/en-US.js'
import zhCN from './locales/zh-CN.js'
import { seedTenancies } from './seeds/tenancies.js'
import { seedMoves } from './seeds/moves.js'
import { seedGreenOperations } from './seeds/green-operations.js'
import { seedTenancyContacts } from './seeds/tenancy-contacts.js'
import { tenancySpecAliases } from './spec-aliases.js'
import { tenancies as tenanciesService } from './services/tenancies/tenancies.js'
import { leases } from './services/leases/leases.js'
import { tenancyOccupancy } from './services/occupancy/occupancy.js'
import { tenancyHistories } from './services/histories/histories.js'
import { moves } from './services/moves/moves.js'
import { greenOperations } from './services/green-operations/green-operations.js'
import { tenancyContacts } from './services/tenancy-contacts/tenancy-contacts.js'
import { tenancySettingDefaults } from './settings.js'
import { callTreeRenderer } from './documents/call-tree.js'
import * as tenancyRecords from './migrations/20261126000100_tenancy_records.js'
import * as grantsOfTenancies from './migrations/20261126000200_grants_of_tenancies.js'
import * as tenancyContactsTable from './migrations/20261127010000_tenancy_contacts.js'
import * as grantsOfTenancyContacts from './migrations/20261127010100_grants_of_tenancy_contacts.js'
import * as tenancyMoves from './migrations/20261127040000_tenancy_moves.js'
import * as grantsOfMoves from './migrations/20261127040100_grants_of_moves.js'
import * as greenOperationsTables from './migrations/20261127040200_green_operations.js'
import * as grantsOfGreenOperations from './migrations/20261127040300_grants_of_green_operations.js'
import * as grantsOfGreenUpdates from './migrations/20261128040010_grants_of_green_updates_and_project_manager.js'
import * as dropCompanyNameTrigger from './migrations/20261127060000_drop_tenancy_company_name_trigger.js'
import { benchTenancies } from './seeds/bench.js'
import * as tenancyListOrder from './migrations/20261128060000_tenancy_list_order.js'
import * as tenancyPartsReaderColumns from './migrations/20261206170000_tenancy_parts_reader_columns.js'
import { tenancyAccounts } from './services/tenancy-accounts/tenancy-accounts.js'
import { tenancyContractors } from './services/tenancy-contractors/tenancy-contractors.js'
import { tenantTasks } from './services/tenant-tasks/tenant-tasks.js'
import { tenancyInvitationRequests } from './services/invitation-requests/invitation-requests.js'
import * as grantsOfTenancyAccounts from './migrations/20261127020000_grants_of_tenancy_accounts.js'
import * as tenancyContractorsTable from './migrations/20261127020100_tenancy_contractors.js'

/*
 * The module's public surface for later modules (tenant projects, handovers, work permits,
 * directories): who occupies a building's floor and zone on a day, and whether a tenancy's floor
 * information is missing or expired (spec §5, §9). Both read the tables directly, without access
 * checks: the calling module applies its own.
 */
export { floorsHeldOn, occupantsOn, occupantsQuery, tenancyFloorProblem, type Occupant } from './services/occupancy/occupancy.js'
export { floorInformationProblem, premisesHoldOn } from './services/tenancies/tenancies.shared.js'
export { tenantReads, narrowTenancies } from './services/tenancies/tenancies.access.js'
/** Test factories for the modules built on tenancies (a tenancy with its premises, a tenant company). */
export { createTenancy, tenantCompany, uniqueName, dayFromToday } from './seeds/factories.js'

/** Tenancy records (spec tenancies §2-§9): tenancies with premises and opening hours, leases, occupancy. */
export const tenancies: ModuleManifest = {
  ...tenanciesShared,
  // The occupancy path first: `tenancies/occupancy` is not a tenancy id.
  services: [tenancyOccupancy, tenanciesService, tenancyHistories, leases, moves, greenOperations, tenancyAccounts, tenancyContractors, tenancyContacts, tenantTasks, tenancyInvitationRequests],
  migrations: {
    '20261126000100_tenancy_records': tenancyRecords,
    '20261126000200_grants_of_tenancies': grantsOfTenancies,
    '20261127010000_tenancy_contacts': tenancyContactsTable,
    '20261127010100_grants_of_tenancy_contacts': grantsOfTenancyContacts,
    '20261127020000_grants_of_tenancy_accounts': grantsOfTenancyAccounts,
    '20261127020100_tenancy_contractors': tenancyContractorsTable,
    '20261127040000_tenancy_moves': tenancyMoves,
    '20261127040100_grants_of_moves': grantsOfMoves,
    '20261127040200_green_operations': greenOperationsTables,
    '20261127040300_grants_of_green_operations': grantsOfGreenOperations,
    '20261127060000_drop_tenancy_company_name_trigger': dropCompanyNameTrigger,
    '20261128040010_grants_of_green_updates_and_project_manager': grantsOfGreenUpdates,
    '20261128060000_tenancy_list_order': tenancyListOrder,
    '20261206170000_tenancy_parts_reader_columns': tenancyPartsReaderColumns
  },
  grants: {
    '20261126000200_grants_of_tenancies': grantsOfTenancies.grantsByGroup,
    '20261127010100_grants_of_tenancy_contacts': grantsOfTenancyContacts.grantsByGroup,
    '20261127020000_grants_of_tenancy_accounts': grantsOfTenancyAccounts.grantsByGroup,
    '20261127040100_grants_of_moves': grantsOfMoves.grantsByGroup,
    '20261127040300_grants_of_green_operations': grantsOfGreenOperations.grantsByGroup,
    '20261128040010_grants_of_green_updates_and_project_manager': grantsOfGreenUpdates.grantsByGroup
  },
  settingDefaults: tenancySettingDefaults,
  documents: { 'emergency-call-tree': callTreeRenderer },
  mailFields: tenancyMailFields,
  messages: { 'en-US': enUS, 'zh-CN': zhCN },
  specAliases: tenancySpecAliases,
  async seedDemo(trx: Knex) {
    await seedTenancies(trx)
    await seedTenancyContacts(trx)
    await seedMoves(trx)
    await seedGreenOperations(trx)
  },
  bench: benchTenancies
}
