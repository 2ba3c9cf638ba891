export const subAccountQuotasPath = 'sub-account-quotas'
export const subAccountQuotasMethods = ['get'] as const

/** How many sub-accounts a vendor company holds and may hold (`vendor.maxSubAccounts`). */
export interface SubAccountQuota {
  companyId: number
  used: number
  limit: number
}
