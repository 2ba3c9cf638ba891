import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import type { TestServer } from './server.js'

export interface LiveEvent {
  service: string
  event: string
  data: any
}

/** A connection's events of one service, each as its record with the event's name (`{ event, ...data }`). */
export interface LiveRecords {
  readonly events: any[]
  until(match: (record: any) => boolean): Promise<void>
}

/** A signed-in live connection: the events it heard, in arrival order. */
export interface LiveConnection {
  events: LiveEvent[]
  /** Resolves once an event matching `match` has arrived (no fixed wait). */
  until(match: (event: LiveEvent) => boolean): Promise<void>
}

/**
 * Real socket.io connections to a test server, as the browser opens them (a region in the
 * handshake, then a JWT sign-in), for the tests of who hears which live event. Close them all in
 * `afterAll`.
 */
export function liveSockets() {
  const sockets: Socket[] = []
  return {
    async connect(server: TestServer, accessToken: string, region: string, services: readonly string[], eventNames: readonly string[] = ['created', 'patched']): Promise<LiveConnection> {
      const socket = io(server.url, { query: { region }, transports: ['websocket'], forceNew: true })
      sockets.push(socket)
      const client = feathers().configure(socketio(socket))
      await client.service('authentication').create({ strategy: 'jwt', accessToken })
      const events: LiveEvent[] = []
      const waiters: Array<() => void> = []
      for (const service of services) {
        for (const event of eventNames) {
          client.service(service).on(event, (data: any) => {
            events.push({ service, event, data })
            for (const wake of waiters.splice(0)) wake()
          })
        }
      }
      const until = async (match: (event: LiveEvent) => boolean) => {
        while (!events.some(match)) await new Promise<void>((resolve) => waiters.push(resolve))
      }
      return { events, until }
    },
    /** One service's events as records (`{ event, ...data }`): for tests that ask of the records a user heard. */
    async recordsOf(server: TestServer, accessToken: string, region: string, service: string, eventNames: readonly string[] = ['created', 'patched']): Promise<LiveRecords> {
      const connection = await this.connect(server, accessToken, region, [service], eventNames)
      const record = ({ event, data }: LiveEvent) => ({ event, ...data })
      return {
        get events() {
          return connection.events.map(record)
        },
        until: (match) => connection.until((heard) => match(record(heard)))
      }
    },
    close() {
      for (const socket of sockets.splice(0)) socket.close()
    }
  }
}
