import { isRetentionRelease } from './claim-rules.shared.js'
import type { Application, G702Figures } from './g702.shared.js'
import type { ClaimLine } from './schedule-of-values.shared.js'

/*
 * A project's claims as the G702 ledger reads them (issue 27 items 4 to 6), browser-safe and pure:
 * the server's approval and claim screen, the claim form in the browser and the retention calendar
 * build their applications here, so each reads the same ledger.
 */

/** The claim statuses in the ledger: submitted or accepted. */
export const ledgerStates: readonly string[] = ['OPEN', 'APPR']

/** A claim as the ledger reads it. */
export interface LedgerClaim {
  id?: string | number | null
  order?: number | null
  status: string
  completionType: string | null
  completionAmountCents: number | string | null
  lines?: readonly ClaimLine[] | null
  /** When its current version was submitted: the date of the application (the change orders its contract sum counts). */
  submittedAt?: string | Date | null
}

/**
 * One claim as an application for payment: its lines (a release's too: they meet the same rules),
 * the retainage a release releases (its amount), whether a certificate was issued (accepted), and
 * its date: a submitted claim was made when its version was submitted, so the change orders
 * approved after that are not in its contract sum (issue 27 item 3); a claim being edited is made
 * now, against every approved one.
 */
export function applicationOf(claim: LedgerClaim): Application {
  return {
    lines: claim.lines ?? [],
    retainageReleasedCents: isRetentionRelease(claim.completionType) ? Number(claim.completionAmountCents ?? 0) || 0 : 0,
    certified: claim.status === 'APPR',
    date: ledgerStates.includes(claim.status) ? (claim.submittedAt ?? null) : null
  }
}

/** The project's claims in the ledger before `current` (by order; the claim itself left out), in order. */
export function ledgerClaimsBefore<C extends LedgerClaim>(claims: readonly C[], current: { id?: string | number | null; order?: number | null }): C[] {
  const order = current.order ?? Number.MAX_SAFE_INTEGER
  return claims
    .filter((claim) => String(claim.id) !== String(current.id ?? '') && ledgerStates.includes(claim.status) && (claim.order ?? Number.MAX_SAFE_INTEGER) < order)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}

/**
 * The one "retention held" of a project with a schedule of values (issue 27 item 4): G702 5a + 5b
 * of the application less what the applications before it released. What a release may draw on
 * (the form offers it, approval allows it) and, after the last application, what is still held
 * (the calendar and its reminder): `totalRetainageCents` + this application's own release.
 */
export function retentionHeldOf(figures: G702Figures, application: Pick<Application, 'retainageReleasedCents'>): number {
  return figures.totalRetainageCents + (application.retainageReleasedCents ?? 0)
}
