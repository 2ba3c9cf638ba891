import {
  claimFigures,
  isRetentionRelease,
  type ClaimFigures,
  type ClaimInput,
  type ClaimProject,
  type OtherClaim,
} from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import { claimAmountsOfApplication, computeLedger, type Application, type G702Figures } from "../../../../../backend/src/modules/projects/claims/g702.shared";
import { itemKey, type ClaimLine, type ScheduleLine } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { readRetentionPercent } from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import { applicationOf, ledgerClaimsBefore, retentionHeldOf } from "../../../../../backend/src/modules/projects/claims/claim-ledger.shared";
import type { Submission } from "./api";

/*
 * The figures the claim screens show while a claim is typed, from the pure rules the server
 * stores (claim-rules.shared.ts, g702.shared.ts): nothing is worked out here a second way.
 */

/** The project's side of the claim rules. */
export function claimProject(project: Record<string, any>): ClaimProject {
  return {
    totalAmountCents: Number(project.totalAmountCents ?? 0),
    retentionPercent: project.retentionPercent ?? null,
    actualCommencementDate: project.actualCommencementDate ?? null,
    dlpDate: project.dlpDate ?? null,
  };
}

export const otherClaims = (claims: readonly Submission[]): OtherClaim[] =>
  claims.map(({ id, status, completionType, completionAmountCents }) => ({ id, status, completionType, completionAmountCents }));

/** The retainage rates of the project's G702: its retention percent on completed work and on stored materials (0 while not set). */
export function retainageRates(project: Record<string, any>) {
  const percent = readRetentionPercent(project.retentionPercent);
  const rate = percent === null || percent === "invalid" ? "0" : String(project.retentionPercent);
  return { workPercent: rate, storedPercent: rate };
}

/** The applications certified or under review before this claim (by order), each as the server's ledger reads it (claim-ledger.shared.ts). */
export function previousApplications(claims: readonly Submission[], current: { id?: string | number | null; order?: number | null }): Application[] {
  return ledgerClaimsBefore(claims, current).map(applicationOf);
}

export interface LiveFigures {
  figures: ClaimFigures;
  /** The G702/G703 figures of the claim as typed, when the project has a schedule of values. */
  ledger: G702Figures | null;
  /** The previous application's G per line (column D of this claim), by item key. */
  previousCents: Map<string, number>;
  /** The completion amount the lines give (G now − G before), when there is a schedule. */
  linesCompletionCents: number | null;
  /** With a schedule, the retention held as the G702 ledger holds it: what a release may draw on (the server's one definition). */
  ledgerRetentionHeldCents: number | null;
}

/** Everything the form shows for the claim as typed. A ledger that cannot be figured (an amount out of range) is left out. */
export function liveFigures(
  project: Record<string, any>,
  schedule: readonly ScheduleLine[],
  claims: readonly Submission[],
  claim: ClaimInput & { order?: number | null },
  lines: readonly ClaimLine[],
): LiveFigures {
  const previousCents = new Map<string, number>();
  let ledger: G702Figures | null = null;
  let linesCompletionCents: number | null = null;
  let ledgerRetentionHeldCents: number | null = null;
  if (schedule.length > 0) {
    try {
      const earlier = previousApplications(claims, claim);
      const release = isRetentionRelease(claim.completionType);
      const own = applicationOf({ ...claim, status: "DRAFT", lines });
      const all = computeLedger(schedule, [...earlier, own], retainageRates(project));
      ledger = all[all.length - 1];
      ledgerRetentionHeldCents = retentionHeldOf(ledger, own);
      const previous = all.length > 1 ? all[all.length - 2] : null;
      for (const line of ledger.lines) previousCents.set(itemKey(line.item), line.previousApplicationCents);
      if (!release) linesCompletionCents = claimAmountsOfApplication(ledger, previous).completionAmountCents;
    } catch {
      ledger = null;
    }
  }
  const completion = linesCompletionCents ?? claim.completionAmountCents;
  const figures = claimFigures(claimProject(project), { ...claim, completionAmountCents: completion, ledgerRetentionHeldCents }, otherClaims(claims));
  return { figures, ledger, previousCents, linesCompletionCents, ledgerRetentionHeldCents };
}
