import type { Knex } from 'knex'
import { tenderMailFields } from './mail/templates.js'
import type { ModuleManifest } from '../manifest.js'
import { tendersShared } from './module.shared.js'
import { tenderSettingDefaults } from './settings.js'
import { tenderDocumentRenderers } from './documents/renderers.js'
import { tenderSpecAliases } from './spec-aliases.js'
import enUS from './locales/en-US.js'
import zhCN from './locales/zh-CN.js'
import { seedTenders } from './seeds/tenders.js'
import { seedPurchases } from './seeds/purchases.js'
import { purchaseRequests } from './services/purchase-requests/purchase-requests.js'
import { tenderChecks } from './services/tender-checks/tender-checks.js'
import { tenders as tendersService } from './services/tenders/tenders.js'
import { bids } from './services/bids/bids.js'
import { tenderQueries } from './services/queries/tender-queries.js'
import { tenderRevisions } from './services/tender-revisions/tender-revisions.js'
import { tenderTerms } from './services/tender-terms/tender-terms.js'
import { tenderDocuments } from './services/tender-documents/tender-documents.js'
import { purchaseOrders } from './services/purchase-orders/purchase-orders.js'
import { contracts } from './services/contracts/contracts.js'
import { tenderApprovers } from './services/tender-approvers/tender-approvers.js'
import { tenderReviewers } from './services/tender-reviewers/tender-reviewers.js'
import { tenderComparisons } from './services/tender-comparisons/tender-comparisons.js'
import { tenderStats } from './services/tender-stats/tender-stats.js'
import * as purchaseRequestsTable from './migrations/20261121001000_purchase_requests.js'
import * as tendersTable from './migrations/20261121001100_tenders.js'
import * as tenderVendors from './migrations/20261121001200_tender_vendors.js'
import * as bidsTable from './migrations/20261121001300_bids.js'
import * as tenderQueriesTable from './migrations/20261121001400_tender_queries.js'
import * as tenderRevisionsTable from './migrations/20261121001500_tender_revisions.js'
import * as tenderAddenda from './migrations/20261121001600_tender_addenda.js'
import * as tenderAccounts from './migrations/20261121001700_tender_accounts.js'
import * as tenderTermsDocuments from './migrations/20261121001800_tender_terms_documents.js'
import * as tenderVendorList from './migrations/20261121001900_tender_vendor_list.js'
import * as purchaseOrdersTable from './migrations/20261121002000_purchase_orders.js'
import * as contractsTable from './migrations/20261121002100_contracts.js'
import * as tenderDocumentPeriods from './migrations/20261121002200_tender_document_periods.js'
import * as grantsOfTermsReviewHandover from './migrations/20261121002210_grants_of_terms_review_handover.js'
import * as grantsOfPurchases from './migrations/20261121002500_grants_of_purchases.js'
import * as grantsToCorrectPurchases from './migrations/20261121002600_grants_to_correct_purchases.js'
import * as bidReceiptNonce from './migrations/20261123000800_bid_receipt_nonce.js'
import * as tenderSearchIndex from './migrations/20261125000200_tender_search_index.js'
import { benchTenders } from './seeds/bench.js'

/** Its doors, for other modules: a purchase record a project is raised from, tenders' statuses and titles. */
export { purchaseOf, tenderStatuses, tenderTitles, tenderTitleLike, type PurchaseType } from './doors.js'
/** Awarded purchases for other modules' demo data, tests and bench (what a project is raised from). */
export { activePurchaseOrder, benchPurchaseOrders, createAwardedPurchase, type AwardedPurchase, type AwardedPurchaseInput, type BenchPurchaseOrder } from './seeds/purchase-doors.js'
/** And a check on whom a tender's issue invites, run in the transaction (vendor standings). */
export { addTenderInvitationCheck, type TenderInvitation, type TenderInvitationCheck } from './services/tenders/invitation-checks.js'

/**
 * Tenders (spec §7): purchase requests, tenders with bids, queries, revisions and addenda, the
 * terms library, tender documents, purchase orders and contracts.
 */
export const tenders: ModuleManifest = {
  ...tendersShared,
  services: [
    purchaseRequests,
    tenderChecks,
    tendersService,
    bids,
    tenderQueries,
    tenderRevisions,
    tenderTerms,
    tenderDocuments,
    purchaseOrders,
    contracts,
    tenderApprovers,
    tenderReviewers,
    tenderComparisons,
    tenderStats
  ],
  migrations: {
    '20261121001000_purchase_requests': purchaseRequestsTable,
    '20261121001100_tenders': tendersTable,
    '20261121001200_tender_vendors': tenderVendors,
    '20261121001300_bids': bidsTable,
    '20261121001400_tender_queries': tenderQueriesTable,
    '20261121001500_tender_revisions': tenderRevisionsTable,
    '20261121001600_tender_addenda': tenderAddenda,
    '20261121001700_tender_accounts': tenderAccounts,
    '20261121001800_tender_terms_documents': tenderTermsDocuments,
    '20261121001900_tender_vendor_list': tenderVendorList,
    '20261121002000_purchase_orders': purchaseOrdersTable,
    '20261121002100_contracts': contractsTable,
    '20261121002200_tender_document_periods': tenderDocumentPeriods,
    '20261121002210_grants_of_terms_review_handover': grantsOfTermsReviewHandover,
    '20261121002500_grants_of_purchases': grantsOfPurchases,
    '20261121002600_grants_to_correct_purchases': grantsToCorrectPurchases,
    '20261123000800_bid_receipt_nonce': bidReceiptNonce,
    '20261125000200_tender_search_index': tenderSearchIndex
  },
  grants: {
    '20261121002210_grants_of_terms_review_handover': grantsOfTermsReviewHandover.grantsByGroup,
    '20261121002500_grants_of_purchases': grantsOfPurchases.grantsByGroup,
    '20261121002600_grants_to_correct_purchases': grantsToCorrectPurchases.grantsByGroup
  },
  mailFields: tenderMailFields,
  messages: { 'en-US': enUS, 'zh-CN': zhCN },
  settingDefaults: tenderSettingDefaults,
  documents: tenderDocumentRenderers,
  specAliases: tenderSpecAliases,
  editChecks: {
    tenders: { service: 'tenders', lock: 'tenders' },
    queries: { service: 'tender-queries', lock: 'tender-queries' }
  },
  async seedDemo(trx: Knex) {
    await seedTenders(trx)
    await seedPurchases(trx)
  },
  // `npm run bench`: 100,000 tenders with their bids; the lists, one tender against its bare ceiling, the search.
  bench: benchTenders
}
