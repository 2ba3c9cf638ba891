import { feathers } from '@feathersjs/feathers'
import configuration from '@feathersjs/configuration'
import { koa, rest } from '@feathersjs/koa'
import socketio from '@feathersjs/socketio'
import type { Knex } from 'knex'
import type { Application } from './declarations.js'
import { authentication } from './authentication.js'
import { channels, liveUserIds, tellNewRights } from './kit/channels.js'
import { eventBridge } from './event-bridge.js'
import { liveCatchup } from './live-catchup.js'
import { services } from './services/index.js'
import { modules } from './modules/index.js'
import { installModules } from './modules/registry.js'
import { answerErrors, apiOrFrontend, guardLookup } from './http.js'
import { requestBody } from './request-body.js'
import { answerStreamErrors, compressAnswers, requestLog, serialiseJsonOnce, statusCall } from './operations.js'
import { securityHeaders } from './security-headers.js'
import { specCalls } from './spec-routes.js'
import { apiDocs } from './openapi.js'
import { translateErrors } from './hooks/translate-errors.js'
import { authenticateRequest } from './hooks/authenticate-request.js'
import { checkCall } from './hooks/check-call.js'
import { regionScope, RegionCache } from './hooks/region-scope.js'
import { auditedWrite } from './hooks/audited-write.js'
import { PrincipalCache } from './auth/principals.js'
import { SessionStore } from './auth/sessions.js'
import { InvalidationBus } from './auth/invalidation.js'
import { TableCache, TABLES_CHANNEL } from './db/table-cache.js'
import { retryAfterHeader } from './auth/rate-limits.js'
import { configureQueue } from './jobs/queue.js'
import { configureMail } from './mail/mailer.js'

export interface AppOptions {
  knex: Knex
  databaseUrl: string
  /** The JWT signing secret (see auth/secret.ts); else the configuration's. */
  authSecret?: string
  /** One of several processes on the port (cluster.ts): live connections by WebSocket only. */
  clustered?: boolean
}

/**
 * The whole server as one Feathers app on Koa: REST under /v1 and /{region}/v1, socket.io, and
 * the built frontend, with the cross-cutting hooks every service passes through.
 */
export function createApp({ knex, databaseUrl, authSecret, clustered }: AppOptions): Application {
  const app: Application = koa(feathers())
  app.configure(configuration())
  if (authSecret) app.set('authentication', { ...app.get('authentication'), secret: authSecret })
  app.set('knex', knex)
  app.set('databaseUrl', databaseUrl)
  // The composition root: the module list enters here, and the platform reads it from the app
  // (`app.get('modules')`) or, where no app is at hand, from the installed list; never by import.
  installModules(modules)
  app.set('modules', modules)

  const principals = new PrincipalCache(knex)
  const sessions = new SessionStore(knex)
  const regionCache = new RegionCache(() => knex('regions').select('code', 'name', 'enabled', 'features', 'currency', 'timeZone'))
  const invalidation = new InvalidationBus(knex, databaseUrl)
  const counts = new TableCache()
  counts.attach(knex)
  invalidation.subscribe(TABLES_CHANNEL, (table) => counts.tableChanged(table))
  invalidation.onListening((listening) => counts.setListening(listening))
  invalidation.on(async (message) => {
    // Reloaded at once, so a live connection of that user keeps its events (fail closed meanwhile).
    if (message.kind === 'user') {
      principals.invalidate(message.id)
      await principals.get(message.id)
      tellNewRights(app, [message.id])
    }
    // Everyone's rights (a group changed or went): the users of this process's live connections
    // are reloaded at once too, or their screens would hear nothing until they next made a request.
    if (message.kind === 'users') {
      principals.invalidate()
      await Promise.all([...liveUserIds(app)].map((id) => principals.get(id)))
      tellNewRights(app, liveUserIds(app))
    }
    if (message.kind === 'session') sessions.forget(message.id)
    if (message.kind === 'regions') regionCache.invalidate()
  })
  app.set('principals', principals)
  app.set('sessions', sessions)
  app.set('regionCache', regionCache)
  app.set('invalidation', invalidation)

  if (app.get('jobs').enabled) configureQueue(app, databaseUrl)
  configureMail(app)

  // X-Forwarded-Proto and -For are believed only behind a proxy we were told about.
  app.proxy = Boolean(app.get('trustProxy'))
  guardLookup(app)
  answerStreamErrors(app)
  app.use(requestLog(app))
  app.use(securityHeaders())
  app.use(compressAnswers())
  app.use(serialiseJsonOnce)
  app.use(answerErrors())
  app.use(apiDocs(app))
  app.use(retryAfterHeader)
  app.use(apiOrFrontend(app.get('frontendDist')))
  app.use(statusCall(app))
  app.use(requestBody(app))
  // The spec's call paths (§7), rewritten onto our services before the REST layer reads them.
  app.use(specCalls(app))
  app.configure(rest())
  app.configure(
    // Across processes a long-polling client's requests would reach processes that never saw its
    // handshake (node:cluster does not keep a client on one): it is refused, and the client uses WebSocket.
    socketio({ cors: { origin: false }, ...(clustered ? { transports: ['websocket'] } : {}) }, (io) => {
      io.use((socket, next) => {
        const region = socket.handshake.query.region
        ;(socket as any).feathers.regionCode = typeof region === 'string' ? region.toUpperCase() : undefined
        ;(socket as any).feathers.headers = socket.handshake.headers
        ;(socket as any).feathers.remoteAddress = socket.handshake.address
        next()
      })
    })
  )
  // Before the services: it forwards the events of each one as it is registered.
  app.configure(eventBridge)
  app.configure(authentication)
  app.configure(services)
  app.configure(channels)
  app.configure(liveCatchup)

  app.hooks({
    around: { all: [translateErrors, authenticateRequest, checkCall, regionScope, auditedWrite] }
  })

  app.hooks({
    setup: [
      async (_context: any, next: any) => {
        await counts.load(knex)
        await invalidation.listen()
        await next()
      }
    ],
    teardown: [
      async (_context: any, next: any) => {
        await invalidation.close()
        await next()
      }
    ]
  } as any)
  return app
}
