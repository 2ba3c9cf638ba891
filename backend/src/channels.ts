import type { RealTimeConnection } from '@feathersjs/transport-commons'
import { getChannelsWithReadAbility } from 'feathers-casl'
import type { Application, HookContext } from './declarations.js'
import type { Principal } from './auth/principals.js'

interface PortalConnection extends RealTimeConnection {
  userId?: number
  sessionId?: string
  permissionVersion?: number
  regionCode?: string
}

/**
 * The connection's ability now: from the principal cache, so a lock, a logout or a permission
 * change (which drop the cache entry or bump the version) stops the events at once.
 */
function abilityOf(app: Application, connection: PortalConnection) {
  if (!connection.userId || !connection.regionCode) return undefined
  if (!connection.sessionId || !app.get('sessions').isKnownOpen(connection.sessionId)) return undefined
  const principal: Principal | undefined = app.get('principals').peek(connection.userId)
  if (!principal || principal.user.permissionVersion !== connection.permissionVersion) return undefined
  if (!principal.user.enabled || principal.user.lockedAt) return undefined
  return principal.forRegion(connection.regionCode).ability
}

/**
 * Live updates reach only connections that may read the record: same region (for regional
 * records), and an ability that allows reading it; fields the ability hides are removed.
 * A connection whose ability cannot be worked out gets nothing (fail closed).
 */
export const channels = (app: Application) => {
  app.on('connection', () => {})

  app.on('login', (authResult: any, { connection }: { connection?: PortalConnection }) => {
    if (!connection) return
    const principal: Principal | undefined = authResult.principal
    if (!principal) return
    const region = (connection.regionCode ?? principal.user.defaultRegion ?? 'GLOBAL').toUpperCase()
    if (!principal.user.regions.includes(region)) return
    connection.userId = principal.user.id
    connection.sessionId = authResult.authentication?.payload?.sid
    connection.permissionVersion = authResult.authentication?.payload?.pv ?? principal.user.permissionVersion
    connection.regionCode = region
    // feathers-casl reads `connection.ability`: work it out at each event, never keep a stale one.
    Object.defineProperty(connection, 'ability', { configurable: true, get: () => abilityOf(app, connection) })
    app.channel('anonymous').leave(connection)
    app.channel(`region/${region}`).join(connection)
  })

  app.on('logout', (_result: any, { connection }: { connection?: PortalConnection }) => {
    if (connection) app.channel(app.channels).leave(connection)
  })

  app.publish((data: any, context: HookContext) => {
    // A record of one region (`region`) or of several (`regions`, accounts) reaches those only.
    const regions: string[] | undefined = typeof data?.region === 'string' ? [data.region] : Array.isArray(data?.regions) ? data.regions : undefined
    const names = regions ? regions.map((region) => `region/${region}`) : app.channels.filter((name) => name.startsWith('region/'))
    const channel = app.channel(names)
    return getChannelsWithReadAbility(app as any, data, context as any, {
      channels: channel,
      restrictFields: true,
      // Field rules need the record's fields to work out which of them a connection may see.
      availableFields: Object.keys(data ?? {}),
      channelOnError: [],
    } as any)
  })
}
