// Browser-safe: a tenant project's contractor rows (spec §3 "contractors (type, typeDesc, company
// name, primaryContact userId)", §5 the contractor rows' rules, §9 "contractor types sort with OTHER
// last"): the same rules as a tenancy's contractor rows, in the row editor and the service.
import { contractorRowErrors, contractorTypes, sortContractorTypes, type ContractorRow } from '../../../tenancies/services/tenancy-contractors/tenancy-contractors.shared.js'

export { contractorRowErrors, contractorTypes, sortContractorTypes, type ContractorRow }

export const tenantProjectContractorsPath = 'tenant-project-contractors'
/** `replace`: the project's whole set at once (spec §7 PUT project_contractors/{projectId}), valid only if every row is. */
export const tenantProjectContractorsMethods = ['find', 'get', 'create', 'patch', 'remove', 'replace'] as const

/** The errors of a set: by row index, the fields that are not valid (empty when the set is valid). */
export function contractorSetErrors(rows: readonly ContractorRow[]): Array<{ row: number; fields: string[] }> {
  return rows.map((row, index) => ({ row: index, fields: contractorRowErrors(row) })).filter((entry) => entry.fields.length > 0)
}

/** Rows in the spec's order: by contractor type, OTHER last, then by name. */
export function sortContractorRows<T extends ContractorRow>(rows: readonly T[]): T[] {
  const order = sortContractorTypes(contractorTypes)
  const rank = (row: T) => {
    const at = order.indexOf(row.contractorType ?? '')
    return at < 0 ? order.length : at
  }
  return [...rows].sort((a, b) => rank(a) - rank(b) || String(a.lastName ?? '').localeCompare(String(b.lastName ?? '')) || String(a.firstName ?? '').localeCompare(String(b.firstName ?? '')))
}
