import type { CrudFilter } from "@refinedev/core";
import { session } from "../../../providers/session";
import { tenderPath as sharedTenderPath, type RoutedTender } from "../../../../../backend/src/modules/tenders/services/tenders/tender-routes";

// Where tender screens are and which ones open: the shared, unit-tested module of the backend.
export { tenderRouteOpen, tenderRoutePath, type RoutedTender } from "../../../../../backend/src/modules/tenders/services/tenders/tender-routes";

/** Where a tender (a list row, a record) opens for the signed-in user, by its status. */
export const tenderPath = (record: { id?: unknown; status?: unknown }, userId: unknown = session.get().user?.id): string =>
  sharedTenderPath(record as RoutedTender, userId as RoutedTender["managedBy"]);

/** The staff tender list on what waits for the user's approval (read by the list's "awaiting" filter). */
export const awaitingMyApprovalPath = "/tenders?awaiting=me";

/**
 * What waits for a user's approval, in its two kinds: tenders submitted to them, and addenda of
 * issued tenders submitted to them (the addendum has its own cycle). The dashboard lists each; the
 * tender list's "Waiting for my approval" filter asks for either.
 */
export const awaitingApprovalOf = (userId: unknown): { tenders: CrudFilter[]; addenda: CrudFilter[] } => ({
  tenders: [
    { field: "status", operator: "eq", value: "WAPPR" },
    { field: "approverId", operator: "eq", value: userId },
  ],
  addenda: [
    { field: "status", operator: "eq", value: "ISSUED" },
    { field: "addendumStatus", operator: "eq", value: "WAPPR" },
    { field: "approverId", operator: "eq", value: userId },
  ],
});
