// Browser-safe: a tenant project's accounts (spec §3 "TenantProjectAccount with contactFirstName,
// contactLastName, phone, altPhone, accessType, isContractorAdmin, invitedAt"; §6 "Contractor access
// type plus isContractorAdmin makes a main contractor").

export const tenantProjectAccountsPath = 'tenant-project-accounts'
export const tenantProjectAccountsMethods = ['find', 'get', 'create', 'patch', 'remove', 'invite'] as const

export const projectAccessTypes = ['TENANT', 'CONTRACTOR'] as const
export type ProjectAccessType = (typeof projectAccessTypes)[number]

/** Spec §6: a CONTRACTOR account with isContractorAdmin is the project's main contractor. */
export const isMainContractor = (account: { accessType?: string | null; isContractorAdmin?: boolean | null }) => account.accessType === 'CONTRACTOR' && Boolean(account.isContractorAdmin)

export const tenantProjectAccountLimits = { name: 100, email: 254, phone: 32 } as const
