export const passwordResetsPath = 'password-resets'
export const passwordResetsMethods = ['create', 'patch'] as const
