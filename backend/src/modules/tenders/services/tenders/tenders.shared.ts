export const tendersPath = 'tenders'
export const tendersMethods = [
  'find',
  'get',
  'create',
  'patch',
  'submit',
  'approve',
  'reject',
  'reset',
  'issue',
  'extend',
  'open',
  'cancel',
  'changeManager',
  'recommend',
  'award',
  'regretAll',
  'addendum',
  'saveAddendum',
  'submitAddendum',
  'approveAddendum',
  'rejectAddendum',
  'resetAddendum',
  'issueAddendum',
  'discardAddendum',
  'setAccounts'
] as const
/**
 * Internal fields vendors never read; `recommendedBidId` only once the tender is AWARDED; nothing
 * of a pending addendum (its status and draft; its version shows once it is issued).
 */
export const vendorHiddenTenderFields = ['analysis', 'approverId', 'approvedBy', 'rejectReason', 'recommendedBidId', 'addendumDraft', 'addendumStatus'] as const
/**
 * The companies a tender may be issued to: active vendor (contractor, type C) companies of the
 * tender's region (the region comes from the request's scope). The Issue dialog offers these and
 * the server refuses any other id.
 */
export const invitableCompanyQuery = { type: 'C', status: 'ACTIVE' } as const
/** The tender list's time filter (`period`): spec §9's 1 Week, 2 Weeks, 3 Weeks, 1 Month, Show All. */
export const tenderPeriods = { '1W': '1 Week', '2W': '2 Weeks', '3W': '3 Weeks', '1M': '1 Month', ALL: 'Show All' } as const
