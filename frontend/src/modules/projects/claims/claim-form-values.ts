import dayjs, { type Dayjs } from "dayjs";
import { itemKey, type ClaimLine, type ScheduleLine } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { amountText, centsInput, inputCents, type Submission } from "./api";

// The claim form's values: a claim as the form holds it, the amounts as the claim rules read them.

interface LineValues {
  work?: number | string | null;
  stored?: number | string | null;
}

export interface ClaimValues {
  completionType?: string | null;
  invoiceNumber?: string;
  invoiceAmount?: number | string | null;
  invoiceDate?: Dayjs | null;
  completionAmount?: number | string | null;
  deductionAmount?: number | string | null;
  releaseOverrideReason?: string;
  lines?: LineValues[];
}

const day = (value: unknown) => (value ? dayjs(String(value).slice(0, 10)) : null);
const cents0 = (value: unknown) => {
  const cents = inputCents(value);
  return cents === null || Number.isNaN(cents) ? 0 : cents;
};
/** A typed amount as the rules read it: a number of cents, or a value the rules refuse (NaN reads as no amount). */
export const ruleCents = (value: unknown) => {
  const cents = inputCents(value);
  return cents === null ? null : Number.isNaN(cents) ? -1 : cents;
};

/** A claim (none: a new one) as the form holds it: the lines one per schedule line, in its order. */
export function claimForm(claim: Submission | null, project: Record<string, any>, schedule: readonly ScheduleLine[]): ClaimValues {
  const byKey = new Map((claim?.lines ?? []).map((line) => [itemKey(line.item), line]));
  return {
    completionType: claim?.completionType ?? "PARTIAL",
    invoiceNumber: claim?.invoiceNumber ?? "",
    invoiceAmount: centsInput(claim?.invoiceAmountCents),
    invoiceDate: day(claim?.invoiceDate),
    completionAmount: centsInput(claim?.completionAmountCents),
    deductionAmount: centsInput(claim ? claim.deductionAmountCents : Number(project.deductionCents ?? 0)),
    releaseOverrideReason: claim?.releaseOverrideReason ?? "",
    lines: schedule.map((line) => {
      const entered = byKey.get(itemKey(line.item));
      return { work: centsInput(entered?.workThisPeriodCents), stored: centsInput(entered?.materialsStoredCents) };
    }),
  };
}

/** The lines of a conflict's side: each line with anything entered, by its item (work / stored). */
export const linesText = (schedule: readonly ScheduleLine[], value: unknown) =>
  typedLines(schedule, value as LineValues[] | undefined)
    .map((line) => `${line.item}: ${amountText(line.workThisPeriodCents)} / ${amountText(line.materialsStoredCents)}`)
    .join("\n") || "–";

/** The claim's lines as typed, one per schedule line with anything entered. */
export function typedLines(schedule: readonly ScheduleLine[], values: LineValues[] | undefined): ClaimLine[] {
  return schedule
    .map((line, index) => ({ item: line.item, workThisPeriodCents: cents0(values?.[index]?.work), materialsStoredCents: cents0(values?.[index]?.stored) }))
    .filter((line) => line.workThisPeriodCents !== 0 || line.materialsStoredCents !== 0);
}

/** Figures named for a message: `balanceCents: 3800000` also gives `balance: "38,000.00"`. */
export const messageData = (data: Record<string, string | number> = {}) => {
  const texts: Record<string, string | number> = { ...data };
  for (const [key, value] of Object.entries(data)) if (key.endsWith("Cents") && typeof value === "number") texts[key.slice(0, -5)] = amountText(value);
  return texts;
};
