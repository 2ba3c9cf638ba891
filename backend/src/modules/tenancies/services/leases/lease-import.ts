import ExcelJS from 'exceljs'
import { isoDay } from '../../../../format/format.shared.js'
import { leaseLabels, leaseTypes } from './leases.shared.js'

/** The columns of a lease spreadsheet, by the header's text (case and spaces ignored). */
const columns: Record<string, string> = {
  number: 'number',
  leaseno: 'number',
  tenantno: 'tenantNo',
  leasetype: 'leaseType',
  type: 'leaseType',
  label: 'label',
  leasestart: 'leaseStart',
  start: 'leaseStart',
  leaseend: 'leaseEnd',
  end: 'leaseEnd',
  premises: 'premises',
  building: 'buildingCode',
  buildabbr: 'buildingCode',
  tradename: 'tradeName',
  active: 'active'
}

export interface ImportedLease {
  number: string
  tenantNo: string
  leaseType: string
  label?: string | null
  leaseStart?: string | null
  leaseEnd?: string | null
  premises?: string | null
  buildingCode?: string | null
  tradeName?: string | null
  active: boolean
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value == null) return ''
  if (value instanceof Date) return isoDay(value)
  if (typeof value === 'object' && 'text' in value) return String((value as any).text)
  if (typeof value === 'object' && 'result' in value) return String((value as any).result ?? '')
  return String(value).trim()
}

/**
 * The leases of the first sheet: a header row naming the columns (Number, Tenant No, Lease Type,
 * Label, Lease Start, Lease End, Premises, Building, Trade Name, Active), then one lease a row.
 * Rows without a number are skipped; a row with no tenant number or an unknown lease type is
 * reported by its row number and left out.
 */
export async function readLeaseSheet(content: Buffer): Promise<{ leases: ImportedLease[]; rejected: Array<{ row: number; reason: string }> }> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(content as any)
  const sheet = workbook.worksheets[0]
  const leases: ImportedLease[] = []
  const rejected: Array<{ row: number; reason: string }> = []
  if (!sheet) return { leases, rejected }
  const header: Record<number, string> = {}
  sheet.getRow(1).eachCell((cell, column) => {
    const field =
      columns[
        cellText(cell.value)
          .toLowerCase()
          .replace(/[^a-z]/g, '')
      ]
    if (field) header[column] = field
  })
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return
    const values: Record<string, string> = {}
    row.eachCell((cell, column) => {
      if (header[column]) values[header[column]] = cellText(cell.value)
    })
    if (!values.number) return
    if (!values.tenantNo) return void rejected.push({ row: rowNumber, reason: 'tenantNo' })
    const leaseType = (values.leaseType ?? '').toUpperCase()
    if (!(leaseTypes as readonly string[]).includes(leaseType)) return void rejected.push({ row: rowNumber, reason: 'leaseType' })
    const dayOf = (text?: string) => (text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null)
    leases.push({
      number: values.number,
      tenantNo: values.tenantNo,
      leaseType,
      label: (leaseLabels as readonly string[]).includes((values.label ?? '').toLowerCase()) ? values.label.toLowerCase() : null,
      leaseStart: dayOf(values.leaseStart),
      leaseEnd: dayOf(values.leaseEnd),
      premises: values.premises || null,
      buildingCode: values.buildingCode || null,
      tradeName: values.tradeName || null,
      active: !/^(n|no|false|0|inactive)$/i.test(values.active ?? '')
    })
  })
  return { leases, rejected }
}
