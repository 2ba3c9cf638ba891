import { useResourceParams, type CrudFilter } from "@refinedev/core";
import { USER_TYPES, type AppResourceMeta } from "../../config/resources";
import type { Portal } from "../../types/session";

/** A user as the users service answers it (list rows carry no groupIds). */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  displayName: string;
  source: string;
  domain: string;
  userType: number;
  companyId: number | null;
  tenancyId?: number | null;
  /** A vendor sub-account's toggles (its rights). */
  vendorPerms?: string[];
  phone: string | null;
  language: string;
  regions: string[];
  defaultRegion: string | null;
  enabled: boolean;
  lockedAt: string | null;
  invitedAt: string | null;
  passwordChangedAt?: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
  status: string;
  groupIds?: number[];
}

/**
 * Staff, vendor and tenant users share one service and one set of screens; the route's resource
 * entry (users / vendor-users / tenant-users) tells which kind of account a screen is about.
 */
export function useUserKind() {
  const { resource, identifier } = useResourceParams();
  const kind: Portal = identifier === "vendor-users" ? "vendors" : identifier === "tenant-users" ? "tenants" : "staff";
  const meta = resource?.meta as AppResourceMeta | undefined;
  const permanent = (meta?.permanentFilter ?? []) as CrudFilter[];
  return { kind, identifier: identifier ?? "users", permanent, userTypes: [...USER_TYPES[kind]] as number[] };
}

/** Tenant accounts belong to the TMS domain, staff and vendor accounts to CMS (same rule as the server). */
export const domainOf = (kind: Portal) => (kind === "tenants" ? "TMS" : "CMS");
