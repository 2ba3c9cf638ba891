import { ANYTIME, openingDays, type OpeningHours } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";

/** The opening hours as the form holds them: per day a start ('' closed, 'Anytime', or a time) and an end. */
export type HoursForm = Record<string, { start?: string; end?: string }>;

export const CLOSED = "";

export function hoursToForm(hours: OpeningHours | null | undefined): HoursForm {
  return Object.fromEntries(
    openingDays.map((day) => {
      const value = hours?.[day];
      return [day, value ? { start: value.start, end: value.start === ANYTIME ? undefined : (value.end ?? undefined) } : { start: CLOSED }];
    }),
  );
}

export function formToHours(form: HoursForm | undefined): OpeningHours {
  return Object.fromEntries(
    openingDays.map((day) => {
      const value = form?.[day];
      if (!value?.start) return [day, null];
      return [day, value.start === ANYTIME ? { start: ANYTIME } : { start: value.start, end: value.end ?? null }];
    }),
  ) as OpeningHours;
}
