export const tendersPath = 'tenders'
export const tendersMethods = ['find', 'get', 'create', 'patch', 'submit', 'approve', 'reject', 'reset', 'issue', 'extend', 'open', 'cancel', 'changeManager'] as const
