export const unlockRequestsPath = 'unlock-requests'
export const unlockRequestsMethods = ['create', 'patch'] as const
