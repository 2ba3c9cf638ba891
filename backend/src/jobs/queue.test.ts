import { feathers } from '@feathersjs/feathers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Application } from '../declarations.js'
import { configureMail } from '../mail/mailer.js'
import { configureQueue, createQueue, type Queue } from './queue.js'
import type { Knex } from 'knex'
import { createTestDatabase } from '../../test/db.js'
import { createKnex } from '../db/knex.js'

declare module './queue.js' {
  interface JobTypes {
    'test.echo': { value: number }
    'test.flaky': { value: number }
    'test.batch': { value: number }
  }
}

let database: { url: string; db: Knex }
let queue: Queue

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  const url = await createTestDatabase()
  database = { url, db: createKnex(url, 4) }
  queue = createQueue(database.url)
})

afterAll(async () => {
  await queue?.stop()
  await database?.db.destroy()
})

describe('job queue', () => {
  it('refuses to send before it is started', async () => {
    await expect(queue.send('test.echo', { value: 0 })).rejects.toThrow(/not started/)
  })

  it('runs the workers registered before start, with the data sent', async () => {
    const seen: { value: number; name: string }[] = []
    await queue.work(
      'test.echo',
      async (data, job) => {
        seen.push({ value: data.value, name: job.name })
      },
      { pollingIntervalSeconds: 0.5 }
    )
    await queue.start()
    expect(queue.started).toBe(true)
    const id = await queue.send('test.echo', { value: 42 })
    expect(id).toEqual(expect.any(String))
    await waitFor(() => seen.length > 0)
    expect(seen).toEqual([{ value: 42, name: 'test.echo' }])
  }, 30_000)

  it('tries a job again when its handler throws', async () => {
    let calls = 0
    await queue.work(
      'test.flaky',
      async () => {
        calls += 1
        if (calls === 1) throw new Error('first try fails')
      },
      { pollingIntervalSeconds: 0.5 }
    )
    await queue.send('test.flaky', { value: 1 }, { retryLimit: 2, retryDelay: 0 })
    await waitFor(() => calls >= 2)
    expect(calls).toBe(2)
  }, 30_000)

  it('runs a batch side by side; one job that throws is tried again alone, the others once', async () => {
    const calls = new Map<number, number>()
    let running = 0
    let mostAtOnce = 0
    await queue.work(
      'test.batch',
      async ({ value }) => {
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        calls.set(value, (calls.get(value) ?? 0) + 1)
        await new Promise((resolve) => setImmediate(resolve))
        running -= 1
        if (value === 3 && calls.get(value) === 1) throw new Error('first try fails')
      },
      { batchSize: 6, concurrency: 3, pollingIntervalSeconds: 0.5 }
    )
    for (let value = 1; value <= 6; value += 1) await queue.send('test.batch', { value }, { retryLimit: 2, retryDelay: 0 })
    await waitFor(() => calls.get(3) === 2)
    await waitFor(async () => (await database.db.raw(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.batch' AND state = 'completed'`)).rows[0].n === 6)
    expect([...calls].sort(([a], [b]) => a - b)).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 1],
      [6, 1]
    ])
    expect(mostAtOnce).toBeLessThanOrEqual(3)
  }, 30_000)

  it('sends queued mail through the mail.send worker', async () => {
    const app = feathers() as unknown as Application
    app.set('knex', database.db)
    app.set('mail', { transport: 'outbox', smtpUrl: '', from: 'Estate Portal <no-reply@example.com>' })
    app.set('jobs', { enabled: true })
    app.set('queue', queue)
    const mailer = configureMail(app)
    const [id] = await mailer.enqueue({ template: 'account.unlocked', to: 'bob@example.com', data: { displayName: 'Bob' } })
    const message = await waitFor(async () => {
      const row = await database.db('mail_messages').where({ id }).first()
      return row.status === 'OUTBOX' ? row : undefined
    })
    expect(message.transport).toBe('outbox')
  }, 30_000)

  it('is set on the app, started in setup and stopped in teardown, only when jobs are enabled', async () => {
    const off = feathers() as unknown as Application
    off.set('jobs', { enabled: false })
    configureQueue(off, database.url)
    expect(off.get('queue')).toBeUndefined()

    const on = feathers() as unknown as Application
    on.set('jobs', { enabled: true })
    configureQueue(on, database.url)
    const appQueue = on.get('queue')!
    expect(appQueue.started).toBe(false)
    await on.setup()
    expect(appQueue.started).toBe(true)
    await on.teardown()
    expect(appQueue.started).toBe(false)
  }, 30_000)
})
