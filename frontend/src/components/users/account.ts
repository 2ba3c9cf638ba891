// The account workflow and permission vocabulary are browser-safe modules of the backend; the
// buttons are drawn from the same table the server checks transitions with.
export { accountStates, accountWorkflow, type AccountState } from "../../../../backend/src/services/users/account.workflow";
export { permissionCatalogue } from "../../../../backend/src/abilities/permission-catalogue.shared";
export { userTypes, portalOf, vendorPerms, vendorSubAccountTypes, type UserPortal } from "../../../../backend/src/abilities/permissions.shared";

import { accountState, type AccountState as State } from "../../../../backend/src/services/users/account.workflow";

/**
 * The state to draw buttons and tags from. The server derives `status` after the password hash is
 * stripped from the answer, so every account with a password reads INVITED there; an account whose
 * password was set (passwordChangedAt) is not waiting for its invitation any more.
 */
export function effectiveState(record: { status?: string; enabled: boolean; lockedAt: unknown; passwordChangedAt?: unknown }): State {
  const hasPassword = record.status !== undefined && record.status !== "INVITED" ? true : Boolean(record.passwordChangedAt);
  return accountState({ enabled: record.enabled, lockedAt: record.lockedAt, hasPassword });
}
