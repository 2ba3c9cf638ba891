// Browser-safe: the final documents' paths and calls (spec §7 tenant_projects final_document rows).

export const tenantProjectFinalDocumentsPath = 'tenant-project-final-documents'
/** GET the project's record, create it (DRAFT), PATCH (the exemption flag), and the workflow's actions. */
export const tenantProjectFinalDocumentsMethods = ['find', 'get', 'create', 'patch', 'sendReminder', 'complete', 'exempt'] as const
export const tenantProjectFinalDocumentHistoriesPath = 'tenant-project-final-document-histories'
