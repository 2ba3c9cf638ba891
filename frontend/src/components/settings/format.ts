import dayjs from "dayjs";
import { useSession } from "../../providers/session";

/** The current region's currency (spec section 9: USD when the region names none). */
export function useRegionCurrency(): string {
  return useSession((s) => s.regions.find((region) => region.code === s.region)?.currency || "USD");
}

export function formatAmount(value: unknown, currency: string, language: string): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

export const formatDateTime = (value: unknown) => (value ? dayjs(value as string).format("YYYY-MM-DD HH:mm") : "");

/** Code pattern the server accepts for building and location codes. */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
