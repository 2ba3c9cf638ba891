import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { mayActOnTender, readTenderAs as readableTender } from '../tenders/tenders.access.js'

export { readableTender }

/*
 * Who reads and changes a tender's documents (attachments, conditions of contract), in one
 * place. A document is the tender's, so it has no permission of its own:
 * - read (the list, a file's content): whoever reads the tender, read through the tenders
 *   service with the caller's own params (tenders.access: staff any or own, vendors once
 *   invited, from issue on); a tender the caller does not read is 404, like the tender itself;
 * - change (upload, describe, remove): staff who may update the tender (own as its person in
 *   charge, or any); a vendor learns nothing of a tender it does not read (404), and is refused
 *   one it reads (403); the tender must be editable (the service's check, tender.workflow);
 * - fields: the whole document to whoever reads it;
 * - live events: none (no `tender-documents` rule; the tabs reload after their own writes).
 * Every answer about a document id (missing, stale version) comes after these checks.
 */

/** 403/404 unless the caller may change the documents of this tender (see above); internal calls may. */
export async function assertMayChangeDocuments(app: Application, tender: Record<string, any>, params: Params): Promise<void> {
  if (!params.provider) return
  const staff = params.user && portalOf(params.user.userType) === 'staff'
  if (!staff) {
    // A vendor learns nothing of a tender it may not read.
    await readableTender(app, String(tender.id), params)
    throw appError(403, 'FORBIDDEN')
  }
  if (!mayActOnTender(params, tender)) {
    // Staff who do not read the tender learn nothing of it either.
    await readableTender(app, String(tender.id), params)
    throw appError(403, 'FORBIDDEN')
  }
}

/** Live events of a tender document: nobody (see above). */
export const documentEventReaders = () => []
