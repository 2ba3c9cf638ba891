import type { Params } from '@feathersjs/feathers'
import type { Application } from '../declarations.js'

declare module '@feathersjs/feathers' {
  interface Params {
    /** The connection's peer address (REST: the TCP peer; socket.io: the handshake's). */
    remoteAddress?: string
  }
}

/**
 * The address a call came from, for rate limits and the audit log: the connection's peer
 * (`params.remoteAddress`, set for REST and socket.io alike), or, only when `trustProxy` is on
 * (the server stands behind a reverse proxy), the first address of X-Forwarded-For, which a
 * client could otherwise write itself.
 */
export function clientAddress(app: Application, params: Params): string {
  let address: string | undefined = params.remoteAddress
  if (app.get('trustProxy' as any)) {
    const forwarded = params.headers?.['x-forwarded-for']
    const first = String(Array.isArray(forwarded) ? forwarded[0] : (forwarded ?? ''))
      .split(',')[0]
      .trim()
    if (first) address = first
  }
  return (address ?? 'internal').replace(/^::ffff:/, '').slice(0, 64)
}
