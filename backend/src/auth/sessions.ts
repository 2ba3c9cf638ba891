import type { Knex } from 'knex'

const TTL_MS = 30_000

/**
 * Server-side sessions: a token is honoured only while its session row is open, so logging out
 * ends it for good. Open sessions are remembered for a short while to keep requests query-free.
 */
export class SessionStore {
  private open = new Map<string, number>()

  constructor(private db: Knex) {}

  async start(id: string, userId: number, expiresAt: Date) {
    await this.db('sessions').insert({ id, userId, expiresAt })
    this.open.set(id, Date.now())
  }

  async isOpen(id: string): Promise<boolean> {
    const checkedAt = this.open.get(id)
    if (checkedAt && Date.now() - checkedAt < TTL_MS) return true
    const row = await this.db('sessions').where({ id }).whereNull('endedAt').where('expiresAt', '>', new Date()).first('id')
    if (row) this.open.set(id, Date.now())
    else this.open.delete(id)
    return Boolean(row)
  }

  /** Whether the session was open when last seen here; no query (for real-time publishing). */
  isKnownOpen(id: string) {
    return this.open.has(id)
  }

  async end(id: string) {
    this.open.delete(id)
    await this.db('sessions').where({ id }).update({ endedAt: new Date() })
  }

  async endAllOf(userId: number) {
    await this.db('sessions').where({ userId }).whereNull('endedAt').update({ endedAt: new Date() })
    this.open.clear()
  }

  forget(id?: string) {
    if (id) this.open.delete(id)
    else this.open.clear()
  }
}
