// Browser-safe: the project meta lookup (spec §8 GET projects/project-meta {numbers, numberType}).
export const projectMetaPath = 'project-meta'

/** One purchase order or contract number as the create screen offers it: its latest revision and whether a project may start from it. */
export interface ProjectMeta {
  numberType: 'PO' | 'CONTRACT'
  number: string
  /** The record a project is raised from (purchaseOrderId or contractId). */
  id: number
  revisionNum: number | null
  latestRevision: number | null
  tenderId: string
  companyId: number
  siteId: number
  currency: string
  amount: number
  /** Its tender is AWARDED and it is ACTIVE. */
  isAwarded: boolean
  /** A live project (not cancelled) already uses it. */
  isUsed: boolean
}
