export const companiesPath = 'companies'
export const companiesMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** Company types of the spec; C (contractor), T (tenant) and D use the default tenant address text. */
export const companyTypes = ['O', 'T', 'C', 'D', 'PC'] as const
export const companyStatuses = ['ACTIVE', 'INACTIVE'] as const
