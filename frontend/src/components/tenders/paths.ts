import type { BaseRecord } from "@refinedev/core";
import { tenderScreen, tenderScreenStatus, type TenderState } from "./rules";

/**
 * Where a tender opens, by status (spec "Which tender screen opens"): draft/rejected edit (the
 * addendum edit for a tender with a version above 0), a pending addendum waiting for or past
 * approval the addendum view, the rest the view.
 */
export const tenderPath = (record: BaseRecord) => {
  const status = tenderScreenStatus({ status: record.status as TenderState, addendumStatus: record.addendumStatus ?? null });
  const screen = tenderScreen(status, Number(record.version ?? 0));
  if (screen === "addendumEdit") return `/tender/addendum/edit/${record.id}`;
  if (screen === "edit") return `/tender/edit/${record.id}`;
  if (record.addendumStatus) return `/tender/addendum/${record.id}`;
  return `/tender/${record.id}`;
};
