import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { PortalKnexService } from '../../../../services/knex-service.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import { actorOf, tenderFacts, vendorMailboxes, readsAnyTender } from '../tenders/tenders.class.js'
import { isClosed, permitted } from '../tenders/tender.workflow.js'
import { bidWorkflow } from '../bids/bid.workflow.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { queryWorkflow } from './query.workflow.js'
import { formatMailDateTime } from '../../../../format/format.shared.js'
import { sendTenderMail } from '../tenders/tender-mail.js'
import type { TenderQuery } from './tender-queries.schema.js'
import { mayReview, representativeOf } from '../tenders/tender-representatives.js'

type QueryParams = KnexAdapterParams & Params

/**
 * Queries (clarifications) on bids of a tender in REVIEW. Staff who may update the tender (its
 * person in charge, or `tenders:update:any`) draft, edit, remove and issue them; the bid's vendor
 * answers before the query's closing date; the closing sweep (close-tenders.ts) expires the
 * rest. Vendors read only their company's queries, never drafts; staff read the queries of the
 * tenders they may read.
 */
export class TenderQueryService extends PortalKnexService<TenderQuery> {
  constructor(options: any, private app: Application) {
    super(options)
  }

  createQuery(params: QueryParams = {}) {
    const query = super.createQuery(params)
    const user = params.user
    if (!params.provider || !user) return query
    const portal = portalOf(user.userType)
    const db = this.app.get('knex')
    // A tender representative follows the issued queries of the tender while it is in REVIEW.
    const asRepresentative = mayReview(params) ? representativeOf(db, 'tender_queries.tender_id', user.id, { inReview: true }) : null
    if (portal === 'vendors') {
      // Drafts are the staff's work in progress: never shown outside the staff portal.
      query.whereNot('tender_queries.status', 'DRAFT')
      if (!asRepresentative) return query.where('tender_queries.companyId', user.companyId ?? -1)
      return query.where((inner) => inner.where('tender_queries.companyId', user.companyId ?? -1).orWhereExists(asRepresentative))
    }
    if (portal !== 'staff') return query.whereRaw('false')
    if (readsAnyTender(params)) return query
    const tenders = db('tenders').whereRaw('tenders.id = tender_queries.tender_id').where('tenders.managedBy', user.id)
    if (!asRepresentative) return query.whereExists(tenders)
    // A representative reviews what was asked, not the person in charge's drafts.
    return query.where((inner) => inner.whereExists(tenders).orWhere((rep) => rep.whereExists(asRepresentative).whereNot('tender_queries.status', 'DRAFT')))
  }

  private conn(params: QueryParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** The query as the caller may see it, in the region, locked for the write; 404 otherwise. */
  private async load(id: number | string, params: QueryParams) {
    const row = await this.createQuery({ ...params, query: { region: params.region } } as any).where('tender_queries.id', Number(id)).forUpdate().first()
    if (!row) throw appError(404, 'NOT_FOUND')
    return row
  }

  /** Staff who may update the tender; internal calls pass. */
  private assertManages(params: QueryParams, tender: any) {
    if (!params.provider) return
    const user = params.user
    if (!user || portalOf(user.userType) !== 'staff' || !permitted(tenderFacts(tender), actorOf(params), 'update')) throw appError(403, 'FORBIDDEN')
  }

  private assertFuture(closingAt: string | Date) {
    const at = new Date(closingAt)
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) throw appError(400, 'CLOSING_TOO_EARLY', { days: 0 })
    return at
  }

  async create(data: any, params: QueryParams = {}): Promise<any> {
    const db = this.conn(params)
    const region = params.region ?? 'GLOBAL'
    const bid = await db('bids').where({ id: data.bidId, region }).forUpdate().first()
    if (!bid) throw appError(404, 'NOT_FOUND')
    const tender = await db('tenders').where({ id: bid.tenderId }).first()
    this.assertManages(params, tender)
    if (tender.status !== 'REVIEW') throw appError(409, 'INVALID_TRANSITION', { status: tender.status, action: 'query' })
    if (!['SUBMITTED', 'QUERY'].includes(bid.status)) throw appError(409, 'INVALID_TRANSITION', { status: bid.status, action: 'query' })
    const closingAt = this.assertFuture(data.closingAt)
    const last = await db('tender_queries').where({ bidId: bid.id }).max('order as order').first()
    const [{ id }] = await db('tender_queries').insert({
      region, tenderId: tender.id, bidId: bid.id, companyId: bid.companyId, order: Number(last?.order ?? 0) + 1,
      status: 'DRAFT', question: data.question.trim(), closingAt
    }, ['id'])
    return this._get(id, { ...params, query: {} })
  }

  async patch(id: any, data: { question?: string; closingAt?: string; updatedAt?: any }, params: QueryParams = {}): Promise<any> {
    const db = this.conn(params)
    const row = await this.load(id, params)
    this.assertManages(params, await db('tenders').where({ id: row.tenderId }).first())
    if (row.status !== 'DRAFT') throw appError(409, 'INVALID_TRANSITION', { status: row.status, action: 'update' })
    // The edit lock of spec §7 check-editable / keep-edit: another user's open edit wins.
    await assertNotLockedByOther(db, 'tender-queries', row.id, params.user?.id)
    const changes: Record<string, unknown> = { updatedAt: new Date() }
    if (data.question !== undefined) changes.question = data.question.trim()
    if (data.closingAt !== undefined) changes.closingAt = this.assertFuture(data.closingAt)
    await db('tender_queries').where({ id: row.id }).update(changes)
    return this._get(row.id, { ...params, query: {} })
  }

  async remove(id: any, params: QueryParams = {}): Promise<any> {
    const db = this.conn(params)
    const row = await this.load(id, params)
    this.assertManages(params, await db('tenders').where({ id: row.tenderId }).first())
    if (row.status !== 'DRAFT') throw appError(409, 'INVALID_TRANSITION', { status: row.status, action: 'delete' })
    await db('tender_queries').where({ id: row.id }).delete()
    return row
  }

  /** DRAFT → ISSUED (closing ahead); the bid goes SUBMITTED → QUERY; the vendor is mailed. */
  async issue(data: { id: number }, params: QueryParams = {}) {
    const db = this.conn(params)
    const row = await this.load(data.id, params)
    const tender = await db('tenders').where({ id: row.tenderId }).first()
    this.assertManages(params, tender)
    const now = new Date()
    const actor = { ...actorOf(params), companyId: params.user?.companyId ?? null }
    const to = queryWorkflow.next(row.status, 'issue', { status: row.status, closingAt: row.closingAt, now, vendorId: row.companyId }, actor)
    const bid = await db('bids').where({ id: row.bidId }).forUpdate().first()
    const bidTo = bidWorkflow.next(bid.status, 'query', bidFacts(bid, tender, now), actor)
    await db('tender_queries').where({ id: row.id }).update({ status: to, updatedAt: now })
    await db('bids').where({ id: bid.id }).update({ status: bidTo, updatedAt: now })
    announceChanged(this.app, 'bids', [bid.id], params)
    const recipients = await vendorMailboxes(db, row.region, [row.companyId])
    const timeZone = (await this.app.get('regionCache').get(row.region))?.timeZone ?? 'UTC'
    await sendTenderMail(this.app, params, 'tender.query', recipients, tender, { question: row.question ?? '', queryClosingAt: formatMailDateTime(row.closingAt, timeZone) }, { audience: 'vendors' })
    return this._get(row.id, { ...params, query: {} })
  }

  /** ISSUED → SUBMITTED by the bid's vendor before the query closes (409 QUERY_CLOSED after); the bid returns to SUBMITTED. */
  async answer(data: { id: number; answer: string }, params: QueryParams = {}) {
    const db = this.conn(params)
    const row = await this.load(data.id, params)
    if (params.provider && !params.ability?.can('answer', subject('queries', { ...row }))) throw appError(403, 'FORBIDDEN')
    const now = new Date()
    if (row.status === 'ISSUED' && isClosed({ closingAt: row.closingAt, now })) throw appError(409, 'QUERY_CLOSED')
    const actor = { ...actorOf(params), companyId: params.user?.companyId ?? null }
    const to = queryWorkflow.next(row.status, 'answer', { status: row.status, closingAt: row.closingAt, now, vendorId: row.companyId }, actor)
    const tender = await db('tenders').where({ id: row.tenderId }).first()
    const bid = await db('bids').where({ id: row.bidId }).forUpdate().first()
    await db('tender_queries').where({ id: row.id }).update({ status: to, answer: data.answer.trim(), updatedAt: now })
    if (bid.status === 'QUERY') {
      await db('bids').where({ id: bid.id }).update({ status: bidWorkflow.next(bid.status, 'answer', bidFacts(bid, tender, now), actor), updatedAt: now })
      announceChanged(this.app, 'bids', [bid.id], params)
    }
    const manager = await db('users').where({ id: tender.managedBy }).first('email')
    const company = await db('companies').where({ id: row.companyId }).first('name')
    if (manager) await sendTenderMail(this.app, params, 'tender.query-response', [[manager.email]], tender, { companyName: company?.name ?? '-' }, { audience: 'staff', path: `/summary/${tender.id}/query` })
    return this._get(row.id, { ...params, query: {} })
  }
}

export const bidFacts = (bid: any, tender: any, now: Date) => ({
  status: bid.status, vendorId: bid.companyId, tenderStatus: tender.status, tenderManagedBy: tender.managedBy, closingAt: tender.closingAt, now
})
