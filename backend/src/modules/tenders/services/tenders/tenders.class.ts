import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf, vendorSubAccountTypes } from '../../../../abilities/permissions.shared.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import { callerOf, WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { checkPurchaseRequest } from '../tender-checks/pr-check.js'
import { closingInstant, earliestClosingDate, localDate, type MinWorkingDays } from './closing-date.js'
import { holidaysOf } from '../../../../calendar/holidays.js'
import { getSetting } from '../../../../settings-values.js'
import {
  addendumWorkflow,
  isBeforeClosing,
  isTenderIn,
  mayDiscardAddendum,
  tenderScreenStatus,
  tenderWorkflow,
  type AddendumState,
  type TenderActor,
  type TenderFacts,
  type TenderState
} from './tender.workflow.js'
import { addendumStart, diffAddendum } from './addendum-diff.js'
import { issueAddendum, issuedContent, type AddendumDraft } from './addendum-issue.js'
import { isNoShow } from '../bids/bid.workflow.js'
import { missingSections } from './tender-sections.js'
import { sendTenderMail } from './tender-mail.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { replaceRepresentatives } from './tender-representatives.js'
import type { Tender } from './tenders.schema.js'
import { assertLineItems, assertOptionalItems } from './line-item-rules.js'
import { latestTermsVersion } from '../tender-terms/terms-library.js'
import { conditionsFileCount, removeDocuments } from '../tender-documents/tender-documents.class.js'

type TenderParams = KnexAdapterParams & Params

/** A vendor's list call (see `vendorListQuery`); a vendor's get still reads the tender itself. */
const isVendorList = (params: TenderParams) => Boolean((params as any).vendorList)

const jsonFields = ['general', 'scope', 'lineItemGroups'] as const

export const tenderFacts = (record: any, now = new Date()): TenderFacts => ({
  status: record.status,
  managedBy: record.managedBy,
  approverId: record.approverId,
  version: record.version,
  closingAt: record.closingAt ? new Date(record.closingAt) : null,
  addendumStatus: record.addendumStatus,
  now
})

/**
 * Tenders of a region. Created from a purchase request, edited while DRAFT or REJECTED, moved
 * only by the named actions of `tenderWorkflow`. Vendors see only tenders they are invited to.
 */
export class TenderService extends WorkflowKnexService<Tender> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  // What the caller reads is the access contract's narrowing (tenders.access.ts `tendersAccess`), the invitations' too.
  createQuery(params: TenderParams = {}) {
    if (isVendorList(params)) return this.vendorListQuery(params)
    return super.createQuery(params)
  }

  /**
   * A vendor's list starts from its invitations (migration 1900): region, status and closing
   * date are answered from the invitation's copies, so the page is read in closing order from
   * one index and the total is counted there (the LEFT JOIN to tenders, unique by key and unused
   * by the count, is dropped by the planner). Other filters and sorts read the joined tender.
   */
  private vendorListQuery(params: TenderParams) {
    const { region, status, closingAt, $sort, ...query } = (params.query ?? {}) as Record<string, any>
    const invitation: Record<string, unknown> = { 'tv.tenderRegion': region, 'tv.tenderStatus': status, 'tv.tenderClosingAt': closingAt }
    for (const key of Object.keys(invitation)) if (invitation[key] === undefined) delete invitation[key]
    const sort = $sort && Object.fromEntries(Object.entries($sort).map(([key, order]) => [key === 'closingAt' ? 'tv.tenderClosingAt' : key, order]))
    const builder = super.createQuery({ ...params, vendorList: false, query: { ...query, ...invitation, ...(sort ? { $sort: sort } : {}) } } as any)
    return builder.leftJoin('tenders', 'tenders.id', 'tv.tenderId')
  }

  db(params?: TenderParams) {
    if (!(params as any)?.vendorListBase) return super.db(params)
    return this.conn(params as TenderParams)('tender_vendors as tv')
  }

  async _find(params: TenderParams = {}): Promise<any> {
    // A vendor's invitations come from its copies in tender_vendors; its representative list
    // (tenders listing it in their accounts, not invitations) reads the tenders themselves.
    if (params.provider && params.user && portalOf(params.user.userType) !== 'staff' && !(params as any).asRepresentative) {
      return super._find({ ...params, vendorList: true, vendorListBase: true } as any)
    }
    return super._find(params)
  }

  async create(data: any, params: TenderParams = {}): Promise<any> {
    const region = params.region ?? 'GLOBAL'
    const managedBy = params.user?.id
    if (managedBy == null) throw appError(403, 'FORBIDDEN')
    this.assertCan(params, 'create', { managedBy, region })
    const db = this.conn(params)
    const pr = await checkPurchaseRequest(db, region, data.prNumber.trim(), { userId: managedBy })
    const [{ id }] = await db('tenders').insert(
      {
        region,
        prNumber: pr.prNumber,
        prDescription: pr.prDescription,
        amount: pr.amount,
        currency: pr.currency,
        tenderType: pr.kind,
        status: 'DRAFT',
        managedBy,
        siteId: pr.siteId,
        departmentId: pr.departmentId,
        closingAt: await this.earliestClosingAt(region, pr.kind),
        // The region's validity (spec §8 settings), which the editor then shows and may change.
        validityDays: await getSetting(db, region, 'tender.validityDays')
      },
      ['id']
    )
    return this._get(id, { ...params, query: {} })
  }

  async patch(id: any, data: any, params: TenderParams = {}): Promise<any> {
    const db = this.conn(params)
    const record = await this.lockForWrite(id, params)
    this.assertCan(params, 'update', record)
    if (!isTenderIn('editable', record.status)) throw appError(409, 'INVALID_TRANSITION', { status: record.status, action: 'update' })
    await assertNotLockedByOther(db, 'tenders', id, params.user?.id)
    const { updatedAt: _read, deleteDocs, ...changes } = data
    if (changes.closingAt !== undefined) await this.assertClosingAhead(new Date(changes.closingAt), record.tenderType, record.region)
    if (changes.lineItemGroups !== undefined) assertLineItems(changes.lineItemGroups)
    assertOptionalItems(changes.general?.optionalItems)
    if (changes.general !== undefined) await this.applyConditionsChoice(db, record, changes.general.conditionsOfContracts ?? null, Boolean(deleteDocs), params)
    // Addendum labels are computed by addenda only (saveAddendum), never taken from a tender edit.
    if (changes.lineItemGroups) changes.lineItemGroups = withoutLabels(changes.lineItemGroups)
    for (const field of jsonFields) if (changes[field] !== undefined) changes[field] = JSON.stringify(changes[field])
    await db('tenders')
      .where({ id: record.id })
      .update({ ...changes, updatedAt: new Date() })
    return this._get(record.id, { ...params, query: {} })
  }

  /**
   * The files of the conditions of contract belong to the conditions chosen (spec §5: "the
   * selection decides whether attached docs are deleted"): choosing other conditions deletes
   * them, once the caller confirms (`deleteDocs`; 409 CONDITIONS_DOCS_ATTACHED until then).
   * A first choice keeps files uploaded before it.
   */
  private async applyConditionsChoice(db: Knex, record: any, chosen: string | null, confirmed: boolean, params: TenderParams) {
    const before = record.general?.conditionsOfContracts ?? null
    if (!before || before === chosen) return
    const documents = await db('tender_documents').where({ tenderId: record.id, kind: 'CONDITIONS' }).select('id', 'fileId')
    if (!documents.length) return
    if (!confirmed) throw appError(409, 'CONDITIONS_DOCS_ATTACHED', { count: documents.length })
    await removeDocuments(this.app, db, documents, params)
  }

  /** The region's minimum working days before a tender or an ITQ closes (spec §8 settings). */
  private async minWorkingDays(region: string): Promise<MinWorkingDays> {
    const db = this.app.get('knex')
    const [tender, itq] = await Promise.all([getSetting(db, region, 'tender.minWorkingDays'), getSetting(db, region, 'itq.minWorkingDays')])
    return { tender, itq }
  }

  /** The region's clock for closing dates: its time zone and the public holidays of the coming months (calendar/holidays.ts). */
  private async closingClock(region: string) {
    const timeZone = (await this.app.get('regionCache').get(region))?.timeZone ?? 'UTC'
    const today = localDate(new Date(), timeZone)
    const holidays = await holidaysOf(this.app.get('knex'), region, today, localDate(new Date(Date.now() + 366 * 86_400_000), timeZone))
    return { timeZone, holidays }
  }

  /** The default closing: the first allowed working day (region's time zone, its public holidays skipped), 17:00 there. */
  private async earliestClosingAt(region: string, kind: 'TENDER' | 'ITQ') {
    const clock = await this.closingClock(region)
    return closingInstant(earliestClosingDate(new Date(), kind, await this.minWorkingDays(region), clock), '17:00', clock.timeZone)
  }

  private async assertClosingAhead(closingAt: Date, kind: string, region: string) {
    const clock = await this.closingClock(region)
    const minDays = await this.minWorkingDays(region)
    // Any time on the earliest allowed day will do: compare with that day's local midnight.
    const earliest = closingInstant(earliestClosingDate(new Date(), kind as any, minDays, clock), '12:00 Noon', clock.timeZone)
    earliest.setTime(earliest.getTime() - 12 * 3_600_000)
    if (Number.isNaN(closingAt.getTime()) || closingAt.getTime() < earliest.getTime()) {
      throw appError(400, 'CLOSING_TOO_EARLY', { days: kind === 'ITQ' ? minDays.itq : minDays.tender, earliest: earliest.toISOString() })
    }
  }

  async submit(data: { id: string; approverId: number }, params: TenderParams = {}) {
    return this.transition(
      data.id,
      'submit',
      params,
      async (db, record) => {
        const sections = missingSections(record, { conditionsFiles: await conditionsFileCount(db, record.id) })
        if (sections.length) throw appError(400, 'MISSING_FIELDS', { sections: sections.join(', '), list: sections })
        if (record.closingAt) await this.assertClosingAhead(new Date(record.closingAt), record.tenderType, record.region)
        const approver = await db('users')
          .where({ id: data.approverId, enabled: true })
          .whereBetween('userType', [500, 599])
          .whereRaw('regions @> ARRAY[?]::varchar[]', [record.region])
          .first('id', 'email', 'displayName')
        if (!approver) throw appError(400, 'VALIDATION_FAILED', { details: 'approverId' })
        await this.mail(params, 'tender.approval-request', [[approver.email]], record, { approverName: approver.displayName })
        // Spec §4: submitting stamps the highest terms version of the tender's region and department.
        return { approverId: approver.id, rejectReason: null, termsVersion: await latestTermsVersion(db, record.region, record.departmentId) }
      },
      { approverId: data.approverId }
    )
  }

  async approve(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'approve', params, async (_db, record) => {
      await this.mailManager(params, record, 'APPROVED')
      return { approvedBy: params.user?.id ?? null }
    })
  }

  async reject(data: { id: string; reason: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'reject', params, async (_db, record) => {
      await this.mailManager(params, record, 'REJECTED')
      return { rejectReason: data.reason.trim(), approvedBy: null }
    })
  }

  async reset(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'reset', params, async () => ({ approvedBy: null }))
  }

  async issue(data: { id: string; vendorIds: number[] }, params: TenderParams = {}) {
    return this.transition(data.id, 'issue', params, async (db, record) => {
      const closingAt = record.closingAt ? new Date(record.closingAt) : null
      if (!closingAt || closingAt.getTime() <= Date.now()) throw appError(400, 'CLOSING_TOO_EARLY', { days: record.tenderType === 'ITQ' ? 3 : 5 })
      const companies = await db('companies').where({ region: record.region }).whereIn('id', data.vendorIds).pluck('id')
      const missing = data.vendorIds.filter((vendorId) => !companies.includes(vendorId))
      if (missing.length) throw appError(400, 'VALIDATION_FAILED', { details: `vendorIds: ${missing.join(', ')}` })
      const now = new Date()
      await db('tender_vendors')
        .insert(data.vendorIds.map((companyId) => ({ tenderId: record.id, companyId, invitedAt: now })))
        .onConflict(['tender_id', 'company_id'])
        .ignore()
      await db('bids')
        .insert(data.vendorIds.map((companyId) => ({ region: record.region, tenderId: record.id, companyId, status: 'INVITED', version: record.version })))
        .onConflict(['tender_id', 'company_id'])
        .ignore()
      const to = await vendorMailboxes(db, record.region, data.vendorIds)
      await this.mail(params, 'tender.invitation', to, record, {})
      this.scheduleClosing(params, record.id, closingAt)
      // Spec §4: issuing stamps the highest terms version again (a newer one may have come since approval).
      return { issuedAt: now, termsVersion: await latestTermsVersion(db, record.region, record.departmentId) }
    })
  }

  async extend(data: { id: string; closingAt: string; reason: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'extend', params, async (db, record) => {
      const closingAt = new Date(data.closingAt)
      const current = record.closingAt ? new Date(record.closingAt).getTime() : 0
      if (!(closingAt.getTime() > Math.max(current, Date.now()))) throw appError(400, 'CLOSING_TOO_EARLY', { days: 0 })
      // The vendors who have not replied yet are told (spec: no-show bids).
      const bids = await db('bids').where({ tenderId: record.id }).select('companyId', 'status')
      const companyIds = bids.filter((bid: any) => isNoShow(bid)).map((bid: any) => bid.companyId)
      const to = await vendorMailboxes(db, record.region, companyIds)
      await this.mail(params, 'tender.extension', to, { ...record, closingAt }, { reason: data.reason.trim() })
      const manager = await db('users').where({ id: record.managedBy }).first('email')
      if (manager) await this.mail(params, 'tender.extension-staff', [[manager.email]], { ...record, closingAt }, { reason: data.reason.trim() })
      this.scheduleClosing(params, record.id, closingAt)
      return { closingAt, extendReason: data.reason.trim(), ...draftFollowingExtension(record, closingAt) }
    })
  }

  /** READY → REVIEW after the closing date: from now on staff read the bids' prices. */
  async open(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'open', params, async () => ({}))
  }

  /**
   * The recommendation (REVIEW only, status stays): a SUBMITTED bid of this tender and the
   * analysis. Whoever may award may recommend (same workflow guard as `award`).
   */
  async recommend(data: { id: string; bidId: string; analysis?: string }, params: TenderParams = {}) {
    const db = this.conn(params)
    const record = await this.lockForWrite(data.id, params)
    this.assertCan(params, 'update', record)
    if (!tenderWorkflow.can(record.status as TenderState, 'award', tenderFacts(record), callerOf(params))) {
      throw appError(409, 'INVALID_TRANSITION', { status: record.status, action: 'recommend' })
    }
    const bid = await db('bids').where({ id: data.bidId, tenderId: record.id, status: 'SUBMITTED' }).first('id')
    if (!bid) throw appError(400, 'RECOMMENDATION_INVALID')
    await db('tenders')
      .where({ id: record.id })
      .update({ recommendedBidId: bid.id, analysis: data.analysis?.trim() ?? record.analysis ?? null, updatedAt: new Date() })
    return this._get(record.id, { ...params, query: {} })
  }

  /** REVIEW → AWARDED to the recommended bid: award notice to its company, regret notices to the other bidders. */
  async award(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'award', params, async (db, record) => {
      const bids = await db('bids').where({ tenderId: record.id }).select('id', 'companyId', 'status')
      const winner = bids.find((bid: any) => bid.id === record.recommendedBidId && bid.status === 'SUBMITTED')
      if (!winner) throw appError(400, 'RECOMMENDATION_REQUIRED')
      const others = bids.filter((bid: any) => bid.id !== winner.id && isBidder(bid)).map((bid: any) => bid.companyId)
      await this.mail(params, 'tender.award', await vendorMailboxes(db, record.region, [winner.companyId]), record, {})
      await this.mail(params, 'tender.regret', await vendorMailboxes(db, record.region, others), record, {})
      return { awardedAt: new Date() }
    })
  }

  /** REVIEW → REGRETTED: every bidder gets a regret notice. */
  async regretAll(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'regretAll', params, async (db, record) => {
      const bids = await db('bids').where({ tenderId: record.id }).select('companyId', 'status')
      await this.mail(
        params,
        'tender.regret',
        await vendorMailboxes(
          db,
          record.region,
          bids.filter(isBidder).map((bid: any) => bid.companyId)
        ),
        record,
        {}
      )
      return {}
    })
  }

  async cancel(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'cancel', params, async () => ({}))
  }

  /**
   * The tender's representatives (spec §7 PUT tenders/{id}/accounts): the person in charge (or
   * `tenders:update:any`) lists them until the tender is decided; see tender-representatives.ts.
   */
  async setAccounts(data: { id: string; userIds: number[] }, params: TenderParams = {}) {
    const db = this.conn(params)
    const record = await this.lockForWrite(data.id, params)
    this.assertCan(params, 'update', record)
    if (isTenderIn('decided', record.status)) throw appError(409, 'INVALID_TRANSITION', { status: record.status, action: 'setAccounts' })
    await replaceRepresentatives(this.app, db, record, data.userIds, params.user?.id ?? null)
    await db('tenders').where({ id: record.id }).update({ updatedAt: new Date() })
    return this._get(record.id, { ...params, query: {} })
  }

  /** Hands the tender to another staff member of the region; the status stays. */
  async changeManager(data: { id: string; userId: number }, params: TenderParams = {}) {
    const db = this.conn(params)
    const record = await this.lockForWrite(data.id, params)
    this.assertCan(params, 'changeManager', record)
    if (isTenderIn('decided', record.status)) throw appError(409, 'INVALID_TRANSITION', { status: record.status, action: 'changeManager' })
    const user = await db('users').where({ id: data.userId, enabled: true }).whereBetween('userType', [500, 599]).whereRaw('regions @> ARRAY[?]::varchar[]', [record.region]).first('id')
    if (!user) throw appError(400, 'VALIDATION_FAILED', { details: 'userId' })
    await db('tenders').where({ id: record.id }).update({ managedBy: user.id, updatedAt: new Date() })
    return this._get(record.id, { ...params, query: {} })
  }

  /*
   * Addenda (spec §4; PRODUCT.md: "An issued tender takes addenda: version+1, its own
   * DRAFT→WAPPR→APPR→ISSUED cycle, then re-issue"). The tender stays ISSUED throughout; the
   * cycle's state is `addendumStatus` (addendumWorkflow) and its content `addendumDraft`, so
   * vendors keep reading the issued content until the addendum is issued.
   */

  /** ISSUED and before closing, no addendum pending: version + 1, addendum DRAFT from the issued content. */
  async addendum(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'addendum', params, async (_db, record) => ({
      version: record.version + 1,
      addendumStatus: 'DRAFT',
      addendumDraft: JSON.stringify(addendumStart(issuedContent(record))),
      rejectReason: null
    }))
  }

  /** The addendum's content while DRAFT or REJECTED; labels computed against the issued content. */
  async saveAddendum(data: Partial<AddendumDraft> & { id: string; documentIds?: number[] }, params: TenderParams = {}) {
    const db = this.conn(params)
    const record = await this.lockForWrite(data.id, params)
    this.assertCan(params, 'update', record)
    if (record.status !== 'ISSUED' || !tenderWorkflow.phases.editable.includes(record.addendumStatus) || !isBeforeClosing(tenderFacts(record))) {
      throw appError(409, 'INVALID_TRANSITION', { status: tenderScreenStatus(record), action: 'saveAddendum' })
    }
    await assertNotLockedByOther(db, 'tenders', record.id, params.user?.id)
    const { id: _id, updatedAt: _read, documentIds, ...changes } = data as any
    const draft: AddendumDraft = { ...record.addendumDraft, ...changes }
    if (changes.closingAt !== undefined && new Date(changes.closingAt).getTime() !== new Date(record.closingAt).getTime()) {
      await this.assertClosingAhead(new Date(changes.closingAt), record.tenderType, record.region)
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
    return this._get(record.id, { ...params, query: {} })
  }

  async submitAddendum(data: { id: string; approverId: number }, params: TenderParams = {}) {
    return this.addendumTransition(
      data.id,
      'submit',
      params,
      async (db, record) => {
        const sections = missingSections({ ...record, ...record.addendumDraft })
        if (sections.length) throw appError(400, 'MISSING_FIELDS', { sections: sections.join(', '), list: sections })
        const approver = await db('users')
          .where({ id: data.approverId, enabled: true })
          .whereBetween('userType', [500, 599])
          .whereRaw('regions @> ARRAY[?]::varchar[]', [record.region])
          .first('id', 'email', 'displayName')
        if (!approver) throw appError(400, 'VALIDATION_FAILED', { details: 'approverId' })
        await this.mail(params, 'tender.approval-request', [[approver.email]], record, { approverName: approver.displayName }, this.addendumPath(record))
        return { approverId: approver.id, rejectReason: null }
      },
      { approverId: data.approverId }
    )
  }

  async approveAddendum(data: { id: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'approve', params, async (_db, record) => {
      await this.mailManager(params, record, 'APPROVED', this.addendumPath(record))
      return { approvedBy: params.user?.id ?? null }
    })
  }

  async rejectAddendum(data: { id: string; reason: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'reject', params, async (_db, record) => {
      await this.mailManager(params, record, 'REJECTED', this.addendumPath(record))
      return { rejectReason: data.reason.trim() }
    })
  }

  async resetAddendum(data: { id: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'reset', params, async () => ({}))
  }

  /** APPR → issued: the draft becomes the content, a revision row, bids re-invited, vendors told. */
  async issueAddendum(data: { id: string; comment?: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'issue', params, async (db, record) => {
      const now = new Date()
      const { tender, bidIds } = await issueAddendum(db, record, callerOf(params), data.comment ?? null, now)
      // The invited vendors' bid screens and the health check show the bids re-invited.
      announceChanged(this.app, 'bids', bidIds, params)
      const companyIds = (await db('tender_vendors').where({ tenderId: record.id }).select('companyId')).map((row: any) => row.companyId)
      await this.mail(
        params,
        'tender.addendum',
        await vendorMailboxes(db, record.region, companyIds),
        { ...record, closingAt: tender.closingAt },
        { version: record.version, comment: data.comment?.trim() || '-' }
      )
      if (new Date(tender.closingAt).getTime() !== new Date(record.closingAt).getTime()) this.scheduleClosing(params, record.id, new Date(tender.closingAt))
      // Spec §4: issuing stamps the highest terms version; the vendors, their acceptance cleared, accept it anew.
      return { ...tender, termsVersion: (await latestTermsVersion(db, record.region, record.departmentId)) ?? record.termsVersion }
    })
  }

  /** DRAFT or REJECTED addendum dropped (spec §7 "fallback"): back to the issued version and content. */
  async discardAddendum(data: { id: string }, params: TenderParams = {}) {
    const db = this.conn(params)
    const record = await this.lockForWrite(data.id, params)
    this.assertCan(params, 'update', record)
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
    return this._get(record.id, { ...params, query: {} })
  }

  /** The addendum's cycle (addendumWorkflow, the tender's CASL actions): the tender ISSUED with an addendum pending; the state is `addendumStatus`. */
  private addendumTransition(id: string, action: string, params: TenderParams, apply: (db: Knex, record: any) => Promise<Record<string, unknown>>, facts: Partial<TenderFacts> = {}) {
    return this.runTransition<any, AddendumState, TenderFacts, TenderActor>({
      id,
      action,
      params,
      workflow: addendumWorkflow,
      precheck: (record) => {
        if (record.status !== 'ISSUED' || !record.addendumStatus) throw appError(409, 'INVALID_TRANSITION', { status: tenderScreenStatus(record), action: `${action}Addendum` })
      },
      state: (record) => record.addendumStatus,
      facts: (record, _related, now) => ({ ...tenderFacts(record, now), ...facts }),
      apply: (db, record) => apply(db, record),
      // ISSUED ends the cycle: nothing is pending any more.
      write: (to) => ({ addendumStatus: to === 'ISSUED' ? null : to })
    })
  }

  /** The staff screen of a pending addendum, linked from its approval mails. */
  private addendumPath(record: any) {
    return `/tender/addendum/${record.id}`
  }

  /** A move of tenderWorkflow through the kit's runner (workflow-runner.ts). */
  private transition(id: string, action: string, params: TenderParams, apply: (db: Knex, record: any) => Promise<Record<string, unknown> | void>, facts: Partial<TenderFacts> = {}) {
    return this.runTransition<any, TenderState, TenderFacts, TenderActor>({
      id,
      action,
      params,
      workflow: tenderWorkflow,
      facts: (record, _related, now) => ({ ...tenderFacts(record, now), ...facts }),
      apply: (db, record) => apply(db, record)
    })
  }

  private scheduleClosing(params: TenderParams, tenderId: string, closingAt: Date) {
    const queue = this.app.get('queue')
    if (!queue) return
    const send = () => queue.send('tenders.close', { tenderId }, { startAfter: closingAt, singletonKey: `tenders.close:${tenderId}:${closingAt.getTime()}` })
    if (params.afterCommit) params.afterCommit.push(send)
    else void send()
  }

  private async mailManager(params: TenderParams, record: any, result: 'APPROVED' | 'REJECTED', path?: string) {
    const manager = await this.conn(params)('users').where({ id: record.managedBy }).first('email')
    const words = result === 'APPROVED' ? { 'en-US': 'approved', 'zh-CN': '已批准' } : { 'en-US': 'rejected', 'zh-CN': '已退回' }
    if (manager) await this.mail(params, 'tender.approval-result', [[manager.email]], record, { result: words }, path)
  }

  /** A tender notice (tender-mail.ts): vendor templates link into the vendor portal; `path` is the staff screen (default the tender view). */
  private mail<T extends Parameters<typeof sendTenderMail>[2]>(params: TenderParams, template: T, to: string[][], record: any, extra: Parameters<typeof sendTenderMail<T>>[5], path?: string) {
    return sendTenderMail(this.app, params, template, to, record, extra, { audience: vendorTemplates.has(template) ? 'vendors' : 'staff', path })
  }
}

/** The notices vendors receive. */
const vendorTemplates = new Set<string>(['tender.invitation', 'tender.extension', 'tender.award', 'tender.regret', 'tender.addendum'])

/**
 * A pending addendum that leaves the closing date as issued follows an extension: issuing it
 * later must not bring the old closing date back. One that moves the closing date keeps its own.
 */
function draftFollowingExtension(record: any, closingAt: Date) {
  const draft = record.addendumDraft
  if (!draft || new Date(draft.closingAt).getTime() !== new Date(record.closingAt).getTime()) return {}
  return { addendumDraft: JSON.stringify({ ...draft, closingAt: closingAt.toISOString() }) }
}

const withoutLabels = (groups: any[]) => groups.map((group) => ({ ...group, lineItems: (group.lineItems ?? []).map(({ addendumLabel: _label, ...item }: any) => item) }))

/** A bidder: replied with a bid (not a no-show, not declined); these hear the award or regret. */
export const isBidder = (bid: { status: any }) => !isNoShow(bid) && bid.status !== 'DECLINED'

/**
 * The mail addresses of the enabled vendor accounts of these companies in the region that see
 * their tenders, one list per company: the master account (its Vendor Admin group) and the
 * sub-accounts holding the Tenders toggle, whose rights are their toggles' (a sub-account without
 * it reads no tender, so it is sent none: issue 27 item 10). Each company gets its own message
 * (sendTenderMail), so no vendor ever reads the address or the name of a competitor in a header.
 */
export async function vendorMailboxes(db: Knex, region: string, companyIds: number[]): Promise<string[][]> {
  if (!companyIds.length) return []
  const rows: { companyId: number; email: string }[] = await db('users')
    .whereIn('companyId', companyIds)
    .where({ enabled: true })
    .whereBetween('userType', [400, 499])
    .whereRaw('regions @> ARRAY[?]::varchar[]', [region])
    .where((who) => who.whereNotIn('userType', [...vendorSubAccountTypes]).orWhereRaw("vendor_perms @> ARRAY['Tenders']::text[]"))
    .orderBy('id')
    .select('companyId', 'email')
  const byCompany = new Map<number, string[]>()
  for (const { companyId, email } of rows) byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), email])
  return [...byCompany.values()]
}
