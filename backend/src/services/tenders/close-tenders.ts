import type { Application } from '../../declarations.js'
import { systemActor, tenderWorkflow } from './tender.workflow.js'
import { tenderFacts } from './tenders.class.js'

/**
 * ISSUED tenders whose closing date has passed become READY (bids sealed until opened), and
 * issued queries past their closing become NO_RESPONSE. Run by the `tenders.close` job at each
 * closing date, and callable directly (tests, a periodic sweep). Answers the ids it moved.
 */
export async function closeDueTenders(app: Application, now: Date) {
  const db = app.get('knex')
  const closed: string[] = []
  const queries: number[] = []
  await db.transaction(async (trx) => {
    const due = await trx('tenders').where({ status: 'ISSUED' }).where('closingAt', '<=', now).forUpdate().skipLocked()
    for (const tender of due) {
      const to = tenderWorkflow.next(tender.status, 'close', tenderFacts(tender, now), systemActor)
      await trx('tenders').where({ id: tender.id }).update({ status: to, updatedAt: now })
      await trx('audit_log').insert({ userId: null, username: null, region: tender.region, action: 'tenders.close', resource: 'tenders', recordId: tender.id, before: JSON.stringify({ status: tender.status }), after: JSON.stringify({ status: to }) })
      closed.push(tender.id)
    }
    const moved = await trx('tender_queries').where({ status: 'ISSUED' }).where('closingAt', '<=', now).update({ status: 'NO_RESPONSE', updatedAt: now }, ['id'])
    queries.push(...moved.map((row: any) => row.id))
  })
  const service = app.service('tenders')
  for (const id of closed) {
    const record = await service._get(id).catch(() => null)
    if (record) service.emit('patched', record)
  }
  return { tenders: closed, queries }
}
