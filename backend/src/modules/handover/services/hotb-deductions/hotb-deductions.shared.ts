// Browser-safe: turning a takeback's deteriorated items into deductions on the tenant's fit-out deposit (issue 31 §5).

export const hotbDeductionsPath = 'hotb-deductions'
export const hotbDeductionsMethods = ['create'] as const

/** What one call turns: at most this many items. */
export const hotbDeductionLimits = { items: 200 } as const

/**
 * What a takeback's deteriorated items cost together, in cents: the one sum the record page, the
 * signing page and the PDFs print. Each amount is integer cents (a CHECK > 0 in the database), so
 * the total is exactly the sum of its lines; an item not yet priced counts nothing.
 */
export function deductionsTotalCents(items: readonly { deductionCents?: number | string | null }[]): number {
  return items.reduce((sum, item) => sum + Number(item.deductionCents ?? 0), 0)
}
