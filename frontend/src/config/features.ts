import type { Feature, Portal } from "../types/session";

/**
 * The modules behind each region feature switch, for dashboards and (later) menus: who sees the
 * module and which service paths (CASL subjects) grant it. Subjects for modules not built yet
 * follow the kebab-case plural path convention and must match the backend once it exists.
 */
export interface ModuleInfo {
  feature: Feature;
  subjects: string[];
  portals: Portal[];
}

export const MODULES: ModuleInfo[] = [
  { feature: "TENDERS", subjects: ["tenders", "bids"], portals: ["staff", "vendors"] },
  { feature: "HONGKONG_LAND_PROJECTS", subjects: ["projects"], portals: ["staff", "vendors"] },
  { feature: "TENANCY_RECORDS", subjects: ["tenancies"], portals: ["staff", "tenants"] },
  { feature: "TENANT_PROJECTS", subjects: ["tenant-projects"], portals: ["staff", "tenants"] },
  { feature: "WORK_PERMITS", subjects: ["work-permits"], portals: ["staff", "vendors", "tenants"] },
  { feature: "VENDOR_PERFORMANCE", subjects: ["vendor-performances"], portals: ["staff"] },
  { feature: "E_CIRCULAR", subjects: ["e-circulars"], portals: ["staff", "vendors", "tenants"] },
  { feature: "DIRECTORY", subjects: ["directories"], portals: ["staff", "tenants"] },
  { feature: "GREEN_OPERATION", subjects: ["green-operations"], portals: ["staff", "tenants"] },
  { feature: "GREEN_FIT_OUT", subjects: ["green-fit-outs"], portals: ["staff", "tenants"] },
];
