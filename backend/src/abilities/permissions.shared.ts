// Browser-safe: the permission vocabulary, shared by the server's ability builder, the security
// group editor and the browser's access control.

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
  'purchase-requests': ['read'],
  tenders: [...crudActions, 'submit', 'approve', 'reject', 'reset', 'issue', 'extend', 'cancel', 'changeManager', 'open', 'award', 'regretAll', 'review'],
  /** The terms library of the settings: a new version per region and department. */
  'tender-terms': ['create', 'read'],
  bids: ['read', 'update', 'save', 'submit', 'decline', 'reopen'],
  queries: [...crudActions, 'issue', 'answer'],
  'purchase-orders': [...crudActions],
  contracts: [...crudActions]
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
