import PgBoss from 'pg-boss'
import type { Application, HookContext, NextFunction } from '../declarations.js'
import { logger } from '../logger.js'

/**
 * The data of each job, by job name. A module adds its jobs with declaration merging:
 * `declare module '../../jobs/queue.js' { interface JobTypes { 'tenders.close': { tenderId: number } } }`.
 */
export interface JobTypes {}

export type JobName = keyof JobTypes & string

export interface JobInfo {
  id: string
  name: string
}

export type JobHandler<N extends JobName> = (data: JobTypes[N], job: JobInfo) => Promise<unknown>

export interface SendOptions {
  /** Run not before this moment (a Date, an ISO string, or seconds from now). */
  startAfter?: Date | string | number
  /** At most one queued job per key (a tender's closing job, say). */
  singletonKey?: string
  retryLimit?: number
  /** Seconds between tries. */
  retryDelay?: number
  retryBackoff?: boolean
  expireInSeconds?: number
  priority?: number
}

export interface WorkOptions {
  /** How often an idle worker looks for jobs (pg-boss default 2 s). */
  pollingIntervalSeconds?: number
  /** How many jobs one fetch takes (default 1). A full batch is followed by the next fetch at
   * once, not after the polling interval: a backlog drains at the handler's speed. */
  batchSize?: number
  /** How many jobs of a batch run at the same time (default 1: one after the other). */
  concurrency?: number
}

/**
 * How long a crashed worker's job stays taken: pg-boss fails an active job whose expiry passed
 * at its next maintenance run, then tries it again after the retry delay. The default expiry is
 * 15 minutes and maintenance runs every 2 minutes; a job that was active when its process died
 * is retried after at most expireInSeconds + MAINTENANCE_INTERVAL_SECONDS + the first retry
 * delay (mail: 30 + 10 + up to 10 s, under a minute). A job that may run longer must send a
 * longer `expireInSeconds`.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 10

export interface Queue {
  start(): Promise<void>
  stop(): Promise<void>
  readonly started: boolean
  /** Queues a job; answers its id (null when a singleton key suppressed it). */
  send<N extends JobName>(name: N, data: JobTypes[N], options?: SendOptions): Promise<string | null>
  /** Handles jobs of a name (one at a time unless `batchSize`/`concurrency` say otherwise); a
   * handler that throws makes that job retry. Workers registered before start() begin with it. */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: WorkOptions): Promise<void>
  /** Runs a job on a cron schedule (UTC unless `tz`), once across all processes. */
  schedule<N extends JobName>(name: N, cron: string, data: JobTypes[N], options?: SendOptions & { tz?: string }): Promise<void>
  unschedule(name: JobName): Promise<void>
  cancel(name: JobName, id: string): Promise<void>
  /** Resolves when the queue is started and its tables answer (the status call); rejects otherwise. */
  ping(): Promise<void>
}

interface PendingWorker {
  name: string
  handler: JobHandler<any>
  options: WorkOptions
}

/**
 * The app's one job queue: pg-boss on the app's own PostgreSQL (schema `pgboss`), running
 * inside the server process; more worker processes can share it later.
 */
export function createQueue(url: string, options: { schema?: string; max?: number; maintenanceIntervalSeconds?: number } = {}): Queue {
  const schema = options.schema ?? 'pgboss'
  const boss = new PgBoss({
    connectionString: url,
    schema,
    max: options.max ?? 8,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS
  })
  // An EventEmitter 'error' without a listener would end the process.
  boss.on('error', (error) => logger.error('job queue:', error))
  const pending: PendingWorker[] = []
  const queues = new Map<string, Promise<void>>()
  let started = false

  // pg-boss 10 wants a queue created before jobs are sent to it; creating is idempotent.
  const ensure = (name: string) => {
    let created = queues.get(name)
    if (!created) {
      created = boss.createQueue(name).catch((error) => {
        queues.delete(name)
        throw error
      })
      queues.set(name, created)
    }
    return created
  }

  const assertStarted = () => {
    if (!started) throw new Error('The job queue is not started')
  }

  const workerIds = new Map<string, string[]>()

  // A job of a batch that throws fails on its own (pg-boss would otherwise fail the whole batch
  // for one error); the others, still active when the callback returns, pg-boss completes in one
  // statement. Handlers must bear running twice (at-least-once), as they always had to.
  const register = async ({ name, handler, options }: PendingWorker) => {
    await ensure(name)
    const { concurrency = 1, batchSize = 1, ...workOptions } = options
    let workerId = ''
    const runOne = async (job: PgBoss.Job<any>) => {
      try {
        await handler(job.data, { id: job.id, name: job.name })
      } catch (error: any) {
        await boss.fail(name, job.id, { message: String(error?.message ?? error) })
      }
    }
    workerId = await boss.work<any>(name, { ...workOptions, batchSize }, async (jobs) => {
      // A full batch means more are waiting: fetch again as soon as this one is done.
      if (jobs.length >= batchSize) boss.notifyWorker(workerId)
      const waiting = [...jobs]
      await Promise.all(
        Array.from({ length: Math.min(concurrency, waiting.length) }, async () => {
          for (let job = waiting.shift(); job; job = waiting.shift()) await runOne(job)
        })
      )
    })
    workerIds.set(name, [...(workerIds.get(name) ?? []), workerId])
  }

  return {
    get started() {
      return started
    },
    async ping() {
      assertStarted()
      await boss.getDb().executeSql(`SELECT 1 FROM ${schema}.version`, [])
    },
    async start() {
      if (started) return
      await boss.start()
      started = true
      for (const worker of pending.splice(0)) await register(worker)
    },
    async stop() {
      if (!started) return
      started = false
      queues.clear()
      workerIds.clear()
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
    },
    async send(name, data, sendOptions = {}) {
      assertStarted()
      await ensure(name)
      const id = await boss.send(name, data as object, sendOptions as PgBoss.SendOptions)
      // A job due now wakes this process's idle workers instead of waiting for their next poll.
      if (id && sendOptions.startAfter === undefined) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId)
      return id
    },
    async work(name, handler, workOptions = {}) {
      const worker = { name, handler, options: workOptions }
      if (started) await register(worker)
      else pending.push(worker)
    },
    async schedule(name, cron, data, scheduleOptions = {}) {
      assertStarted()
      await ensure(name)
      await boss.schedule(name, cron, data as object, scheduleOptions as PgBoss.ScheduleOptions)
    },
    async unschedule(name) {
      assertStarted()
      await boss.unschedule(name)
    },
    async cancel(name, id) {
      assertStarted()
      await boss.cancel(name, id)
    }
  }
}

declare module '../declarations.js' {
  interface Configuration {
    /** Present when `jobs.enabled`: the job queue, started with the app. */
    queue?: Queue
  }
}

/**
 * When `jobs.enabled`: creates the queue on the app's database, starts it in `app.setup()`
 * (after every service registered its workers) and stops it in `app.teardown()`.
 */
export function configureQueue(app: Application, databaseUrl: string) {
  if (!app.get('jobs')?.enabled) return
  const queue = createQueue(databaseUrl)
  app.set('queue', queue)
  app.hooks({
    setup: [
      async (_context: HookContext, next: NextFunction) => {
        await next()
        await queue.start()
      }
    ],
    teardown: [
      async (_context: HookContext, next: NextFunction) => {
        await queue.stop()
        await next()
      }
    ]
  } as any)
}
