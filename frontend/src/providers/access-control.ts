import { createMongoAbility } from "@casl/ability";
import type { AccessControlProvider, IResourceItem } from "@refinedev/core";
import { session } from "./session";
import type { AppAbility } from "../types/session";

let cachedRules: unknown = null;
let cachedAbility: AppAbility = createMongoAbility([]);

/** The CASL ability for the current session's rules (rebuilt only when the rules change). */
export function currentAbility(): AppAbility {
  const { rules } = session.get();
  if (rules !== cachedRules) {
    cachedRules = rules;
    cachedAbility = createMongoAbility(rules ?? []);
  }
  return cachedAbility;
}

/** Refine's route/button actions → the CRUD verbs the server's rules use. */
const VERBS: Record<string, string> = { list: "read", show: "read", create: "create", clone: "create", edit: "update", delete: "delete" };
export const abilityAction = (action: string) => VERBS[action] ?? action;

/** Features the current region switches on (empty before the region list is known). */
export function regionFeatures(): string[] {
  return session.currentRegion()?.features ?? [];
}

export function featureEnabled(feature: string | undefined): boolean {
  return !feature || regionFeatures().includes(feature);
}

type ResourceLike = Pick<IResourceItem, "name" | "meta"> & { children?: ResourceLike[]; list?: unknown };

/**
 * One decision for menus, routes, buttons and dashboards: the region must enable the resource's
 * `meta.feature` and the ability must allow the action on its subject (`meta.subject` or name).
 * A menu group is allowed when any of its children is.
 */
export function canAccessResource(resource: ResourceLike | undefined, action: string, name?: string, field?: string): boolean {
  if (resource?.children?.length && !resource.list) return resource.children.some((child) => canAccessResource(child, action));
  if (!featureEnabled(resource?.meta?.feature as string | undefined)) return false;
  const subject = (resource?.meta?.subject as string | undefined) ?? resource?.name ?? name;
  if (!subject) return true;
  // A group without a subject of its own (pure menu parent) is decided by its children above.
  if (resource?.meta?.group) return false;
  const listAction = action === "list" ? (resource?.meta?.listAction as string | undefined) : undefined;
  return currentAbility().can(listAction ?? abilityAction(action), subject, field);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const item = params?.resource as ResourceLike | undefined;
    const allowed = canAccessResource(item ?? (resource ? { name: resource } : undefined), action, resource, params?.field as string | undefined);
    return allowed ? { can: true } : { can: false, reason: "forbidden" };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Rules change with region and sign-in; the app invalidates these on session change.
    queryOptions: { staleTime: 0 },
  },
};
