// Browser-safe: a tenancy contractor row's rules (spec §3, §5), the same in the row editor and the
// service: user account empty or an e-mail; first and last name, type and company required; the
// mobile a phone number; the office phone free text. A set is valid only if every row is.

export const tenancyContractorsPath = 'tenancy-contractors'
export const tenancyContractorsMethods = ['find', 'get', 'create', 'patch', 'remove', 'invite'] as const

export const contractorTypes = ['MAIN', 'AC', 'ELECTRICAL', 'FIRE_SERVICE', 'PLUMBING', 'SECURITY', 'OTHER'] as const
export type ContractorType = (typeof contractorTypes)[number]

/** Contractor types in the spec's order, OTHER last (spec §9 "Contractor types sorted with OTHER last"). */
export function sortContractorTypes(types: readonly string[]): string[] {
  const rank = (type: string) => (type === 'OTHER' ? 1 : 0)
  return [...types].sort((a, b) => rank(a) - rank(b) || contractorTypes.indexOf(a as ContractorType) - contractorTypes.indexOf(b as ContractorType) || a.localeCompare(b))
}

/** A mobile number: digits with optional leading +, spaces or hyphens between, 8 to 15 digits. */
export const MOBILE_PATTERN = /^\+?\d(?:[\d -]*\d)?$/
const EMAIL_PATTERN = /^[^\s@;,:]+@[^\s@;,:]+\.[^\s@;,:]+$/

export interface ContractorRow {
  userAccount?: string | null
  firstName?: string | null
  lastName?: string | null
  contractorType?: string | null
  companyName?: string | null
  officeTel?: string | null
  mobile?: string | null
}

export type ContractorField = 'userAccount' | 'firstName' | 'lastName' | 'contractorType' | 'companyName' | 'mobile'

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === ''

export function mobileValid(value: string | null | undefined): boolean {
  if (blank(value)) return false
  const text = value!.trim()
  const digits = text.replace(/\D/g, '').length
  return MOBILE_PATTERN.test(text) && digits >= 8 && digits <= 15
}

/** The fields of a row that are not valid (empty when the row is). */
export function contractorRowErrors(row: ContractorRow): ContractorField[] {
  const errors: ContractorField[] = []
  if (!blank(row.userAccount) && !EMAIL_PATTERN.test(row.userAccount!.trim())) errors.push('userAccount')
  if (blank(row.firstName)) errors.push('firstName')
  if (blank(row.lastName)) errors.push('lastName')
  if (blank(row.contractorType) || !(contractorTypes as readonly string[]).includes(row.contractorType!)) errors.push('contractorType')
  if (blank(row.companyName)) errors.push('companyName')
  if (!mobileValid(row.mobile)) errors.push('mobile')
  return errors
}

export const contractorRowValid = (row: ContractorRow) => contractorRowErrors(row).length === 0
export const contractorRowsValid = (rows: readonly ContractorRow[]) => rows.every(contractorRowValid)
