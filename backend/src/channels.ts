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
    app.channel('anonymous').leave(connection)
    app.channel(`region/${region}`).join(connection)
  })

  app.on('logout', (_result: any, { connection }: { connection?: PortalConnection }) => {
    if (connection) app.channel(app.channels).leave(connection)
  })

  app.publish((data: any, context: HookContext) => {
    const regional = data && typeof data === 'object' && typeof data.region === 'string'
    const channel = regional ? app.channel(`region/${data.region}`) : app.channel(app.channels.filter((name) => name.startsWith('region/')))
    return getChannelsWithReadAbility(app as any, data, context as any, {
      channels: channel,
      restrictFields: true,
      channelOnError: [],
      ability: (_app: any, connection: PortalConnection) => abilityOf(app, connection) as any
    } as any)
  })
}
