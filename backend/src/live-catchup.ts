import { Channel, CombinedChannel } from '@feathersjs/transport-commons'
import type { Params } from '@feathersjs/feathers'
import type { Application } from './declarations.js'
import { appError } from './errors.js'

declare module './declarations.js' {
  interface ServiceTypes {
    'live-catchup': LiveCatchupService
  }
}

/**
 * What a live connection missed: the events between a page's first read and its socket's
 * sign-in, or while its connection was down. Without this, a change made in that gap (a second or
 * two on a page load; longer on a lost network) never reaches the screen.
 *
 * Each process keeps the last minutes of live events, its own and those the event bridge brings
 * from other processes, stamped with the time they happened. A signed-in socket asks for those
 * since a moment on the server's clock (`live-catchup` create `{ since }`: the page tells it from
 * the `X-Served-At` of its first read), and each is published again to that connection alone
 * through the service's own publisher, as if it had been signed in then: the same readers, the
 * same fields, under its ability now.
 */
const KEEP_MS = 5 * 60_000
const KEEP_MAX = 5_000

interface RecentEvent {
  at: number
  path: string
  event: string
  data: unknown
}

export class RecentEvents {
  private events: RecentEvent[] = []
  /** From when on the list is whole: this process's start, or the newest event let go since. */
  private wholeFrom = Date.now()

  add(event: RecentEvent) {
    this.events.push(event)
    // Another process's event may arrive after a newer one of ours: kept in time order.
    for (let i = this.events.length - 1; i > 0 && this.events[i - 1].at > event.at; i--) {
      ;[this.events[i - 1], this.events[i]] = [this.events[i], this.events[i - 1]]
    }
    const oldest = Date.now() - KEEP_MS
    let drop = 0
    while (drop < this.events.length && (this.events[drop].at < oldest || this.events.length - drop > KEEP_MAX)) drop++
    if (drop) {
      this.wholeFrom = Math.max(this.wholeFrom, this.events[drop - 1].at)
      this.events.splice(0, drop)
    }
  }

  /** The events after `since`, oldest first, and whether none of that time has been let go. */
  since(since: number): { events: RecentEvent[]; whole: boolean } {
    return { events: this.events.filter((event) => event.at > since), whole: since >= this.wholeFrom }
  }
}

// transport-commons keeps its publishers under these global symbols (its `keys`, not exported from its root).
const PUBLISHERS = Symbol.for('@feathersjs/transport-commons/publishers')
const ALL_EVENTS = Symbol.for('@feathersjs/transport-commons/all-events')

/** The publisher Feathers would use for the event, in transport-commons' order of precedence. */
function publisherOf(app: Application, service: any, event: string): ((data: unknown, context: unknown) => unknown) | undefined {
  const own = service[PUBLISHERS] ?? {}
  const everyService = (app as any)[PUBLISHERS] ?? {}
  return own[event] ?? own[ALL_EVENTS] ?? everyService[event] ?? everyService[ALL_EVENTS]
}

/** Replays the events since `since` to the socket that asks; answers how many and whether the record was whole. */
export class LiveCatchupService {
  constructor(private app: Application) {}

  async create(data: { since?: unknown }, params: Params & { connection?: unknown }) {
    const connection = params.connection
    // A REST caller has no live connection to catch up.
    if (!connection) throw appError(400, 'VALIDATION_FAILED', { details: 'a live connection only' })
    const since = data?.since
    if (typeof since !== 'number' || !Number.isFinite(since) || since < 0) throw appError(400, 'VALIDATION_FAILED', { details: 'since' })
    const { events, whole } = this.app.get('recentEvents').since(since)
    let replayed = 0
    for (const { path, event, data: record } of events) {
      const service = (this.app as any).services[path]
      const publisher = service && publisherOf(this.app, service, event)
      if (!publisher) continue
      // What a publisher sees for an event without a request (as for another process's event).
      const context = { path, service, app: this.app, result: record }
      const result = await publisher(record, context)
      const reached = new CombinedChannel([result].flat(Infinity).filter(Boolean) as Channel[])
      if (!reached.connections.includes(connection as any)) continue
      const alone = new CombinedChannel([new Channel([connection as any], reached.dataFor(connection as any) ?? null)])
      this.app.emit('publish', event, alone, context, record)
      replayed++
    }
    return { replayed, whole }
  }
}

export const liveCatchup = (app: Application) => {
  app.set('recentEvents', new RecentEvents())
  // No events of its own: its answer is the asker's business only.
  app.use('live-catchup', new LiveCatchupService(app), { methods: ['create'], serviceEvents: [], audit: false } as any)
}
