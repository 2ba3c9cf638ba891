import { feathers } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { Application } from '../src/declarations.js'
import { createQueue } from '../src/jobs/queue.js'
import { configureMail } from '../src/mail/mailer.js'

/** An SMTP peer that accepts everything and counts the messages it received. */
export async function startSmtpSink(port: number) {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received += 1
        callback()
      })
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.server.address() as AddressInfo).port,
    get received() {
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

export interface ThroughputResult {
  count: number
  seconds: number
  rate: number
  delivered: number
  received: number
  enqueueSeconds: number
}

/**
 * Queues `count` mails the way an action does (one `mailer.enqueue` each) and waits until every
 * one reached the outbox (`outbox`) or the SMTP sink as well (`smtp`): the figure asked is at
 * least 20 mails a second. Its own pg-boss schema keeps it apart from any other worker.
 */
export async function measureMailThroughput(options: {
  /** smtpPort 0: any free port. */
  databaseUrl: string
  knex: Knex
  count: number
  transport: 'outbox' | 'smtp'
  smtpPort?: number
  deadlineMs?: number
  schema?: string
}): Promise<ThroughputResult> {
  const { databaseUrl, knex, count, transport, deadlineMs = 120_000 } = options
  const sink = transport === 'smtp' ? await startSmtpSink(options.smtpPort ?? 2525) : undefined
  const app = feathers() as unknown as Application
  app.set('knex', knex)
  app.set('mail', { transport, smtpUrl: `smtp://127.0.0.1:${sink?.port ?? 2525}`, from: 'Estate Portal <no-reply@example.com>' } as any)
  const queue = createQueue(databaseUrl, { schema: options.schema ?? `pgboss_bench_${transport}` })
  app.set('queue', queue)
  const mailer = configureMail(app)
  await queue.start()
  try {
    const started = Date.now()
    const ids: number[] = []
    // Mails come from many requests at once: 10 enqueue side by side, as 10 busy users would.
    let next = 0
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < count; i = next++) {
          ids.push(...(await mailer.enqueue({ template: 'account.unlocked', to: `throughput.${i}@example.com`, region: 'HK', data: { displayName: `Reader ${i}` } })))
        }
      })
    )
    const enqueueSeconds = (Date.now() - started) / 1000
    let delivered = 0
    for (;;) {
      const [{ done }] = await knex('mail_messages').whereIn('id', ids).whereIn('status', ['SENT', 'OUTBOX']).count({ done: '*' })
      delivered = Number(done)
      if (delivered >= ids.length && (!sink || sink.received >= ids.length)) break
      if (Date.now() - started > deadlineMs) throw new Error(`after ${deadlineMs} ms: ${delivered} of ${ids.length} mails delivered, ${sink?.received ?? '-'} received`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const seconds = (Date.now() - started) / 1000
    return { count: ids.length, seconds, rate: ids.length / seconds, delivered, received: sink?.received ?? delivered, enqueueSeconds }
  } finally {
    await queue.stop()
    mailer.close()
    await sink?.close()
  }
}
