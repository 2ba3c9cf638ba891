import { session } from "../../../providers/session";
import i18n from "../../../providers/i18n";
import { discountTypeLabel, tenderUnits, type DiscountType } from "./rules";

/** The current region's time zone: tender dates read as the region's wall clock (UTC when none). */
function regionTimeZone(): string {
  const { region, regions } = session.get();
  return regions.find((candidate) => candidate.code === region)?.timeZone || "UTC";
}

const chinese = () => session.get().language === "zh-CN";

function parts(value: unknown, withTime: boolean): Record<string, string> | null {
  if (!value) return null;
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return null;
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: regionTimeZone(), day: "2-digit", month: chinese() ? "2-digit" : "short", year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" as const } : {}),
  });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * Spec §9 date formats, in the region's time zone: DD MMM YYYY, and DD MMM YY, HH:mm. In Chinese
 * the month has no English name: 2026年12月01日, 2026年12月01日 17:00.
 */
export function formatDate(value: unknown): string {
  const p = parts(value, false);
  if (!p) return "";
  return chinese() ? `${p.year}年${p.month}月${p.day}日` : `${p.day} ${p.month} ${p.year}`;
}
export function formatDateTime(value: unknown): string {
  const p = parts(value, true);
  if (!p) return "";
  return chinese() ? `${p.year}年${p.month}月${p.day}日 ${p.hour}:${p.minute}` : `${p.day} ${p.month} ${p.year.slice(-2)}, ${p.hour}:${p.minute}`;
}

/** The date pickers' format: the same reading as formatDate (dayjs tokens). */
export function dateInputFormat(): string {
  return chinese() ? "YYYY年MM月DD日" : "DD MMM YYYY";
}

/** Amounts: 2 decimals with thousands separators and the region's currency code. */
export function formatMoney(value: unknown, currency: string): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return `${currency} ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

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
