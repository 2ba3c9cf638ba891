import { session } from "../providers/session";
import * as shared from "../../../backend/src/format/format.shared";

/*
 * The browser's side of the one time-and-format module (backend/src/format/format.shared.ts):
 * the same functions, read for the signed-in session: the current region's clock (UTC when it
 * names none) and the user's language. Read at call time, so a switch of region or language
 * shows on the next render.
 */
function reader(): shared.DateFormatOptions {
  const { region, regions, language } = session.get();
  return { timeZone: regions.find((candidate) => candidate.code === region)?.timeZone || "UTC", language };
}

/** Spec §9: 04 Dec 2026; 2026年12月04日. */
export const formatDate = (value: unknown) => shared.formatDate(value, reader());
/** Spec §9: 04 Dec 26, 17:00; 2026年12月04日 17:00. */
export const formatDateTime = (value: unknown) => shared.formatDateTime(value, reader());
/** The date pickers' format (dayjs tokens), reading as formatDate does. */
export const dateInputFormat = () => shared.dateInputFormat(session.get().language);

/** The calendar day (YYYY-MM-DD) the region is in at an instant: "today" on the region's clock. */
export const regionDay = (at: Date | string | number) => shared.calendarDay(at, reader().timeZone);

/** A day without its year, on the region's clock (chart axes): 04 Dec; 12月04日. */
export const formatDayMonth = (value: unknown) => shared.formatDayMonth(value, reader());

export { formatAmount, formatCount, formatMoney, formatPercent, fromCents, wallClock } from "../../../backend/src/format/format.shared";
