import { randomUUID } from 'node:crypto'
import type { Application } from './declarations.js'
import { logger } from './logger.js'
import { serviceOptions } from './service-options.js'
import { secretFields } from './services/exports/exports.schema.js'

/**
 * Live events of every process reach the sockets of every process on the same database.
 *
 * Feathers publishes an event over the connections of the process that emitted it: the channels
 * (channels.ts and each service's publisher) decide per connection who gets it and which fields.
 * So the socket.io adapter alone would not do: it moves socket packets, not Feathers events. Each
 * service event is instead sent to the other processes through PostgreSQL NOTIFY (the connection
 * that already listens for cache invalidations), and each emits it again on the same service
 * there, where its own channels choose among its own connections, as for a local event.
 *
 * - What travels: service path, event name and the record as emitted (after the commit, the stored
 *   record without the service's secret fields: audited-write.ts), stripped again of every secret
 *   field. A publisher there sees what it sees for an event without a request: `path`, `service`,
 *   `app` and `result` (transport-commons' context for events emitted without one).
 * - Size: NOTIFY payloads stay under 8000 bytes; a bigger event is kept in `live_events` for a
 *   minute and the NOTIFY names its id.
 * - Order: sent one after another from each process, and handled one after another on arrival,
 *   so every process sees a process's events in the order they happened.
 * - Once: a process ignores its own NOTIFYs, and never forwards an event it received.
 */
const CHANNEL = 'portal_events'
const INLINE_LIMIT = 7900
const KEEP_SPILLED = "interval '1 minute'"

/** Marks the context of an event that came from another process (not to be sent on again). */
const fromAnotherProcess = Symbol('fromAnotherProcess')

// Timestamps travel as ISO strings; they are Dates again on arrival, as in a local event.
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const revive = (_key: string, value: unknown) => (typeof value === 'string' && isoInstant.test(value) ? new Date(value) : value)

function strip(record: unknown, omit: string[]) {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record
  const copy: Record<string, unknown> = { ...record }
  for (const field of omit) delete copy[field]
  return copy
}

interface Envelope {
  origin: string
  /** When the event happened (its process's clock), for the connections that catch up on it (live-catchup.ts). */
  at?: number
  path?: string
  event?: string
  data?: unknown
  spilled?: number
}

export const eventBridge = (app: Application) => {
  const origin = randomUUID()
  const knex = () => app.get('knex')
  const recent = () => app.get('recentEvents')
  let sending: Promise<unknown> = Promise.resolve()
  let receiving: Promise<unknown> = Promise.resolve()

  async function send(envelope: Envelope) {
    const payload = JSON.stringify(envelope)
    if (Buffer.byteLength(payload) <= INLINE_LIMIT) {
      await knex().raw('SELECT pg_notify(?, ?)', [CHANNEL, payload])
      return
    }
    const [row] = await knex()('live_events').insert({ payload }).returning('id')
    await knex().raw('SELECT pg_notify(?, ?)', [CHANNEL, JSON.stringify({ origin, spilled: Number(row.id) })])
    await knex()('live_events')
      .where('at', '<', knex().raw(`now() - ${KEEP_SPILLED}`))
      .delete()
  }

  async function receive(payload: string) {
    let envelope: Envelope = JSON.parse(payload, revive)
    if (envelope.origin === origin) return
    if (envelope.spilled !== undefined) {
      const row = await knex()('live_events').where({ id: envelope.spilled }).first('payload')
      if (!row) return
      envelope = JSON.parse(row.payload, revive)
    }
    const service = envelope.path ? (app as any).services[envelope.path] : undefined
    if (!service || !envelope.event) return
    const data = envelope.data
    recent().add({ at: envelope.at ?? Date.now(), path: envelope.path!, event: envelope.event, data })
    service.emit(envelope.event, data, { path: envelope.path, service, app, result: data, [fromAnotherProcess]: true })
  }

  // Every service registered after this (all of them: it is configured before the services).
  app.mixins.push((service: any, path: string) => {
    const options = serviceOptions<{ secretFields?: string[]; serviceEvents?: string[] }>(service)
    // Sign-in results carry tokens; they are nobody else's business.
    if (path === 'authentication') return
    const omit = [...(options.secretFields ?? []), ...secretFields, 'accessToken']
    for (const event of options.serviceEvents ?? []) {
      service.on(event, (data: unknown, context: any) => {
        if (context?.[fromAnotherProcess]) return
        const envelope: Envelope = { origin, at: Date.now(), path, event, data: strip(data, omit) }
        recent().add({ at: envelope.at!, path, event, data: envelope.data })
        sending = sending.then(() => send(envelope)).catch((error) => logger.warn(`live event ${path} ${event} not shared with other processes:`, error.message))
      })
    }
  })

  app.get('invalidation').subscribe(CHANNEL, (payload: string) => {
    receiving = receiving.then(() => receive(payload)).catch((error) => logger.warn('live event from another process dropped:', error.message))
  })

  // A stopping process still tells the others what it did last.
  app.hooks({
    teardown: [
      async (_context: unknown, next: () => Promise<void>) => {
        await sending
        await next()
      }
    ]
  } as any)
}
