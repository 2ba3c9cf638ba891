import type { Knex } from 'knex'
import { bidWorkflow } from '../bids/bid.workflow.js'
import type { TenderActor } from './tender.workflow.js'
import { changedItemIds, diffAddendum, isRemovedItem, issuedContent, issueLabels, type AddendumChange, type AddendumContent } from './addendum-diff.js'

export { issuedContent }

/** A pending addendum's draft (content and its documents). */
export interface AddendumDraft extends AddendumContent {
  documents?: { id: number; name: string; size: number; mimeType: string }[]
}

/**
 * The addendum's issue inside the caller's transaction (spec §4 "When an addendum is re-issued"):
 * the draft becomes the tender's content with issued labels, the version's revision row is
 * written with its changes, and every bid not INVITED or DECLINED returns to INVITED (bid
 * workflow `reinvite`); bids other than DECLINED lose their terms acceptance and their
 * quantities of the edited and removed items (removed items also their rates).
 * Answers the tender columns to store, the changes and the bids it changed.
 */
export async function issueAddendum(db: Knex, record: any, actor: TenderActor, comment: string | null, now: Date) {
  const draft: AddendumDraft = record.addendumDraft
  const { content, changes } = diffAddendum(issuedContent(record), draft)
  const removedIds = content.lineItemGroups
    .flatMap((group) => group.lineItems)
    .filter(isRemovedItem)
    .map((item) => item.id)
  await db('tender_revisions').insert({
    tenderId: record.id,
    region: record.region,
    version: record.version,
    changes: JSON.stringify(changes),
    comment: comment?.trim() || null,
    documents: JSON.stringify(draft.documents ?? []),
    createdAt: now,
    updatedAt: now
  })
  const bidIds = await reinviteBids(db, record, actor, changes, removedIds, now)
  return {
    bidIds,
    tender: {
      closingAt: content.closingAt ? new Date(content.closingAt) : record.closingAt,
      validityDays: content.validityDays ?? record.validityDays,
      general: JSON.stringify(content.general ?? {}),
      scope: JSON.stringify(content.scope ?? {}),
      lineItemGroups: JSON.stringify(issueLabels(content.lineItemGroups)),
      addendumDraft: null
    },
    changes
  }
}

async function reinviteBids(db: Knex, record: any, actor: TenderActor, changes: AddendumChange[], removedIds: string[], now: Date) {
  const dropQuantities = new Set(changedItemIds(changes))
  const dropRates = new Set(removedIds)
  const bids = await db('bids').where({ tenderId: record.id }).whereNot({ status: 'DECLINED' }).forUpdate()
  for (const bid of bids) {
    const facts = { status: bid.status, vendorId: bid.companyId, tenderStatus: record.status, tenderManagedBy: record.managedBy, closingAt: record.closingAt, now }
    const status = bid.status === 'INVITED' ? 'INVITED' : bidWorkflow.next(bid.status, 'reinvite', facts, actor)
    const content = bid.content ?? {}
    const keep = (values: Record<string, unknown> | undefined, drop: Set<string>) => Object.fromEntries(Object.entries(values ?? {}).filter(([id]) => !drop.has(id)))
    await db('bids')
      .where({ id: bid.id })
      .update({
        status,
        version: record.version,
        content: JSON.stringify({ ...content, bidItemQtys: keep(content.bidItemQtys, dropQuantities), rates: keep(content.rates, dropRates) }),
        termsAccepted: JSON.stringify([]),
        submittedAt: null,
        receiptDigest: null,
        receiptNonce: null,
        respondedOn: null,
        updatedAt: now
      })
  }
  return bids.map((bid) => bid.id as string)
}
