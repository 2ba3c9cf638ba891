// The tender and bid rules are browser-safe modules of the backend: the screens draw buttons,
// totals, filters and display statuses with the same code the server checks them with.
export {
  tenderStates,
  tenderWorkflow,
  tenderPhases,
  isTenderIn,
  tenderScreen,
  tenderScreenStatus,
  tenderRoutes,
  tenderRouteAllowed,
  tenderStatusText,
  addendumWorkflow,
  mayDiscardAddendum,
  permitted,
  type TenderState,
  type TenderActor,
  type TenderFacts,
  type TenderRoute,
} from "../../../../../backend/src/modules/tenders/services/tenders/tender.workflow";
export {
  lineTotal,
  tenderTotal,
  tenderUnits,
  discountTypeLabel,
  bidTotal,
  type DiscountType,
} from "../../../../../backend/src/modules/tenders/services/tenders/tender-amounts";
export {
  parseNumericFilter,
  toFeathersQuery,
  timeFilterOptions,
  timeFilterSince,
  type TimeFilterOption,
} from "../../../../../backend/src/modules/tenders/services/tenders/numeric-filter";
export {
  closingTimeOptions,
  earliestClosingDate,
  closingInstant,
  localDate,
  defaultValidityDays,
  type ClosingTimeOption,
} from "../../../../../backend/src/modules/tenders/services/tenders/closing-date";
export {
  bidDisplayStatus,
  bidStates,
  bidWorkflow,
  isValidDeclineReason,
  declineReasonMaxLength,
  type BidState,
} from "../../../../../backend/src/modules/tenders/services/bids/bid.workflow";
export { missingSections, type TenderSection } from "../../../../../backend/src/modules/tenders/services/tenders/tender-sections";
export {
  labelKind,
  isRemovedItem,
  isPendingLabel,
  diffAddendum,
  issuedContent,
  type AddendumChange,
  type AddendumContent,
  type AddendumKind,
} from "../../../../../backend/src/modules/tenders/services/tenders/addendum-diff";
export {
  compareBids,
  comparedBidStatuses,
  type BidComparison,
  type ComparisonBid,
} from "../../../../../backend/src/modules/tenders/services/tenders/bid-comparison";
export {
  hasQueryIndicator,
  isRepresentative,
  queryWorkflow,
  type QueryState,
} from "../../../../../backend/src/modules/tenders/services/queries/query.workflow";
export { moneyProblem, lineItemProblems, type MoneyProblem } from "../../../../../backend/src/modules/tenders/services/tenders/line-item-rules";
export { purchaseOrderWorkflow } from "../../../../../backend/src/modules/tenders/services/purchase-orders/purchase-order.workflow";
export { contractWorkflow } from "../../../../../backend/src/modules/tenders/services/contracts/contract.workflow";
export { type PurchaseFacts, type PurchaseState } from "../../../../../backend/src/modules/tenders/services/purchase-orders/purchase.workflow";
