export const buildingsPath = 'buildings'
export const buildingsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
