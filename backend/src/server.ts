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

/**
 * Starts everything one machine needs: the database (embedded unless DATABASE_URL), migrations,
 * the demo data on an empty database, and the app on one port.
 */
export async function startServer(
  options: {
    port?: number
    databaseUrl?: string
    seed?: boolean
    database?: DatabaseHandle
    /** A worker of a portal of several processes (cluster.ts): the primary has checked the port and migrated. */
    clustered?: boolean
  } = {}
): Promise<RunningServer> {
  // Before the database: a production server with the demo secret stops here, having started nothing.
  const auth = resolveAuthSecret({ configured: config.get<string>('authentication.secret'), dataDir: config.get<string>('dataDir') })
  if (auth.source === 'created') logger.info(`A new JWT signing secret was made and kept in ${auth.file}`)
  const port = options.port ?? config.get<number>('port')
  // Checked first, so a second start on a taken port fails at once, before it starts a database.
  if (port !== 0 && !options.clustered && !(await portIsFree(port, undefined))) throw portInUse(port)
  const database =
    options.database ??
    (await startDatabase({
      databaseUrl: options.databaseUrl ?? config.get<string>('databaseUrl'),
      dataDir: config.get<string>('dataDir'),
      port: config.get<number>('embeddedPostgresPort')
    }))
  const knex = createKnex(database.url, 20)
  if (!options.clustered) await migrate(knex)
  if (options.seed !== false) await seedDemo(knex)
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
