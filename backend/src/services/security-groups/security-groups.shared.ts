export const securityGroupsPath = 'security-groups'
export const securityGroupsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
