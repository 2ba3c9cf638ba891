import { tenderRoutes, tenderScreen, tenderScreenStatus, type TenderRoute, type TenderState } from "./rules";
import { session } from "../../providers/session";

interface TenderLike {
  id?: unknown;
  status?: unknown;
  version?: unknown;
  addendumStatus?: unknown;
  approverId?: unknown;
}

/** The address of one of a tender's screens (tenderRoutes of the shared workflow module). */
export const tenderRoutePath = (route: TenderRoute, id: unknown) => tenderRoutes[route].path.replace(":id", encodeURIComponent(String(id)));

/**
 * Where a tender opens, by status (spec "Which tender screen opens, by status", `tenderScreen`):
 * edit while DRAFT/REJECTED (the addendum edit above version 0), a pending addendum past its
 * draft the addendum view, the view (the approver view for the chosen approver of a waiting
 * tender), the health check from issue on, the analysis and recommendation from REVIEW on.
 */
export function tenderPath(record: TenderLike, userId: unknown = session.get().user?.id): string {
  const status = tenderScreenStatus({ status: record.status as TenderState, addendumStatus: (record.addendumStatus ?? null) as never });
  const isApprover = userId !== undefined && userId !== null && String(record.approverId) === String(userId);
  const screen = tenderScreen(status, Number(record.version ?? 0), { isApprover });
  if (record.addendumStatus && screen !== "addendumEdit" && screen !== "edit") return tenderRoutePath("addendumView", record.id);
  return tenderRoutePath(screen, record.id);
}
