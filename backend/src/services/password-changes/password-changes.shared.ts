export const passwordChangesPath = 'password-changes'
export const passwordChangesMethods = ['create'] as const
