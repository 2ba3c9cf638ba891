import type { BaseRecord } from "@refinedev/core";
import { tenderScreen, type TenderState } from "./rules";

/** Where a tender opens, by status (spec "Which tender screen opens"): draft/rejected edit, the rest the view. */
export const tenderPath = (record: BaseRecord) => {
  const screen = tenderScreen(record.status as TenderState, Number(record.version ?? 0));
  return screen === "edit" || screen === "addendumEdit" ? `/tender/edit/${record.id}` : `/tender/${record.id}`;
};
