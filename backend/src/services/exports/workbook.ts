import ExcelJS from 'exceljs'
import { wallClock } from '../../format/format.shared.js'
import type { Cell } from './cells.js'
import { secretFields } from './exports.schema.js'

export interface WorkbookInput {
  /** The list's sheet: its name, the columns' labels and a row of cells per record. */
  sheetName: string
  headers: readonly string[]
  rows: readonly (readonly Cell[])[]
  /** The second sheet: what the export holds (who, when, region, filters), as label and text. */
  aboutName: string
  about: ReadonlyArray<readonly [string, string]>
}

/** Width in Excel's characters: a CJK character takes two. */
const widthOf = (text: string) => [...text].reduce((sum, character) => sum + (/[\u2e80-\uffff]/.test(character) ? 2 : 1), 0)

const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '-').slice(0, 31) || 'Sheet'

/**
 * The list's sheet has a bold, frozen, filterable header row of the columns' labels, then a row
 * per record, each cell typed and formatted as its column says; the columns fit their content.
 * The second sheet names who exported what, when, and the filters applied.
 */
export async function listWorkbook(input: WorkbookInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(sheetName(input.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] })
  const widths = input.headers.map(widthOf)
  sheet.addRow([...input.headers])
  for (const cells of input.rows) {
    const row = sheet.addRow(cells.map((cell) => cell.value))
    cells.forEach((cell, index) => {
      if (cell.numFmt) row.getCell(index + 1).numFmt = cell.numFmt
      widths[index] = Math.max(widths[index] ?? 0, widthOf(cell.text))
    })
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = Math.min(Math.max(width + 2, 8), 60)
  })
  if (input.headers.length) {
    sheet.getRow(1).font = { bold: true }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.headers.length } }
  }

  const about = workbook.addWorksheet(sheetName(input.aboutName))
  for (const [label, text] of input.about) about.addRow([label, text])
  about.getColumn(1).font = { bold: true }
  about.getColumn(1).width = Math.min(Math.max(...input.about.map(([label]) => widthOf(label)), 8) + 2, 40)
  about.getColumn(2).width = Math.min(Math.max(...input.about.map(([, text]) => widthOf(text)), 8) + 2, 80)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

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
 * Records as they are (a generated table such as the bid comparison, whose keys are its headers):
 * one sheet, a bold, frozen, filterable header row of the columns' labels (`headerOf`, the field
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
