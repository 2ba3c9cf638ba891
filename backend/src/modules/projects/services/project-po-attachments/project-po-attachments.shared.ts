// Browser-safe: the purchase order or contract attachment of a new project (spec §8 POST projects
// {purchaseOrder, contract, poAttachmentId, tenderId}), uploaded before the project is created.
export const projectPoAttachmentsPath = 'project-po-attachments'
export const projectPoAttachmentsMethods = ['create'] as const
export const projectPoAttachmentContentPath = 'project-po-attachments/:id/content'
export const projectPoAttachmentContentMethods = ['find'] as const
/** The attachment of a project, by the project's id. */
export const projectPoAttachmentUrl = (projectId: string) => `project-po-attachments/${encodeURIComponent(projectId)}/content`
