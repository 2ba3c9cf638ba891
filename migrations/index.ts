import type { Knex } from 'knex'
import * as regions from './20261121000100_regions.js'
import * as companies from './20261121000200_companies.js'
import * as buildingsSites from './20261121000300_buildings_sites.js'
import * as usersGroups from './20261121000400_users_groups.js'
import * as settingsAuditLocks from './20261121000500_settings_audit_locks.js'
import * as mailFiles from './20261121000600_mail_files.js'
import * as userListIndexes from './20261121000900_user_list_indexes.js'
import * as purchaseRequests from '../backend/src/modules/tenders/migrations/20261121001000_purchase_requests.js'
import * as tenders from '../backend/src/modules/tenders/migrations/20261121001100_tenders.js'
import * as tenderVendors from '../backend/src/modules/tenders/migrations/20261121001200_tender_vendors.js'
import * as bids from '../backend/src/modules/tenders/migrations/20261121001300_bids.js'
import * as tenderQueries from '../backend/src/modules/tenders/migrations/20261121001400_tender_queries.js'
import * as tenderRevisions from '../backend/src/modules/tenders/migrations/20261121001500_tender_revisions.js'
import * as tenderAddenda from '../backend/src/modules/tenders/migrations/20261121001600_tender_addenda.js'
import * as tenderAccounts from '../backend/src/modules/tenders/migrations/20261121001700_tender_accounts.js'
import * as tenderTermsDocuments from '../backend/src/modules/tenders/migrations/20261121001800_tender_terms_documents.js'
import * as tenderVendorList from '../backend/src/modules/tenders/migrations/20261121001900_tender_vendor_list.js'
import * as purchaseOrders from '../backend/src/modules/tenders/migrations/20261121002000_purchase_orders.js'
import * as contracts from '../backend/src/modules/tenders/migrations/20261121002100_contracts.js'
import * as tenderDocumentPeriods from '../backend/src/modules/tenders/migrations/20261121002200_tender_document_periods.js'
import * as grantsOfTermsReviewHandover from '../backend/src/modules/tenders/migrations/20261121002210_grants_of_terms_review_handover.js'
import * as grantsOfPurchases from '../backend/src/modules/tenders/migrations/20261121002500_grants_of_purchases.js'
import * as caseInsensitiveUnique from './20261123000500_case_insensitive_unique.js'
import * as grantsToCorrectPurchases from '../backend/src/modules/tenders/migrations/20261121002600_grants_to_correct_purchases.js'
import * as usersVendorPerms from './20261123000100_users_vendor_perms.js'
import * as auditAddress from './20261123000200_audit_address.js'
import * as rateLimits from './20261123000210_rate_limits.js'
import * as jsonListsNotObjects from './20261123000400_json_lists_not_objects.js'
import * as mailOutboxScope from './20261123000700_mail_outbox_scope.js'
import * as bidReceiptNonce from '../backend/src/modules/tenders/migrations/20261123000800_bid_receipt_nonce.js'
import * as liveEvents from './20261123000600_live_events.js'

// A static list: knex cannot load .ts migrations from a folder under vitest or tsx bundles.
const migrations: Record<string, Knex.Migration> = {
  '20261121000100_regions': regions,
  '20261121000200_companies': companies,
  '20261121000300_buildings_sites': buildingsSites,
  '20261121000400_users_groups': usersGroups,
  '20261121000500_settings_audit_locks': settingsAuditLocks,
  '20261121000600_mail_files': mailFiles,
  '20261121000900_user_list_indexes': userListIndexes,
  '20261121001000_purchase_requests': purchaseRequests,
  '20261121001100_tenders': tenders,
  '20261121001200_tender_vendors': tenderVendors,
  '20261121001300_bids': bids,
  '20261121001400_tender_queries': tenderQueries,
  '20261121001500_tender_revisions': tenderRevisions,
  '20261121001600_tender_addenda': tenderAddenda,
  '20261121001700_tender_accounts': tenderAccounts,
  '20261121001800_tender_terms_documents': tenderTermsDocuments,
  '20261121001900_tender_vendor_list': tenderVendorList,
  '20261121002000_purchase_orders': purchaseOrders,
  '20261121002100_contracts': contracts,
  '20261121002200_tender_document_periods': tenderDocumentPeriods,
  '20261121002210_grants_of_terms_review_handover': grantsOfTermsReviewHandover,
  '20261121002500_grants_of_purchases': grantsOfPurchases,
  '20261121002600_grants_to_correct_purchases': grantsToCorrectPurchases,
  '20261123000100_users_vendor_perms': usersVendorPerms,
  '20261123000200_audit_address': auditAddress,
  '20261123000210_rate_limits': rateLimits,
  '20261123000400_json_lists_not_objects': jsonListsNotObjects,
  '20261123000700_mail_outbox_scope': mailOutboxScope,
  '20261123000800_bid_receipt_nonce': bidReceiptNonce,
  '20261123000500_case_insensitive_unique': caseInsensitiveUnique,
  '20261123000600_live_events': liveEvents,
}

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]
}
