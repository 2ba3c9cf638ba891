// Browser-safe: the documents filed in a project's folders (spec §4 folders, §3 "documents with
// effective dates", §9 "effective dates include the whole end day").
export const projectDocumentsPath = 'project-documents'
export const projectDocumentsMethods = ['find', 'create', 'patch', 'remove'] as const
export const projectDocumentContentPath = 'project-documents/:id/content'
export const projectDocumentContentMethods = ['find'] as const
export const projectDocumentContentUrl = (id: number | string) => `project-documents/${encodeURIComponent(String(id))}/content`

/** Spec §9 "Attachment description maximum: 255 characters". */
export const projectDocumentDescriptionMax = 255

// The effective-date rule is the platform's (services/files/effective-period.shared.ts), shared with tenders.
export { effectiveStateOn, isValidPeriod, type EffectivePeriod, type EffectiveState } from '../../../../services/files/effective-period.shared.js'
