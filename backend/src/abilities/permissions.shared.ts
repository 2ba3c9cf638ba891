// Browser-safe: the permission vocabulary (user types, portals, vendor toggles, tenancy perms),
// shared by the server's ability builder, the security group editor and the browser's access
// control. It imports no module: the catalogue that the modules' manifests add to is
// permission-catalogue.shared.ts, merged from the installed modules.

export const crudActions = ['create', 'read', 'update', 'delete'] as const
export const attributes = ['own', 'any'] as const
export type Attribute = (typeof attributes)[number]

/** One grant of a security group: may do `action` on `resource`, for own records or any. */
export interface Permission {
  resource: string
  action: string
  attribute: Attribute
}

export type UserPortal = 'staff' | 'vendors' | 'tenants'

/** User types of the spec: staff 5xx, vendor 4xx, tenant 6xx. */
export const userTypes = {
  staff: { Admin: 501, User: 521, TenderAccount: 561 },
  vendors: { Admin: 401, User: 421, Tmp: 441, TenderAccount: 461 },
  tenants: { Admin: 601, User: 621, ProjectUser: 641, Tmp: 661, TenancyContractor: 662 }
} as const

export function portalOf(userType: number): UserPortal {
  if (userType >= 500 && userType < 600) return 'staff'
  if (userType >= 400 && userType < 500) return 'vendors'
  return 'tenants'
}

export const tenancyPerms = ['TenantProject', 'HandoverTakeback', 'TenancyRecord', 'SubAdmin', 'StandaloneWorkPermits'] as const
export type TenancyPerm = (typeof tenancyPerms)[number]

/**
 * Account types a vendor master account (401) or a tenant master account (601) may manage:
 * the sub-accounts of its own company or tenancy, never a master, staff or other portal's type.
 */
export const vendorSubAccountTypes: readonly number[] = [userTypes.vendors.User, userTypes.vendors.Tmp, userTypes.vendors.TenderAccount]
export const tenantSubAccountTypes: readonly number[] = [userTypes.tenants.User, userTypes.tenants.ProjectUser, userTypes.tenants.Tmp, userTypes.tenants.TenancyContractor]

/** The vendor permission toggles of a sub-account (spec §6): the sub-account's rights come from these. */
export const vendorPerms = ['Projects', 'Tenders', 'StandaloneWorkPermits', 'AdminVendorContacts', 'ReceiveECirculars'] as const
export type VendorPerm = (typeof vendorPerms)[number]

/**
 * Tenant account types whose rights come from their tenancy perms: the tenancy's sub-accounts.
 * The master account (601) holds its group's rights (Tenant Admin; spec §6 "master can do
 * everything"); a tenancy contractor (662) holds what its contractor rows give it, not perms.
 */
export const tenancyPermHolderTypes: readonly number[] = [userTypes.tenants.User, userTypes.tenants.ProjectUser, userTypes.tenants.Tmp]

/** Every vendor sub-account reads its own company, whatever its toggles. */
export const vendorSubAccountBaseline: readonly Permission[] = [{ resource: 'companies', action: 'read', attribute: 'own' }]

/**
 * The fields of an account that whoever manages it may write: who the person is and how to reach
 * them. Everything else that decides what an account may do (groups, regions, user type, domain,
 * source, company, tenancy) takes the administrator's permission, users create/update `any`.
 * A default region must stay within the account's regions and, for a non-administrator, the
 * caller's own (checked by the users service).
 */
export const accountProfileFields = ['email', 'displayName', 'phone', 'language', 'roleName', 'defaultRegion'] as const

/**
 * The fields of its own company a vendor or tenant account may write with companies update `own`
 * (the company profile of /vendors/settings): how to reach the company. Its name, type, status and
 * region are kept by staff (spec §2: the company record is the landlord's).
 */
export const ownCompanyProfileFields = ['mailingName', 'email', 'phone'] as const
