// The account workflow and permission vocabulary are browser-safe modules of the backend; the
// buttons are drawn from the same table the server checks transitions with.
export { accountStates, accountWorkflow, type AccountState } from "../../../../backend/src/services/users/account.workflow";
export { permissionCatalogue, userTypes, portalOf, type UserPortal } from "../../../../backend/src/abilities/permissions.shared";
