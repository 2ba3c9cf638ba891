import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { PortalKnexService } from '../../../../services/knex-service.js'
import { bidWorkflow } from './bid.workflow.js'
import { actorOf, vendorMailboxes, readsAnyTender } from '../tenders/tenders.class.js'
import { formatMailDateTime } from '../../../../format/format.shared.js'
import { sendTenderMail } from '../tenders/tender-mail.js'
import { bidReceipt } from '../tenders/bid-receipt.js'
import { isRemovedItem } from '../tenders/addendum-diff.js'
import type { Bid } from './bids.schema.js'
import { mayReview, representativeOf } from '../tenders/tender-representatives.js'
import { termsOfTender } from '../tender-terms/terms-library.js'
import { unacceptedTerms } from '../tender-terms/tender-terms.shared.js'

type BidParams = KnexAdapterParams & Params

/** Remarks as kept: trimmed, blank ones left out (an emptied remark is no remark). */
function trimmedRemarks(remarks: Record<string, string> | undefined) {
  if (!remarks) return undefined
  const kept = Object.entries(remarks).map(([id, text]) => [id, text.trim()] as const).filter(([, text]) => text)
  return kept.length ? Object.fromEntries(kept) : undefined
}

/** The bid content less the quantities, rates and remarks of line items an addendum removed (label D). */
function withoutRemovedItems(content: any, tender: any) {
  const { remarks, ...rest } = content
  const trimmed = trimmedRemarks(remarks)
  const cleaned = { ...rest, ...(trimmed ? { remarks: trimmed } : {}) }
  const removed = new Set((tender?.lineItemGroups ?? []).flatMap((group: any) => group.lineItems ?? []).filter(isRemovedItem).map((item: any) => String(item.id)))
  if (!removed.size) return cleaned
  const keep = (values: Record<string, unknown> | undefined) => values && Object.fromEntries(Object.entries(values).filter(([id]) => !removed.has(id)))
  return Object.fromEntries(Object.entries(cleaned).map(([key, value]) => [key, ['bidItemQtys', 'rates', 'remarks'].includes(key) ? keep(value as any) : value]))
}

/**
 * Bids of a region. A vendor reads and writes only its company's bids; staff read the bids of
 * the tenders they may read, sealed (see bid-seal.ts) until the tender is opened after closing.
 */
export class BidService extends PortalKnexService<Bid> {
  constructor(options: any, private app: Application) {
    super(options)
  }

  createQuery(params: BidParams = {}) {
    const query = super.createQuery(params)
    const user = params.user
    if (!params.provider || !user) return query
    const portal = portalOf(user.userType)
    const db = this.app.get('knex')
    // A tender representative reads every bid of the tender while it is in REVIEW (spec §6).
    const asRepresentative = mayReview(params) ? representativeOf(db, 'bids.tender_id', user.id, { inReview: true }) : null
    if (portal === 'vendors') {
      if (!asRepresentative) return query.where('bids.companyId', user.companyId ?? -1)
      return query.where((inner) => inner.where('bids.companyId', user.companyId ?? -1).orWhereExists(asRepresentative))
    }
    if (portal !== 'staff') return query.whereRaw('false')
    // Staff: the bids of tenders they may read; "own" reading is the tenders they manage.
    if (readsAnyTender(params)) return query
    const tenders = db('tenders').whereRaw('tenders.id = bids.tender_id').where('tenders.managedBy', user.id)
    if (!asRepresentative) return query.whereExists(tenders)
    return query.where((inner) => inner.whereExists(tenders).orWhereExists(asRepresentative))
  }

  private conn(params: BidParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
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
      await sendTenderMail(this.app, params, 'tender.bid-submitted', await vendorMailboxes(db, tender.region, [bid.companyId]), tender, {
        companyName: await companyName(db, bid.companyId), submittedAt: formatMailDateTime(submittedAt, timeZone), receiptDigest
      }, { audience: 'vendors' })
      return { submittedAt, respondedOn: submittedAt, receiptDigest, receiptNonce: receipt.nonce }
    })
  }

  async decline(data: { id: string; reason: string }, params: BidParams = {}) {
    return this.transition(data.id, 'decline', params, async (bid, tender) => {
      const db = this.conn(params)
      const manager = await db('users').where({ id: tender.managedBy }).first('email')
      if (manager) {
        await sendTenderMail(this.app, params, 'tender.bid-declined', [[manager.email]], tender,
          { companyName: await companyName(db, bid.companyId), reason: data.reason.trim() }, { audience: 'staff' })
      }
      return { declineReason: data.reason.trim(), respondedOn: new Date() }
    }, { declineReason: data.reason })
  }

  /**
   * Staff reopen a SUBMITTED bid while the tender is ISSUED and before closing (bid workflow
   * `reopen`: the tender's person in charge or `tenders:update:any`); the vendor then submits again.
   */
  async reopen(data: { id: string }, params: BidParams = {}) {
    return this.transition(data.id, 'reopen', params, async () => ({}))
  }

  /** Load the caller's bid in region, check ability, tender open for bids, bid workflow; apply. */
  private async transition(id: string, action: string, params: BidParams, apply: (bid: any, tender: any) => Promise<Record<string, unknown>>, extraFacts: Record<string, unknown> = {}) {
    const db = this.conn(params)
    const bid = await this.createQuery({ ...params, query: { region: params.region } } as any).where('bids.id', String(id)).forUpdate().first()
    if (!bid) throw appError(404, 'NOT_FOUND')
    const tender = await db('tenders').where({ id: bid.tenderId }).first()
    // Vendors act through their `bids` grants (own = their company); staff through the tender's.
    const staff = params.user && portalOf(params.user.userType) === 'staff'
    const allowed = staff ? params.ability?.can('update', subject('tenders', { ...tender })) : params.ability?.can(action, subject('bids', { ...bid }))
    if (params.provider && !allowed) throw appError(403, 'FORBIDDEN')
    const now = new Date()
    if (!tender || tender.status !== 'ISSUED' || !tender.closingAt || now.getTime() >= new Date(tender.closingAt).getTime()) {
      throw appError(409, 'TENDER_CLOSED', { status: tender?.status })
    }
    const facts = { status: bid.status, vendorId: bid.companyId, tenderStatus: tender.status, tenderManagedBy: tender.managedBy, closingAt: tender.closingAt, now, ...extraFacts }
    const to = bidWorkflow.next(bid.status, action, facts, { ...actorOf(params), companyId: params.user?.companyId ?? null })
    const changes = await apply(bid, tender)
    await db('bids').where({ id: bid.id }).update({ ...changes, status: to, updatedAt: now })
    return this._get(bid.id, { ...params, query: {} })
  }
}

const companyName = async (db: Knex, companyId: number) => (await db('companies').where({ id: companyId }).first('name'))?.name ?? '-'
