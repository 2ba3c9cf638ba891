export const tenderQueriesPath = 'tender-queries'
export const tenderQueriesMethods = ['find', 'get', 'create', 'patch', 'remove', 'issue', 'answer'] as const
