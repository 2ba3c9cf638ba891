export const locationsPath = 'locations'
export const locationsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
