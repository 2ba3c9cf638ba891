import cluster, { type Worker } from 'node:cluster'
import config from 'config'
import { logger } from './logger.js'
import { prepareStart, startServer, type RunningServer } from './server.js'
import { compileValidatorsInBackground } from './validators.js'

/**
 * The portal as N processes on one port (`WEB_CONCURRENCY`, one by default), so a machine's cores
 * all serve requests: the architecture's "N stateless processes on one PostgreSQL". The first
 * process (the primary) does what must happen once: the port check, the database (embedded unless
 * DATABASE_URL), migrations, the demo data, the signing secret; then it forks the workers, which
 * share the port (node:cluster hands each new connection to one of them) and serve on that
 * database. What a request needs is in PostgreSQL (sessions, lockouts, rate limits, edit locks),
 * live events reach every process's sockets through it (event-bridge.ts), and the scheduled jobs
 * run in the first worker only. A worker that dies is replaced.
 *
 * Live connections are WebSocket only across processes: socket.io's long-polling fallback needs
 * each client's requests on the same process, and node:cluster does not keep them there.
 */
export const WORKER_ENV = 'PORTAL_CLUSTER_WORKER'

/** Whether this process is a worker of a portal of several processes. */
export const isClusterWorker = () => cluster.isWorker && process.env[WORKER_ENV] === '1'

export interface RunningPortal {
  url: string
  /** The workers' process ids (none when the portal is one process). */
  workerPids: () => number[]
  stop: () => Promise<void>
}

/** How many processes serve: WEB_CONCURRENCY (a whole number from 1), else one. */
export function processCount(value = process.env.WEB_CONCURRENCY): number {
  const count = Number(value ?? 1)
  return Number.isInteger(count) && count >= 1 ? count : 1
}

/**
 * Starts the portal: one process as before (`startServer`), or the primary of `processes` workers.
 * In a worker (this same script, forked by the primary) it serves until told to stop and resolves to null.
 */
export async function startPortal(options: { processes?: number; port?: number } = {}): Promise<RunningPortal | null> {
  if (isClusterWorker()) {
    await startWorker()
    return null
  }
  const processes = options.processes ?? processCount()
  if (processes <= 1) {
    const server: RunningServer = await startServer({ port: options.port })
    compileValidatorsInBackground()
    return { url: server.url, workerPids: () => [], stop: server.stop }
  }
  return startPrimary(processes, options.port ?? config.get<number>('port'))
}

/**
 * The workers' young generation (V8's semi-space; 16 MB by default). A list request makes a few
 * hundred kilobytes of objects that die with it, and with 25 requests in flight each scavenge
 * copied the live ones of all of them, every 65 ms, for 3-20 ms. Four times the room makes them a
 * quarter as frequent: measured under 50 connections, 5-10 % more requests a second and a shorter
 * tail (a contact search's p97.5 62 -> 55 ms), for some 40 MB more per worker. A size given to the
 * primary is kept.
 */
export function workerFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return execArgv.some((flag) => flag.startsWith('--max-semi-space-size')) ? [...execArgv] : [...execArgv, '--max-semi-space-size=64']
}

async function startPrimary(processes: number, port: number): Promise<RunningPortal> {
  const { auth, database, knex } = await prepareStart({ port, poolMax: 2 })
  await knex.destroy()
  cluster.setupPrimary({ execArgv: workerFlags() })

  let stopping = false
  const workers = new Map<number, Worker>()
  const fork = (slot: number) =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork({
        [WORKER_ENV]: '1',
        PORT: String(port),
        DATABASE_URL: database.url,
        AUTH_SECRET: auth.secret,
        // One process runs the scheduled jobs; the others only serve.
        ...(slot === 0 ? {} : { JOBS_ENABLED: 'false' })
      })
      workers.set(slot, worker)
      worker.once('listening', () => resolve(worker))
      worker.once('exit', (code, signal) => {
        reject(new Error(`A portal worker stopped while starting (${signal ?? code})`))
        // A worker that stopped itself (Ctrl+C reaches every process of the terminal) is not replaced;
        // one that crashed or was killed is, so the port keeps its number of processes.
        if (stopping || (code === 0 && !signal)) return
        logger.error({ pid: worker.process.pid, code, signal }, 'A portal worker stopped; starting another')
        void fork(slot).catch((error) => logger.error(error, 'A portal worker could not be replaced'))
      })
    })
  const stop = async () => {
    stopping = true
    await Promise.all(
      [...workers.values()].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve()
            worker.once('exit', () => resolve())
            worker.process.kill('SIGTERM')
          })
      )
    )
    await database.stop()
  }
  try {
    await Promise.all(Array.from({ length: processes }, (_, slot) => fork(slot)))
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url: `http://localhost:${port}`,
    workerPids: () => [...workers.values()].filter((worker) => !worker.isDead()).map((worker) => worker.process.pid!),
    stop
  }
}

/** A worker: the app on the primary's database and port, stopped on SIGTERM/SIGINT or when the primary goes. */
async function startWorker() {
  const server = await startServer({ port: Number(process.env.PORT), seed: false, clustered: true })
  compileValidatorsInBackground()
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await server.stop().catch((error) => logger.error(error, 'A portal worker did not stop cleanly'))
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.on('disconnect', stop)
}
