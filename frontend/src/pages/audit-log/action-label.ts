import type { TFunction } from "i18next";

/**
 * An audit action for people: the security events (locks, reset and unlock links, codes) have
 * labels in `audit-log:actions`; any other action shows as recorded (`<resource>.<method>`).
 */
export const actionLabel = (t: TFunction, action: string) => t(`audit-log:actions.${action}`, { defaultValue: action }) as string;
