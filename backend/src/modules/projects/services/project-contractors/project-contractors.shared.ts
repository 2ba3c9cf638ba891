// Browser-safe: a project contractor's vocabulary (spec §3 Contractor). The contractor types are
// the tenancy contractors' list (MAIN ... OTHER, OTHER listed last), shared, not copied.
export { contractorTypes, sortContractorTypes, mobileValid, type ContractorType } from '../../../tenancies/services/tenancy-contractors/tenancy-contractors.shared.js'

export const projectContractorsPath = 'project-contractors'
export const projectContractorsMethods = ['find', 'get', 'create', 'patch', 'remove', 'invite'] as const
