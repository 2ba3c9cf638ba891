import { parseCents, safeCents } from '../../../format/money.shared.js'
import { itemKey, type ScheduleLine } from './schedule-of-values.shared.js'

/*
 * Reading a schedule of values from a CSV file or a spreadsheet's rows (issue 12 item 6).
 * Browser-safe and pure: the claim screen can show the same row errors before the upload that the
 * server answers after it (the spreadsheet itself is opened on the server, sov-import.ts).
 *
 * A header row (the first naming the columns, within ten rows of the top) names them in English or
 * Chinese, in any order: item no.,
 * description, scheduled value, and optionally the change order (revision number). A row without
 * a change order is a line of the original contract; a row with one is a change: to the line of
 * the same item when there is one, else a line the change order adds. Empty rows and a totals row
 * ("Total", "合计") are skipped. Every other problem is named by its row number (as the file or
 * sheet counts rows) and field, and no line of a file with problems is kept by the caller.
 */

export type ImportField = 'item' | 'description' | 'scheduledValue' | 'changeOrder'

export interface ImportRowError {
  /** The row as the file counts them (1 = the first line or sheet row). */
  row: number
  code: 'SOV_BAD_AMOUNT' | 'SOV_MISSING_DESCRIPTION' | 'SOV_MISSING_ITEM' | 'SOV_DUPLICATE_ITEM' | 'SOV_BAD_CHANGE_ORDER' | 'SOV_MISSING_COLUMNS' | 'SOV_EMPTY' | 'SOV_UNREADABLE'
  field?: ImportField
  /** What the cell held, for the message. */
  value?: string
  /** The row that first held a duplicate item. */
  firstRow?: number
  /** For SOV_MISSING_COLUMNS: the columns not found, comma-separated. */
  columns?: string
}

export interface ImportedSchedule {
  lines: ScheduleLine[]
  errors: ImportRowError[]
}

/** Header texts by field, compared after `headerKey` (width, case, spaces and punctuation ignored). */
const headerNames: Record<ImportField, readonly string[]> = {
  item: ['item', 'itemno', 'itemnumber', 'no', 'number', 'a', '项目编号', '编号', '项次', '序号', '项目号'],
  description: ['description', 'descriptionofwork', 'b', 'workdescription', '描述', '工作描述', '项目描述', '说明', '工程内容'],
  scheduledValue: ['scheduledvalue', 'value', 'amount', 'c', 'contractvalue', '合同金额', '计划价值', '预定价值', '金额', '价值'],
  changeOrder: ['changeorder', 'changeorderno', 'co', 'cono', 'revision', 'rev', '变更单', '变更单号', '变更', '修订', '修订号']
}
const requiredFields: readonly ImportField[] = ['item', 'description', 'scheduledValue']
/** How far below the first filled row a header is looked for. */
const headerSearchRows = 10
const totalsRow = /^(grand\s*)?totals?$|^sub\s*totals?$|^合计$|^总计$|^小计$/i

function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.#:()（）_\-/]/g, '')
}

/** A cell as text: numbers as their shortest decimal text, everything trimmed. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return String(value).normalize('NFKC').trim()
}

/**
 * An amount cell to cents: thousands separators and spaces ignored, a currency sign or code in
 * front allowed, accounting parentheses for a negative; at most 2 decimals. Null when it is none.
 */
export function amountCents(value: unknown): number | null {
  if (typeof value === 'number') {
    const cents = parseCents(value)
    return cents === null ? null : safeCents(cents)
  }
  let text = cellText(value).replace(/[\s,]/g, '')
  let negative = false
  const parenthesised = /^\((.*)\)$/.exec(text)
  if (parenthesised) {
    negative = true
    text = parenthesised[1]
  }
  text = text.replace(/^(-?)(?:HK\$|US\$|S\$|MOP\$|HKD|USD|SGD|MOP|RMB|CNY|[$¥￥€£])/i, '$1')
  if (text === '' || /^[+-]?$/.test(text)) return null
  const cents = parseCents(text)
  if (cents === null || (negative && cents < 0n)) return null
  try {
    return safeCents(negative ? -cents : cents)
  } catch {
    return null
  }
}

/** A change order cell: a whole revision number ≥ 1, optionally written "CO 2" or "变更单2"; null when blank, NaN when not one. */
function changeOrderOf(value: unknown): number | null {
  const text = cellText(value)
  if (text === '') return null
  const match = /^(?:co|rev|revision|change\s*order|变更单?|修订)?\s*#?\s*(\d+)$/i.exec(text)
  const revision = match ? Number(match[1]) : Number.NaN
  return Number.isSafeInteger(revision) && revision >= 1 ? revision : Number.NaN
}

/**
 * The schedule of values in rows of cells (a CSV's or a sheet's), `firstRow` the number of the
 * first row given (1 unless the caller skipped some).
 */
export function rowsToSchedule(rows: readonly (readonly unknown[])[], firstRow = 1): ImportedSchedule {
  const errors: ImportRowError[] = []
  const firstFilled = rows.findIndex((row) => row.some((cell) => cellText(cell) !== ''))
  if (firstFilled < 0) return { lines: [], errors: [{ row: firstRow, code: 'SOV_EMPTY' }] }
  // The header is the first row naming every needed column (a title or a project name may sit above it).
  const columnsOf = (row: readonly unknown[]) => {
    const found: Partial<Record<ImportField, number>> = {}
    row.forEach((cell, index) => {
      const key = headerKey(cellText(cell))
      const field = (Object.keys(headerNames) as ImportField[]).find((candidate) => headerNames[candidate].includes(key))
      if (field && found[field] === undefined) found[field] = index
    })
    return found
  }
  const missingOf = (found: Partial<Record<ImportField, number>>) => requiredFields.filter((field) => found[field] === undefined)
  const headerIndex = rows.slice(0, firstFilled + headerSearchRows).findIndex((row) => missingOf(columnsOf(row)).length === 0)
  if (headerIndex < 0) return { lines: [], errors: [{ row: firstRow + firstFilled, code: 'SOV_MISSING_COLUMNS', columns: missingOf(columnsOf(rows[firstFilled])).join(', ') }] }
  const columnOf = columnsOf(rows[headerIndex])

  const lines: ScheduleLine[] = []
  const lineOf = new Map<string, { line: ScheduleLine; row: number }>()
  const changeSeen = new Map<string, number>()
  const originalRowOf = new Map<string, number>()
  const deferredChanges: { row: number; item: string; description: string; revision: number; cents: number }[] = []
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const cells = rows[index]
    const row = firstRow + index
    const cell = (field: ImportField) => (columnOf[field] === undefined ? undefined : cells[columnOf[field]!])
    if (!cells.some((value) => cellText(value) !== '')) continue
    const item = cellText(cell('item'))
    const description = cellText(cell('description'))
    if (item === '' && totalsRow.test(description.replace(/[:：]$/, ''))) continue
    const rawValue = cell('scheduledValue')
    const revision = changeOrderOf(cell('changeOrder'))
    const rowErrors: ImportRowError[] = []
    if (item === '') rowErrors.push({ row, code: 'SOV_MISSING_ITEM', field: 'item' })
    if (Number.isNaN(revision)) rowErrors.push({ row, code: 'SOV_BAD_CHANGE_ORDER', field: 'changeOrder', value: cellText(cell('changeOrder')) })
    const cents = amountCents(rawValue)
    // A line of the original contract is never negative; a change order may take value off.
    if (cents === null || (revision === null && cents < 0)) rowErrors.push({ row, code: 'SOV_BAD_AMOUNT', field: 'scheduledValue', value: cellText(rawValue) })
    const key = itemKey(item)
    if (revision === null && item !== '') {
      const first = originalRowOf.get(key)
      if (first !== undefined) rowErrors.push({ row, code: 'SOV_DUPLICATE_ITEM', field: 'item', value: item, firstRow: first })
      else originalRowOf.set(key, row)
    }
    if (revision !== null && !Number.isNaN(revision) && item !== '') {
      const first = changeSeen.get(`${key}|${revision}`)
      if (first !== undefined) rowErrors.push({ row, code: 'SOV_DUPLICATE_ITEM', field: 'item', value: item, firstRow: first })
      else changeSeen.set(`${key}|${revision}`, row)
    }
    if (revision === null && description === '') rowErrors.push({ row, code: 'SOV_MISSING_DESCRIPTION', field: 'description' })
    errors.push(...rowErrors)
    if (rowErrors.length) continue
    if (revision === null) {
      const line: ScheduleLine = { item, description, originalValueCents: cents!, changeOrders: [] }
      lines.push(line)
      lineOf.set(key, { line, row })
    } else {
      deferredChanges.push({ row, item, description, revision: revision!, cents: cents! })
    }
  }
  // A change order row amends the line of its item wherever that line sits in the file; one naming no line adds it.
  for (const change of deferredChanges) {
    const key = itemKey(change.item)
    const existing = lineOf.get(key)
    if (existing) {
      existing.line.changeOrders = [...(existing.line.changeOrders ?? []), { revision: change.revision, amountCents: change.cents }]
      continue
    }
    if (change.description === '') {
      errors.push({ row: change.row, code: 'SOV_MISSING_DESCRIPTION', field: 'description' })
      continue
    }
    const line: ScheduleLine = { item: change.item, description: change.description, originalValueCents: 0, changeOrders: [{ revision: change.revision, amountCents: change.cents }] }
    lines.push(line)
    lineOf.set(key, { line, row: change.row })
  }
  if (lines.length === 0 && errors.length === 0) errors.push({ row: firstRow + headerIndex, code: 'SOV_EMPTY' })
  errors.sort((a, b) => a.row - b.row)
  return { lines, errors }
}

/** The rows of a CSV text (RFC 4180 quotes; a byte order mark, CRLF, LF or CR; comma, semicolon or tab, whichever the header uses). */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '')
  const firstLine = source.split(/\r\n|\n|\r/, 1)[0] ?? ''
  const unquoted = firstLine.replace(/"[^"]*"/g, '')
  const delimiter = [',', ';', '\t'].map((candidate) => ({ candidate, count: unquoted.split(candidate).length })).sort((a, b) => b.count - a.count)[0].candidate
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === delimiter) {
      row.push(field)
      field = ''
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** The schedule of values of a CSV text. */
export function readScheduleCsv(text: string): ImportedSchedule {
  return rowsToSchedule(parseCsv(text))
}
