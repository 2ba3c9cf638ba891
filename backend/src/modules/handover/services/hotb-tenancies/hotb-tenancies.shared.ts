// Browser-safe: the tenancies a handover/takeback can be created for.

export const hotbTenanciesPath = 'hotb-tenancies'
export const hotbTenanciesMethods = ['find'] as const
