// The tender and bid rules are browser-safe modules of the backend: the screens draw buttons,
// totals, filters and display statuses with the same code the server checks them with.
export {
  tenderStates,
  tenderWorkflow,
  tenderScreen,
  tenderStatusText,
  tenderScreenStatus,
  addendumWorkflow,
  permitted,
  actorFromPermissions,
  type TenderState,
  type TenderActor,
  type TenderFacts,
} from "../../../../backend/src/services/tenders/tender.workflow";
export { lineTotal, tenderTotal, tenderUnits, discountTypeLabel, bidTotal, type DiscountType } from "../../../../backend/src/services/tenders/tender-amounts";
export { parseNumericFilter, toFeathersQuery, timeFilterOptions, timeFilterSince, type TimeFilterOption } from "../../../../backend/src/services/tenders/numeric-filter";
export { closingTimeOptions, earliestClosingDate, closingInstant, localDate, defaultValidityDays, type ClosingTimeOption } from "../../../../backend/src/services/tenders/closing-date";
export { bidDisplayStatus, bidWorkflow, isValidDeclineReason, declineReasonMaxLength, type BidState } from "../../../../backend/src/services/bids/bid.workflow";
export { missingSections, type TenderSection } from "../../../../backend/src/services/tenders/tender-sections";
export { labelKind, isRemovedItem, isPendingLabel, diffAddendum, issuedContent, type AddendumChange, type AddendumContent, type AddendumKind } from "../../../../backend/src/services/tenders/addendum-diff";
export { moneyProblem, lineItemProblems, type MoneyProblem } from "../../../../backend/src/services/tenders/line-item-rules";
