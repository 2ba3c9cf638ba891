import dayjs, { type Dayjs } from "dayjs";
import { closingInstant, defaultValidityDays, localDate, type ClosingTimeOption } from "./rules";
import { wallClock } from "../../../components/format";
import type { GroupValues } from "./line-items";

// The tender form's values: read from a tender in the region's time zone, and written back as the PATCH body.

export interface TenderFormValues {
  closingDate?: Dayjs | null;
  closingTime?: ClosingTimeOption;
  validityDays?: number;
  general?: Record<string, any>;
  scope?: Record<string, any>;
  lineItemGroups?: GroupValues[];
}

/** The wall-clock hour of the closing instant in the region: 17 → '17:00', else Noon (spec §9). */
function timeOption(closingAt: string, timeZone: string): ClosingTimeOption {
  const hour = wallClock(new Date(closingAt), timeZone).getUTCHours();
  return hour === 17 ? "17:00" : "12:00 Noon";
}

export function toFormValues(record: Record<string, any>, timeZone: string): TenderFormValues {
  const general = { ...(record.general ?? {}) };
  if (general.projectStart) general.projectStart = dayjs(general.projectStart);
  return {
    closingDate: record.closingAt ? dayjs(localDate(record.closingAt, timeZone)) : null,
    closingTime: record.closingAt ? timeOption(record.closingAt, timeZone) : "17:00",
    validityDays: record.validityDays ?? defaultValidityDays,
    general,
    scope: record.scope ?? {},
    lineItemGroups: record.lineItemGroups ?? [],
  };
}

const clean = (value: Record<string, any> | undefined) =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ""));

/** The PATCH body: the closing instant from date + time option in the region's zone, JSON parts cleaned. */
export function toPatch(values: TenderFormValues, timeZone: string) {
  const general = clean(values.general);
  if (dayjs.isDayjs(general.projectStart)) general.projectStart = general.projectStart.format("YYYY-MM-DD");
  return {
    ...(values.closingDate
      ? { closingAt: closingInstant(values.closingDate.format("YYYY-MM-DD"), values.closingTime ?? "17:00", timeZone).toISOString() }
      : {}),
    validityDays: values.validityDays ?? defaultValidityDays,
    general,
    scope: clean(values.scope),
    lineItemGroups: (values.lineItemGroups ?? []).map((group) => ({
      id: group.id,
      ...(group.name ? { name: group.name } : {}),
      lineItems: (group.lineItems ?? []).map((item) => ({
        ...clean({ id: item.id, itemNo: item.itemNo, itemDesc: item.itemDesc, itemUnit: item.itemUnit, remark: item.remark }),
        itemQty: item.itemQty ?? null,
        rate: item.rate ?? null,
        discountType: item.discount != null && item.discountType ? item.discountType : null,
        discount: item.discountType ? (item.discount ?? null) : null,
        optional: Boolean(item.optional),
        addendumLabel: item.addendumLabel ?? null,
        forReference: Boolean(item.forReference),
      })),
    })),
  };
}
