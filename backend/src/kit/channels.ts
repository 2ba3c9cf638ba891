import { Channel, type RealTimeConnection } from '@feathersjs/transport-commons'
import { getChannelsWithReadAbility } from 'feathers-casl'
import type { Application, HookContext } from '../declarations.js'
import type { Principal, PrincipalUser } from '../auth/principals.js'
import { accessOf } from './access.js'

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
    // app.channel() throws when given no name: with no channel open there is nothing to leave.
    if (connection && app.channels.length) app.channel(app.channels).leave(connection)
  })

  // A resource's access contract names its readers (kit/access.ts); else those whose ability reads the record.
  // (An event replayed or from another process names its service, `service`, without `self`.)
  app.publish((data: any, context: HookContext) => {
    const access = accessOf(context.self ?? (context as any).service)
    return access?.readers ? access.readers(app, data, context) : readersOf(app, data, context)
  })
}

/**
 * Every service's default publishing: the connections of the record's region(s) whose ability may
 * read it, each with the fields its ability shows. A service that publishes more (a tender to the
 * vendors it invited) starts from this and adds to it; one that publishes less filters it.
 */
export function readersOf(app: Application, data: any, context: HookContext): Channel[] {
  // A record of one region (`region`) or of several (`regions`, accounts) reaches those only.
  const regions: string[] | undefined = typeof data?.region === 'string' ? [data.region] : Array.isArray(data?.regions) ? data.regions : undefined
  const names = regions ? regions.map((region) => `region/${region}`) : app.channels.filter((name) => name.startsWith('region/'))
  const channels = getChannelsWithReadAbility(
    app as any,
    data,
    context as any,
    {
      channels: app.channel(names),
      restrictFields: true,
      // Field rules need the record's fields to work out which of them a connection may see.
      availableFields: Object.keys(data ?? {}),
      channelOnError: []
    } as any
  )
  return (channels ? [channels].flat() : []) as Channel[]
}

/** The users signed in on this process's live connections. */
export function liveUserIds(app: Application): Set<number> {
  // app.channel() throws when given no name: with no channel open nobody is connected.
  if (!app.channels.length) return new Set()
  const connections: PortalConnection[] = app.channel(app.channels).connections
  return new Set(connections.flatMap((connection) => (connection.userId === undefined ? [] : [connection.userId])))
}

/**
 * Tells this process's live connections of `userIds` whose rights changed since they signed in
 * (the permission version they hold is not their user's now) with a 'rights' message: the screens
 * renew their token and rules at once (authentication `renew`) and read again, instead of meeting
 * "permission updated" at their next request (issue 27 item 20). Until they renew, such a
 * connection hears no event (abilityOf). Every process does this for its own connections when
 * the change reaches it (the invalidation bus).
 */
export function tellNewRights(app: Application, userIds: Iterable<number>) {
  const wanted = new Set(userIds)
  const server = (app as any).io as { sockets?: { sockets?: Map<string, { feathers?: PortalConnection; emit(event: string): unknown }> } } | undefined
  if (!wanted.size || !server?.sockets?.sockets) return
  for (const socket of server.sockets.sockets.values()) {
    const connection = socket.feathers
    if (connection?.userId === undefined || !wanted.has(connection.userId)) continue
    const principal: Principal | undefined = app.get('principals').peek(connection.userId)
    if (principal && principal.user.permissionVersion !== connection.permissionVersion) socket.emit('rights')
  }
}

/** The signed-in user of a live connection, while its session and permissions hold (else undefined). */
export function connectionUser(app: Application, connection: RealTimeConnection): PrincipalUser | undefined {
  const portal = connection as PortalConnection
  return abilityOf(app, portal) ? app.get('principals').peek(portal.userId!)?.user : undefined
}

/**
 * More readers of a record: the connections of its region that `admit` and that `readers` do not
 * already reach (a connection gets one copy), each sent `data` as given.
 */
export function extraReaders(app: Application, region: string, readers: Channel[], data: unknown, admit: (user: PrincipalUser, ability: any) => boolean): Channel {
  const reached = new Set(readers.flatMap((channel) => channel.connections))
  const connections = app.channel(`region/${region}`).connections.filter((connection) => {
    if (reached.has(connection)) return false
    const user = connectionUser(app, connection)
    const ability = (connection as any).ability
    return Boolean(user && ability && admit(user, ability))
  })
  return new Channel(connections, data)
}
