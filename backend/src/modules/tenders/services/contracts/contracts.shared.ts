export const contractsPath = 'contracts'
export const contractsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
