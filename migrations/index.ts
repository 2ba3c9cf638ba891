import type { Knex } from 'knex'
import { modules } from '../backend/src/modules/index.js'
import * as regions from './20261121000100_regions.js'
import * as companies from './20261121000200_companies.js'
import * as buildingsSites from './20261121000300_buildings_sites.js'
import * as usersGroups from './20261121000400_users_groups.js'
import * as settingsAuditLocks from './20261121000500_settings_audit_locks.js'
import * as mailFiles from './20261121000600_mail_files.js'
import * as userListIndexes from './20261121000900_user_list_indexes.js'
import * as searchIndexes from './20261125000100_search_indexes.js'
import * as caseInsensitiveUnique from './20261123000500_case_insensitive_unique.js'
import * as usersVendorPerms from './20261123000100_users_vendor_perms.js'
import * as auditAddress from './20261123000200_audit_address.js'
import * as rateLimits from './20261123000210_rate_limits.js'
import * as jsonListsNotObjects from './20261123000400_json_lists_not_objects.js'
import * as mailOutboxScope from './20261123000700_mail_outbox_scope.js'
import * as liveEvents from './20261123000600_live_events.js'
import * as exportJobs from './20261126000100_export_jobs.js'
import * as vendorAdminCompanyProfile from './20261127030000_vendor_admin_company_profile.js'
import * as buildingFloors from './20261128070000_building_floors.js'
import * as mailTemplateVersions from './20261206000100_mail_template_versions.js'
import * as publicHolidaysTable from './20261207000300_public_holidays.js'
import * as mailAttachments from './20261209000100_mail_attachments.js'

// A static list: knex cannot load .ts migrations from a folder under vitest or tsx bundles.
// The platform's migrations; every module's come from its manifest, all run sorted by name.
const platformMigrations: Record<string, Knex.Migration> = {
  '20261121000100_regions': regions,
  '20261121000200_companies': companies,
  '20261121000300_buildings_sites': buildingsSites,
  '20261121000400_users_groups': usersGroups,
  '20261121000500_settings_audit_locks': settingsAuditLocks,
  '20261121000600_mail_files': mailFiles,
  '20261121000900_user_list_indexes': userListIndexes,
  '20261123000100_users_vendor_perms': usersVendorPerms,
  '20261123000200_audit_address': auditAddress,
  '20261123000210_rate_limits': rateLimits,
  '20261123000400_json_lists_not_objects': jsonListsNotObjects,
  '20261123000700_mail_outbox_scope': mailOutboxScope,
  '20261123000500_case_insensitive_unique': caseInsensitiveUnique,
  '20261123000600_live_events': liveEvents,
  '20261125000100_search_indexes': searchIndexes,
  '20261126000100_export_jobs': exportJobs,
  '20261127030000_vendor_admin_company_profile': vendorAdminCompanyProfile,
  '20261128070000_building_floors': buildingFloors,
  '20261206000100_mail_template_versions': mailTemplateVersions,
  '20261207000300_public_holidays': publicHolidaysTable,
  '20261209000100_mail_attachments': mailAttachments
}

/** Every migration by the name `knex_migrations` holds; a name given twice is a mistake, not an override. */
function allMigrations(): Record<string, Knex.Migration> {
  const all: Record<string, Knex.Migration> = { ...platformMigrations }
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations)) {
      if (name in all) throw new Error(`Migration ${name} of module ${module.name} is named twice`)
      all[name] = migration
    }
  }
  return all
}

let migrations: Record<string, Knex.Migration> | undefined

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys((migrations ??= allMigrations())).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => (migrations ??= allMigrations())[name]
}
