import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { mayActOnTender, narrowByTender, readsAnyTender, vendorVisibleStatuses, withPartTender, type TenderPart } from '../tenders/tenders.access.js'
import { tenderPartEventReaders } from '../tenders/tender-event-readers.js'
import { defineAccess } from '../../../../kit/access.js'
import { tenderRevisionsPath, vendorHiddenRevisionFields } from './tender-revisions.shared.js'

/*
 * Who reads a tender's revisions (its issued addenda), in one place: a revision is the tender's,
 * so it is read through the tender (tenders.access `narrowByTender`, "own" said once there):
 * - staff who read the tender (any, or in their charge);
 * - vendors invited to it, from issue on (their "own" is the invitation, no revision column);
 * - tenants and anyone else: nothing (403).
 * Fields: vendors never read who edited a comment (staff accounts). The comment is written by
 * who may update the tender. Live events (a comment): the tender's audience, vendors the vendor
 * view (`tenderPartEventReaders`).
 * Used by find, get, the comment's lock and the revision documents (revision-documents.ts); the
 * kit applies them through `tenderRevisionsAccess`.
 */

/** Before every method: a `tenders` read rule at all (staff and vendors), 403 otherwise, before any record. */
export const authorizeRevisionRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  if (portalOf(params.user.userType) === 'tenants' || !params.ability?.can('read', 'tenders')) throw appError(403, 'FORBIDDEN')
  return context
}

/** The revisions the caller reads: the list's narrowing, the get, and the lock of a comment. */
export function narrowRevisions(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  return narrowByTender(query, params, db, 'tender_revisions.tender_id')
}

/** The addendum comment: who may update the revision's tender (own as its person in charge, or any). */
export const mayComment = (params: Params, tender: Record<string, unknown>) => mayActOnTender(params, tender)

const vendorView = (record: any) => {
  if (!record || typeof record !== 'object') return record
  const copy = { ...record }
  for (const field of vendorHiddenRevisionFields) delete copy[field]
  return copy
}

/** After every method: the fields a vendor reads. */
export const revisionFieldsView = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user || portalOf(params.user.userType) !== 'vendors' || !context.result) return context
  const result = context.result
  context.result = Array.isArray(result) ? result.map(vendorView) : Array.isArray(result.data) ? { ...result, data: result.data.map(vendorView) } : vendorView(result)
  return context
}

/** Live events of a revision: whoever reads its tender, each with the fields they read (see above). */
export const revisionEventReaders = (app: Application, data: any, context: HookContext) => tenderPartEventReaders(app, data, context, vendorView)

/** Whether the caller reads this revision: `authorizeRevisionRead`, then `narrowByTender`, on one record with its tender. */
export function mayReadRevision(params: Params, revision: TenderPart): boolean {
  const user = params.user
  if (!params.provider) return true
  if (!user || !revision.tender) return false
  const portal = portalOf(user.userType)
  if (portal === 'tenants' || !params.ability?.can('read', 'tenders')) return false
  if (portal === 'vendors') return (vendorVisibleStatuses as readonly string[]).includes(revision.tender.status) && revision.tender.invitedCompanyIds.includes(user.companyId ?? -1)
  return portal === 'staff' && (readsAnyTender(params) || revision.tender.managedBy === user.id)
}

/**
 * The revisions' access contract (kit/access.ts): the rules above, on the revision with its tender
 * (`withPartTender`). An issued revision is history: its addendum comment is the one thing
 * written on it (`mayComment`); no caller updates, removes or locks one. Live events:
 * `revisionEventReaders`.
 */
export const tenderRevisionsAccess = defineAccess<TenderPart>({
  subject: tenderRevisionsPath,
  narrow: (query, caller, db) => narrowRevisions(query, caller, db),
  read: (revision, caller) => mayReadRevision(caller, revision),
  act: (revision, action, caller) => !caller.provider || (action === 'comment' && revision.tender != null && mayComment(caller, revision.tender)),
  readers: revisionEventReaders,
  joined: withPartTender
})
