import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import { callerOf, type WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { isBeforeClosing, mayDiscardAddendum, tenderScreenStatus, tenderWorkflow } from './tender.workflow.js'
import { addendumStart, diffAddendum } from './addendum-diff.js'
import { issueAddendum, issuedContent, type AddendumDraft } from './addendum-issue.js'
import { missingSections } from './tender-sections.js'
import { assertLineItems, assertOptionalItems } from './line-item-rules.js'
import { latestTermsVersion } from '../tender-terms/terms-library.js'
import { assertClosingAhead, scheduleClosing } from './closing-schedule.js'
import { notifyManager, requestApproval, tenderNotice, vendorMailboxes } from './tender-notices.js'
import { tenderFacts, type TenderMove, type TenderParams } from './tender-moves.js'

/*
 * Addenda (spec §4; PRODUCT.md: "An issued tender takes addenda: version+1, its own
 * DRAFT→WAPPR→APPR→ISSUED cycle, then re-issue"). The tender stays ISSUED throughout; the
 * cycle's state is `addendumStatus` (addendumWorkflow) and its content `addendumDraft`, so
 * vendors keep reading the issued content until the addendum is issued. tenders.class.ts runs
 * the cycle's moves (addendumWorkflow) with the work given here, and calls its edits.
 */

/** The staff screen of a pending addendum, linked from its approval mails. */
export const addendumPath = (record: any) => `/tender/addendum/${record.id}`

/** ISSUED and before closing, no addendum pending: version + 1, addendum DRAFT from the issued content. */
export const startAddendum: TenderMove = async (_db, record) => ({
  version: record.version + 1,
  addendumStatus: 'DRAFT',
  addendumDraft: JSON.stringify(addendumStart(issuedContent(record))),
  rejectReason: null
})

/** The addendum's content while DRAFT or REJECTED; labels computed against the issued content. */
export async function saveAddendum(service: WorkflowKnexService, app: Application, data: Partial<AddendumDraft> & { id: string; documentIds?: number[] }, params: TenderParams) {
  const db = service.conn(params)
  const record = await service.lockForWrite(data.id, params)
  service.assertCan(params, 'update', record)
  if (record.status !== 'ISSUED' || !tenderWorkflow.phases.editable.includes(record.addendumStatus) || !isBeforeClosing(tenderFacts(record))) {
    throw appError(409, 'INVALID_TRANSITION', { status: tenderScreenStatus(record), action: 'saveAddendum' })
  }
  await assertNotLockedByOther(db, 'tenders', record.id, params.user?.id)
  const { id: _id, updatedAt: _read, documentIds, ...changes } = data as any
  const draft: AddendumDraft = { ...record.addendumDraft, ...changes }
  if (changes.closingAt !== undefined && new Date(changes.closingAt).getTime() !== new Date(record.closingAt).getTime()) {
    await assertClosingAhead(app, new Date(changes.closingAt), record.tenderType, record.region)
  }
  // The same money and unit rules as a tender edit: an addendum cannot bring in what a patch refuses.
  if (changes.lineItemGroups !== undefined) assertLineItems(changes.lineItemGroups)
  assertOptionalItems(changes.general?.optionalItems)
  if (documentIds) {
    const documents = documentIds.length ? await db('files').where({ region: record.region }).whereIn('id', documentIds).select('id', 'name', 'size', 'mimeType') : []
    draft.documents = documents
    if (documents.length !== documentIds.length) throw appError(400, 'VALIDATION_FAILED', { details: 'documentIds' })
  }
  const { content } = diffAddendum(issuedContent(record), draft)
  await db('tenders')
    .where({ id: record.id })
    .update({ addendumDraft: JSON.stringify({ ...content, documents: draft.documents ?? [] }), updatedAt: new Date() })
  return service._get(record.id, { ...params, query: {} })
}

/** Addendum DRAFT → WAPPR: its sections filled, an approver of the region mailed the addendum's screen. */
export function submitAddendum(app: Application, params: TenderParams, data: { approverId: number }): TenderMove {
  return async (db, record) => {
    const sections = missingSections({ ...record, ...record.addendumDraft })
    if (sections.length) throw appError(400, 'MISSING_FIELDS', { sections: sections.join(', '), list: sections })
    const approverId = await requestApproval(app, params, db, record, data.approverId, addendumPath(record))
    return { approverId, rejectReason: null }
  }
}

/** Addendum WAPPR → APPR: the person in charge is told. */
export function approveAddendum(app: Application, params: TenderParams): TenderMove {
  return async (db, record) => {
    await notifyManager(app, params, record, 'APPROVED', addendumPath(record))
    return { approvedBy: params.user?.id ?? null }
  }
}

/** Addendum WAPPR → REJECTED with the reason: the person in charge is told. */
export function rejectAddendum(app: Application, params: TenderParams, data: { reason: string }): TenderMove {
  return async (db, record) => {
    await notifyManager(app, params, record, 'REJECTED', addendumPath(record))
    return { rejectReason: data.reason.trim() }
  }
}

/** APPR → issued: the draft becomes the content, a revision row, bids re-invited, vendors told. */
export function issueTheAddendum(app: Application, params: TenderParams, data: { comment?: string }): TenderMove {
  return async (db, record) => {
    const now = new Date()
    const { tender, bidIds } = await issueAddendum(db, record, callerOf(params), data.comment ?? null, now)
    // The invited vendors' bid screens and the health check show the bids re-invited.
    announceChanged(app, 'bids', bidIds, params)
    const companyIds = (await db('tender_vendors').where({ tenderId: record.id }).select('companyId')).map((row: any) => row.companyId)
    await tenderNotice(
      app,
      params,
      'tender.addendum',
      await vendorMailboxes(db, record.region, companyIds),
      { ...record, closingAt: tender.closingAt },
      { version: record.version, comment: data.comment?.trim() || '-' }
    )
    if (new Date(tender.closingAt).getTime() !== new Date(record.closingAt).getTime()) scheduleClosing(app, params, record.id, new Date(tender.closingAt))
    // Spec §4: issuing stamps the highest terms version; the vendors, their acceptance cleared, accept it anew.
    return { ...tender, termsVersion: (await latestTermsVersion(db, record.region, record.departmentId)) ?? record.termsVersion }
  }
}

/** DRAFT or REJECTED addendum dropped (spec §7 "fallback"): back to the issued version and content. */
export async function discardAddendum(service: WorkflowKnexService, data: { id: string }, params: TenderParams) {
  const db = service.conn(params)
  const record = await service.lockForWrite(data.id, params)
  service.assertCan(params, 'update', record)
  if (!mayDiscardAddendum(tenderFacts(record), callerOf(params))) {
    throw appError(409, 'INVALID_TRANSITION', { status: tenderScreenStatus(record), action: 'discardAddendum' })
  }
  await db('tenders')
    .where({ id: record.id })
    .update({
      version: record.version - 1,
      addendumStatus: null,
      addendumDraft: null,
      rejectReason: null,
      updatedAt: new Date()
    })
  return service._get(record.id, { ...params, query: {} })
}
