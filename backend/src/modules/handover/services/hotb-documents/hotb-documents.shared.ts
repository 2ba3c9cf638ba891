// Browser-safe: the documents of a handover/takeback record (spec hotb §3 `docIds`, `attachments`;
// §4 "a signed or unsigned document may be uploaded on a scheduled record").
import { hotbWorkflow, type HotbState } from '../hotb/hotb.workflow.js'

export const hotbDocumentsPath = 'hotb-documents'
export const hotbDocumentsMethods = ['find', 'create', 'remove'] as const
export const hotbDocumentContentPath = 'hotb-documents/:id/content'
export const hotbDocumentContentUrl = (id: number | string) => `hotb-documents/${encodeURIComponent(String(id))}/content`

/** The signed document of the appointment, the unsigned one (sent for signing), or any other attachment. */
export const hotbDocumentKinds = ['SIGNED', 'UNSIGNED', 'ATTACHMENT'] as const
export type HotbDocumentKind = (typeof hotbDocumentKinds)[number]

/**
 * When a document of each kind is added or removed: attachments while the record's information is
 * editable (DRAFT, APPR, SCHEDULED); the signed or unsigned document once it is scheduled (spec §4)
 * and while it waits to be signed (UNSIGNED: the paper comes back signed after the appointment).
 */
export function hotbDocumentKindAllowed(kind: HotbDocumentKind, status: HotbState | string): boolean {
  if (kind === 'ATTACHMENT') return hotbWorkflow.isIn('editable', status as HotbState)
  return status === 'SCHEDULED' || status === 'UNSIGNED'
}
