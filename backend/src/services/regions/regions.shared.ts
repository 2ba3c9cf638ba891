export const regionsPath = 'regions'
export const regionsMethods = ['find', 'get', 'patch'] as const

/** The region feature switches (PRODUCT.md): a feature that is off is off in the API and the menus. */
export const regionFeatures = [
  'TENDERS',
  'HONGKONG_LAND_PROJECTS',
  'TENANCY_RECORDS',
  'TENANT_PROJECTS',
  'WORK_PERMITS',
  'VENDOR_PERFORMANCE',
  'E_CIRCULAR',
  'DIRECTORY',
  'GREEN_OPERATION',
  'GREEN_FIT_OUT'
] as const
export type RegionFeature = (typeof regionFeatures)[number]
