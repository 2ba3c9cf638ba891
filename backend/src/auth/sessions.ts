import type { Knex } from 'knex'

const TTL_MS = 30_000

/**
 * Server-side sessions: a token is honoured only while its session row is open, so logging out
 * ends it for good. Open sessions are remembered for a short while to keep requests query-free.
 * A session belongs to one account: a token naming another account (`sub`) than its session's
 * is refused, so a session id cannot be carried into someone else's name.
 */
export class SessionStore {
  private open = new Map<string, { checkedAt: number; userId: number }>()

  constructor(private db: Knex) {}

  async start(id: string, userId: number, expiresAt: Date) {
    await this.db('sessions').insert({ id, userId, expiresAt })
    this.open.set(id, { checkedAt: Date.now(), userId })
  }

  /** Whether the session is open and is the account's named by the token. */
  async isOpen(id: string, userId: number): Promise<boolean> {
    const known = this.open.get(id)
    if (known && Date.now() - known.checkedAt < TTL_MS) return known.userId === userId
    const row = await this.db('sessions').where({ id }).whereNull('endedAt').where('expiresAt', '>', new Date()).first('id', 'userId')
    if (row) this.open.set(id, { checkedAt: Date.now(), userId: row.userId })
    else this.open.delete(id)
    return Boolean(row) && row.userId === userId
  }

  /** Whether the session was open when last seen here; no query (for real-time publishing). */
  isKnownOpen(id: string) {
    return this.open.has(id)
  }

  async end(id: string) {
    this.open.delete(id)
    await this.db('sessions').where({ id }).update({ endedAt: new Date() })
  }

  forget(id?: string) {
    if (id) this.open.delete(id)
    else this.open.clear()
  }
}
