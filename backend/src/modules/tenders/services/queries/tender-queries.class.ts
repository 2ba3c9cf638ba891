import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerOf, WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { mayManageQueries } from './tender-queries.access.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import { vendorMailboxes } from '../tenders/tender-notices.js'
import { isClosed } from '../tenders/tender.workflow.js'
import { bidWorkflow } from '../bids/bid.workflow.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { queryWorkflow, type QueryActor, type QueryFacts, type QueryState } from './query.workflow.js'
import { sendTenderMail } from '../tenders/tender-mail.js'
import { formatMailDateTime } from '../../../../format/format.shared.js'
import type { TenderQuery } from './tender-queries.schema.js'

type QueryParams = KnexAdapterParams & Params

/**
 * Queries (clarifications) on bids of a tender in REVIEW. Staff who may update the tender (its
 * person in charge, or `tenders:update:any`) draft, edit, remove and issue them; the bid's vendor
 * answers before the query's closing date; the closing sweep (close-tenders.ts) expires the
 * rest. Vendors read only their company's queries, never drafts; staff read the queries of the
 * tenders they may read.
 */
export class TenderQueryService extends WorkflowKnexService<TenderQuery> {
  constructor(options: any, app: Application) {
    super(options, app, { resource: 'queries' })
  }

  /** Staff who may update the tender (tender-queries.access.ts); internal calls pass. */
  private assertManages(params: QueryParams, tender: any) {
    if (!mayManageQueries(params, tender)) throw appError(403, 'FORBIDDEN')
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
    const [{ id }] = await db('tender_queries').insert(
      {
        region,
        tenderId: tender.id,
        bidId: bid.id,
        companyId: bid.companyId,
        order: Number(last?.order ?? 0) + 1,
        status: 'DRAFT',
        question: data.question.trim(),
        closingAt
      },
      ['id']
    )
    return this._get(id, { ...params, query: {} })
  }

  async patch(id: any, data: { question?: string; closingAt?: string; updatedAt?: any }, params: QueryParams = {}): Promise<any> {
    const db = this.conn(params)
    const row = await this.lockForWrite(id, params)
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
    const row = await this.lockForWrite(id, params)
    this.assertManages(params, await db('tenders').where({ id: row.tenderId }).first())
    if (row.status !== 'DRAFT') throw appError(409, 'INVALID_TRANSITION', { status: row.status, action: 'delete' })
    await db('tender_queries').where({ id: row.id }).delete()
    return row
  }

  /** DRAFT → ISSUED (closing ahead); the bid goes SUBMITTED → QUERY; the vendor is mailed. */
  async issue(data: { id: number }, params: QueryParams = {}) {
    return this.transition(data.id, 'issue', params, {
      authorize: (_row, tender) => this.assertManages(params, tender),
      apply: async (db, row, tender, _to, now, actor) => {
        const bid = await db('bids').where({ id: row.bidId }).forUpdate().first()
        await db('bids')
          .where({ id: bid.id })
          .update({ status: bidWorkflow.next(bid.status, 'query', bidFacts(bid, tender, now), actor), updatedAt: now })
        announceChanged(this.app, 'bids', [bid.id], params)
        const recipients = await vendorMailboxes(db, row.region, [row.companyId])
        const timeZone = (await this.app.get('regionCache').get(row.region))?.timeZone ?? 'UTC'
        await sendTenderMail(
          this.app,
          params,
          'tender.query',
          recipients,
          tender,
          { question: row.question ?? '', queryClosingAt: formatMailDateTime(row.closingAt, timeZone) },
          { audience: 'vendors' }
        )
      }
    })
  }

  /** ISSUED → SUBMITTED by the bid's vendor before the query closes (409 QUERY_CLOSED after); the bid returns to SUBMITTED. */
  async answer(data: { id: number; answer: string }, params: QueryParams = {}) {
    return this.transition(data.id, 'answer', params, {
      precheck: (row, now) => {
        if (row.status === 'ISSUED' && isClosed({ closingAt: row.closingAt, now })) throw appError(409, 'QUERY_CLOSED')
      },
      apply: async (db, row, tender, _to, now, actor) => {
        const bid = await db('bids').where({ id: row.bidId }).forUpdate().first()
        if (bid.status === 'QUERY') {
          await db('bids')
            .where({ id: bid.id })
            .update({ status: bidWorkflow.next(bid.status, 'answer', bidFacts(bid, tender, now), actor), updatedAt: now })
          announceChanged(this.app, 'bids', [bid.id], params)
        }
        const manager = await db('users').where({ id: tender.managedBy }).first('email')
        const company = await db('companies').where({ id: row.companyId }).first('name')
        if (manager)
          await sendTenderMail(this.app, params, 'tender.query-response', [[manager.email]], tender, { companyName: company?.name ?? '-' }, { audience: 'staff', path: `/summary/${tender.id}/query` })
        return { answer: data.answer.trim() }
      }
    })
  }

  /**
   * A move of queryWorkflow through the kit's runner, with the query's tender read once (it
   * rides on the params for the live event, `params.tenders`). The default check is the
   * caller's `queries` ability on the query (answer); issuing is the tender's managers' (above).
   */
  private transition(
    id: number,
    action: string,
    params: QueryParams,
    {
      authorize,
      precheck,
      apply
    }: {
      authorize?: (row: any, tender: any) => void
      precheck?: (row: any, now: Date) => void
      apply: (db: Knex, row: any, tender: any, to: QueryState, now: Date, actor: QueryActor) => Promise<Record<string, unknown> | void>
    }
  ) {
    return this.runTransition<any, QueryState, QueryFacts, QueryActor, any>({
      id,
      action,
      params,
      workflow: queryWorkflow,
      related: async (db, row) => {
        const tender = await db('tenders').where({ id: row.tenderId }).first()
        ;(params as any).tenders = [tender]
        return tender
      },
      authorize: authorize ?? ((row) => this.assertCan(params, action, row)),
      precheck: precheck && ((row, _tender, now) => precheck(row, now)),
      facts: (row, _tender, now) => ({ status: row.status, closingAt: row.closingAt, now, vendorId: row.companyId }),
      apply: (db, row, tender, to, now) => apply(db, row, tender, to, now, callerOf(params))
    })
  }
}

export const bidFacts = (bid: any, tender: any, now: Date) => ({
  status: bid.status,
  vendorId: bid.companyId,
  tenderStatus: tender.status,
  tenderManagedBy: tender.managedBy,
  closingAt: tender.closingAt,
  now
})
