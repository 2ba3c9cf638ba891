// Browser-safe: turning a takeback's deteriorated items into deductions on the tenant's fit-out deposit (issue 31 §5).

export const hotbDeductionsPath = 'hotb-deductions'
export const hotbDeductionsMethods = ['create'] as const

/** What one call turns: at most this many items. */
export const hotbDeductionLimits = { items: 200 } as const
