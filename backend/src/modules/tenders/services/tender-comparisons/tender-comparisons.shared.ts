// Browser-safe: the bid comparison of a tender as a spreadsheet.
export const tenderComparisonsPath = 'tender-comparisons/:tenderId'

/** The download address below the API root. */
export const tenderComparisonUrl = (tenderId: string) => `tender-comparisons/${encodeURIComponent(tenderId)}`
