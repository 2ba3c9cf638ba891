// Browser-safe: where the modules' PDF documents are downloaded (the types are each module's).
export const documentsPath = 'documents/:type/:id'
export const documentsMethods = ['find'] as const
