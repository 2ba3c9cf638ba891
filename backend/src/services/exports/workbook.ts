import ExcelJS from 'exceljs'
import { wallClock } from '../../format/format.shared.js'
import { secretFields } from './exports.schema.js'

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

function cellValue(value: unknown, timeZone?: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return wallClock(value, timeZone)
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return wallClock(new Date(value), timeZone)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.join(', ')
  return JSON.stringify(value)
}

/** Columns are the records' keys in the order first seen, without secrets. */
export function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const columns = new Set<string>()
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key)
  for (const secret of secretFields) columns.delete(secret)
  return [...columns]
}

/**
 * One sheet: a bold, frozen, filterable header row of the columns' labels (`headerOf`, the field
 * names without it), then a row per record.
 */
export async function toWorkbook(sheetName: string, rows: readonly Record<string, unknown>[], timeZone?: string, headerOf: (column: string) => string = (column) => column): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, '-').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  const columns = columnsOf(rows)
  const headers = columns.map(headerOf)
  const widths = headers.map((header) => header.length)
  sheet.columns = columns.map((column, index) => ({ header: headers[index], key: column }))
  for (const row of rows) {
    const values = columns.map((column) => cellValue(row[column], timeZone))
    const added = sheet.addRow(values)
    values.forEach((value, index) => {
      if (value instanceof Date) added.getCell(index + 1).numFmt = 'yyyy-mm-dd hh:mm:ss'
      widths[index] = Math.max(widths[index], value instanceof Date ? 19 : String(value ?? '').length)
    })
  }
  columns.forEach((_column, index) => {
    sheet.getColumn(index + 1).width = Math.min(widths[index] + 2, 60)
  })
  if (columns.length) {
    sheet.getRow(1).font = { bold: true }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
