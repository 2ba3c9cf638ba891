import { session } from "../../../providers/session";
import { tenderPath as sharedTenderPath, type RoutedTender } from "../../../../../backend/src/modules/tenders/services/tenders/tender-routes";

// Where tender screens are and which ones open: the shared, unit-tested module of the backend.
export { tenderRouteOpen, tenderRoutePath, type RoutedTender } from "../../../../../backend/src/modules/tenders/services/tenders/tender-routes";

/** Where a tender (a list row, a record) opens for the signed-in user, by its status. */
export const tenderPath = (record: { id?: unknown; status?: unknown }, userId: unknown = session.get().user?.id): string =>
  sharedTenderPath(record as RoutedTender, userId as RoutedTender["managedBy"]);

/** The staff tender list on what waits for the user's approval (read by the list's "awaiting" filter). */
export const awaitingMyApprovalPath = "/tenders?awaiting=me";
