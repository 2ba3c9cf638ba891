import pg from 'pg'
import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import { logger } from '../logger.js'

export type Invalidation = { kind: 'user'; id: number } | { kind: 'users' } | { kind: 'session'; id: string } | { kind: 'regions' }

const CHANNEL = 'portal_invalidate'

/**
 * Caches of users, sessions and regions live in each process; a change is announced through
 * Postgres NOTIFY so that every process behind the load balancer drops its copy at once.
 */
export class InvalidationBus {
  private handlers: Array<(message: Invalidation) => unknown> = []
  /** Other messages that travel on the same listening connection (live events: event-bridge.ts). */
  private subscriptions = new Map<string, (payload: string) => unknown>()
  private client?: pg.Client
  private listeners: Array<(listening: boolean) => void> = []
  /** Names this process, so it does not act twice on its own announcements. */
  private origin = randomUUID()

  constructor(
    private db: Knex,
    private url: string
  ) {}

  on(handler: (message: Invalidation) => unknown) {
    this.handlers.push(handler)
  }

  /** Before `listen`: the raw payloads of another NOTIFY channel, all of them (its own included). */
  subscribe(channel: string, handler: (payload: string) => unknown) {
    this.subscriptions.set(channel, handler)
  }

  /** Told when the listening connection is up, and when it is lost (what it would have heard is then unknown). */
  onListening(listener: (listening: boolean) => void) {
    this.listeners.push(listener)
  }

  async listen() {
    this.client = new pg.Client({ connectionString: this.url })
    const lost = () => this.listeners.forEach((listener) => listener(false))
    this.client.on('error', (error) => {
      lost()
      logger.warn('invalidation listener', error.message)
    })
    this.client.on('end', lost)
    this.client.on('notification', (message) => {
      const subscription = this.subscriptions.get(message.channel)
      if (subscription) return void subscription(message.payload ?? '')
      try {
        const { origin, ...invalidation } = JSON.parse(message.payload ?? '{}')
        if (origin !== this.origin) void this.dispatch(invalidation as Invalidation).catch(() => {})
      } catch {
        /* malformed payloads are ignored */
      }
    })
    await this.client.connect()
    await this.client.query(`LISTEN ${CHANNEL}`)
    for (const channel of this.subscriptions.keys()) await this.client.query(`LISTEN ${channel}`)
    this.listeners.forEach((listener) => listener(true))
  }

  /** Drops the caches here at once, and in the other processes through NOTIFY. */
  async publish(message: Invalidation) {
    await this.dispatch(message)
    await this.db.raw('SELECT pg_notify(?, ?)', [CHANNEL, JSON.stringify({ ...message, origin: this.origin })])
  }

  private async dispatch(message: Invalidation) {
    for (const handler of this.handlers) await handler(message)
  }

  async close() {
    await this.client?.end().catch(() => {})
  }
}
