/** The ten region feature switches (backend regions.schema.ts `regionFeatures`). */
export const REGION_FEATURES = [
  "TENDERS",
  "HONGKONG_LAND_PROJECTS",
  "TENANCY_RECORDS",
  "TENANT_PROJECTS",
  "WORK_PERMITS",
  "VENDOR_PERFORMANCE",
  "E_CIRCULAR",
  "DIRECTORY",
  "GREEN_OPERATION",
  "GREEN_FIT_OUT",
] as const;
