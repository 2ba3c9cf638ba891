import type { Application } from '../../../../declarations.js'
import { systemActor, tenderWorkflow } from './tender.workflow.js'
import { tenderFacts } from './tender-moves.js'
import { bidWorkflow } from '../bids/bid.workflow.js'
import { queryWorkflow } from '../queries/query.workflow.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { announceAuditEntries } from '../../../../services/audit-log/audit-log.announce.js'
import { inTransaction } from '../../../../db/transaction.js'

/**
 * ISSUED tenders whose closing date has passed become READY (bids sealed until opened), and
 * issued queries past their closing become NO_RESPONSE. Run by the `tenders.close` job at each
 * closing date, and callable directly (tests, a periodic sweep). Answers the ids it moved.
 */
export async function closeDueTenders(app: Application, now: Date) {
  const db = app.get('knex')
  const closed: string[] = []
  const queries: number[] = []
  const bids: string[] = []
  const auditRows: unknown[] = []
  await inTransaction(db, async (trx) => {
    const due = await trx('tenders').where({ status: 'ISSUED' }).where('closingAt', '<=', now).forUpdate().skipLocked()
    for (const tender of due) {
      const to = tenderWorkflow.next(tender.status, 'close', tenderFacts(tender, now), systemActor)
      // An addendum still pending at the closing is dropped: the bids are in on the issued version.
      const dropAddendum = tender.addendumStatus ? { addendumStatus: null, addendumDraft: null, version: tender.version - 1 } : {}
      await trx('tenders')
        .where({ id: tender.id })
        .update({ status: to, ...dropAddendum, updatedAt: now })
      const entries = await trx('audit_log').insert(
        {
          userId: null,
          username: null,
          region: tender.region,
          action: 'tenders.close',
          resource: 'tenders',
          recordId: tender.id,
          before: JSON.stringify({ status: tender.status }),
          after: JSON.stringify({ status: to })
        },
        '*'
      )
      auditRows.push(...entries)
      closed.push(tender.id)
    }
    // Issued queries past closing: NO_RESPONSE, and their bids leave QUERY (bid workflow `expire`).
    const dueQueries = await trx('tender_queries').where({ status: 'ISSUED' }).where('closingAt', '<=', now).forUpdate().skipLocked()
    for (const query of dueQueries) {
      const to = queryWorkflow.next(query.status, 'expire', { status: query.status, closingAt: query.closingAt, now, vendorId: query.companyId }, systemActor)
      await trx('tender_queries').where({ id: query.id }).update({ status: to, updatedAt: now })
      const bid = await trx('bids').where({ id: query.bidId }).forUpdate().first()
      const open = await trx('tender_queries').where({ bidId: query.bidId, status: 'ISSUED' }).whereNot({ id: query.id }).first('id')
      if (bid?.status === 'QUERY' && !open) {
        const bidTo = bidWorkflow.next(bid.status, 'expire', { status: bid.status, vendorId: bid.companyId, tenderStatus: 'REVIEW', tenderManagedBy: null, closingAt: null, now }, systemActor)
        await trx('bids').where({ id: bid.id }).update({ status: bidTo, updatedAt: now })
        bids.push(bid.id)
      }
      const entries = await trx('audit_log').insert(
        {
          userId: null,
          username: null,
          region: query.region,
          action: 'tender-queries.expire',
          resource: 'tender-queries',
          recordId: String(query.id),
          before: JSON.stringify({ status: query.status }),
          after: JSON.stringify({ status: to })
        },
        '*'
      )
      auditRows.push(...entries)
      queries.push(query.id)
    }
  })
  announceAuditEntries(app, auditRows)
  await announceChanged(app, 'tenders', closed)
  await announceChanged(app, 'tender-queries', queries)
  await announceChanged(app, 'bids', bids)
  return { tenders: closed, queries }
}
