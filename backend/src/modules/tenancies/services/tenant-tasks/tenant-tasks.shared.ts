// Browser-safe: what the tenant dashboard asks once (GET tenant-tasks) and how it is shaped.
export const tenantTasksPath = 'tenant-tasks'
export const tenantTasksMethods = ['find'] as const

/** How many of each list the dashboard shows; the counts are of all of them. */
export const TENANT_TASKS_SHOWN = 5

/** A tenancy whose contacts wait for the tenant's confirmation (never confirmed, or not within the region's days). */
export interface ContactsTask {
  tenancyId: number
  companyName: string
  tradeName: string | null
  buildingCode: string | null
  confirmedAt: string | null
}

/** An account of the caller's tenancy invited and not signed up yet; `expired` when its link ran out (resend). */
export interface InvitationTask {
  id: number
  tenancyId: number
  username: string
  displayName: string
  email: string
  userType: number
  tenancyPerms: string[]
  invitedAt: string | null
  expired: boolean
  updatedAt: string
}

export interface TenancyItem {
  id: number
  companyName: string
  tradeName: string | null
  buildingCode: string | null
  type: string
  status: string
}

/**
 * The tenant's to-do list. A part is `null` when the caller may not see it at all (no panel),
 * so a TenantProject-only sub-account gets no contacts or tenancy part, and only the master
 * account and sub-admins get invitations.
 */
export interface TenantTasks {
  contacts: { count: number; days: number; items: ContactsTask[] } | null
  invitations: { count: number; expired: number; items: InvitationTask[] } | null
  tenancies: { count: number; items: TenancyItem[] } | null
}
