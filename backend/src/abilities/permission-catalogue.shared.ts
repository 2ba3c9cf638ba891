// Browser-safe: the permission catalogue, the platform's entries merged with every installed
// module's (`permissions`, `ownFields`, `vendorToggles`, `tenancyToggles` of its shared manifest).
// Built on first use from the list the composition root installed (modules/registry.shared.ts),
// never while files load; the vocabulary it speaks is permissions.shared.ts, which imports no module.
import type { ListedReaders, SharedModuleManifest } from '../modules/manifest.shared.js'
import { fromModules } from '../modules/registry.shared.js'
import { crudActions, tenancyPerms, vendorPerms, type Permission, type TenancyPerm, type VendorPerm } from './permissions.shared.js'

export interface PermissionCatalogue {
  /**
   * Every resource a permission can name, with the actions beyond CRUD that it knows.
   * Resource names are the Feathers service paths and the Refine resource names.
   */
  resources: Readonly<Record<string, readonly string[]>>
  /** The fields a vendor's or tenant's `own` grant may write, by resource and action (the modules' `ownFields`). */
  ownFieldLimits: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>
  /**
   * What each toggle grants a vendor sub-account, on its company's records only: each module's
   * `vendorToggles` (Tenders, Projects, AdminVendorContacts...), and those of modules to come. A
   * sub-account cannot be given groups by its vendor admin: these grants and
   * `vendorSubAccountBaseline` are all it holds.
   */
  vendorPermGrants: Readonly<Record<VendorPerm, readonly Permission[]>>
  /**
   * What each tenancy perm grants a tenancy sub-account, on its own tenancy's records only (spec §6:
   * "all projects need TenantProject; all handovers need HandoverTakeback; editing contacts needs
   * TenancyRecord"; a SubAdmin manages the tenancy's accounts): each module's `tenancyToggles`
   * (the tenancies module's TenancyRecord, SubAdmin and its contractors for StandaloneWorkPermits),
   * and those of modules to come. These grants are all a sub-account holds: a master account
   * cannot give it groups, and without perms it reads nothing but reference data. Which perms a
   * SubAdmin may hand on is the tenancy-accounts service's rule (never SubAdmin).
   */
  tenancyPermGrants: Readonly<Record<TenancyPerm, readonly Permission[]>>
  /** The records a user reads because they list the user: the column of user ids, by resource (the modules' `listedReaders`). */
  listedReaders: Readonly<Record<string, ListedReaders>>
  /** More conditions on a portal's `own` grants, by resource and portal (the modules' `ownScope`). */
  ownScope: NonNullable<SharedModuleManifest['ownScope']>
}

/** The platform's own resources; the modules' entries follow (modules/<name>/module.shared.ts). */
const platformResources: Readonly<Record<string, readonly string[]>> = {
  regions: ['read', 'update'],
  settings: ['read', 'update'],
  buildings: [...crudActions],
  sites: [...crudActions],
  locations: [...crudActions],
  departments: [...crudActions],
  'public-holidays': [...crudActions],
  users: [...crudActions, 'invite', 'lock', 'unlock', 'enable', 'disable'],
  'security-groups': [...crudActions],
  'audit-log': ['read'],
  'mail-messages': ['read'],
  files: ['create', 'read', 'update', 'delete'],
  companies: [...crudActions]
}

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
 * The grants of the tenancy perms whose modules are still to come: TenantProject and
 * StandaloneWorkPermits name their paths (`project-contractors`, `work-permits`), so those
 * services find the grant under their own path when they arrive, and move it to their manifest.
 * (HandoverTakeback's is the handover module's, under `hotb`.)
 */
const tenancyTogglesToCome: Partial<Record<TenancyPerm, readonly Permission[]>> = {
  // The projects themselves are the tenant-projects module's (its tenancyToggles); their contractors are still to come.
  TenantProject: [...own('project-contractors', 'read', 'update', 'invite'), ...own('files', 'create', 'read')],
  StandaloneWorkPermits: [...own('work-permits', 'create', 'read', 'update'), ...own('files', 'create', 'read')]
}

/** The catalogue of the platform and `modules`, in their order. */
export function buildPermissionCatalogue(modules: readonly SharedModuleManifest[]): PermissionCatalogue {
  const vendorPermGrants = {} as Record<VendorPerm, readonly Permission[]>
  for (const perm of vendorPerms) {
    const ofModules = modules.flatMap((module) => Object.entries(module.vendorToggles?.[perm] ?? {}))
    vendorPermGrants[perm] = [...(vendorTogglesToCome[perm] ?? []), ...ofModules.flatMap(([resource, actions]) => own(resource, ...actions))]
  }
  const tenancyPermGrants = {} as Record<TenancyPerm, readonly Permission[]>
  for (const perm of tenancyPerms) {
    const ofModules = modules.flatMap((module) => Object.entries(module.tenancyToggles?.[perm] ?? {}))
    tenancyPermGrants[perm] = [...(tenancyTogglesToCome[perm] ?? []), ...ofModules.flatMap(([resource, actions]) => own(resource, ...actions))]
  }
  return {
    resources: { ...platformResources, ...Object.assign({}, ...modules.map((module) => module.permissions)) },
    ownFieldLimits: Object.assign({}, ...modules.map((module) => module.ownFields ?? {})),
    vendorPermGrants,
    tenancyPermGrants,
    listedReaders: Object.assign({}, ...modules.map((module) => module.listedReaders ?? {})),
    ownScope: Object.assign({}, ...modules.map((module) => module.ownScope ?? {}))
  }
}

const installedCatalogue = fromModules(buildPermissionCatalogue)

/** Every resource a permission can name, with its actions: the platform's and the installed modules'. */
export const permissionCatalogue = (): Readonly<Record<string, readonly string[]>> => installedCatalogue().resources
/** The fields a vendor's or tenant's `own` grant may write, by resource and action. */
export const ownFieldLimits = () => installedCatalogue().ownFieldLimits
/** What each vendor toggle grants a vendor sub-account (see `PermissionCatalogue`). */
export const vendorPermGrants = () => installedCatalogue().vendorPermGrants
/** What each tenancy perm grants a tenancy sub-account (see `PermissionCatalogue`). */
export const tenancyPermGrants = () => installedCatalogue().tenancyPermGrants
/** The records a user reads because they list the user (see `PermissionCatalogue`). */
export const listedReaders = () => installedCatalogue().listedReaders
/** More conditions on a portal's `own` grants, by resource and portal (see `PermissionCatalogue`). */
export const ownScope = () => installedCatalogue().ownScope
