import type { Knex } from 'knex'

/**
 * PostgreSQL dying between a transaction's last statement and its COMMIT (issue 27 item 11), on
 * cue: the next COMMIT of a transaction that ran a statement matching `wrote` first has its
 * backend terminated (`pg_terminate_backend` from another connection), and goes out on the dead
 * connection once the driver has seen it die. Test code only: it wraps the pg dialect's query
 * function (a transaction's queries go through the dialect's prototype, not the app's instance)
 * until `restore`.
 */
export function loseNextCommit(db: Knex, wrote: RegExp) {
  const writers = new WeakSet<object>()
  return terminateOnce(db, (sql, connection) => {
    if (/^BEGIN/i.test(sql)) writers.delete(connection)
    else if (wrote.test(sql)) writers.add(connection)
    else return /^COMMIT/i.test(sql) && writers.has(connection)
    return false
  })
}

/**
 * The connection dying in the middle of a transaction: the first statement matching `statement`
 * has its backend terminated just before it is sent, so it goes out on the dead connection. Until
 * `restore`, as `loseNextCommit`.
 */
export function dieBefore(db: Knex, statement: RegExp) {
  return terminateOnce(db, (sql) => statement.test(sql))
}

/**
 * Wraps the pg dialect's query function (a transaction's queries go through the dialect's
 * prototype, not the app's instance): the first statement `due` picks has its backend terminated
 * (`pg_terminate_backend` from another connection) and goes out once the driver has seen it die.
 */
function terminateOnce(db: Knex, due: (sql: string, connection: object) => boolean) {
  const prototype = Object.getPrototypeOf(db.client)
  const run = prototype._query
  let fired = 0
  prototype._query = async function (this: unknown, connection: any, obj: any) {
    const sql: string = typeof obj === 'string' ? obj : (obj?.sql ?? '')
    if (due(sql, connection) && !fired) {
      fired++
      const ended = new Promise((resolve) => {
        connection.once('end', resolve)
        setTimeout(resolve, 5_000)
      })
      await db.raw('SELECT pg_terminate_backend(?)', [connection.processID])
      await ended
    }
    return run.call(this, connection, obj)
  }
  return {
    /** How many statements went out on a terminated connection (0 or 1). */
    get fired() {
      return fired
    },
    restore() {
      prototype._query = run
    }
  }
}

/** Runs `work` with the next COMMIT after a statement matching `wrote` lost; fails when no such COMMIT came. */
export async function withLostCommit<T>(db: Knex, wrote: RegExp, work: () => Promise<T>): Promise<T> {
  const loss = loseNextCommit(db, wrote)
  try {
    const result = await work()
    if (loss.fired !== 1) throw new Error(`no COMMIT after a statement matching ${wrote} was lost; the work answered ${JSON.stringify(result)}`)
    return result
  } finally {
    loss.restore()
  }
}
