import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Language } from '../../../../i18n/messages.js'
import { formatAmount, formatDate, formatDateTime, fromCents, regionCurrency } from '../../../../format/format.shared.js'
import { ratioPercentText } from '../../../../format/money.shared.js'
import type { G702Figures } from '../g702.shared.js'
import { claimDocumentLabels, fill, type ClaimDocumentLabels } from './labels.js'
import { framedDocument, ruledTable } from './page-frame.js'

/*
 * The claim document (issue 12 item 8; documentType projectSubmission): the AIA G702 summary
 * page and the G703 continuation sheet(s) of one frozen version of a claim, in the reader's
 * language. Pure: it prints a snapshot and nothing else, and nothing in it reads a clock or draws a
 * random number (the PDF's CreationDate is the version's submission instant, and pdfkit derives
 * the file id from the document's info), so the same snapshot and language give the same bytes.
 */

/** An entry of the claim's action history as printed: the person already named. */
export interface ClaimDocumentHistoryEntry {
  action: string
  at: string
  byName?: string | null
  reason?: string | null
  note?: string | null
}

/** What the claim document prints: one version of a claim as it was frozen, with the project's facts of that moment. */
export interface ClaimDocumentSnapshot {
  project: {
    id: string
    number: string
    numberType: 'PO' | 'CONTRACT' | string
    revisionNum?: number | null
    siteName?: string | null
    projectLocation?: string | null
    vendorName: string
    personInChargeName?: string | null
    currency?: string | null
    totalAmountCents: number
    retentionPercent?: number | string | null
    dlpDate?: string | null
  }
  claim: {
    id: string
    order: number
    version: number
    status: string
    completionType?: string | null
    invoiceNumber?: string | null
    invoiceDate?: string | null
    invoiceAmountCents?: number | null
    completionAmountCents?: number | null
    previousAmountCents?: number | null
    remainingBalanceCents?: number | null
    deductionAmountCents?: number | null
    retentionAmountCents?: number | null
    retainageReleasedCents?: number | null
    inspectorName?: string | null
    /** The version's submission instant (ISO): printed, and the PDF's CreationDate. */
    submittedAt: string
    submittedByName?: string | null
  }
  /** The G702/G703 figures frozen with the version; null when the project has no schedule of values. */
  figures: G702Figures | null
  history: readonly ClaimDocumentHistoryEntry[]
}

export interface ClaimDocumentSettings {
  language: Language
  /** The region's clock: dates print on it. */
  timeZone?: string | null
}

// A4 landscape: the G703's nine columns need the width.
const PAGE_WIDTH = 841.89
const SIDE = 32
const TOP = 64
const CONTENT_WIDTH = PAGE_WIDTH - 2 * SIDE

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatAmount(fromCents(cents)))

const tableLayout = ruledTable(2, 3)

function facts(rows: [string, string][], width = 120): Content {
  const body = rows.filter(([, value]) => value !== '').map(([label, value]): TableCell[] => [{ text: label, style: 'label' }, { text: value }])
  return body.length ? { table: { widths: [width, '*'], body }, layout: 'noBorders' } : { text: '' }
}

function projectFacts(snapshot: ClaimDocumentSnapshot, labels: ClaimDocumentLabels, settings: ClaimDocumentSettings): Content {
  const { project } = snapshot
  const numberLabel = project.numberType === 'CONTRACT' ? labels.numberCONTRACT : labels.numberPO
  const number = project.revisionNum ? `${project.number} (${labels.revision} ${project.revisionNum})` : project.number
  return facts([
    [numberLabel, number],
    [labels.site, text(project.siteName)],
    [labels.location, text(project.projectLocation)],
    [labels.vendor, project.vendorName],
    [labels.personInCharge, text(project.personInChargeName)],
    [labels.projectAmount, money(project.totalAmountCents)],
    [labels.retentionPercent, project.retentionPercent === null || project.retentionPercent === undefined ? '' : `${formatAmount(project.retentionPercent)}%`],
    [labels.dlpDate, formatDate(project.dlpDate, settings)]
  ])
}

function claimFacts(snapshot: ClaimDocumentSnapshot, labels: ClaimDocumentLabels, settings: ClaimDocumentSettings): Content {
  const { claim } = snapshot
  const type = claim.completionType ? ((labels.completionTypes as Record<string, string>)[claim.completionType] ?? claim.completionType) : ''
  return facts([
    [labels.claimOrder, String(claim.order)],
    [labels.version, String(claim.version)],
    [labels.status, (labels.statuses as Record<string, string>)[claim.status] ?? claim.status],
    [labels.completionType, type],
    [labels.invoiceNumber, text(claim.invoiceNumber)],
    [labels.invoiceDate, formatDate(claim.invoiceDate, settings)],
    [labels.invoiceAmount, money(claim.invoiceAmountCents)],
    [labels.submittedAt, formatDateTime(claim.submittedAt, settings)],
    [labels.submittedBy, text(claim.submittedByName)],
    [labels.inspector, text(claim.inspectorName)]
  ])
}

/** A row of amounts, or a heading (`'heading'`: its label alone, as G702's "5. Retainage:" above 5a and 5b). */
function amountRows(rows: [string, number | null | undefined | 'heading', boolean?][]): Content {
  const body = rows
    .filter(([, cents]) => cents !== null && cents !== undefined)
    .map(([label, cents, strong]): TableCell[] => [
      { text: label, bold: Boolean(strong) },
      { text: cents === 'heading' ? '' : money(cents), alignment: 'right', bold: Boolean(strong) }
    ])
  return { table: { widths: ['*', 130], body }, layout: tableLayout }
}

/** G702: the nine lines of the application summary. */
function g702Table(figures: G702Figures, labels: ClaimDocumentLabels): Content {
  const l = labels.g702
  return amountRows([
    [l.originalContractSum, figures.originalContractSumCents],
    [l.netChangeByChangeOrders, figures.netChangeByChangeOrdersCents],
    [l.contractSumToDate, figures.contractSumToDateCents, true],
    [l.totalCompletedAndStored, figures.totalCompletedAndStoredCents],
    [l.retainage, 'heading'],
    [fill(l.retainageOnCompletedWork, { percent: figures.retainageOnCompletedWork.percent }), figures.retainageOnCompletedWork.cents],
    [fill(l.retainageOnStoredMaterials, { percent: figures.retainageOnStoredMaterials.percent }), figures.retainageOnStoredMaterials.cents],
    [l.retainageReleased, figures.retainageReleasedCents],
    [l.totalRetainage, figures.totalRetainageCents],
    [l.totalEarnedLessRetainage, figures.totalEarnedLessRetainageCents],
    [l.lessPreviousCertificates, figures.lessPreviousCertificatesCents],
    [l.currentPaymentDue, figures.currentPaymentDueCents, true],
    [l.balanceToFinish, figures.balanceToFinishIncludingRetainageCents]
  ])
}

/** A claim without a schedule of values: its own amounts (spec §3 Submission). */
function claimAmounts(snapshot: ClaimDocumentSnapshot, labels: ClaimDocumentLabels): Content {
  const { claim, project } = snapshot
  const a = labels.amounts
  return amountRows([
    [a.totalAmount, project.totalAmountCents],
    [a.deduction, claim.deductionAmountCents],
    [a.retention, claim.retentionAmountCents],
    [a.previousAmount, claim.previousAmountCents],
    [a.completionAmount, claim.completionAmountCents, true],
    [a.retainageReleased, claim.retainageReleasedCents || null],
    [a.remainingBalance, claim.remainingBalanceCents]
  ])
}

function historyTable(snapshot: ClaimDocumentSnapshot, labels: ClaimDocumentLabels, settings: ClaimDocumentSettings): Content {
  if (!snapshot.history.length) return { text: labels.noHistory, style: 'note' }
  const h = labels.history
  const header: TableCell[] = [h.at, h.action, h.by, h.note].map((label) => ({ text: label, style: 'tableHeader' }))
  const body: TableCell[][] = [
    header,
    ...snapshot.history.map((entry): TableCell[] => [
      formatDateTime(entry.at, settings),
      (labels.actions as Record<string, string>)[entry.action] ?? entry.action,
      text(entry.byName),
      [entry.reason, entry.note].filter(Boolean).join(' · ')
    ])
  ]
  return { table: { headerRows: 1, widths: [110, 90, 140, '*'], body, dontBreakRows: true }, layout: tableLayout }
}

const right = (value: string, bold = false): TableCell => ({ text: value, alignment: 'right', bold })

/** G703: one row per schedule line, the header row repeated on every page, the grand total last. */
function g703Table(figures: G702Figures, labels: ClaimDocumentLabels): Content {
  const g = labels.g703
  const header: TableCell[] = [g.item, g.description, g.scheduledValue, g.previous, g.thisPeriod, g.stored, g.total, g.percent, g.balance].map((label, index) => ({
    text: label,
    style: 'tableHeader',
    alignment: index < 2 ? 'left' : 'right'
  }))
  const body: TableCell[][] = [header]
  for (const line of figures.lines) {
    body.push([
      line.item,
      line.description,
      right(money(line.scheduledValueCents)),
      right(money(line.previousApplicationCents)),
      right(money(line.thisPeriodCents)),
      right(money(line.materialsStoredCents)),
      right(money(line.totalCompletedAndStoredCents)),
      right(line.percentComplete === null ? '' : `${line.percentComplete}%`),
      right(money(line.balanceToFinishCents))
    ])
  }
  const t = figures.totals
  const ratio = ratioPercentText(t.totalCompletedAndStoredCents, t.scheduledValueCents)
  const percent = ratio === null ? '' : `${ratio}%`
  body.push([
    { text: g.totals, bold: true, colSpan: 2 },
    '',
    right(money(t.scheduledValueCents), true),
    right(money(t.previousApplicationCents), true),
    right(money(t.thisPeriodCents), true),
    right(money(t.materialsStoredCents), true),
    right(money(t.totalCompletedAndStoredCents), true),
    right(percent, true),
    right(money(t.balanceToFinishCents), true)
  ])
  return { table: { headerRows: 1, widths: [48, '*', 72, 72, 72, 72, 78, 46, 72], body }, layout: tableLayout, fontSize: 7.5 }
}

/** The file name of a version's document: "Payment Claim PO-1 3 v2.pdf". */
export function claimDocumentFileName(snapshot: ClaimDocumentSnapshot, language: Language = 'en-US'): string {
  return fill(claimDocumentLabels(language).fileName, { number: snapshot.project.number.replace(/[\\/:*?"<>|]/g, '-'), order: snapshot.claim.order, version: snapshot.claim.version })
}

/** The pdfmake definition of one claim version: the G702 page, then the G703 sheet(s). */
export function claimDocument(snapshot: ClaimDocumentSnapshot, settings: ClaimDocumentSettings): TDocumentDefinitions {
  const labels = claimDocumentLabels(settings.language)
  const { project, claim, figures } = snapshot
  const reference = fill(labels.reference, { order: claim.order, version: claim.version })
  const footer = fill(labels.footer, { number: project.number, order: claim.order, version: claim.version, submittedAt: formatDateTime(claim.submittedAt, settings) })
  const currency = fill(labels.currencyNote, { currency: regionCurrency(project.currency) })
  const content: Content[] = [
    {
      columns: [
        { width: '*', stack: [{ text: labels.project, style: 'section' }, projectFacts(snapshot, labels, settings)] },
        { width: 20, text: '' },
        { width: '*', stack: [{ text: labels.claim, style: 'section' }, claimFacts(snapshot, labels, settings)] }
      ]
    },
    {
      columns: [
        { text: figures ? labels.summary : labels.amountsTitle, style: 'section', width: '*' },
        { text: currency, style: 'note', width: 'auto', margin: [0, 14, 0, 0] }
      ]
    },
    figures ? g702Table(figures, labels) : claimAmounts(snapshot, labels),
    { text: labels.approvals, style: 'section' },
    historyTable(snapshot, labels, settings)
  ]
  if (figures) {
    content.push(
      { text: labels.continuationTitle, style: 'sheetTitle', pageBreak: 'before' },
      {
        columns: [
          { text: reference, style: 'note', width: '*' },
          { text: currency, style: 'note', width: 'auto' }
        ],
        margin: [0, 0, 0, 4]
      },
      g703Table(figures, labels)
    )
  } else {
    content.push({ text: labels.g703.noSchedule, style: 'note', margin: [0, 12, 0, 0] })
  }
  return framedDocument({
    orientation: 'landscape',
    side: SIDE,
    top: TOP,
    bottom: 36,
    headerTop: 22,
    header: () => ({
      stack: [
        {
          columns: [
            { text: [labels.title, { text: '  G702 / G703', fontSize: 10, color: '#5b6b80' }], style: 'title', width: '*' },
            { text: `${project.number} · ${reference}`, style: 'headerRef', width: 'auto', alignment: 'right' }
          ]
        },
        { canvas: [{ type: 'line', x1: 0, y1: 6, x2: CONTENT_WIDTH, y2: 6, lineWidth: 0.8, lineColor: '#1f3b63' }] }
      ]
    }),
    title: `${labels.title} ${project.number} ${reference}`,
    // Deterministic bytes: the CreationDate is the submission instant.
    createdAt: claim.submittedAt,
    footer,
    pageLabel: labels.page,
    content,
    styles: {
      sheetTitle: { fontSize: 13, bold: true, color: '#1f3b63', margin: [0, 0, 0, 2] },
      headerRef: { fontSize: 10, bold: true, color: '#1f3b63', margin: [0, 4, 0, 0] },
      section: { fontSize: 11, bold: true, color: '#1f3b63', margin: [0, 10, 0, 4] },
      tableHeader: { bold: true, fillColor: '#e8edf4', fontSize: 7.5 }
    }
  })
}
