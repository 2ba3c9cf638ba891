import { feathers } from '@feathersjs/feathers'
import type { AddressObject } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Application } from '../declarations.js'
import type { Knex } from 'knex'
import { createTestDatabase } from '../../test/db.js'
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp.js'
import { createKnex } from '../db/knex.js'
import { configureMail, createMailer, type Mailer } from './mailer.js'
import { modules } from '../modules/index.js'
import { installModules } from '../modules/registry.js'

// The mail templates are the modules' catalogues too: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

const FROM = 'Estate Portal <no-reply@example.com>'
const inviteData = { displayName: 'Ann <Lee>', username: 'ann', link: 'https://portal.example.com/pub/resetpwd?token=t0k&invite=1' }

let database: { url: string; db: Knex }
let server: SmtpCapture
let smtpUrl: string

/** An SMTP server that keeps what it receives: 550 for reject-*, 450 for busy-* recipients. */
const startSmtp = () =>
  startSmtpCapture({
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject')) return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }))
      if (address.address.startsWith('busy')) return callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 450 }))
      callback()
    }
  })

function makeApp(mail: { transport: 'smtp' | 'outbox'; smtpUrl: string }): Application {
  const app = feathers() as unknown as Application
  app.set('knex', database.db)
  app.set('mail', { ...mail, from: FROM })
  app.set('jobs', { enabled: false })
  return app
}

const addresses = (field?: AddressObject | AddressObject[]) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((entry) => entry.address))

const recipientsOf = (messageId: number) => database.db('mail_recipients').where({ messageId }).orderBy('id').select('address', 'kind', 'status', 'error')

let mailer: Mailer

beforeAll(async () => {
  const url = await createTestDatabase()
  database = { url, db: createKnex(url, 4) }
  server = await startSmtp()
  smtpUrl = server.url
  await database.db('users').insert([
    { username: 'ann', email: 'Ann@Example.com', displayName: 'Ann', userType: 521, language: 'zh-CN' },
    { username: 'bob', email: 'bob@example.com', displayName: 'Bob', userType: 521, language: 'en-US' },
    // Two accounts share an address: the enabled one decides the language.
    { username: 'erin-old', email: 'erin@example.com', displayName: 'Erin', userType: 521, language: 'en-US', enabled: false },
    { username: 'erin', email: 'erin@example.com', displayName: 'Erin', userType: 521, language: 'zh-CN' }
  ])
  const app = makeApp({ transport: 'smtp', smtpUrl })
  mailer = configureMail(app)
  expect(app.get('mailer')).toBe(mailer)
})

afterAll(async () => {
  await server?.close()
  await database?.db.destroy()
})

beforeEach(() => {
  server.captured.length = 0
})

describe('mailer over SMTP', () => {
  it('sends one message per receiver language, de-duplicated, and records every receiver as SENT', async () => {
    const ids = await mailer.enqueue({
      template: 'account.invite',
      to: 'ann@example.com; bob@example.com',
      cc: ['BOB@example.com;carol@example.com', ' '],
      bcc: 'ann@EXAMPLE.com;dave@example.com; carol@example.com;;',
      region: 'HK',
      data: inviteData
    })
    expect(ids).toHaveLength(2)
    expect(server.captured).toHaveLength(2)

    const chinese = server.captured.find((entry) => entry.mail.subject === '您的 Estate Portal 账户')!
    const english = server.captured.find((entry) => entry.mail.subject === 'Your Estate Portal account')!
    expect(chinese).toBeDefined()
    expect(english).toBeDefined()

    expect(chinese.rcptTo).toEqual(['ann@example.com'])
    expect(addresses(chinese.mail.to)).toEqual(['ann@example.com'])
    expect(chinese.mail.cc).toBeUndefined()
    expect(chinese.mail.text).toContain('用户名为 ann')
    expect(chinese.mail.text).toContain(inviteData.link)
    expect(chinese.mail.html).toContain('Ann &lt;Lee&gt;，您好')

    expect(english.mailFrom).toBe('no-reply@example.com')
    expect(english.rcptTo).toEqual(['bob@example.com', 'carol@example.com', 'dave@example.com'])
    expect(addresses(english.mail.to)).toEqual(['bob@example.com'])
    expect(addresses(english.mail.cc)).toEqual(['carol@example.com'])
    // bcc receivers are in the envelope only.
    expect(english.mail.bcc).toBeUndefined()
    expect(english.mail.headerLines.some((line) => /^bcc:/i.test(line.line))).toBe(false)
    expect(english.mail.text).toContain('Dear Ann <Lee>,')
    expect(english.mail.text).toContain('Your username is ann.')
    expect(english.mail.html).toContain('Dear Ann &lt;Lee&gt;,')
    expect(english.mail.html).toContain(`href="${inviteData.link.replace('&', '&amp;')}"`)
    expect(english.mail.from?.value).toEqual([{ name: 'Estate Portal', address: 'no-reply@example.com' }])

    const messages = await database.db('mail_messages').whereIn('id', ids).orderBy('id')
    const byLanguage = Object.fromEntries(messages.map((message: any) => [message.language, message]))
    expect(byLanguage['zh-CN']).toMatchObject({ status: 'SENT', transport: 'smtp', template: 'account.invite', region: 'HK', to: ['ann@example.com'], cc: [], bcc: [], error: null })
    expect(byLanguage['en-US']).toMatchObject({ status: 'SENT', to: ['bob@example.com'], cc: ['carol@example.com'], bcc: ['dave@example.com'], subject: 'Your Estate Portal account' })
    expect(byLanguage['en-US'].messageId).toBe(english.mail.messageId)
    expect(Date.parse(byLanguage['en-US'].sentAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await recipientsOf(byLanguage['en-US'].id)).toEqual([
      { address: 'bob@example.com', kind: 'to', status: 'SENT', error: null },
      { address: 'carol@example.com', kind: 'cc', status: 'SENT', error: null },
      { address: 'dave@example.com', kind: 'bcc', status: 'SENT', error: null }
    ])
    expect(await recipientsOf(byLanguage['zh-CN'].id)).toEqual([{ address: 'ann@example.com', kind: 'to', status: 'SENT', error: null }])
  })

  it('takes the language of the enabled account when two accounts share an address', async () => {
    await mailer.enqueue({ template: 'account.unlocked', to: 'erin@example.com', data: { displayName: 'Erin' } })
    expect(server.captured.map((entry) => entry.mail.subject)).toEqual(['您的 Estate Portal 账户已解锁'])
  })

  it('sends one message in the language asked for, whatever the receivers’ accounts say', async () => {
    const ids = await mailer.enqueue({
      template: 'auth.code',
      to: 'ann@example.com',
      cc: 'bob@example.com',
      language: 'en-US',
      data: { displayName: 'Ann', code: '123456', minutes: 10 }
    })
    expect(ids).toHaveLength(1)
    expect(server.captured).toHaveLength(1)
    expect(server.captured[0].mail.subject).toBe('Your Estate Portal authentication code')
    expect(server.captured[0].mail.text).toContain('Your authentication code is: 123456')
    expect(server.captured[0].mail.text).toContain('valid for 10 minutes')
    expect(server.captured[0].rcptTo).toEqual(['ann@example.com', 'bob@example.com'])
  })

  it('records a receiver the server refuses with 550 as FAILED and the others as SENT', async () => {
    const [id] = await mailer.enqueue({
      template: 'account.locked-by-admin',
      to: 'bob@example.com;reject-me@example.com',
      cc: 'carol@example.com',
      bcc: 'reject-too@example.com',
      data: { displayName: 'Bob' }
    })
    expect(server.captured).toHaveLength(1)
    expect(server.captured[0].rcptTo).toEqual(['bob@example.com', 'carol@example.com'])
    // The headers still name everyone the mail was addressed to.
    expect(addresses(server.captured[0].mail.to)).toEqual(['bob@example.com', 'reject-me@example.com'])

    const recipients = await recipientsOf(id)
    expect(recipients.map((recipient: any) => [recipient.address, recipient.status])).toEqual([
      ['bob@example.com', 'SENT'],
      ['reject-me@example.com', 'FAILED'],
      ['carol@example.com', 'SENT'],
      ['reject-too@example.com', 'FAILED']
    ])
    expect(recipients[1].error).toMatch(/^550 5\.1\.1 No such user/)
    expect(recipients[3].error).toMatch(/^550/)
    const message = await database.db('mail_messages').where({ id }).first()
    expect(message.status).toBe('SENT')
    expect(message.error).toContain('reject-me@example.com (550')
    expect(message.error).toContain('reject-too@example.com (550')
  })

  it('marks the message FAILED, not to be retried, when the server refuses every receiver with 550', async () => {
    const [id] = await mailer.enqueue({ template: 'account.unlocked', to: 'reject-1@example.com', cc: 'reject-2@example.com', data: { displayName: 'X' } })
    expect(server.captured).toHaveLength(0)
    const message = await database.db('mail_messages').where({ id }).first()
    expect(message.status).toBe('FAILED')
    expect(message.sentAt).toBeNull()
    expect((await recipientsOf(id)).map((recipient: any) => [recipient.status, recipient.error.slice(0, 3)])).toEqual([
      ['FAILED', '550'],
      ['FAILED', '550']
    ])
    const again = await mailer.deliver(id)
    expect(again).toMatchObject({ status: 'FAILED', retry: false })
    expect(server.captured).toHaveLength(0)
  })

  it('asks for a retry when the refusal is temporary (4xx)', async () => {
    const [id] = await mailer.enqueue({ template: 'account.unlocked', to: 'busy@example.com', data: { displayName: 'X' } })
    const message = await database.db('mail_messages').where({ id }).first()
    expect(message.status).toBe('FAILED')
    const result = await mailer.deliver(id)
    expect(result.retry).toBe(true)
    expect(result.recipients[0]).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^450/) })
  })

  it('records an address that is not one as FAILED without handing it to the server', async () => {
    const [id] = await mailer.enqueue({ template: 'account.unlocked', to: 'bob@example.com;bob at example', cc: 'carol@example.com, dave@example.com', data: { displayName: 'Bob' } })
    expect(server.captured).toHaveLength(1)
    expect(server.captured[0].rcptTo).toEqual(['bob@example.com'])
    expect(addresses(server.captured[0].mail.to)).toEqual(['bob@example.com'])
    expect(await recipientsOf(id)).toEqual([
      { address: 'bob@example.com', kind: 'to', status: 'SENT', error: null },
      { address: 'bob at example', kind: 'to', status: 'FAILED', error: 'INVALID_ADDRESS' },
      { address: 'carol@example.com, dave@example.com', kind: 'cc', status: 'FAILED', error: 'INVALID_ADDRESS' }
    ])
  })

  it('marks a message with no valid address FAILED without connecting', async () => {
    const [id] = await mailer.enqueue({ template: 'account.unlocked', to: 'nobody', data: { displayName: 'X' } })
    expect(server.captured).toHaveLength(0)
    expect(await database.db('mail_messages').where({ id }).first()).toMatchObject({ status: 'FAILED', error: 'No valid recipient' })
  })

  it('answers 400 NO_RECIPIENTS and records nothing when no address is left', async () => {
    const before = await database.db('mail_messages').count({ count: '*' }).first()
    await expect(mailer.enqueue({ template: 'account.unlocked', to: ' ; ;', cc: [], bcc: [' '], data: { displayName: 'X' } })).rejects.toMatchObject({ code: 400, data: { code: 'NO_RECIPIENTS' } })
    const after = await database.db('mail_messages').count({ count: '*' }).first()
    expect(after).toEqual(before)
  })

  it('records nothing when the data lacks a template value', async () => {
    const before = await database.db('mail_messages').count({ count: '*' }).first()
    await expect(mailer.enqueue({ template: 'account.invite', to: 'bob@example.com', data: { displayName: 'Bob', username: 'bob' } as any })).rejects.toThrow(/needs the value link/)
    expect(await database.db('mail_messages').count({ count: '*' }).first()).toEqual(before)
    expect(server.captured).toHaveLength(0)
  })

  it('does not send a delivered message twice', async () => {
    const [id] = await mailer.enqueue({ template: 'account.unlocked', to: 'bob@example.com', data: { displayName: 'Bob' } })
    expect(server.captured).toHaveLength(1)
    const result = await mailer.deliver(id)
    expect(result).toMatchObject({ status: 'SENT', retry: false, recipients: [{ address: 'bob@example.com', status: 'SENT' }] })
    expect(server.captured).toHaveLength(1)
  })

  it('records a connection failure on every receiver, asks for a retry, and sends on the next try', async () => {
    const offline = createMailer(makeApp({ transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:1' }))
    const [id] = await offline.enqueue({ template: 'account.unlocked', to: 'bob@example.com', bcc: 'reject-3@example.com', data: { displayName: 'Bob' } })
    const failed = await offline.deliver(id)
    expect(failed.status).toBe('FAILED')
    expect(failed.retry).toBe(true)
    expect(failed.recipients.map((recipient) => recipient.status)).toEqual(['FAILED', 'FAILED'])
    expect(failed.error).toMatch(/ECONNREFUSED/)

    const retried = await mailer.deliver(id)
    expect(retried.status).toBe('SENT')
    expect(retried.recipients).toMatchObject([
      { status: 'SENT', error: null },
      { status: 'FAILED', error: expect.stringMatching(/^550/) }
    ])
    expect(server.captured).toHaveLength(1)
    expect(server.captured[0].rcptTo).toEqual(['bob@example.com'])
  })
})

describe('mailer with the outbox transport', () => {
  it('keeps the message in the database as OUTBOX and sends nothing', async () => {
    const outbox = createMailer(makeApp({ transport: 'outbox', smtpUrl: '' }))
    const [id] = await outbox.enqueue({ template: 'password.reset', to: 'bob@example.com', cc: 'not valid', data: { displayName: 'Bob', link: 'https://x.example.com/r?a=1&b=2' } })
    expect(server.captured).toHaveLength(0)
    const message = await database.db('mail_messages').where({ id }).first()
    expect(message).toMatchObject({ status: 'OUTBOX', transport: 'outbox', subject: 'Reset your Estate Portal password', error: null })
    expect(message.html).toContain('href="https://x.example.com/r?a=1&amp;b=2"')
    expect(message.text).toContain('https://x.example.com/r?a=1&b=2')
    expect(message.messageId).toMatch(/@/)
    expect((await recipientsOf(id)).map((recipient: any) => recipient.status)).toEqual(['OUTBOX', 'FAILED'])
  })
})
