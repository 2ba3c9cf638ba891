import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applicationOf, ledgerClaimsBefore, retentionHeldOf, type LedgerClaim } from './claim-ledger.shared.js'
import { computeLedger, g703Columns, ledgerFailures } from './g702.shared.js'
import { claimLineProblems, contractSums, itemKey, scheduleAsOf, scheduledValueCents, type ClaimLine, type ScheduleLine } from './schedule-of-values.shared.js'
import { changeOrderProblems, claimedToDate, netChangeCents, scheduleWithChangeOrder, type ChangeOrderLine } from '../services/project-change-orders/project-change-orders.shared.js'

/*
 * The ledger identities over random schedules, claims and releases (issue 27, "how it is checked"):
 * every claim is built the way the rules let it through (its lines within their line's value, a
 * release within the retention held by the one definition), some certified and some still open;
 * then for every application Σ lines = totals, certified ≤ contract sum to date, retention held =
 * withheld − released ≥ 0, payment due = earned less retention − previous certificates (the last
 * certified application's line 6), and no invariant of the ledger's own check breaks.
 *
 * Change orders (issue 27 item 3) come between the claims: each revises some lines by a signed
 * amount or adds one, as the service lets it through (never below what was claimed on a line), and
 * is approved at its moment; then each application's contract sum to date is the original sum
 * plus the change orders approved by its date, and what it certifies stays within that sum.
 */

const scheduleArbitrary = fc.array(fc.tuple(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: -5_000_000, max: 5_000_000 })), { minLength: 1, maxLength: 8 }).map((values) =>
  values.map(([original, change], index): ScheduleLine => ({
    item: `L${index + 1}`,
    description: `Line ${index + 1}`,
    originalValueCents: original,
    // A change order may take a line down, never below nothing.
    changeOrders: change === 0 ? [] : [{ revision: 1, amountCents: Math.max(change, -original) }]
  }))
)

/** Between two claims, maybe a change order: a signed share of some lines' values, and maybe an item added. */
const changeOrderArbitrary = fc.option(
  fc.record({
    shares: fc.array(fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: null }), { minLength: 8, maxLength: 8 }),
    addedCents: fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null })
  }),
  { nil: null }
)

/** One step: a work claim (a share of each line's remaining value as work, another as stored) or a release (a share of the retention held, with or without restating lines). */
const stepArbitrary = fc.record({
  release: fc.boolean(),
  withLines: fc.boolean(),
  certified: fc.boolean(),
  shares: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 8, maxLength: 8 }),
  releaseShare: fc.double({ min: 0, max: 1, noNaN: true }),
  changeOrder: changeOrderArbitrary
})

/** The instant of step n: claims and approvals one minute apart, in order. */
const instant = (step: number) => new Date(Date.UTC(2026, 10, 1) + step * 60_000).toISOString()

const rates = fc.constantFrom('0', '5', '10', '12.5', '7.25')

describe('the ledger identities, over random schedules, claims and releases (property)', () => {
  it('Σ lines = totals, certified ≤ contract sum, held = withheld − released ≥ 0, payment due = earned less retention − previous certified', () => {
    fc.assert(
      fc.property(scheduleArbitrary, fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), rates, (imported, steps, percent) => {
        const ratesOf = { workPercent: percent, storedPercent: percent }
        const claims: (LedgerClaim & { order: number })[] = []
        const completed = new Map<string, number>()
        let schedule: ScheduleLine[] = imported
        const approved: { at: string; netCents: number }[] = []
        for (const [index, step] of steps.entries()) {
          const order = index + 1
          // A change order approved just before this step's claim, as the service lets it through.
          if (step.changeOrder) {
            const claimed = claimedToDate(schedule, claims.map(applicationOf))
            const lines: ChangeOrderLine[] = []
            schedule.forEach((line, at) => {
              const share = step.changeOrder!.shares[at]
              if (share === null || share === undefined) return
              const value = scheduledValueCents(line)
              const floor = claimed.get(itemKey(line.item)) ?? 0
              // Up by a share of the value, or down by a share of what is not yet claimed.
              const amountCents = share >= 0 ? Math.floor(value * share) : -Math.floor((value - floor) * -share)
              if (amountCents !== 0) lines.push({ type: 'REVISE', item: line.item, amountCents })
            })
            if (step.changeOrder.addedCents !== null) lines.push({ type: 'ADD', item: `CO${order}`, description: `Added by CO ${order}`, amountCents: step.changeOrder.addedCents })
            if (lines.length) {
              expect(changeOrderProblems(schedule, lines, claimed)).toEqual([])
              const at = instant(2 * order - 1)
              schedule = scheduleWithChangeOrder(schedule, { number: order, lines }, at)
              approved.push({ at, netCents: netChangeCents(lines) })
            }
          }
          const date = instant(2 * order)
          const asOf = scheduleAsOf(schedule, date)
          const lines: ClaimLine[] = []
          if (!step.release || step.withLines) {
            asOf.forEach((line, at) => {
              const remaining = Math.max(scheduledValueCents(line), 0) - (completed.get(itemKey(line.item)) ?? 0)
              const work = Math.floor(remaining * step.shares[at % 8][0])
              const stored = Math.floor((remaining - work) * step.shares[at % 8][1])
              if (work || stored) lines.push({ item: line.item, workThisPeriodCents: work, materialsStoredCents: stored })
            })
          }
          const draft = { id: order, order, status: 'DRAFT', completionType: step.release ? 'RETENTION' : 'PARTIAL', completionAmountCents: 0, lines, submittedAt: date }
          // The rules let it through: lines within their value; a release within the retention held (the one definition).
          const before = ledgerClaimsBefore(claims, draft)
          const previous = new Map<string, number>(completed)
          expect(claimLineProblems(asOf, lines, previous)).toEqual([])
          const figures = computeLedger(schedule, [...before.map(applicationOf), applicationOf(draft)], ratesOf).at(-1)!
          // Materials taken away after the retention on them was released would leave less held than
          // released: the rules refuse such a claim when it is saved (a release: CLAIM_RELEASE_EXCEEDS_HELD,
          // as it may draw on nothing; a work claim: CLAIM_STORED_BELOW_RELEASED).
          const held = retentionHeldOf(figures, applicationOf(draft))
          if (step.release) {
            if (held < 0) continue
            draft.completionAmountCents = Math.floor(held * step.releaseShare)
          } else if (figures.totalRetainageCents < 0) continue
          for (const line of lines) completed.set(itemKey(line.item), (completed.get(itemKey(line.item)) ?? 0) + line.workThisPeriodCents)
          claims.push({ ...draft, status: step.certified ? 'APPR' : 'OPEN' })
        }

        const applications = claims.map(applicationOf)
        const ledger = computeLedger(schedule, applications, ratesOf)
        const original = contractSums(imported)
        let released = 0
        let lastCertified: number | null = null
        ledger.forEach((figures, index) => {
          for (const column of g703Columns) expect(figures.totals[column]).toBe(figures.lines.reduce((sum, line) => sum + line[column], 0))
          expect(figures.totalCompletedAndStoredCents).toBe(figures.totals.totalCompletedAndStoredCents)
          // Contract sum to date = original (with the changes imported with it) + the change orders approved by the application's date.
          const date = claims[index].submittedAt as string
          const changed = approved.filter((change) => change.at <= date).reduce((sum, change) => sum + change.netCents, 0)
          expect(figures.originalContractSumCents).toBe(original.originalContractSumCents)
          expect(figures.netChangeByChangeOrdersCents).toBe(original.netChangeByChangeOrdersCents + changed)
          expect(figures.contractSumToDateCents).toBe(original.contractSumToDateCents + changed)
          expect(figures.totalEarnedLessRetainageCents).toBeLessThanOrEqual(figures.contractSumToDateCents)
          released += applications[index].retainageReleasedCents ?? 0
          const withheld = figures.retainageOnCompletedWork.cents + figures.retainageOnStoredMaterials.cents
          expect(figures.retainageReleasedCents).toBe(released)
          expect(figures.totalRetainageCents).toBe(withheld - released)
          expect(figures.totalRetainageCents).toBeGreaterThanOrEqual(0)
          expect(figures.totalEarnedLessRetainageCents).toBe(figures.totalCompletedAndStoredCents - figures.totalRetainageCents)
          expect(figures.lessPreviousCertificatesCents).toBe(lastCertified ?? 0)
          expect(figures.currentPaymentDueCents).toBe(figures.totalEarnedLessRetainageCents - (lastCertified ?? 0))
          expect(ledgerFailures(figures, index ? ledger[index - 1] : null, { completionAmountCents: null, previousCertificatesCents: lastCertified ?? 0 })).toEqual([])
          if (applications[index].certified) lastCertified = figures.totalEarnedLessRetainageCents
        })
      }),
      { numRuns: 1000 }
    )
  })
})
