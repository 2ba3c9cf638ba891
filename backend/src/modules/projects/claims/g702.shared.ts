// One file on purpose (issue 28): the G702/G703 figures are one chain, each line worked out from the ones
// before it and checked against them (ledgerFailures); split, the chain would be read across files.
import { decimalText, parseDecimal, percentOfCents, ratioPercentText, safeCents, type Decimal } from '../../../format/money.shared.js'
import { contractSums, itemKey, lineAsOf, scheduledValueCents, type ClaimLine, type ScheduleLine } from './schedule-of-values.shared.js'

/*
 * The AIA G702 (application and certificate for payment) and G703 (continuation sheet) figures of
 * a project's claims against its schedule of values (issue 12 item 6). Browser-safe and pure.
 *
 * Money is integer cents; percentages are read exactly; each stored amount is rounded once,
 * half-up, to the cent. Sums and differences of stored amounts are exact and never rounded again.
 * Retainage is figured on the totals to date (G702 line 5a: the percent of completed work, D + E;
 * 5b: the percent of stored materials, F), afresh at each application, so the way the work was
 * spread over applications never changes it; releases of retainage (a retention claim) lower
 * line 5 and are kept to date.
 *
 * Materials stored (F) are a level, stated afresh by each application that has lines: a line it
 * leaves out has none stored (they were built in, or taken away). An application with no lines at
 * all (a pure retention release) states no level: the previous application's F carries forward,
 * line by line, until a later application claims it as work (issue 27 item 5: a release sent
 * without lines dropped 2,788.18 of stored materials from the totals and cut the payment due).
 *
 * Line 7 "less previous certificates for payment" is line 6 of the last certified application
 * before this one (`certified`, accepted claims): an application still under review has no
 * certificate (issue 27 item 6), though its work is in column D of the next.
 *
 * G703, per line: C scheduled value, D work completed from previous applications (Σ E before),
 * E this period, F materials presently stored, G = D + E + F, G ÷ C as a percentage, H = C − G.
 * Columns A to C and G702 lines 1 to 3 are the schedule as it stood when the application was made
 * (`Application.date`): a change order counts from its approval on (issue 27 item 3), so an
 * application keeps the contract sum it was made against.
 * G702: 1 original contract sum, 2 net change by change orders, 3 = 1 + 2, 4 = Σ G, 5 = 5a + 5b −
 * released, 6 = 4 − 5, 7 = the previous application's 6, 8 = 6 − 7, 9 = 3 − 6.
 */

export interface RetainageRates {
  /** Percent of completed work held (G702 5a), e.g. '10'. */
  workPercent: number | string
  /** Percent of stored materials held (G702 5b), e.g. '5'. */
  storedPercent: number | string
}

/** One application for payment: the claim's lines, and any retainage it releases. */
export interface Application {
  lines: readonly ClaimLine[]
  /** Retainage released by this application (a retention claim), in cents. */
  retainageReleasedCents?: number
  /**
   * How many applications this one stands for (1 unless said): earlier ones folded into one, each
   * item's work summed and their releases too, as `computeApplication` folds them (the claim screen
   * has the database sum them instead of reading every claim's lines).
   */
  count?: number
  /** Whether a certificate was issued for it (an accepted claim): only then is its line 6 a previous certificate (line 7) of the next. True unless said. */
  certified?: boolean
  /**
   * When the application was made (ISO instant: the claim's submission): its contract sum counts
   * the change orders approved by then (issue 27 item 3). None: made now, every approved one counts.
   */
  date?: string | Date | null
}

export interface G703Line {
  item: string
  description: string
  /** C */
  scheduledValueCents: number
  /** D */
  previousApplicationCents: number
  /** E */
  thisPeriodCents: number
  /** F */
  materialsStoredCents: number
  /** G = D + E + F */
  totalCompletedAndStoredCents: number
  /** G ÷ C in percent, two decimals ("40.82"); null when C is 0. */
  percentComplete: string | null
  /** H = C − G */
  balanceToFinishCents: number
}

export const g703Columns = ['scheduledValueCents', 'previousApplicationCents', 'thisPeriodCents', 'materialsStoredCents', 'totalCompletedAndStoredCents', 'balanceToFinishCents'] as const
export type G703Column = (typeof g703Columns)[number]

export interface G702Figures {
  /** 1-based: the application's number. */
  applicationNo: number
  originalContractSumCents: number
  netChangeByChangeOrdersCents: number
  contractSumToDateCents: number
  totalCompletedAndStoredCents: number
  retainageOnCompletedWork: { percent: string; cents: number }
  retainageOnStoredMaterials: { percent: string; cents: number }
  /** Retainage released to date (retention claims). */
  retainageReleasedCents: number
  totalRetainageCents: number
  totalEarnedLessRetainageCents: number
  lessPreviousCertificatesCents: number
  currentPaymentDueCents: number
  balanceToFinishIncludingRetainageCents: number
  lines: G703Line[]
  /** Σ of each G703 money column over the lines. */
  totals: Record<G703Column, number>
  /**
   * This application's lines naming no item of the schedule: left out of every figure, so the
   * invariant check refuses them (LEDGER_UNKNOWN_ITEM) instead of certifying what no line explains.
   */
  unscheduledLines?: ClaimLine[]
}

function readPercent(value: number | string): Decimal {
  const percent = parseDecimal(value)
  if (!percent || percent.units < 0n || percent.units > 100n * 10n ** BigInt(percent.scale)) throw new RangeError(`retainage percent out of 0..100: ${String(value)}`)
  return percent
}

/** a + b for whole cents in safe integers: exact whenever the result is a safe integer, refused (RangeError) beyond. */
function add(a: number, b: number): number {
  const sum = a + b
  if (!Number.isSafeInteger(sum)) throw new RangeError(`amount out of range: ${a} + ${b} cents`)
  return sum
}
const subtract = (a: number, b: number) => add(a, -b)

/**
 * The ledger's one pass: per application the G703 columns by schedule line (plain safe-integer
 * cents, exact) and the G702 figures; the G703 lines are built only for the applications
 * `withLines` asks for (the claim screen of a project with 60 claims of 500 lines needs the last).
 */
function runLedger(schedule: readonly ScheduleLine[], applications: readonly Application[], rates: RetainageRates, withLines: (index: number) => boolean): G702Figures[] {
  const workPercent = readPercent(rates.workPercent)
  const storedPercent = readPercent(rates.storedPercent)
  const workPercentText = decimalText(workPercent)
  const storedPercentText = decimalText(storedPercent)
  const count = schedule.length
  const indexOf = new Map<string, number>()
  schedule.forEach((line, index) => {
    const key = itemKey(line.item)
    if (!indexOf.has(key)) indexOf.set(key, index)
  })
  // The schedule as an application saw it: the lines in it, their values (C), and G702 lines 1 to 3.
  const viewOf = (date: Application['date']) => {
    const present = new Array<boolean>(count).fill(false)
    const scheduled = new Array<number>(count).fill(0)
    const lines: ScheduleLine[] = []
    schedule.forEach((line, at) => {
      const shown = lineAsOf(line, date)
      if (!shown) return
      present[at] = true
      scheduled[at] = scheduledValueCents(shown)
      lines.push(shown)
    })
    return { present, scheduled, sums: contractSums(lines) }
  }
  const current = viewOf(null)
  const dated = schedule.some((line) => line.changeOrders?.some((change) => change.approvedAt))
  const completedBefore = new Array<number>(count).fill(0) // D per line: Σ E of the earlier applications
  let storedBefore = new Array<number>(count).fill(0) // F per line of the application before, carried by one without lines
  let releasedToDate = 0
  let previousCertificates = 0
  const ledger: G702Figures[] = []
  applications.forEach((application, index) => {
    const { present, scheduled, sums } = dated && application.date ? viewOf(application.date) : current
    const thisPeriod = new Array<number>(count).fill(0)
    const stored = application.lines.length ? new Array<number>(count).fill(0) : storedBefore.slice()
    storedBefore = stored
    const unscheduledLines: ClaimLine[] = []
    for (const line of application.lines) {
      const at = indexOf.get(itemKey(line.item))
      if (at === undefined || !present[at]) {
        unscheduledLines.push({ item: line.item, workThisPeriodCents: line.workThisPeriodCents, materialsStoredCents: line.materialsStoredCents })
        continue
      }
      thisPeriod[at] = line.workThisPeriodCents
      stored[at] = line.materialsStoredCents
    }
    const totals: Record<G703Column, number> = {
      scheduledValueCents: 0,
      previousApplicationCents: 0,
      thisPeriodCents: 0,
      materialsStoredCents: 0,
      totalCompletedAndStoredCents: 0,
      balanceToFinishCents: 0
    }
    const keep = withLines(index)
    const lines: G703Line[] = []
    for (let at = 0; at < count; at++) {
      if (!present[at]) continue
      const c = scheduled[at]
      const d = completedBefore[at]
      const e = thisPeriod[at]
      const f = stored[at]
      const g = add(add(d, e), f)
      const h = subtract(c, g)
      totals.scheduledValueCents = add(totals.scheduledValueCents, c)
      totals.previousApplicationCents = add(totals.previousApplicationCents, d)
      totals.thisPeriodCents = add(totals.thisPeriodCents, e)
      totals.materialsStoredCents = add(totals.materialsStoredCents, f)
      totals.totalCompletedAndStoredCents = add(totals.totalCompletedAndStoredCents, g)
      totals.balanceToFinishCents = add(totals.balanceToFinishCents, h)
      if (keep) {
        lines.push({
          item: schedule[at].item,
          description: schedule[at].description,
          scheduledValueCents: c,
          previousApplicationCents: d,
          thisPeriodCents: e,
          materialsStoredCents: f,
          totalCompletedAndStoredCents: g,
          percentComplete: ratioPercentText(g, c),
          balanceToFinishCents: h
        })
      }
      completedBefore[at] = add(d, e)
    }
    const completedWork = add(totals.previousApplicationCents, totals.thisPeriodCents)
    const onWork = safeCents(percentOfCents(completedWork, workPercent))
    const onStored = safeCents(percentOfCents(totals.materialsStoredCents, storedPercent))
    releasedToDate = add(releasedToDate, application.retainageReleasedCents ?? 0)
    const totalRetainage = subtract(add(onWork, onStored), releasedToDate)
    const earnedLessRetainage = subtract(totals.totalCompletedAndStoredCents, totalRetainage)
    ledger.push({
      applicationNo: index + 1,
      ...sums,
      totalCompletedAndStoredCents: totals.totalCompletedAndStoredCents,
      retainageOnCompletedWork: { percent: workPercentText, cents: onWork },
      retainageOnStoredMaterials: { percent: storedPercentText, cents: onStored },
      retainageReleasedCents: releasedToDate,
      totalRetainageCents: totalRetainage,
      totalEarnedLessRetainageCents: earnedLessRetainage,
      lessPreviousCertificatesCents: previousCertificates,
      currentPaymentDueCents: subtract(earnedLessRetainage, previousCertificates),
      balanceToFinishIncludingRetainageCents: subtract(sums.contractSumToDateCents, earnedLessRetainage),
      lines,
      totals,
      unscheduledLines
    })
    if (application.certified !== false) previousCertificates = earnedLessRetainage
  })
  return ledger
}

/**
 * The G702/G703 figures of every application in turn (the ledger). Lines of a claim naming no item
 * of the schedule are left out here: `claimLineProblems` refuses them before anything is stored.
 */
export function computeLedger(schedule: readonly ScheduleLine[], applications: readonly Application[], rates: RetainageRates): G702Figures[] {
  return runLedger(schedule, applications, rates, () => true)
}

/**
 * The applications before the last two (and before the last certified one, whose line 6 is the
 * last's line 7) folded into one that leaves the kept ones' figures as they are: the next
 * application's column D is the sum of the work of all before it (per item, each application's own
 * line for an item as runLedger reads it), its materials stored the level they left (carried by
 * an application without lines), and the retainage released to date their sum; the folded one
 * issues no certificate. A claim screen of 60 claims of 500 lines is then worked out over three.
 */
function foldEarlier(applications: readonly Application[]): readonly Application[] {
  // Kept whole: the last two, and back to the last certified one before the last (its line 6 is the last's line 7).
  let keepFrom = applications.length - 2
  while (keepFrom > 0 && applications[keepFrom].certified === false && keepFrom < applications.length - 1) keepFrom--
  if (keepFrom <= 1) return applications
  const earlier = applications.slice(0, keepFrom)
  const work = new Map<string, number>()
  let stored = new Map<string, number>()
  let releasedCents = 0
  for (const application of earlier) {
    const own = new Map<string, number>()
    for (const line of application.lines) own.set(itemKey(line.item), line.workThisPeriodCents)
    for (const [key, cents] of own) work.set(key, add(work.get(key) ?? 0, cents))
    // The materials stored after the earlier ones, carried as runLedger carries them (an application without lines keeps the level).
    if (application.lines.length) stored = new Map(application.lines.map((line) => [itemKey(line.item), line.materialsStoredCents]))
    releasedCents = add(releasedCents, application.retainageReleasedCents ?? 0)
  }
  const items = new Set([...work.keys(), ...stored.keys()])
  const folded: Application = {
    lines: [...items].map((item) => ({ item, workThisPeriodCents: work.get(item) ?? 0, materialsStoredCents: stored.get(item) ?? 0 })),
    retainageReleasedCents: releasedCents,
    count: applicationCount(earlier),
    certified: false
  }
  return [folded, ...applications.slice(keepFrom)]
}

const applicationCount = (applications: readonly Application[]) => applications.reduce((count, application) => count + (application.count ?? 1), 0)

/** The figures of the last of the applications (the claim on screen, after the certified ones), its G703 lines only. */
export function computeApplication(schedule: readonly ScheduleLine[], applications: readonly Application[], rates: RetainageRates): G702Figures {
  if (applications.length === 0) throw new RangeError('computeApplication needs at least one application')
  const worked = foldEarlier(applications)
  const ledger = runLedger(schedule, worked, rates, (index) => index === worked.length - 1)
  return { ...ledger[ledger.length - 1], applicationNo: applicationCount(applications) }
}

/** A figure that does not hold: a named rule, where (line item, column or figure), and the cents expected and found. */
export interface LedgerFailure {
  code:
    | 'LEDGER_NOT_CENTS'
    | 'LEDGER_LINE_TOTAL'
    | 'LEDGER_LINE_BALANCE'
    | 'LEDGER_LINE_PERCENT'
    | 'LEDGER_COLUMN_SUM'
    | 'LEDGER_CONTRACT_SUM'
    | 'LEDGER_COMPLETED_SUM'
    | 'LEDGER_RETAINAGE_ROUNDING'
    | 'LEDGER_RETAINAGE_TOTAL'
    | 'LEDGER_RETENTION_NEGATIVE'
    | 'LEDGER_EARNED'
    | 'LEDGER_OVER_CERTIFIED'
    | 'LEDGER_PAYMENT_DUE'
    | 'LEDGER_BALANCE_TO_FINISH'
    | 'LEDGER_PREVIOUS_CERTIFICATES'
    | 'LEDGER_FIGURE_MISMATCH'
    | 'LEDGER_LINE_OVER_SCHEDULED'
    | 'LEDGER_LINE_NEGATIVE'
    | 'LEDGER_UNKNOWN_ITEM'
    | 'LEDGER_CLAIM_AMOUNT'
  item?: string
  figure?: string
  expectedCents?: number | string | null
  actualCents?: number | string | null
}

const moneyFigures = [
  'originalContractSumCents',
  'netChangeByChangeOrdersCents',
  'contractSumToDateCents',
  'totalCompletedAndStoredCents',
  'retainageReleasedCents',
  'totalRetainageCents',
  'totalEarnedLessRetainageCents',
  'lessPreviousCertificatesCents',
  'currentPaymentDueCents',
  'balanceToFinishIncludingRetainageCents'
] as const

/** What a claim states beside its lines: the completion amount of a work claim (G now − G before), checked against the lines. */
export interface StatedAmounts {
  /** Null for a retention release: its amount is the retainage it releases, not work. */
  completionAmountCents: number | null
  /** Line 6 of the last certified application before this one (0 without one): line 7 (issue 27 item 6). */
  previousCertificatesCents?: number
}

/**
 * Every rule the stored figures of one application break (run after every write; approval is
 * blocked by any): every figure whole cents; per line G = D + E + F, H = C − G and the percent
 * G ÷ C, and 0 ≤ F, 0 ≤ G ≤ C (no line claimed beyond its scheduled value or below nothing); no
 * line of an item the schedule lacks; given what the claim states, its completion amount is what
 * its lines add to G; Σ lines = totals per column; 3 = 1 + 2 = Σ C; 4 = Σ G; 5a and 5b the percent of their
 * base rounded once; 5 = 5a + 5b − released; retention held − released ≥ 0; 6 = 4 − 5; certified
 * (6) ≤ contract sum to date (3); 8 = 6 − 7; 9 = 3 − 6; and, given the previous application's
 * figures (or, stated, the last certified one's line 6), 7 = its 6.
 */
export function ledgerFailures(figures: G702Figures, previous?: G702Figures | null, stated?: StatedAmounts): LedgerFailure[] {
  const failures: LedgerFailure[] = []
  const wholeCents = (figure: string, value: unknown, item?: string) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return true
    failures.push({ code: 'LEDGER_NOT_CENTS', figure, item, actualCents: String(value) })
    return false
  }
  let whole = true
  for (const figure of moneyFigures) whole = wholeCents(figure, figures[figure]) && whole
  whole = wholeCents('retainageOnCompletedWork', figures.retainageOnCompletedWork?.cents) && whole
  whole = wholeCents('retainageOnStoredMaterials', figures.retainageOnStoredMaterials?.cents) && whole
  for (const column of g703Columns) whole = wholeCents(`totals.${column}`, figures.totals?.[column]) && whole
  for (const line of figures.lines ?? []) for (const column of g703Columns) whole = wholeCents(column, line[column], line.item) && whole
  if (!whole) return failures

  const check = (ok: boolean, failure: LedgerFailure) => {
    if (!ok) failures.push(failure)
  }
  const big = (value: number) => BigInt(value)
  for (const line of figures.lines) {
    const g = big(line.previousApplicationCents) + big(line.thisPeriodCents) + big(line.materialsStoredCents)
    check(g === big(line.totalCompletedAndStoredCents), { code: 'LEDGER_LINE_TOTAL', item: line.item, expectedCents: String(g), actualCents: line.totalCompletedAndStoredCents })
    const h = big(line.scheduledValueCents) - big(line.totalCompletedAndStoredCents)
    check(h === big(line.balanceToFinishCents), { code: 'LEDGER_LINE_BALANCE', item: line.item, expectedCents: String(h), actualCents: line.balanceToFinishCents })
    const percent = ratioPercentText(line.totalCompletedAndStoredCents, line.scheduledValueCents)
    check(percent === line.percentComplete, { code: 'LEDGER_LINE_PERCENT', item: line.item, expectedCents: percent, actualCents: line.percentComplete })
    const scheduled = line.scheduledValueCents > 0 ? big(line.scheduledValueCents) : 0n
    check(big(line.totalCompletedAndStoredCents) <= scheduled, {
      code: 'LEDGER_LINE_OVER_SCHEDULED',
      item: line.item,
      expectedCents: String(scheduled),
      actualCents: line.totalCompletedAndStoredCents
    })
    check(line.totalCompletedAndStoredCents >= 0 && line.materialsStoredCents >= 0, {
      code: 'LEDGER_LINE_NEGATIVE',
      item: line.item,
      expectedCents: 0,
      actualCents: Math.min(line.totalCompletedAndStoredCents, line.materialsStoredCents)
    })
  }
  for (const line of figures.unscheduledLines ?? []) {
    failures.push({ code: 'LEDGER_UNKNOWN_ITEM', item: line.item, expectedCents: 0, actualCents: String(line.workThisPeriodCents + line.materialsStoredCents) })
  }
  if (stated && stated.completionAmountCents !== null && previous !== undefined) {
    const added = big(figures.totalCompletedAndStoredCents) - big(previous?.totalCompletedAndStoredCents ?? 0)
    check(added === big(stated.completionAmountCents), { code: 'LEDGER_CLAIM_AMOUNT', figure: 'completionAmountCents', expectedCents: String(added), actualCents: stated.completionAmountCents })
  }
  for (const column of g703Columns) {
    const total = figures.lines.reduce((sum, line) => sum + big(line[column]), 0n)
    check(total === big(figures.totals[column]), { code: 'LEDGER_COLUMN_SUM', figure: column, expectedCents: String(total), actualCents: figures.totals[column] })
  }
  const contract = big(figures.originalContractSumCents) + big(figures.netChangeByChangeOrdersCents)
  check(contract === big(figures.contractSumToDateCents) && contract === big(figures.totals.scheduledValueCents), {
    code: 'LEDGER_CONTRACT_SUM',
    figure: 'contractSumToDateCents',
    expectedCents: String(contract),
    actualCents: figures.contractSumToDateCents
  })
  check(big(figures.totalCompletedAndStoredCents) === big(figures.totals.totalCompletedAndStoredCents), {
    code: 'LEDGER_COMPLETED_SUM',
    figure: 'totalCompletedAndStoredCents',
    expectedCents: figures.totals.totalCompletedAndStoredCents,
    actualCents: figures.totalCompletedAndStoredCents
  })
  const workBase = big(figures.totals.previousApplicationCents) + big(figures.totals.thisPeriodCents)
  for (const [figure, base] of [
    ['retainageOnCompletedWork', workBase],
    ['retainageOnStoredMaterials', big(figures.totals.materialsStoredCents)]
  ] as const) {
    const { percent, cents } = figures[figure]
    const rate = parseDecimal(percent)
    const expected = rate ? percentOfCents(base, rate) : null
    check(expected !== null && expected === big(cents), { code: 'LEDGER_RETAINAGE_ROUNDING', figure, expectedCents: expected === null ? null : String(expected), actualCents: cents })
  }
  const held = big(figures.retainageOnCompletedWork.cents) + big(figures.retainageOnStoredMaterials.cents)
  const retainage = held - big(figures.retainageReleasedCents)
  check(retainage === big(figures.totalRetainageCents), { code: 'LEDGER_RETAINAGE_TOTAL', figure: 'totalRetainageCents', expectedCents: String(retainage), actualCents: figures.totalRetainageCents })
  check(big(figures.totalRetainageCents) >= 0n && big(figures.retainageReleasedCents) >= 0n, {
    code: 'LEDGER_RETENTION_NEGATIVE',
    figure: 'totalRetainageCents',
    expectedCents: String(held),
    actualCents: figures.retainageReleasedCents
  })
  const earned = big(figures.totalCompletedAndStoredCents) - big(figures.totalRetainageCents)
  check(earned === big(figures.totalEarnedLessRetainageCents), {
    code: 'LEDGER_EARNED',
    figure: 'totalEarnedLessRetainageCents',
    expectedCents: String(earned),
    actualCents: figures.totalEarnedLessRetainageCents
  })
  check(big(figures.totalEarnedLessRetainageCents) <= big(figures.contractSumToDateCents), {
    code: 'LEDGER_OVER_CERTIFIED',
    figure: 'totalEarnedLessRetainageCents',
    expectedCents: figures.contractSumToDateCents,
    actualCents: figures.totalEarnedLessRetainageCents
  })
  const due = big(figures.totalEarnedLessRetainageCents) - big(figures.lessPreviousCertificatesCents)
  check(due === big(figures.currentPaymentDueCents), { code: 'LEDGER_PAYMENT_DUE', figure: 'currentPaymentDueCents', expectedCents: String(due), actualCents: figures.currentPaymentDueCents })
  const toFinish = big(figures.contractSumToDateCents) - big(figures.totalEarnedLessRetainageCents)
  check(toFinish === big(figures.balanceToFinishIncludingRetainageCents), {
    code: 'LEDGER_BALANCE_TO_FINISH',
    figure: 'balanceToFinishIncludingRetainageCents',
    expectedCents: String(toFinish),
    actualCents: figures.balanceToFinishIncludingRetainageCents
  })
  const previousCertified = stated?.previousCertificatesCents ?? (previous ? previous.totalEarnedLessRetainageCents : previous === null ? 0 : undefined)
  if (previousCertified !== undefined) {
    check(big(previousCertified) === big(figures.lessPreviousCertificatesCents), {
      code: 'LEDGER_PREVIOUS_CERTIFICATES',
      figure: 'lessPreviousCertificatesCents',
      expectedCents: previousCertified,
      actualCents: figures.lessPreviousCertificatesCents
    })
  }
  return failures
}

/** Every figure of `actual` that differs from `expected` by a cent or more (an outside check, or stored against recomputed). */
export function figureMismatches(expected: G702Figures, actual: G702Figures): LedgerFailure[] {
  const failures: LedgerFailure[] = []
  const compare = (figure: string, a: unknown, b: unknown, item?: string) => {
    if (a !== b) failures.push({ code: 'LEDGER_FIGURE_MISMATCH', figure, item, expectedCents: a as number, actualCents: b as number })
  }
  for (const figure of moneyFigures) compare(figure, expected[figure], actual[figure])
  compare('retainageOnCompletedWork', expected.retainageOnCompletedWork.cents, actual.retainageOnCompletedWork?.cents)
  compare('retainageOnStoredMaterials', expected.retainageOnStoredMaterials.cents, actual.retainageOnStoredMaterials?.cents)
  const actualLines = new Map((actual.lines ?? []).map((line) => [itemKey(line.item), line]))
  for (const line of expected.lines) {
    const other = actualLines.get(itemKey(line.item))
    for (const column of g703Columns) compare(column, line[column], other?.[column], line.item)
  }
  return failures
}

/** The claim's own amounts (spec §3 Submission) of an application against a schedule of values, so the two views never disagree. */
export interface ClaimAmountsOfApplication {
  /** What this claim adds to the total completed and stored (G now − G of the previous application). */
  completionAmountCents: number
  /** The total completed and stored of the previous application. */
  previousAmountCents: number
  /** Σ H: the scheduled value not yet completed or stored. */
  remainingBalanceCents: number
  /** G702 line 5 total: the retention held after this application. */
  retentionAmountCents: number
  /** G702 line 8. */
  paymentDueCents: number
}

export function claimAmountsOfApplication(figures: G702Figures, previous: G702Figures | null): ClaimAmountsOfApplication {
  const previousAmount = previous?.totalCompletedAndStoredCents ?? 0
  return {
    completionAmountCents: subtract(figures.totalCompletedAndStoredCents, previousAmount),
    previousAmountCents: previousAmount,
    remainingBalanceCents: figures.totals.balanceToFinishCents,
    retentionAmountCents: figures.totalRetainageCents,
    paymentDueCents: figures.currentPaymentDueCents
  }
}
