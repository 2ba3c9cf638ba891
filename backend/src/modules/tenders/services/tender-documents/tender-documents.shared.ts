// Browser-safe: a tender's documents (spec §2 Attachments tab, §3 "documents and attachments with
// effective dates", §5 conditions of contract and the 255-character description).
export const tenderDocumentsPath = 'tender-documents'
export const tenderDocumentsMethods = ['find', 'create', 'patch', 'remove'] as const
export const tenderDocumentContentPath = 'tender-documents/:id/content'
export const tenderDocumentContentMethods = ['find'] as const
export const tenderDocumentContentUrl = (id: number | string) => `tender-documents/${encodeURIComponent(String(id))}/content`

/** An attachment of the tender, or a file of its conditions of contract. */
export const tenderDocumentKinds = ['ATTACHMENT', 'CONDITIONS'] as const
export type TenderDocumentKind = (typeof tenderDocumentKinds)[number]

export const documentDescriptionMaxLength = 255

/**
 * Files per upload (PRODUCT.md: 20; the `upload.maxCount` setting's default). The browser refuses
 * more before sending anything; the server refuses more than its region's setting (FILE_COUNT).
 */
export const documentsPerUpload = 20

/**
 * The conditions of contract a tender is let under: the standard conditions, or special ones
 * written for it. The files attached belong to the selection: changing it deletes them.
 */
export const conditionsOfContractsOptions = ['STANDARD', 'SPECIAL'] as const
export type ConditionsOfContracts = (typeof conditionsOfContractsOptions)[number]

/** A description the server takes: empty, or at most 255 characters (counted as people count them). */
export const isValidDocumentDescription = (value: string | null | undefined) => [...String(value ?? '')].length <= documentDescriptionMaxLength
