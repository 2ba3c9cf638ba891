import config from 'config'
import type { Knex } from 'knex'
import { createApp } from './app.js'
import type { Application } from './declarations.js'
import { createKnex, migrate } from './db/knex.js'
import { startDatabase, type DatabaseHandle } from './db/postgres.js'
import { resolveAuthSecret } from './auth/secret.js'
import { logger } from './logger.js'
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
export async function startServer(options: { port?: number; databaseUrl?: string; seed?: boolean; database?: DatabaseHandle } = {}): Promise<RunningServer> {
  // Before the database: a production server with the demo secret stops here, having started nothing.
  const auth = resolveAuthSecret({ configured: config.get<string>('authentication.secret'), dataDir: config.get<string>('dataDir') })
  if (auth.source === 'created') logger.info(`A new JWT signing secret was made and kept in ${auth.file}`)
  const database = options.database ?? await startDatabase({
    databaseUrl: options.databaseUrl ?? config.get<string>('databaseUrl'),
    dataDir: config.get<string>('dataDir'),
    port: config.get<number>('embeddedPostgresPort')
  })
  const knex = createKnex(database.url, 20)
  await migrate(knex)
  if (options.seed !== false) await seedDemo(knex)
  const app = createApp({ knex, databaseUrl: database.url, authSecret: auth.secret })
  const port = options.port ?? config.get<number>('port')
  const server = await app.listen(port)
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
