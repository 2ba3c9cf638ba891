import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import { callerOf, WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { checkPurchaseRequest } from '../tender-checks/pr-check.js'
import { getSetting } from '../../../../settings-values.js'
import { addendumWorkflow, isTenderIn, tenderScreenStatus, tenderWorkflow, type AddendumState, type TenderActor, type TenderFacts, type TenderState } from './tender.workflow.js'
import type { AddendumDraft } from './addendum-issue.js'
import { replaceRepresentatives } from './tender-representatives.js'
import type { Tender } from './tenders.schema.js'
import { assertLineItems, assertOptionalItems } from './line-item-rules.js'
import { removeDocuments } from '../tender-documents/tender-documents.class.js'
import { assertClosingAhead, earliestClosingAt } from './closing-schedule.js'
import { approveTender, awardTender, extendTender, issueTender, regretAllBids, rejectTender, submitTender, tenderFacts, type TenderMove, type TenderParams } from './tender-moves.js'
import { approveAddendum, discardAddendum, issueTheAddendum, rejectAddendum, saveAddendum, startAddendum, submitAddendum } from './tender-addenda.js'

/** A vendor's list call (see `vendorListQuery`); a vendor's get still reads the tender itself. */
const isVendorList = (params: TenderParams) => Boolean((params as any).vendorList)

const jsonFields = ['general', 'scope', 'lineItemGroups'] as const

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
        closingAt: await earliestClosingAt(this.app, region, pr.kind),
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
    if (changes.closingAt !== undefined) await assertClosingAhead(this.app, new Date(changes.closingAt), record.tenderType, record.region)
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

  async submit(data: { id: string; approverId: number }, params: TenderParams = {}) {
    return this.transition(data.id, 'submit', params, submitTender(this.app, params, data), { approverId: data.approverId })
  }

  async approve(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'approve', params, approveTender(this.app, params))
  }

  async reject(data: { id: string; reason: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'reject', params, rejectTender(this.app, params, data))
  }

  async reset(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'reset', params, async () => ({ approvedBy: null }))
  }

  async issue(data: { id: string; vendorIds: number[]; overrideReason?: string | null }, params: TenderParams = {}) {
    return this.transition(data.id, 'issue', params, issueTender(this.app, params, data))
  }

  async extend(data: { id: string; closingAt: string; reason: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'extend', params, extendTender(this.app, params, data))
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
    return this.transition(data.id, 'award', params, awardTender(this.app, params))
  }

  /** REVIEW → REGRETTED: every bidder gets a regret notice. */
  async regretAll(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'regretAll', params, regretAllBids(this.app, params))
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

  // Addenda (tender-addenda.ts): the tender stays ISSUED while its addendum runs its own cycle.

  async addendum(data: { id: string }, params: TenderParams = {}) {
    return this.transition(data.id, 'addendum', params, startAddendum)
  }

  async saveAddendum(data: Partial<AddendumDraft> & { id: string; documentIds?: number[] }, params: TenderParams = {}) {
    return saveAddendum(this, this.app, data, params)
  }

  async submitAddendum(data: { id: string; approverId: number }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'submit', params, submitAddendum(this.app, params, data), { approverId: data.approverId })
  }

  async approveAddendum(data: { id: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'approve', params, approveAddendum(this.app, params))
  }

  async rejectAddendum(data: { id: string; reason: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'reject', params, rejectAddendum(this.app, params, data))
  }

  async resetAddendum(data: { id: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'reset', params, async () => ({}))
  }

  async issueAddendum(data: { id: string; comment?: string }, params: TenderParams = {}) {
    return this.addendumTransition(data.id, 'issue', params, issueTheAddendum(this.app, params, data))
  }

  async discardAddendum(data: { id: string }, params: TenderParams = {}) {
    return discardAddendum(this, data, params)
  }

  /** The addendum's cycle (addendumWorkflow, the tender's CASL actions): the tender ISSUED with an addendum pending; the state is `addendumStatus`. */
  private addendumTransition(id: string, action: string, params: TenderParams, apply: TenderMove, facts: Partial<TenderFacts> = {}) {
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

  /** A move of tenderWorkflow through the kit's runner (workflow-runner.ts). */
  private transition(id: string, action: string, params: TenderParams, apply: TenderMove, facts: Partial<TenderFacts> = {}) {
    return this.runTransition<any, TenderState, TenderFacts, TenderActor>({
      id,
      action,
      params,
      workflow: tenderWorkflow,
      facts: (record, _related, now) => ({ ...tenderFacts(record, now), ...facts }),
      apply: (db, record) => apply(db, record)
    })
  }
}

const withoutLabels = (groups: any[]) => groups.map((group) => ({ ...group, lineItems: (group.lineItems ?? []).map(({ addendumLabel: _label, ...item }: any) => item) }))
