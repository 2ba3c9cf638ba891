// Browser-safe: the permission vocabulary, shared by the server's ability builder, the security
// group editor and the browser's access control.
import type { SharedModuleManifest } from '../modules/manifest.shared.js'
import { sharedModules } from '../modules/index.shared.js'

export const crudActions = ['create', 'read', 'update', 'delete'] as const
export const attributes = ['own', 'any'] as const
export type Attribute = (typeof attributes)[number]

/** One grant of a security group: may do `action` on `resource`, for own records or any. */
export interface Permission {
  resource: string
  action: string
  attribute: Attribute
}

/**
 * Every resource a permission can name, with the actions beyond CRUD that it knows.
 * Resource names are the Feathers service paths and the Refine resource names.
 */
export const permissionCatalogue: Record<string, readonly string[]> = {
  regions: ['read', 'update'],
  settings: ['read', 'update'],
  buildings: [...crudActions],
  sites: [...crudActions],
  locations: [...crudActions],
  departments: [...crudActions],
  users: [...crudActions, 'invite', 'lock', 'unlock', 'enable', 'disable'],
  'security-groups': [...crudActions],
  'audit-log': ['read'],
  'mail-messages': ['read'],
  files: ['create', 'read', 'update', 'delete'],
  companies: [...crudActions],
  // Then every module's entries (modules/<name>/module.shared.ts).
  ...Object.assign({}, ...sharedModules.map((module) => module.permissions))
}

/** The fields a vendor's or tenant's `own` grant may write, by resource and action (the modules' `ownFields`). */
export const ownFieldLimits: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = Object.assign(
  {},
  ...sharedModules.map((module) => ('ownFields' in module ? module.ownFields : {}))
)

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

const own = (resource: string, ...actions: string[]): Permission[] => actions.map((action) => ({ resource, action, attribute: 'own' }))

/**
 * The grants of the toggles whose modules are still to come (work permits, e-circulars): those
 * services find the grant under their own path when they arrive, and move it to their manifest.
 */
const vendorTogglesToCome: Partial<Record<VendorPerm, readonly Permission[]>> = {
  StandaloneWorkPermits: [...own('work-permits', 'create', 'read', 'update'), ...own('files', 'create', 'read')],
  /** Not a screen: makes the sub-account a recipient of the e-circulars sent to its company. */
  ReceiveECirculars: own('e-circulars', 'receive')
}

/**
 * What each toggle grants a vendor sub-account, on its company's records only: each module's
 * `vendorToggles` (Tenders, Projects, AdminVendorContacts...), and those of modules to come. A
 * sub-account cannot be given groups by its vendor admin: these grants and
 * `vendorSubAccountBaseline` are all it holds.
 */
export const vendorPermGrants = {} as Record<VendorPerm, readonly Permission[]>
for (const perm of vendorPerms) {
  const ofModules = (sharedModules as readonly SharedModuleManifest[]).flatMap((module) => Object.entries(module.vendorToggles?.[perm] ?? {}))
  vendorPermGrants[perm] = [...(vendorTogglesToCome[perm] ?? []), ...ofModules.flatMap(([resource, actions]) => own(resource, ...actions))]
}

/**
 * Tenant account types whose rights come from their tenancy perms: the tenancy's sub-accounts.
 * The master account (601) holds its group's rights (Tenant Admin; spec §6 "master can do
 * everything"); a tenancy contractor (662) holds what its contractor rows give it, not perms.
 */
export const tenancyPermHolderTypes: readonly number[] = [userTypes.tenants.User, userTypes.tenants.ProjectUser, userTypes.tenants.Tmp]

/**
 * The grants of the tenancy perms whose modules are still to come: TenantProject, HandoverTakeback
 * and StandaloneWorkPermits name their paths (`tenant-projects`, `project-contractors`,
 * `handovers`, `work-permits`), so those services find the grant under their own path when they
 * arrive, and move it to their manifest.
 */
const tenancyTogglesToCome: Partial<Record<TenancyPerm, readonly Permission[]>> = {
  TenantProject: [...own('tenant-projects', 'create', 'read', 'update'), ...own('project-contractors', 'read', 'update', 'invite'), ...own('files', 'create', 'read')],
  HandoverTakeback: [...own('handovers', 'read', 'update'), ...own('files', 'create', 'read')],
  StandaloneWorkPermits: [...own('work-permits', 'create', 'read', 'update'), ...own('files', 'create', 'read')]
}

/**
 * What each tenancy perm grants a tenancy sub-account, on its own tenancy's records only (spec §6:
 * "all projects need TenantProject; all handovers need HandoverTakeback; editing contacts needs
 * TenancyRecord"; a SubAdmin manages the tenancy's accounts): each module's `tenancyToggles`
 * (the tenancies module's TenancyRecord, SubAdmin and its contractors for StandaloneWorkPermits),
 * and those of modules to come. These grants are all a sub-account holds: a master account
 * cannot give it groups, and without perms it reads nothing but reference data. Which perms a
 * SubAdmin may hand on is the tenancy-accounts service's rule (never SubAdmin).
 */
export const tenancyPermGrants = {} as Record<TenancyPerm, readonly Permission[]>
for (const perm of tenancyPerms) {
  const ofModules = (sharedModules as readonly SharedModuleManifest[]).flatMap((module) => Object.entries(module.tenancyToggles?.[perm] ?? {}))
  tenancyPermGrants[perm] = [...(tenancyTogglesToCome[perm] ?? []), ...ofModules.flatMap(([resource, actions]) => own(resource, ...actions))]
}

/** Every vendor sub-account reads its own company, whatever its toggles. */
export const vendorSubAccountBaseline: readonly Permission[] = own('companies', 'read')

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
