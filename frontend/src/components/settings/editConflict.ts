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

/** One field the other save changed (see useVersionedForm's ConflictField). */
export interface ChangedField {
  name: string;
  theirs: unknown;
  yours: unknown;
  edited: boolean;
}

/**
 * What a stale save meets, among the form's fields `names`: each field whose value the other save
 * changed (`from`, the copy the user started on, against `now`, the copy saved meanwhile), with the
 * user's value and whether the user changed it too; and the side each starts on: the user's where
 * both changed it, theirs where only they did.
 */
export function changedFields(names: string[], from: Record<string, unknown>, now: Record<string, unknown>, yours: Record<string, unknown>) {
  const fields: ChangedField[] = names
    .filter((name) => !sameValue(from[name], now[name]))
    .map((name) => ({ name, theirs: now[name], yours: yours[name], edited: !sameValue(from[name], yours[name]) }));
  const choices: Record<string, "theirs" | "yours"> = Object.fromEntries(fields.map((field) => [field.name, field.edited ? "yours" : "theirs"]));
  return { fields, choices };
}
