import type { RawRuleOf, MongoAbility } from "@casl/ability";

/** Portals a user can belong to; each has its own layout, menu and dashboard. */
export type Portal = "staff" | "vendors" | "tenants";

export type Language = "en-US" | "zh-CN";

export const FEATURES = [
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
export type Feature = (typeof FEATURES)[number];

export interface Region {
  code: string;
  name: string;
  currency?: string;
  enabled: boolean;
  features: string[];
  timeZone?: string;
}

export interface SessionUser {
  id: number | string;
  username: string;
  displayName?: string;
  email?: string;
  userType: number;
  domain: "CMS" | "TMS";
  source: "AD" | "EXT";
  portal: Portal;
  defaultRegion?: string;
  regions: string[];
  language?: Language;
  companyId?: number | string | null;
  tenancyId?: number | string | null;
  passwordWarningDays?: number;
}

export type AppAbility = MongoAbility;
export type AbilityRule = RawRuleOf<MongoAbility>;

/** What the server answers to a login or a profile read. */
export interface AuthPayload {
  accessToken?: string;
  user: SessionUser;
  rules: AbilityRule[];
  region?: string | Region | null;
}
