// Browser-safe: leases (spec tenancies §3, §9).
import type { TenancyType } from '../tenancies/tenancies.shared.js'

export const leasesPath = 'leases'
export const leasesMethods = ['find', 'get', 'create', 'patch', 'import'] as const

export const leaseTypes = ['LO', 'LS', 'LP', 'TO', 'TS', 'SO', 'SS'] as const
export type LeaseType = (typeof leaseTypes)[number]

/** Lease types of each tenancy type: Office TO, SO, LO, LP; Retail TS, SS, LS, LP. */
export const leaseTypesOf: Record<TenancyType, readonly LeaseType[]> = {
  O: ['TO', 'SO', 'LO', 'LP'],
  R: ['TS', 'SS', 'LS', 'LP']
}

/** Spec §3 lease labels (catalogue keys `leases.labels.<label>`). */
export const leaseLabels = ['office', 'retail', 'shop', 'carpark', 'sublet', 'storeroom', 'venue', 'plaza', 'advertising', 'others'] as const

/** Spec §9 sort order: LO, LS, LP, TO, TS, SO, SS (the order of `leaseTypes`); unknown types last. */
export const leaseTypeRank = (type: string | null | undefined) => {
  const rank = (leaseTypes as readonly string[]).indexOf(String(type ?? ''))
  return rank === -1 ? leaseTypes.length : rank
}

export function sortLeases<T extends { leaseType?: string | null }>(leases: readonly T[]): T[] {
  return [...leases].sort((a, b) => leaseTypeRank(a.leaseType) - leaseTypeRank(b.leaseType))
}

/**
 * Why linking a lease to a tenancy asks for confirmation (spec §5 "unmatched lease type or
 * building gives a warning with confirm"): its type is not one of the tenancy type's, or its
 * building is another. Empty when it matches.
 */
export function leaseMismatches(tenancy: { type: string; buildingCode?: string | null }, lease: { leaseType: string; buildingCode?: string | null }): Array<'type' | 'building'> {
  const reasons: Array<'type' | 'building'> = []
  const allowed: readonly string[] = leaseTypesOf[tenancy.type as TenancyType] ?? []
  if (!allowed.includes(lease.leaseType)) reasons.push('type')
  if (lease.buildingCode && tenancy.buildingCode && lease.buildingCode !== tenancy.buildingCode) reasons.push('building')
  return reasons
}
