// One file on purpose (issue 28): the three tender PDFs share one page layout, header and line-item
// tables; a document is read as one definition.
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Language } from '../../../i18n/messages.js'
import { bidTotal, discountTypeLabel, flattenLineItems, lineTotal, type BidRate, type TenderLineItem } from '../services/tenders/tender-amounts.js'
import { isRemovedItem } from '../services/tenders/addendum-diff.js'
import { documentLabels, fill, statusLabel, type DocumentLabels } from './labels.js'
import { formatAmount, formatDateTime, formatMoney, regionCurrency } from '../../../format/format.shared.js'

/*
 * The tender PDFs of spec §7 (tenderSummary, tenderBid, tenderQuery) as pdfmake definitions,
 * built from records the caller was allowed to read (the services decide; nothing here reads the
 * database). Pure, so the layout is tested without a server.
 */

export interface DocumentSettings {
  language: Language
  /** The region's time zone: dates print on its clock. */
  timeZone?: string
  /** Currency of amounts when the tender has none (the region's; USD when none). */
  currency?: string
  now?: Date
}

export interface BidLine {
  companyName: string
  status: string
  submittedAt?: unknown
  /** Null when the bid is sealed for the reader or has no prices. */
  total: number | null
  sealed: boolean
}

const MM = 72 / 25.4
/** Spec §7: tender contractor PDF header height 28 mm. */
export const HEADER_HEIGHT = Math.round(28 * MM)
const SIDE = 40

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

function pageFrame(title: string, subtitle: string, labels: DocumentLabels, settings: DocumentSettings): Partial<TDocumentDefinitions> {
  const printed = fill(labels.printedAt, { date: formatDateTime(settings.now ?? new Date(), settings) })
  return {
    pageSize: 'A4',
    pageMargins: [SIDE, HEADER_HEIGHT, SIDE, 40],
    header: () => ({
      margin: [SIDE, 24, SIDE, 0],
      stack: [
        {
          columns: [
            { text: title, style: 'title', width: '*' },
            { text: subtitle, style: 'headerRef', width: 'auto', alignment: 'right' }
          ]
        },
        { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 595.28 - 2 * SIDE, y2: 6, lineWidth: 0.8, lineColor: '#1f3b63' }] }
      ]
    }),
    footer: (page: number, pages: number) => ({
      margin: [SIDE, 12, SIDE, 0],
      columns: [
        { text: printed, style: 'footer' },
        { text: fill(labels.page, { page, pages }), style: 'footer', alignment: 'right' }
      ]
    }),
    styles: {
      title: { fontSize: 16, bold: true, color: '#1f3b63' },
      headerRef: { fontSize: 11, bold: true, color: '#1f3b63', margin: [0, 4, 0, 0] },
      section: { fontSize: 11, bold: true, color: '#1f3b63', margin: [0, 12, 0, 4] },
      label: { bold: true, color: '#444444' },
      tableHeader: { bold: true, fillColor: '#e8edf4' },
      group: { bold: true, fillColor: '#f5f5f5' },
      total: { bold: true },
      sealed: { bold: true, color: '#a8071a', fontSize: 11 },
      note: { color: '#666666', italics: false },
      footer: { fontSize: 7, color: '#888888' }
    }
  }
}

/** Label/value rows, empty values left out. */
function facts(rows: [string, string][]): Content {
  const body = rows.filter(([, value]) => value !== '').map(([label, value]) => [{ text: label, style: 'label' }, { text: value }])
  if (!body.length) return { text: '' }
  return { table: { widths: [110, '*'], body }, layout: 'noBorders', margin: [0, 0, 0, 4] }
}

function tenderFacts(tender: any, labels: DocumentLabels, settings: DocumentSettings, showBudget: boolean): Content {
  const currency = regionCurrency(tender.currency || settings.currency)
  return facts([
    [labels.prNumber, text(tender.prNumber)],
    [labels.description, text(tender.prDescription)],
    [labels.tenderType, statusLabel(settings.language, tender.tenderType)],
    [labels.status, statusLabel(settings.language, tender.status)],
    [labels.region, text(tender.region)],
    [labels.issuedAt, formatDateTime(tender.issuedAt, settings)],
    [labels.closingAt, formatDateTime(tender.closingAt, settings)],
    [labels.validity, tender.validityDays ? fill(labels.validityDays, { days: tender.validityDays }) : ''],
    [labels.budget, showBudget && tender.amount != null ? formatMoney(tender.amount, currency) : '']
  ])
}

const generalFields = [
  'projectDescription',
  'projectLocation',
  'projectStart',
  'estimatedProjectDuration',
  'workingHours',
  'noisyWorkingHours',
  'specialWorkingHours',
  'paymentTerms',
  'onsiteVisitRequired',
  'onsiteContact',
  'onsiteLocation'
] as const
const scopeFields = ['generalDesc', 'generalSpec', 'particularDesc', 'technicalDesc'] as const

function generalAndScope(tender: any, labels: DocumentLabels): Content[] {
  const general = tender.general ?? {}
  const scope = tender.scope ?? {}
  const generalRows = generalFields.map((field): [string, string] => {
    const value = general[field]
    return [labels[field], typeof value === 'boolean' ? (value ? labels.yes : labels.no) : text(value)]
  })
  const scopeRows = scopeFields.map((field): [string, string] => [labels[field], text(scope[field])])
  const out: Content[] = []
  if (generalRows.some(([, v]) => v)) out.push({ text: labels.general, style: 'section' }, facts(generalRows))
  if (scopeRows.some(([, v]) => v)) out.push({ text: labels.scope, style: 'section' }, facts(scopeRows))
  return out
}

interface PricedLine {
  quantity: unknown
  rate: number | null
  discount: string
  amount: number | null
  remark?: string
}

/** The label printed beside a line item an issued addendum added (N) or edited (E); removed lines are not printed. */
const printedLabel = (item: { addendumLabel?: unknown }) => (item.addendumLabel === 'N' || item.addendumLabel === 'E' ? item.addendumLabel : null)

/** The line item groups as printed: lines an addendum removed (label D) left out, as the totals leave them out. */
export function printedGroups(tender: any): any[] {
  const groups: any[] = Array.isArray(tender.lineItemGroups) ? tender.lineItemGroups : []
  return groups.map((group) => ({ ...group, lineItems: (group.lineItems ?? []).filter((item: any) => !isRemovedItem(item)) }))
}

/** The line items table; with `price` each line shows the vendor's rate, discount and amount. */
function lineItemsTable(tender: any, labels: DocumentLabels, price?: (item: TenderLineItem) => PricedLine, currency = 'USD'): Content {
  const groups = printedGroups(tender)
  const priced = Boolean(price)
  const header: TableCell[] = [labels.itemNo, labels.itemDesc, labels.itemQty, labels.itemUnit, ...(priced ? [labels.rate, labels.discount, labels.lineTotal] : [])].map((label, index) => ({
    text: label,
    style: 'tableHeader',
    alignment: index === 2 || index > 3 ? 'right' : 'left'
  }))
  const columns = header.length
  const body: TableCell[][] = [header]
  for (const group of groups) {
    if (group.name) body.push([{ text: group.name, style: 'group', colSpan: columns }, ...Array(columns - 1).fill({})])
    for (const item of group.lineItems ?? []) {
      const line = price?.(item)
      const description = `${text(item.itemDesc)}${item.optional ? ` (${labels.optional})` : ''}${item.remark ? `\n${item.remark}` : ''}${line?.remark ? `\n${labels.vendorRemark}: ${line.remark}` : ''}`
      const label = printedLabel(item)
      const itemNo: TableCell = label ? { text: [text(item.itemNo), { text: ` ${label}`, bold: true, color: '#1f3b63' }] } : text(item.itemNo)
      const row: TableCell[] = [itemNo, description]
      if (line) {
        row.push(
          { text: text(line.quantity), alignment: 'right' },
          text(item.itemUnit),
          { text: line.rate == null ? '' : formatAmount(line.rate), alignment: 'right' },
          { text: line.discount, alignment: 'right' },
          { text: line.amount == null ? '' : formatAmount(line.amount), alignment: 'right' }
        )
      } else {
        const discount = item.discountType && item.discount ? ` (${item.discount} ${discountTypeLabel(item.discountType, currency)})` : ''
        row.push({ text: `${text(item.itemQty)}`, alignment: 'right' }, `${text(item.itemUnit)}${discount}`)
      }
      body.push(row)
    }
  }
  if (body.length === 1) body.push([{ text: labels.none, colSpan: columns }, ...Array(columns - 1).fill({})])
  const widths = priced ? [32, '*', 40, 46, 62, 56, 70] : [40, '*', 50, 70]
  const table: Content = { table: { headerRows: 1, widths, body, dontBreakRows: true }, layout: tableLayout }
  const labelled = groups.some((group) => (group.lineItems ?? []).some((item: any) => printedLabel(item)))
  return labelled ? { stack: [table, { text: labels.addendumLegend, style: 'note', margin: [0, 2, 0, 0] }] } : table
}

interface OptionalItem {
  name?: unknown
  value?: unknown
  text?: unknown
  selected?: unknown
}

/**
 * The tender's optional items (general.optionalItems) in their own section, each value in the
 * tender currency: they are priced apart, so no total the document prints counts them.
 */
export function optionalItemsSection(tender: any, labels: DocumentLabels, currency: string): Content[] {
  const items: OptionalItem[] = Array.isArray(tender.general?.optionalItems) ? tender.general.optionalItems : []
  if (!items.length) return []
  const header: TableCell[] = [labels.optionalName, labels.optionalNote, `${labels.optionalValue} (${currency})`, labels.optionalSelected].map((label, index) => ({
    text: label,
    style: 'tableHeader',
    alignment: index === 2 ? 'right' : 'left'
  }))
  const body: TableCell[][] = [
    header,
    ...items.map((item): TableCell[] => [
      text(item.name),
      text(item.text),
      { text: item.value === null || item.value === undefined || item.value === '' ? '' : formatAmount(item.value), alignment: 'right' },
      item.selected ? labels.yes : ''
    ])
  ]
  return [
    { text: labels.optionalItems, style: 'section' },
    { table: { headerRows: 1, widths: ['*', '*', 90, 50], body, dontBreakRows: true }, layout: tableLayout }
  ]
}

const tableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#b0b8c4',
  vLineColor: () => '#b0b8c4',
  paddingTop: () => 3,
  paddingBottom: () => 3
}

/** `Tender Summary PR-1.pdf`: the tender, its items without prices, and the bids the reader may see. */
export function tenderSummaryDocument(tender: any, bids: BidLine[], settings: DocumentSettings, options: { showBudget: boolean }): TDocumentDefinitions {
  const labels = documentLabels(settings.language)
  const currency = regionCurrency(tender.currency || settings.currency)
  const content: Content[] = [
    tenderFacts(tender, labels, settings, options.showBudget),
    ...generalAndScope(tender, labels),
    { text: labels.lineItems, style: 'section' },
    lineItemsTable(tender, labels, undefined, currency),
    ...optionalItemsSection(tender, labels, currency)
  ]
  if (bids.length) {
    const header: TableCell[] = [labels.vendor, labels.status, labels.submittedAt, `${labels.total} (${currency})`].map((label, index) => ({
      text: label,
      style: 'tableHeader',
      alignment: index === 3 ? 'right' : 'left'
    }))
    content.push(
      { text: labels.bids, style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: ['*', 90, 100, 100],
          body: [
            header,
            ...bids.map((bid): TableCell[] => [
              bid.companyName,
              statusLabel(settings.language, bid.status),
              formatDateTime(bid.submittedAt, settings),
              bid.sealed ? { text: labels.sealed, color: '#a8071a' } : { text: bid.total == null ? '' : formatAmount(bid.total), alignment: 'right' }
            ])
          ]
        },
        layout: tableLayout
      }
    )
  }
  return { ...pageFrame(labels.tenderSummary, text(tender.prNumber), labels, settings), content, info: { title: `${labels.tenderSummary} ${text(tender.prNumber)}` } } as TDocumentDefinitions
}

/** A rate entry as rate, discount text and line amount, as the bid total counts it. */
function pricedLine(item: TenderLineItem & Record<string, any>, quantities: Record<string, any>, rates: Record<string, BidRate>, remarks: Record<string, string>, currency: string): PricedLine {
  const key = String(item.id)
  const qty = quantities[key] ?? item.itemQty
  const entry = rates[key]
  const own = entry !== null && typeof entry === 'object'
  const rate = own ? (entry as any).rate : entry
  const discountType = own ? ((entry as any).discountType ?? null) : (item.discountType ?? null)
  const discount = own ? (entry as any).discount : item.discount
  const hasRate = rate !== undefined && rate !== null && rate !== ''
  return {
    quantity: qty,
    rate: hasRate ? Number(rate) : null,
    discount: discountType && discount ? `${discount} ${discountTypeLabel(discountType, currency)}` : '',
    amount: hasRate ? lineTotal({ itemQty: qty, rate: rate as any, discountType, discount }) : null,
    remark: typeof remarks[key] === 'string' ? remarks[key].trim() : undefined
  }
}

/** `Tender Bid PR-1.pdf`: one vendor's bid; a sealed bid prints without prices, marked so. */
export function tenderBidDocument(tender: any, bid: any, companyName: string, settings: DocumentSettings): TDocumentDefinitions {
  const labels = documentLabels(settings.language)
  const currency = regionCurrency(tender.currency || settings.currency)
  const content: Content[] = [
    tenderFacts(tender, labels, settings, false),
    { text: labels.tenderBid, style: 'section' },
    facts([
      [labels.vendor, companyName],
      [labels.status, statusLabel(settings.language, bid.status)],
      [labels.submittedAt, formatDateTime(bid.submittedAt, settings)],
      [labels.declineReason, text(bid.declineReason)],
      [labels.signatory, text(bid.content?.tncInfo?.name)],
      [labels.position, text(bid.content?.tncInfo?.position)],
      [labels.receipt, text(bid.receiptDigest)],
      // Only a reader who may see the prices holds the nonce (the vendor; staff once opened).
      [labels.receiptNonce, bid.receiptDigest && bid.receiptNonce !== undefined ? (bid.receiptNonce ? text(bid.receiptNonce) : labels.receiptBeforeNonces) : ''],
      [labels.receiptCheck, bid.receiptCheck === 'VERIFIED' ? labels.receiptVerified : bid.receiptCheck === 'FAILED' ? labels.receiptFailed : '']
    ])
  ]
  if (bid.sealed || !bid.content) {
    content.push(
      { text: labels.sealed, style: 'sealed', margin: [0, 8, 0, 2] },
      { text: labels.sealedNote, style: 'note', margin: [0, 0, 0, 6] },
      { text: labels.lineItems, style: 'section' },
      lineItemsTable(tender, labels, undefined, currency),
      // The vendor's bid screen shows the optional items; the bid lists them too, out of the total.
      ...optionalItemsSection(tender, labels, currency)
    )
  } else {
    const quantities = bid.content.bidItemQtys ?? {}
    const rates = bid.content.rates ?? {}
    const remarks = bid.content.remarks ?? {}
    const groups = Array.isArray(tender.lineItemGroups) ? tender.lineItemGroups : []
    const total = bidTotal(flattenLineItems(groups), quantities, rates)
    content.push(
      { text: `${labels.lineItems} (${currency})`, style: 'section' },
      lineItemsTable(tender, labels, (item) => pricedLine(item as any, quantities, rates, remarks, currency), currency),
      {
        columns: [
          { text: '', width: '*' },
          { text: `${labels.total}: ${formatMoney(total, currency)}`, style: 'total', width: 'auto', fontSize: 11 }
        ],
        margin: [0, 8, 0, 0]
      },
      // The vendor's bid screen shows the optional items; the bid lists them too, after (and out of) the total.
      ...optionalItemsSection(tender, labels, currency)
    )
  }
  return { ...pageFrame(labels.tenderBid, text(tender.prNumber), labels, settings), content, info: { title: `${labels.tenderBid} ${text(tender.prNumber)}` } } as TDocumentDefinitions
}

/** `Tender Query PR-1.pdf`: one query to a vendor and its answer. */
export function tenderQueryDocument(tender: any, query: any, companyName: string, settings: DocumentSettings): TDocumentDefinitions {
  const labels = documentLabels(settings.language)
  const content: Content[] = [
    tenderFacts(tender, labels, settings, false),
    { text: labels.query, style: 'section' },
    facts([
      [labels.vendor, companyName],
      [labels.queryNo, text(query.order)],
      [labels.status, statusLabel(settings.language, query.status)],
      [labels.closingAt, formatDateTime(query.closingAt, settings)]
    ]),
    { text: labels.question, style: 'section' },
    { text: text(query.question) || labels.none },
    { text: labels.answer, style: 'section' },
    { text: text(query.answer) || labels.noAnswer }
  ]
  return { ...pageFrame(labels.tenderQuery, text(tender.prNumber), labels, settings), content, info: { title: `${labels.tenderQuery} ${text(tender.prNumber)}` } } as TDocumentDefinitions
}
