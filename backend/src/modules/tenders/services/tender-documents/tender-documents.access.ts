import type { Params } from '@feathersjs/feathers'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { mayActOnTender, readTenderAs as readableTender } from '../tenders/tenders.access.js'
import { tenderPartEventReaders } from '../tenders/tender-event-readers.js'

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
 * - live events: the tender's audience (`tenderPartEventReaders`); documents change only while the
 *   tender is editable, before any vendor is told of it, so in practice its staff readers.
 * Every answer about a document id (missing, stale version) comes after these checks.
 * No access contract (kit/access.ts) yet: a document has no `get` of its own (it is read in its
 * tender's list and by its content), and the kit reads a contracted record through `get` (edit
 * locks, the contract test); its reads and writes are the tender's, through `readableTender`.
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

/** Live events of a tender document: whoever reads its tender (see above). */
export const documentEventReaders = (app: Application, data: any, context: HookContext) => tenderPartEventReaders(app, data, context)
