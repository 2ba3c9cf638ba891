import type ExcelJS from 'exceljs'
import { formatAmount, formatDate, formatDateTime, regionCurrency, wallClock } from '../../format/format.shared.js'
import { exportWord, valueLabel, type Language } from '../../i18n/messages.js'
import type { ExportColumn } from './export-columns.shared.js'

/** What a value is written with: the reader's language, the region's clock and currency, the names of referenced records. */
export interface CellContext {
  resource: string
  language: Language
  timeZone?: string
  currency?: string | null
  /** By column key: the names of the ids the exporter may read. */
  names: ReadonlyMap<string, ReadonlyMap<string, string>>
}

/** A cell: its value (a real date or number where the kind has one), its Excel format, and how it reads as text. */
export interface Cell {
  value: ExcelJS.CellValue
  numFmt?: string
  text: string
}

const EMPTY: Cell = { value: null, text: '' }

/** Excel formats printing a region-clock date as formatDate / formatDateTime do (format.shared.ts). */
const dateFormats: Record<Language, { date: string; datetime: string }> = {
  'en-US': { date: 'dd mmm yyyy', datetime: 'dd mmm yy, hh:mm' },
  'zh-CN': { date: 'yyyy"年"mm"月"dd"日"', datetime: 'yyyy"年"mm"月"dd"日" hh:mm' }
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** A value as words: lists joined, an object's entries named, never JSON. */
export function plainText(value: unknown): string {
  if (isEmpty(value)) return ''
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join(', ')
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${plainText(item)}`)
      .join('; ')
  }
  return String(value)
}

/** The name of a coded value in the reader's language; undefined when the catalogue has none. */
function codeName(column: ExportColumn, value: unknown, context: CellContext): string | undefined {
  // A flag shown as a status tag reads as the common ENABLED / DISABLED.
  const flag = typeof value === 'boolean' && column.kind === 'status'
  const fields = [column.values ?? (flag ? 'status' : column.key)].flat()
  if (flag) value = value ? 'ENABLED' : 'DISABLED'
  for (const field of fields) {
    for (const code of column.lookup ? column.lookup(String(value)) : [String(value)]) {
      const name = valueLabel(context.language, context.resource, field, code)
      if (name !== undefined) return name
    }
  }
  return undefined
}

function idsOf(value: unknown): string[] {
  if (isEmpty(value)) return []
  return (Array.isArray(value) ? value : [value]).filter((id) => !isEmpty(id)).map(String)
}

/** A column's value of a record (or a filter's value) as the list shows it. */
export function cellOf(column: ExportColumn, value: unknown, context: CellContext, record?: Record<string, unknown>): Cell {
  switch (column.kind ?? 'text') {
    case 'count':
      return Array.isArray(value) ? { value: value.length, text: String(value.length) } : { value: 0, text: '0' }
    case 'names': {
      const names = context.names.get(column.key)
      const text = idsOf(value)
        .map((id) => names?.get(id) ?? '')
        .filter(Boolean)
        .join(', ')
      return text ? { value: text, text } : EMPTY
    }
    default:
      break
  }
  if (isEmpty(value)) return EMPTY
  switch (column.kind ?? 'text') {
    case 'status':
    case 'enum': {
      const otherwise = column.otherwise && record?.[column.otherwise]
      const name = (code: unknown) => codeName(column, code, context) ?? (isEmpty(otherwise) ? String(code) : String(otherwise))
      const text = Array.isArray(value) ? value.map(name).join(', ') : name(value)
      return { value: text, text }
    }
    case 'boolean': {
      const yes = value === true || value === 'true'
      const text = exportWord(context.language, yes ? 'yes' : 'no')
      return { value: text, text }
    }
    case 'number': {
      const number = Number(value)
      return Number.isFinite(number) ? { value: number, text: String(number) } : { value: String(value), text: String(value) }
    }
    case 'money': {
      const number = Number(value)
      if (!Number.isFinite(number)) return { value: String(value), text: String(value) }
      const currency = regionCurrency((column.currency && (record?.[column.currency] as string)) || context.currency)
      return { value: number, numFmt: `#,##0.00 "${currency.replace(/"/g, '')}"`, text: `${currency} ${formatAmount(number)}` }
    }
    case 'date':
    case 'datetime': {
      const kind = column.kind as 'date' | 'datetime'
      const options = { timeZone: context.timeZone, language: context.language }
      const text = kind === 'date' ? formatDate(value, options) : formatDateTime(value, options)
      const calendarDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      const instant = calendarDay ? new Date(`${value}T00:00:00Z`) : value instanceof Date ? value : new Date(value as string)
      if (Number.isNaN(instant.getTime())) return { value: String(value), text }
      // Excel has no zones: the cell holds the region's wall clock (a calendar day stays that day).
      return { value: calendarDay ? instant : wallClock(instant, context.timeZone), numFmt: dateFormats[context.language][kind], text }
    }
    default: {
      const text = plainText(value)
      return { value: text, text }
    }
  }
}
