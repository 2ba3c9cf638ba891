import type { TFunction } from "i18next";
import i18n from "../../providers/i18n";

/*
 * Permission resources and actions, and audited writes, for people. Each module names its own in
 * its `permissions.json` (resources by Feathers path, actions by name), the platform its own in
 * locales/<lang>/permissions.json: the security group editor, the audit log and the audit report
 * all read them here, so no screen shows a path or a method name.
 */

export const resourceLabel = (t: TFunction, resource: string) => t(`permissions:resources.${resource}`, { defaultValue: resource }) as string;

export const permissionActionLabel = (t: TFunction, action: string) => t(`permissions:actions.${action}`, { defaultValue: action }) as string;

/**
 * An audit action (`<resource>.<method>`, as the audit log records it): a security event's own
 * label (`audit-log:actions`, e.g. a lock after failed logins), else the method's action label;
 * an action a client named itself (X-CMS-Action) shows as recorded.
 */
export function auditActionLabel(t: TFunction, action: string): string {
  if (i18n.exists(`audit-log:actions.${action}`)) return t(`audit-log:actions.${action}`) as string;
  const method = action.slice(action.indexOf(".") + 1);
  return /^[\w-]+\.[\w-]+$/.test(action) && i18n.exists(`permissions:actions.${method}`) ? permissionActionLabel(t, method) : action;
}
