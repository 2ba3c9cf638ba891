export const usersPath = 'users'
export const usersMethods = ['find', 'get', 'create', 'patch', 'invite', 'lock', 'unlock', 'enable', 'disable'] as const
