// Browser-safe: the ratings by vendor (`/performance`): one row per rated vendor with its score and standing.
export const vendorPerformancePath = 'vendor-performance'
export const vendorPerformanceMethods = ['find'] as const

/** What the list sorts on. */
export const vendorPerformanceSortFields = ['companyName', 'ratings', 'scoreHundredths', 'lastRatedAt'] as const

export interface VendorPerformanceRow {
  /** The vendor (its company); also the row's id. */
  id: number
  companyId: number
  companyName: string
  ratings: number
  /** The weighted mean of its ratings (the region's weights now), hundredths of a point, rounded once. */
  scoreHundredths: number
  standing: string
  lastRatedAt: string
}
