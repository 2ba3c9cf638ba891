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
  const prototype = Object.getPrototypeOf(db.client)
  const run = prototype._query
  const writers = new WeakSet<object>()
  let fired = 0
  let armed = true
  prototype._query = async function (this: unknown, connection: any, obj: any) {
    const sql: string = typeof obj === 'string' ? obj : (obj?.sql ?? '')
    if (/^BEGIN/i.test(sql)) writers.delete(connection)
    else if (wrote.test(sql)) writers.add(connection)
    else if (armed && /^COMMIT/i.test(sql) && writers.has(connection)) {
      armed = false
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
    /** How many COMMITs were lost (0 or 1). */
    get fired() {
      return fired
    },
    restore() {
      prototype._query = run
    }
  }
}

/**
 * The connection dying in the middle of a transaction: the first statement matching `statement`
 * has its backend terminated just before it is sent, so it goes out on the dead connection. Until
 * `restore`, as `loseNextCommit`.
 */
export function dieBefore(db: Knex, statement: RegExp) {
  const prototype = Object.getPrototypeOf(db.client)
  const run = prototype._query
  let fired = 0
  prototype._query = async function (this: unknown, connection: any, obj: any) {
    const sql: string = typeof obj === 'string' ? obj : (obj?.sql ?? '')
    if (!fired && statement.test(sql)) {
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
