export const sitesPath = 'sites'
export const sitesMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** A building belongs to at most one physical site; virtual sites group buildings freely. */
export const siteTypes = ['PHYSICAL', 'VIRTUAL'] as const
export type SiteType = (typeof siteTypes)[number]
