import { lineTotal, tenderTotal } from "./rules";

// A tender's line items as the editor's form holds them, and their totals while they are typed.

export const newId = () => Math.random().toString(36).slice(2, 12);

export interface LineItemValues {
  id: string;
  itemNo?: string;
  itemDesc?: string;
  itemQty?: number | null;
  itemUnit?: string;
  discountType?: "PERCENT" | "AMOUNT" | null;
  discount?: number | null;
  optional?: boolean;
  forReference?: boolean;
  remark?: string;
  rate?: number | null;
  addendumLabel?: string | null;
}
export interface GroupValues {
  id: string;
  name?: string;
  lineItems: LineItemValues[];
}

/** Safe line total: an invalid number typed so far shows as 0 instead of breaking the screen. */
export function safeLineTotal(item: LineItemValues | undefined): number {
  try {
    return item ? lineTotal({ itemQty: item.itemQty, rate: item.rate, discountType: item.discountType ?? null, discount: item.discount }) : 0;
  } catch {
    return 0;
  }
}
export function safeTenderTotal(groups: GroupValues[] | undefined): number {
  try {
    return tenderTotal(
      (groups ?? []).map((group) => ({
        lineItems: (group?.lineItems ?? []).filter(Boolean).map((item) => ({ ...item, itemQty: item.itemQty ?? null, rate: item.rate ?? null })),
      })),
    );
  } catch {
    return 0;
  }
}

/** Safe total of one group (its subtotal on the Tender Summary tab). */
export function safeGroupTotal(group: GroupValues | undefined): number {
  return safeTenderTotal(group ? [group] : []);
}

/** Addendum mode: labels shown, and an item of the issued version is marked removed (DP), not deleted. */
export interface AddendumEditing {
  /** Ids of the line items of the issued version. */
  baseIds: ReadonlySet<string>;
}
