export const regionsPath = 'regions'
export const regionsMethods = ['find', 'get', 'patch'] as const
