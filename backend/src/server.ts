import config from 'config'
import http from 'node:http'
import type { Knex } from 'knex'
import { createApp } from './app.js'
import type { Application } from './declarations.js'
import { createKnex, migrate } from './db/knex.js'
import { startDatabase, type DatabaseHandle } from './db/postgres.js'
import { resolveAuthSecret } from './auth/secret.js'
import { logger } from './logger.js'
import { portIsFree } from './db/postmaster.js'
import { seedDemo } from '../../seeds/demo.js'

export interface RunningServer {
  app: Application
  knex: Knex
  url: string
  stop: () => Promise<void>
}

export interface StartOptions {
  port: number
  databaseUrl?: string
  /** A database already running (tests): not started, not stopped. */
  database?: DatabaseHandle
  /** A worker of a portal of several processes (cluster.ts): its primary checked the port and migrated. */
  clustered?: boolean
  seed?: boolean
  /** Connections of the pool handed back. */
  poolMax: number
}

/**
 * What every start does before the app, once per portal (a portal of several processes does it in
 * its primary, cluster.ts): the signing secret first, so a production server with the demo secret
 * stops having started nothing; the port, so a second start on a taken port fails at once, before
 * it starts a database; the database (embedded unless DATABASE_URL), its migrations, and the demo
 * data on an empty database.
 */
export async function prepareStart(options: StartOptions) {
  const auth = resolveAuthSecret({ configured: config.get<string>('authentication.secret'), dataDir: config.get<string>('dataDir') })
  if (auth.source === 'created') logger.info(`A new JWT signing secret was made and kept in ${auth.file}`)
  if (options.port !== 0 && !options.clustered && !(await portIsFree(options.port, undefined))) throw portInUse(options.port)
  const database =
    options.database ??
    (await startDatabase({
      databaseUrl: options.databaseUrl ?? config.get<string>('databaseUrl'),
      dataDir: config.get<string>('dataDir'),
      port: config.get<number>('embeddedPostgresPort')
    }))
  const knex = createKnex(database.url, options.poolMax)
  if (!options.clustered) await migrate(knex)
  if (options.seed !== false) await seedDemo(knex)
  return { auth, database, knex }
}

/** Starts everything one machine needs (prepareStart), then the app on one port. */
export async function startServer(options: Partial<Omit<StartOptions, 'poolMax'>> = {}): Promise<RunningServer> {
  const port = options.port ?? config.get<number>('port')
  const { auth, database, knex } = await prepareStart({ ...options, port, poolMax: 20 })
  const app = createApp({ knex, databaseUrl: database.url, authSecret: auth.secret, clustered: options.clustered })
  let server: http.Server
  try {
    server = await listen(app, port)
  } catch (error) {
    await knex.destroy()
    if (!options.database) await database.stop()
    throw (error as any)?.code === 'EADDRINUSE' ? portInUse(port) : error
  }
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    app,
    knex,
    url: `http://localhost:${actualPort}`,
    stop: async () => {
      await app.teardown()
      await knex.destroy()
      if (!options.database) await database.stop()
    }
  }
}

/**
 * The web port is never moved to another one: users bookmark it, and proxies and sign-in redirects
 * (OAuth origins, PUBLIC_URL) name it. A taken port stops the start with this message.
 */
export function portInUse(port: number) {
  return Object.assign(new Error(`Port ${port} is already in use (another portal or program?). Stop it, or start this one with PORT=<another port>.`), { code: 'PORT_IN_USE' })
}

/** Koa's listen, but a listen error (the port taken meanwhile) rejects instead of crashing the process. */
async function listen(app: Application, port: number) {
  const server = http.createServer((app as any).callback())
  // Idle keep-alive connections outlive the clients' own idle limits (browsers, proxies, undici's
  // 4 s), so a client never sends on a connection the server is closing at that moment (ECONNRESET).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, () => {
      server.off('error', reject)
      resolve()
    })
  })
  ;(app as any).server = server
  try {
    await app.setup(server)
  } catch (error) {
    server.close()
    throw error
  }
  return server
}
