export const departmentsPath = 'departments'
export const departmentsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

export const categoryStatuses = ['ACTIVE', 'INACTIVE'] as const
