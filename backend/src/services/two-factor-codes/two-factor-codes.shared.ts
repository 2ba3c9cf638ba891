export const twoFactorCodesPath = 'two-factor-codes'
export const twoFactorCodesMethods = ['create'] as const
