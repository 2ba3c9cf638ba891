import { feathers } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Application } from '../src/declarations.js'
import { createKnex } from '../src/db/knex.js'
import { createQueue, MAINTENANCE_INTERVAL_SECONDS } from '../src/jobs/queue.js'
import { configureMail, MAIL_WORKER, SEND_JOB } from '../src/mail/mailer.js'
import { createTestDatabase } from './db.js'
import { measureMailThroughput, startSmtpSink } from './mail-throughput.js'
import { modules } from '../src/modules/index.js'
import { installModules } from '../src/modules/registry.js'

// The mail templates are the modules' catalogues too: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

// Issue 8 finding 12: mail went out at one per 2 s poll (123 mails took over 5 minutes), and a
// job active when its process died waited 15 minutes. SMTP test ports 2525-2530.

let database: { url: string; db: Knex }
beforeAll(async () => {
  const url = await createTestDatabase()
  database = { url, db: createKnex(url, 10) }
})
afterAll(async () => {
  await database?.db.destroy()
})

describe('mail queue', () => {
  it('delivers 200 queued mails to the outbox', async () => {
    const result = await measureMailThroughput({ databaseUrl: database.url, knex: database.db, count: 200, transport: 'outbox', deadlineMs: 60_000 })
    console.log(`outbox: ${result.count} mails in ${result.seconds.toFixed(2)} s, ${result.rate.toFixed(1)} mails/s`)
    expect(result.delivered).toBe(200)
  }, 90_000)

  it('delivers 200 queued mails to a real SMTP peer over pooled connections', async () => {
    const result = await measureMailThroughput({ databaseUrl: database.url, knex: database.db, count: 200, transport: 'smtp', smtpPort: 2525, deadlineMs: 60_000 })
    console.log(`smtp: ${result.count} mails in ${result.seconds.toFixed(2)} s, ${result.rate.toFixed(1)} mails/s`)
    expect(result.received).toBe(200)
    const [{ sent }] = await database.db('mail_messages').where({ status: 'SENT', transport: 'smtp' }).count({ sent: '*' })
    expect(Number(sent)).toBe(200)
  }, 90_000)

  it('retries a mail job within a minute of a crash: expiry, maintenance, first retry and poll add up to under 60 s', () => {
    // pg-boss back-off: the first retry waits between retryDelay and twice that.
    expect(SEND_JOB.expireInSeconds + MAINTENANCE_INTERVAL_SECONDS + 2 * SEND_JOB.retryDelay + MAIL_WORKER.pollingIntervalSeconds).toBeLessThan(60)
  })

  it('sends a mail whose job a killed worker took and never finished', async () => {
    const schema = 'pgboss_crash'
    const [{ id: messageId }] = await database.db('mail_messages').insert(
      {
        region: 'HK',
        regions: ['HK'],
        template: 'account.unlocked',
        language: 'en-US',
        to: JSON.stringify(['crashed@example.com']),
        subject: 'Your Estate Portal account has been unlocked',
        html: '<p>unlocked</p>',
        text: 'unlocked',
        status: 'PENDING'
      },
      ['id']
    )
    await database.db('mail_recipients').insert({ messageId, address: 'crashed@example.com', kind: 'to', status: 'PENDING' })

    // The process that dies: takes the job (active) and stops without completing or failing it.
    // The expiry is the mail job's own but short, so the test does not wait half a minute.
    const dying = new PgBoss({ connectionString: database.url, schema })
    dying.on('error', () => {})
    await dying.start()
    await dying.createQueue('mail.send')
    await dying.send('mail.send', { messageId }, { ...SEND_JOB, expireInSeconds: 2 })
    const [taken] = await dying.fetch('mail.send')
    expect(taken.data).toEqual({ messageId })
    await dying.stop({ graceful: false, wait: true })
    const crashedAt = Date.now()

    // The process that starts again, with the portal's queue and mailer (maintenance every second here).
    const sink = await startSmtpSink(2526)
    const app = feathers() as unknown as Application
    app.set('knex', database.db)
    app.set('mail', { transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:2526', from: 'Estate Portal <no-reply@example.com>' } as any)
    const queue = createQueue(database.url, { schema, maintenanceIntervalSeconds: 1 })
    app.set('queue', queue)
    const mailer = configureMail(app)
    await queue.start()
    try {
      for (;;) {
        const message = await database.db('mail_messages').where({ id: messageId }).first('status')
        if (message.status === 'SENT' && sink.received === 1) break
        if (Date.now() - crashedAt > 40_000) throw new Error(`the crashed job was not retried: ${message.status}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      console.log(`crashed mail job sent ${((Date.now() - crashedAt) / 1000).toFixed(1)} s after the crash`)
    } finally {
      await queue.stop()
      mailer.close()
      await sink.close()
    }
  }, 60_000)
})
