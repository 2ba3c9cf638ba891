// The bid form's values: as the server holds a bid, as the vendor enters them, and how the two
// are compared when someone else changes the bid while it is open.
export interface BidValues {
  /** The ids of the terms ticked: one checkbox per term, all unticked at the start (spec §5). */
  termsAccepted?: string[];
  tncInfo?: { name?: string; position?: string };
  bidItemQtys?: Record<string, number | null>;
  rates?: Record<string, number | null>;
  /** The vendor's optional remark per line item (max 255), by item id. */
  remarks?: Record<string, string | undefined>;
}

export const numbers = (record: Record<string, number | null | undefined> = {}) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => typeof value === "number" && Number.isFinite(value) && value >= 0)) as Record<string, number>;

/** As the bids save schema: a remark of up to 255 characters per line item. */
export const remarkMaxLength = 255;

export const safe = (run: () => number) => {
  try {
    return run();
  } catch {
    return 0;
  }
};

/** The form's values as a bid on the server holds them. */
export const valuesOf = (record: Record<string, any>): BidValues => {
  const content = record.content ?? {};
  return {
    termsAccepted: Array.isArray(record.termsAccepted) ? record.termsAccepted : [],
    tncInfo: content.tncInfo ?? {},
    bidItemQtys: content.bidItemQtys ?? {},
    rates: content.rates ?? {},
    remarks: content.remarks ?? {},
  };
};

export type FieldPath = ["termsAccepted"] | ["tncInfo" | "bidItemQtys" | "rates" | "remarks", string];

/** Every field of the bid form that any of the versions holds: the ticks as one, each entry on its own. */
export const fieldPaths = (...versions: BidValues[]): FieldPath[] => {
  const paths: FieldPath[] = [["termsAccepted"]];
  for (const group of ["tncInfo", "bidItemQtys", "rates", "remarks"] as const) {
    const keys = new Set(versions.flatMap((values) => Object.keys(values[group] ?? {})));
    keys.forEach((key) => paths.push([group, key]));
  }
  return paths;
};

export const valueAt = (values: BidValues, path: FieldPath): unknown =>
  path.length === 1 ? values.termsAccepted : (values[path[0]] as Record<string, unknown> | undefined)?.[path[1]];

/** Equal as the bid stores them: an empty entry is no entry, and ticks have no order. */
export const sameValue = (a: unknown, b: unknown) => {
  const normal = (value: unknown) =>
    Array.isArray(value) ? JSON.stringify([...value].sort()) : value === null || value === undefined || value === "" ? "" : JSON.stringify(value);
  return normal(a) === normal(b);
};
