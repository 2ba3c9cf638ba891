import ExcelJS from 'exceljs'
import { readScheduleCsv, rowsToSchedule, type ImportedSchedule } from './sov-import.shared.js'

/*
 * A schedule of values from an uploaded file (issue 12 item 6): an Excel workbook (.xlsx, its
 * first sheet) or a CSV text (UTF-8, with or without a byte order mark). The rows are read by
 * sov-import.shared.ts, so the file's row numbers name the problems.
 */

/** An .xlsx file is a zip: it starts with "PK\x03\x04". */
const isZip = (content: Uint8Array) => content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04

/** A cell as the row reader takes it: numbers stay numbers, rich text and formulas give their text or result, a date its day. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('result' in value) return cellValue((value.result ?? '') as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return String(value.error)
  }
  return value
}

export async function readScheduleFile(content: Buffer | Uint8Array): Promise<ImportedSchedule> {
  if (!isZip(content)) return readScheduleCsv(new TextDecoder('utf-8').decode(content))
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(content as any)
  } catch {
    return { lines: [], errors: [{ row: 1, code: 'SOV_UNREADABLE' }] }
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) return { lines: [], errors: [{ row: 1, code: 'SOV_EMPTY' }] }
  const rows: unknown[][] = []
  for (let number = 1; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number)
    const cells: unknown[] = []
    for (let column = 1; column <= Math.max(row.cellCount, sheet.columnCount); column++) cells.push(cellValue(row.getCell(column).value))
    rows.push(cells)
  }
  return rowsToSchedule(rows, 1)
}
