import type { RawRuleOf, MongoAbility } from "@casl/ability";

/** Portals a user can belong to; each has its own layout, menu and dashboard. */
export type Portal = "staff" | "vendors" | "tenants";

export type Language = "en-US" | "zh-CN";

export { regionFeatures as FEATURES, type RegionFeature as Feature } from "../../../backend/src/services/regions/regions.shared";

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
  /** A tenancy account's perms (TenantProject, SubAdmin...): what its screens offer to give on. */
  tenancyPerms?: string[];
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
