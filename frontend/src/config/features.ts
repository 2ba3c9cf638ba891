import type { Feature, Portal } from "../types/session";
import { fromClientModules, clientModules } from "../providers/modules";

/**
 * The modules behind each region feature switch, for dashboards and (later) menus: who sees the
 * module and which service paths (CASL subjects) grant it. Built modules say so in their manifest;
 * subjects for modules not built yet follow the kebab-case plural path convention and must match
 * the backend once it exists (a module's manifest then takes the place of its entry here).
 */
export interface ModuleInfo {
  feature: Feature;
  subjects: string[];
  portals: Portal[];
  /** Where the dashboard card links to, once the module has screens. */
  home?: Partial<Record<Portal, string>>;
}

const NOT_BUILT_YET: ModuleInfo[] = [
  { feature: "HONGKONG_LAND_PROJECTS", subjects: ["projects"], portals: ["staff", "vendors"] },
  { feature: "TENANCY_RECORDS", subjects: ["tenancies"], portals: ["staff", "tenants"] },
  { feature: "TENANT_PROJECTS", subjects: ["tenant-projects"], portals: ["staff", "tenants"] },
  { feature: "WORK_PERMITS", subjects: ["work-permits"], portals: ["staff", "vendors", "tenants"] },
  { feature: "VENDOR_PERFORMANCE", subjects: ["vendor-performances"], portals: ["staff"] },
  { feature: "E_CIRCULAR", subjects: ["e-circulars"], portals: ["staff", "vendors", "tenants"] },
  { feature: "DIRECTORY", subjects: ["directories"], portals: ["staff", "tenants"] },
  { feature: "GREEN_OPERATION", subjects: ["green-operations"], portals: ["staff", "tenants"] },
  { feature: "GREEN_FIT_OUT", subjects: ["green-fitouts"], portals: ["staff", "tenants"], home: { staff: "/tenant-projects/green-fitouts" } },
];

/** The installed modules' switches, then those of modules to come. */
export const moduleInfos: () => ModuleInfo[] = fromClientModules((modules) => [
  ...modules.map(({ feature, subjects, portals, home }) => ({ feature, subjects, portals, home })),
  ...NOT_BUILT_YET.filter((planned) => !modules.some((module) => module.feature === planned.feature)),
]);

/** A module of the feature is built: its screens exist (a switch that is on without one opens nothing). */
export const hasModule = (feature: Feature) => clientModules().some((module) => module.feature === feature);
