import i18n from "../../../providers/i18n";
import { discountTypeLabel, tenderUnits, type DiscountType } from "./rules";

// Dates and amounts print through the one format module, bound to the session (components/format.ts).
export { formatCount, formatDate, formatDateTime, formatDayMonth, dateInputFormat, formatMoney, formatPercent, fromCents } from "../../../components/format";

/** A tender unit in the user's language (the codes are the spec's English spellings, e.g. "Man Day"). */
export function unitLabel(code: unknown): string {
  const names = i18n.t("units", { ns: "tenders", returnObjects: true }) as Record<string, string> | string;
  const named = typeof names === "object" ? names[String(code)] : undefined;
  return named ?? tenderUnits.find((unit) => unit.code === code)?.label ?? String(code ?? "");
}

/** The unit choices of a line item, named in the user's language. */
export const unitOptions = () => tenderUnits.map((unit) => ({ value: unit.code, label: unitLabel(unit.code) }));

/** A discount's kind in the user's language ("% OFF", "HKD OFF"). */
export function discountLabel(type: DiscountType, currency: string): string {
  return i18n.t(`discountTypes.${type}`, { ns: "tenders", currency, defaultValue: discountTypeLabel(type, currency) });
}
