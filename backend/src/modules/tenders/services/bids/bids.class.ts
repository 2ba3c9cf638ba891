import { containsPattern } from '../../../../kit/query.js'
import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { mayReadBids } from './bids.access.js'
import { bidWorkflow, type BidActor, type BidFacts, type BidState } from './bid.workflow.js'
import { vendorMailboxes } from '../tenders/tender-notices.js'
import { sendTenderMail } from '../tenders/tender-mail.js'
import { formatMailDateTime } from '../../../../format/format.shared.js'
import { bidReceipt } from '../tenders/bid-receipt.js'
import { isRemovedItem } from '../tenders/addendum-diff.js'
import { bidTenderSortFields, type Bid } from './bids.schema.js'
import { termsOfTender } from '../tender-terms/terms-library.js'
import { unacceptedTerms } from '../tender-terms/tender-terms.shared.js'

type BidParams = KnexAdapterParams & Params

const snakeColumns: Record<string, string> = { prNumber: 'pr_number', prDescription: 'pr_description', closingAt: 'closing_at' }

/** Remarks as kept: trimmed, blank ones left out (an emptied remark is no remark). */
function trimmedRemarks(remarks: Record<string, string> | undefined) {
  if (!remarks) return undefined
  const kept = Object.entries(remarks)
    .map(([id, text]) => [id, text.trim()] as const)
    .filter(([, text]) => text)
  return kept.length ? Object.fromEntries(kept) : undefined
}

/** The bid content less the quantities, rates and remarks of line items an addendum removed (label D). */
function withoutRemovedItems(content: any, tender: any) {
  const { remarks, ...rest } = content
  const trimmed = trimmedRemarks(remarks)
  const cleaned = { ...rest, ...(trimmed ? { remarks: trimmed } : {}) }
  const removed = new Set(
    (tender?.lineItemGroups ?? [])
      .flatMap((group: any) => group.lineItems ?? [])
      .filter(isRemovedItem)
      .map((item: any) => String(item.id))
  )
  if (!removed.size) return cleaned
  const keep = (values: Record<string, unknown> | undefined) => values && Object.fromEntries(Object.entries(values).filter(([id]) => !removed.has(id)))
  return Object.fromEntries(Object.entries(cleaned).map(([key, value]) => [key, ['bidItemQtys', 'rates', 'remarks'].includes(key) ? keep(value as any) : value]))
}

/**
 * Bids of a region. A vendor reads and writes only its company's bids; staff read the bids of
 * the tenders they may read, sealed (see bid-seal.ts) until the tender is opened after closing.
 */
export class BidService extends WorkflowKnexService<Bid> {
  /** The lock of a write reads the bid as the caller may (bids.access.ts): no separate read first. */
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app)
  }

  /**
   * Besides the bid's own fields, the list finds (`search`) and sorts by the tender each bid answers;
   * without a `$sort` it reads the invitations still open for a bid first, soonest closing first,
   * then the others, latest closing first (the vendor's invitation list); one tender's bids in the
   * order they came in.
   */
  createQuery(params: BidParams = {}) {
    const db = this.app.get('knex')
    const { search, $sort, ...query } = (params.query ?? {}) as { search?: unknown; $sort?: Record<string, 1 | -1> } & Record<string, any>
    const own: Record<string, 1 | -1> = Object.fromEntries(Object.entries($sort ?? {}).filter(([field]) => !(bidTenderSortFields as readonly string[]).includes(field)))
    // What the caller reads is the access contract's narrowing (bids.access.ts `bidsAccess`), applied by the kit's createQuery.
    const builder = super.createQuery({ ...params, query: { ...query, ...(Object.keys(own).length ? { $sort: own } : {}) } })
    const text = typeof search === 'string' ? search.trim() : ''
    if (text) {
      const pattern = containsPattern(text)
      builder.whereExists(
        db('tenders')
          .whereRaw('tenders.id = bids.tender_id')
          .where((inner) => inner.whereILike('tenders.prNumber', pattern).orWhereILike('tenders.prDescription', pattern))
      )
    }
    const tenderOf = (column: string) => `(select tenders.${column} from tenders where tenders.id = bids.tender_id)`
    for (const [field, order] of Object.entries($sort ?? {}))
      if ((bidTenderSortFields as readonly string[]).includes(field)) builder.orderByRaw(`${tenderOf(snakeColumns[field])} ${Number(order) < 0 ? 'desc' : 'asc'} nulls last`)
    if ($sort && Object.keys($sort).length) return builder
    // The bids of one tender (health check, comparison) in the order they came in; those invited
    // together (one issue, one createdAt) by their vendor's name, never by their random ids.
    if (query.tenderId !== undefined)
      return builder.orderBy('bids.createdAt', 'asc').orderByRaw('(select companies.name from companies where companies.id = bids.company_id) asc').orderBy('bids.id', 'asc')
    const open = `coalesce((select tenders.status = 'ISSUED' and tenders.closing_at > now() from tenders where tenders.id = bids.tender_id), false)`
    builder
      .orderByRaw(`${open} desc`)
      .orderByRaw(`case when ${open} then ${tenderOf('closing_at')} end asc`)
      .orderByRaw(`${tenderOf('closing_at')} desc nulls last`)
      // Invitations closing together: the latest first.
      .orderBy('bids.createdAt', 'desc')
      .orderBy('bids.id', 'desc')
    return builder
  }

  async lockForWrite(id: string | number, params: BidParams) {
    if (params.provider && !mayReadBids(params)) throw appError(404, 'NOT_FOUND')
    return super.lockForWrite(id, params)
  }

  /** Saves the draft; quantities and rates of items an addendum removed are not kept (not biddable). */
  async save(data: { id: string; content: any; termsAccepted?: string[] }, params: BidParams = {}) {
    return this.transition(data.id, 'save', params, async (_bid, tender) => ({
      content: JSON.stringify(withoutRemovedItems(data.content, tender)),
      ...(data.termsAccepted ? { termsAccepted: JSON.stringify(data.termsAccepted) } : {})
    }))
  }

  /**
   * Submits before closing, once every term of the tender's terms version is accepted (spec §5:
   * one checkbox per term; 400 TERMS_NOT_ACCEPTED otherwise). The answer carries the receipt
   * the vendor keeps: the digest and the random nonce hashed into it (bid-receipt.shared.ts).
   * The mail carries the digest only: administrators read the outbox, and with the nonce they
   * could try prices until the digest matches.
   */
  async submit(data: { id: string }, params: BidParams = {}) {
    return this.transition(data.id, 'submit', params, async (bid, tender) => {
      const { items } = await termsOfTender(this.conn(params), tender)
      const missing = unacceptedTerms(items, bid.termsAccepted)
      if (missing.length) throw appError(400, 'TERMS_NOT_ACCEPTED', { count: missing.length, missing })
      const submittedAt = new Date()
      const receipt = bidReceipt(bid.content, submittedAt)
      const receiptDigest = receipt.digest
      // The confirmation with the digest goes to the company's own accounts only: it names the bid.
      const db = this.conn(params)
      const timeZone = (await this.app.get('regionCache').get(tender.region))?.timeZone ?? 'UTC'
      await sendTenderMail(
        this.app,
        params,
        'tender.bid-submitted',
        await vendorMailboxes(db, tender.region, [bid.companyId]),
        tender,
        {
          companyName: await companyName(db, bid.companyId),
          submittedAt: formatMailDateTime(submittedAt, timeZone),
          receiptDigest
        },
        { audience: 'vendors' }
      )
      return { submittedAt, respondedOn: submittedAt, receiptDigest, receiptNonce: receipt.nonce }
    })
  }

  async decline(data: { id: string; reason: string }, params: BidParams = {}) {
    return this.transition(
      data.id,
      'decline',
      params,
      async (bid, tender) => {
        const db = this.conn(params)
        const manager = await db('users').where({ id: tender.managedBy }).first('email')
        if (manager) {
          await sendTenderMail(
            this.app,
            params,
            'tender.bid-declined',
            [[manager.email]],
            tender,
            { companyName: await companyName(db, bid.companyId), reason: data.reason.trim() },
            { audience: 'staff' }
          )
        }
        return { declineReason: data.reason.trim(), respondedOn: new Date() }
      },
      { declineReason: data.reason }
    )
  }

  /**
   * Staff reopen a SUBMITTED bid while the tender is ISSUED and before closing (bid workflow
   * `reopen`: the tender's person in charge or `tenders:update:any`); the vendor then submits again.
   */
  async reopen(data: { id: string }, params: BidParams = {}) {
    return this.transition(data.id, 'reopen', params, async () => ({}))
  }

  /**
   * A move of bidWorkflow through the kit's runner, with the bid's tender read once: vendors act
   * through their `bids` grants (own = their company), staff through the tender's; the tender
   * must be open for bids. The tender rides on the params for the sealing of the answer and the
   * live event (`params.tenders`), so neither reads it again.
   */
  private transition(id: string, action: string, params: BidParams, apply: (bid: any, tender: any) => Promise<Record<string, unknown>>, extraFacts: Record<string, unknown> = {}) {
    return this.runTransition<any, BidState, BidFacts, BidActor, any>({
      id,
      action,
      params,
      workflow: bidWorkflow,
      related: async (db, bid) => {
        const tender = await db('tenders').where({ id: bid.tenderId }).first()
        ;(params as any).tenders = tender ? [tender] : []
        return tender
      },
      authorize: (bid, tender) => {
        const staff = params.user && portalOf(params.user.userType) === 'staff'
        if (staff) this.assertCan(params, 'update', tender, 'tenders')
        else this.assertCan(params, action, bid)
      },
      precheck: (_bid, tender, now) => {
        if (!tender || tender.status !== 'ISSUED' || !tender.closingAt || now.getTime() >= new Date(tender.closingAt).getTime()) {
          throw appError(409, 'TENDER_CLOSED', { status: tender?.status })
        }
      },
      facts: (bid, tender, now) => ({ status: bid.status, vendorId: bid.companyId, tenderStatus: tender.status, tenderManagedBy: tender.managedBy, closingAt: tender.closingAt, now, ...extraFacts }),
      apply: (_db, bid, tender) => apply(bid, tender)
    })
  }
}

const companyName = async (db: Knex, companyId: number) => (await db('companies').where({ id: companyId }).first('name'))?.name ?? '-'
