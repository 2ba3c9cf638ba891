import dayjs from "dayjs";

/**
 * A form value reduced to what it says: an empty text, null and undefined are one "nothing", a
 * date picker's day is its calendar day, an object's empty keys are left out. Two values that
 * reduce alike show the same on the screen and save the same.
 */
export function plainValue(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return null;
  if (dayjs.isDayjs(value)) return value.format("YYYY-MM-DD");
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, plainValue(inner)] as const)
      .filter(([, inner]) => inner !== null)
      .sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries);
  }
  return value;
}

/** Whether two form values say the same (see plainValue). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(plainValue(a)) === JSON.stringify(plainValue(b));
