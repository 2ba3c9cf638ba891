// Browser-safe: a tenancy's green operation records (spec tenancies §3 "Green operation", §5
// "validity period required"), the "sustainability initiatives" tab, shared by the services,
// their validators and the screens.
export const greenOperationsPath = 'green-operations'
export const greenOperationsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export const greenDocumentsPath = 'green-operation-documents'
export const greenDocumentsMethods = ['find', 'create', 'remove'] as const
export const greenDocumentContentPath = 'green-operation-documents/:id/content'
export const greenDocumentContentUrl = (id: number | string) => `green-operation-documents/${encodeURIComponent(String(id))}/content`

/** Spec §3 document types: electricity bill, lighting control, recycling bin, no bottled water, green certificate, others. */
export const greenDocumentTypes = ['ELECTRICITY_BILL', 'LIGHTING_CONTROL', 'RECYCLING_BIN', 'NO_BOTTLED_WATER', 'GREEN_CERT', 'OTHERS'] as const
export type GreenDocumentType = (typeof greenDocumentTypes)[number]

/** Spec §3 assessment sections: air conditioning, lighting, waste and recycling, certificates, no bottled water. */
export const assessmentSections = ['AIR_CONDITIONING', 'LIGHTING', 'WASTE_AND_RECYCLING', 'CERTIFICATES', 'NO_BOTTLED_WATER'] as const
export type AssessmentSection = (typeof assessmentSections)[number]

export const greenStatuses = ['VALID', 'EXPIRED'] as const
export type GreenStatus = (typeof greenStatuses)[number]

/**
 * What a tenant writes on its own tenancy's records (spec §6: tenancy accounts update green
 * operation): the operation it reports, floor, month and meter reading (and the documents). The
 * start, validity period, assessment and recognition are the landlord's.
 */
export const tenantGreenFields = ['floor', 'month', 'reading'] as const

/** The validity period in whole months (spec §5: required). */
export const validityMonthsMax = 120

/** The record's expiry: the day before the validity period of months from the start ends ('yyyy-mm-dd'). */
export function greenExpiry(start: string, validityMonths: number): string {
  const [year, month, day] = start.slice(0, 10).split('-').map(Number)
  const end = new Date(Date.UTC(year, month - 1 + validityMonths, 1))
  // A start on the 31st runs to the last day of a shorter month, not into the next one.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  end.setUTCDate(end.getUTCDate() - 1)
  return end.toISOString().slice(0, 10)
}

/** VALID through its expiry day, EXPIRED from the day after. */
export const greenStatusOn = (expiry: string, today: string): GreenStatus => (today <= expiry.slice(0, 10) ? 'VALID' : 'EXPIRED')

/** What is wrong with a record, empty when nothing: VALIDITY (missing or not 1 to 120 months) or MONTH (not yyyy-mm). */
export function greenProblems(record: { validityMonths?: number | null; month?: string | null }): Array<'VALIDITY' | 'MONTH'> {
  const problems: Array<'VALIDITY' | 'MONTH'> = []
  const months = record.validityMonths
  if (months == null || !Number.isInteger(months) || months < 1 || months > validityMonthsMax) problems.push('VALIDITY')
  if (record.month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(record.month)) problems.push('MONTH')
  return problems
}
