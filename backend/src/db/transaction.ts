import type { Knex } from 'knex'
import { appError } from '../errors.js'
import { logger } from '../logger.js'

/**
 * Runs `work` in a transaction and answers once PostgreSQL has confirmed the COMMIT (issue 27
 * item 11). knex's `trx.commit()` resolves even when the COMMIT fails on a dead connection (the
 * backend terminated, the server gone): only the transaction's own promise rejects. Through
 * `db.transaction(work)` that promise is what the caller awaits, so a write whose COMMIT was not
 * confirmed rejects here with 503 COMMIT_FAILED and nothing is acknowledged. An error of `work`
 * itself is rethrown as it is (after the rollback). Inside a transaction already (`db` a
 * transaction) it is a savepoint: the outer COMMIT is the one that counts.
 */
export async function inTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  if ((db as Knex.Transaction).isTransaction) return db.transaction(work)
  let worked = false
  try {
    return await db.transaction(async (trx) => {
      const result = await work(trx)
      worked = true
      return result
    })
  } catch (error) {
    if (!worked) throw error
    logger.error('a COMMIT was not confirmed: the write is answered 503', error)
    throw appError(503, 'COMMIT_FAILED')
  }
}

/** What a write passes along: its transaction, and what must wait for that transaction's COMMIT (events, mail). */
export interface TransactionParams {
  transaction?: { trx?: Knex.Transaction } | any
  afterCommit?: Array<() => unknown>
}

/**
 * The caller's transaction when it has one (an external write runs in the audited write's), else
 * a new one (`inTransaction`) whose `afterCommit` work (announcements, mails) runs once its COMMIT
 * is confirmed, never for a write that was lost. That work failing does not undo the write: it
 * is logged, as the write is already stored.
 */
export async function withTransaction<P extends TransactionParams, T>(db: Knex, params: P, work: (params: P) => Promise<T>): Promise<T> {
  if (params.transaction?.trx) return work(params)
  const afterCommit: Array<() => unknown> = params.afterCommit ?? []
  const own = !params.afterCommit
  const result = await inTransaction(db, (trx) => work({ ...params, transaction: { trx }, afterCommit }))
  if (own) {
    for (const callback of afterCommit) {
      try {
        await callback()
      } catch (error) {
        logger.error('work after a COMMIT failed', error)
      }
    }
  }
  return result
}
