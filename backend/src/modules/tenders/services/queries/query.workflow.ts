import { defineWorkflow } from '../../../../kit/workflow.js'
import { isBeforeClosing, isClosed, sameId, type Id, type Instant, type TenderActor, type TenderState } from '../tenders/tender.workflow.js'

/*
 * The tender query workflow (PRODUCT.md "Workflows": Query; spec §4). Browser-safe and pure.
 * Actors follow tender.workflow's convention. The caller passes `now`; time guards refuse
 * without it. `closingAt` is the query's own closing instant.
 * - issue (DRAFT → ISSUED): staff, closing date in the future. Which staff (person in charge,
 *   representative) is the tender ability's question, checked by the service.
 * - answer (ISSUED → SUBMITTED): the vendor of the bid (actor.companyId === vendorId), before
 *   closing.
 * - expire (ISSUED → NO_RESPONSE): the system, at or after closing.
 */

export const queryStates = ['DRAFT', 'ISSUED', 'SUBMITTED', 'NO_RESPONSE'] as const
export type QueryState = (typeof queryStates)[number]
export const queryActions = ['issue', 'answer', 'expire'] as const

export interface QueryFacts {
  status: QueryState
  closingAt: Instant | null
  now?: Instant
  /** The vendor company of the bid the query is on. */
  vendorId: Id | null
}

export interface QueryActor extends TenderActor {
  companyId?: Id | null
}

export const queryWorkflow = defineWorkflow<QueryState, QueryFacts, QueryActor>({
  DRAFT: [{ action: 'issue', to: 'ISSUED', guard: (query, user) => user?.portal === 'staff' && isBeforeClosing(query) }],
  ISSUED: [
    {
      action: 'answer',
      to: 'SUBMITTED',
      guard: (query, user) => user?.portal === 'vendors' && sameId(query.vendorId, user.companyId) && isBeforeClosing(query)
    },
    { action: 'expire', to: 'NO_RESPONSE', guard: (query, user) => user?.portal === 'system' && isClosed(query) }
  ],
  SUBMITTED: [],
  NO_RESPONSE: []
})

export interface QueryIndicatorTender {
  status: TenderState
  managedBy: Id | null
  /** Tender accounts; a representative is one listed with invitedAt (spec §6). */
  accounts?: readonly { userId: Id; invitedAt?: unknown }[] | null
}

export function isRepresentative(tender: Pick<QueryIndicatorTender, 'accounts'>, userId: Id): boolean {
  return (tender.accounts ?? []).some((account) => sameId(account.userId, userId) && Boolean(account.invitedAt))
}

/**
 * The query indicator on a tender (spec §4): tender in REVIEW, the user manages it or is a
 * representative, and some bid has a query that is not DRAFT.
 */
export function hasQueryIndicator(tender: QueryIndicatorTender, bids: readonly { queries?: readonly { status: QueryState }[] | null }[], user: { id: Id }): boolean {
  if (tender.status !== 'REVIEW') return false
  if (!sameId(tender.managedBy, user.id) && !isRepresentative(tender, user.id)) return false
  return bids.some((bid) => (bid.queries ?? []).some((query) => query.status !== 'DRAFT'))
}
