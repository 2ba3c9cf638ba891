export const tenderRevisionsPath = 'tender-revisions'
export const tenderRevisionsMethods = ['find', 'get', 'comment'] as const
/** Internal fields vendors never read on a revision. */
export const vendorHiddenRevisionFields = ['commentUpdatedBy'] as const
