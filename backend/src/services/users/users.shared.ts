export const usersPath = 'users'
export const usersMethods = ['find', 'get', 'create', 'patch', 'invite', 'lock', 'unlock', 'enable', 'disable'] as const

/** An invitation's link works this long after it was sent (or sent again). */
export const inviteValidityMs = 7 * 86_400_000
