// Browser-safe: the companies of the central contacts database (spec §3 Company).
export const ccdcompaniesPath = 'ccdcompanies'
export const ccdcompaniesMethods = ['find', 'get', 'create', 'patch'] as const

/** Types whose address is the default tenant address text (spec §3: C, T and D). */
export const defaultAddressTypes = ['C', 'T', 'D'] as const

export const usesDefaultAddress = (type: string | null | undefined) => (defaultAddressTypes as readonly string[]).includes(String(type))
