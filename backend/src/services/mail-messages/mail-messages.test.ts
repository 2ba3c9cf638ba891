import ExcelJS from 'exceljs'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/server.js'
import { configureMail } from '../../mail/mailer.js'
import { mailMessages } from './mail-messages.js'
import { mailMessagesPath } from './mail-messages.shared.js'

let server: TestServer
let adminToken: string
let inviteId: number
let codeId: number
const tokens: Record<string, string> = {}
const sockets: Socket[] = []

/** A staff account of its own regions, in a group of its own in each (the demo password). */
async function staffWith(username: string, region: string, permissions: Array<[string, string]>) {
  const admin = await server.knex('users').where({ username: 'admin' }).first('password')
  const [group] = await server.knex('security_groups').insert(
    {
      name: `Outbox ${username}`,
      domain: 'CMS',
      description: 'outbox test',
      permissions: JSON.stringify(permissions.map(([resource, action]) => ({ resource, action, attribute: 'any' })))
    },
    ['id']
  )
  const [user] = await server.knex('users').insert(
    {
      username,
      email: `${username}@example.com`,
      displayName: username,
      password: admin.password,
      passwordChangedAt: new Date(),
      domain: 'CMS',
      source: 'EXT',
      userType: 521,
      regions: [region],
      defaultRegion: region,
      enabled: true,
      invitedAt: new Date()
    },
    ['id']
  )
  await server.knex('user_groups').insert({ userId: user.id, region, groupId: group.id })
  tokens[username] = (await server.login(username)).accessToken
}

beforeAll(async () => {
  server = await startTestServer()
  if (!server.app.get('mailer')) configureMail(server.app)
  if (!(server.app as any).services[mailMessagesPath]) server.app.configure(mailMessages)
  const mailer = server.app.get('mailer')
  ;[inviteId] = await mailer.enqueue({
    template: 'account.invite',
    to: 'new.user@example.com',
    cc: 'pm.hk@example.com',
    bcc: 'audit@example.com',
    region: 'HK',
    data: { displayName: 'New User', username: 'new.user', link: 'https://portal.example.com/pub/resetpwd?token=x' }
  })
  ;[codeId] = await mailer.enqueue({
    template: 'auth.code',
    to: 'someone@example.com',
    region: 'SG',
    language: 'zh-CN',
    data: { displayName: 'Someone', code: '654321', minutes: 10 }
  })
  adminToken = (await server.login('admin')).accessToken
  // HK's administrator of accounts, a reader of HK's outbox who may not unlock accounts, SG's administrator.
  await staffWith('outbox.hk', 'HK', [
    ['mail-messages', 'read'],
    ['users', 'read'],
    ['users', 'unlock']
  ])
  await staffWith('outbox.reader', 'HK', [['mail-messages', 'read']])
  await staffWith('outbox.sg', 'SG', [
    ['mail-messages', 'read'],
    ['users', 'read'],
    ['users', 'unlock']
  ])
})

afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

const GLOBAL = { 'x-region': 'GLOBAL' }
const idsOf = (body: any) => body.data.map((message: any) => message.id)

async function exportedIds(token: string, query = '') {
  const response = await fetch(`${server.url}/v1/exports/mail-messages${query}`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  const bytes = Buffer.from(await response.arrayBuffer())
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as any)
  const sheet = workbook.worksheets[0]
  const header = (sheet.getRow(1).values as any[]).slice(1)
  const to: string[] = []
  sheet.eachRow((row, number) => {
    // The list's columns, headed by their labels (en-US): the receivers are "To".
    if (number > 1) to.push(String(row.getCell(header.indexOf('To') + 1).value))
  })
  return { to, text: bytes.toString('latin1') }
}

describe('mail-messages', () => {
  it('lists the mails of every region in GLOBAL, newest first, without their bodies', async () => {
    const { status, body } = await server.api(adminToken, 'GET', '/v1/mail-messages', undefined, GLOBAL)
    expect(status).toBe(200)
    const ids = idsOf(body)
    expect(ids.indexOf(codeId)).toBeLessThan(ids.indexOf(inviteId))
    const invite = body.data.find((message: any) => message.id === inviteId)
    expect(invite).toMatchObject({ template: 'account.invite', region: 'HK', status: 'OUTBOX', to: ['new.user@example.com'], cc: ['pm.hk@example.com'], bcc: ['audit@example.com'] })
    expect(invite.html).toBeUndefined()
    expect(invite.text).toBeUndefined()
    expect(body.data.find((message: any) => message.id === codeId)).toMatchObject({ region: 'SG', language: 'zh-CN', subject: '您的 Estate Portal 验证码' })
  })

  it('shows one mail with its body and every receiver’s result', async () => {
    const { status, body } = await server.api(adminToken, 'GET', `/v1/mail-messages/${inviteId}`)
    expect(status).toBe(200)
    expect(body.subject).toBe('Your Estate Portal account')
    expect(body.text).toContain('new.user')
    expect(body.html).toContain('https://portal.example.com/pub/resetpwd?token=x')
    expect(body.recipients.map((recipient: any) => [recipient.address, recipient.kind, recipient.status])).toEqual([
      ['new.user@example.com', 'to', 'OUTBOX'],
      ['pm.hk@example.com', 'cc', 'OUTBOX'],
      ['audit@example.com', 'bcc', 'OUTBOX']
    ])
    expect(body.htmlRedacted).toBeUndefined()
    expect(body.regions).toBeUndefined()
  })

  it('finds the mails that went to an address, in to, cc or bcc, whatever its case', async () => {
    for (const address of ['AUDIT@example.com', 'pm.hk@example.com']) {
      const { body } = await server.api(adminToken, 'GET', `/v1/mail-messages?address=${encodeURIComponent(address)}`)
      expect(idsOf(body)).toEqual([inviteId])
    }
  })

  it('filters and sorts on the listed fields only', async () => {
    const filtered = await server.api(adminToken, 'GET', '/v1/mail-messages?template=auth.code&status=OUTBOX', undefined, GLOBAL)
    expect(idsOf(filtered.body)).toEqual([codeId])
    const bySubject = await server.api(adminToken, 'GET', '/v1/mail-messages?subject[$ilike]=%25account%25', undefined, GLOBAL)
    expect(idsOf(bySubject.body)).toEqual([inviteId])
    const hidden = await server.api(adminToken, 'GET', '/v1/mail-messages?html[$ilike]=%25token%25')
    expect(hidden.status).toBe(400)
  })

  it('is read-only', async () => {
    for (const [method, path] of [
      ['POST', '/v1/mail-messages'],
      ['PATCH', `/v1/mail-messages/${inviteId}`],
      ['DELETE', `/v1/mail-messages/${inviteId}`]
    ]) {
      const { status } = await server.api(adminToken, method, path, method === 'DELETE' ? undefined : { subject: 'x' })
      expect(status).toBe(405)
    }
  })

  it('is closed to users without mail-messages read, and to anonymous callers', async () => {
    const { accessToken } = await server.login('pm.hk')
    expect((await server.api(accessToken, 'GET', '/v1/mail-messages')).status).toBe(403)
    expect((await server.api(accessToken, 'GET', `/v1/mail-messages/${inviteId}`)).status).toBe(403)
    expect((await server.api(null, 'GET', '/v1/mail-messages')).status).toBe(401)
  })
})

describe('mail-messages by region', () => {
  it('shows an administrator of HK the mails of HK only: list, get, address filter and export', async () => {
    const list = await server.api(tokens['outbox.hk'], 'GET', '/v1/mail-messages?$limit=100')
    expect(list.status).toBe(200)
    expect(idsOf(list.body)).toContain(inviteId)
    expect(idsOf(list.body)).not.toContain(codeId)
    expect((await server.api(tokens['outbox.hk'], 'GET', `/v1/mail-messages/${codeId}`)).status).toBe(404)
    expect(idsOf((await server.api(tokens['outbox.hk'], 'GET', '/v1/mail-messages?address=someone%40example.com')).body)).toEqual([])
    // Not SG's outbox, nor GLOBAL's (every region's), by header or path.
    expect((await server.api(tokens['outbox.hk'], 'GET', '/v1/mail-messages', undefined, { 'x-region': 'SG' })).status).toBe(403)
    expect((await server.api(tokens['outbox.hk'], 'GET', '/v1/mail-messages', undefined, GLOBAL)).status).toBe(403)
    expect((await server.api(tokens['outbox.hk'], 'GET', `/sg/v1/mail-messages/${codeId}`)).status).toBe(403)
    const exported = await exportedIds(tokens['outbox.hk'])
    expect(exported.to).toContain('new.user@example.com')
    expect(exported.to).not.toContain('someone@example.com')
    expect(exported.text).not.toContain('someone@example.com')
    // SG's administrator reads SG's mail, not HK's.
    expect((await server.api(tokens['outbox.sg'], 'GET', `/v1/mail-messages/${codeId}`)).status).toBe(200)
    expect((await server.api(tokens['outbox.sg'], 'GET', `/v1/mail-messages/${inviteId}`)).status).toBe(404)
  })

  it('files an account mail under the account’s regions: a reset of an HK user is HK’s, not SG’s', async () => {
    expect((await server.api(null, 'POST', '/v1/password-resets', { username: 'pm.hk' })).status).toBe(201)
    // The link is mailed after the answer (issue 27 item 9).
    await server.app.service('password-resets').settled()
    const reset = await server.knex('mail_messages').where({ template: 'password.reset' }).orderBy('id', 'desc').first()
    expect(reset.regions).toEqual(['HK'])
    expect((await server.api(tokens['outbox.hk'], 'GET', `/v1/mail-messages/${reset.id}`)).status).toBe(200)
    expect((await server.api(tokens['outbox.sg'], 'GET', `/v1/mail-messages/${reset.id}`)).status).toBe(404)
    expect(idsOf((await server.api(tokens['outbox.sg'], 'GET', '/v1/mail-messages?template=password.reset')).body)).not.toContain(reset.id)
    expect(idsOf((await server.api(adminToken, 'GET', '/v1/mail-messages?template=password.reset', undefined, GLOBAL)).body)).toContain(reset.id)
  })

  it('hides reset, unlock and invitation links and codes from a reader who may not unlock accounts', async () => {
    const hidden = await server.api(tokens['outbox.reader'], 'GET', `/v1/mail-messages/${inviteId}`)
    expect(hidden.status).toBe(200)
    expect(hidden.body.subject).toBe('Your Estate Portal account')
    expect(hidden.body.html).toContain('[hidden]')
    expect(hidden.body.text).toContain('[hidden]')
    for (const body of [hidden.body.html, hidden.body.text, JSON.stringify(hidden.body)]) expect(body).not.toContain('token=x')
    // Asking for the columns alone changes nothing.
    const selected = await server.api(tokens['outbox.reader'], 'GET', `/v1/mail-messages/${inviteId}?$select[]=html&$select[]=text`)
    expect(JSON.stringify(selected.body)).not.toContain('token=x')
    const listed = await server.api(tokens['outbox.reader'], 'GET', '/v1/mail-messages?$select[]=id&$select[]=html&$select[]=text')
    expect(JSON.stringify(listed.body)).not.toContain('token=x')
    expect((await exportedIds(tokens['outbox.reader'])).text).not.toContain('token=x')
    // The reset link of the account mail above, likewise.
    const reset = await server.knex('mail_messages').where({ template: 'password.reset' }).orderBy('id', 'desc').first()
    const token = /token=([^\s&"<]+)/.exec(reset.text)![1]
    const shown = await server.api(tokens['outbox.reader'], 'GET', `/v1/mail-messages/${reset.id}`)
    expect(JSON.stringify(shown.body)).not.toContain(token)
    // Who may unlock accounts reads them as sent.
    const full = await server.api(tokens['outbox.hk'], 'GET', `/v1/mail-messages/${inviteId}`)
    expect(full.body.html).toContain('https://portal.example.com/pub/resetpwd?token=x')
    expect((await server.api(tokens['outbox.hk'], 'GET', `/v1/mail-messages/${reset.id}`)).body.text).toContain(token)
  })

  it('hides a two-factor code likewise, in its language', async () => {
    const sgReader = 'outbox.sg.reader'
    await staffWith(sgReader, 'SG', [['mail-messages', 'read']])
    const hidden = await server.api(tokens[sgReader], 'GET', `/v1/mail-messages/${codeId}`)
    expect(hidden.status).toBe(200)
    expect(JSON.stringify(hidden.body)).not.toContain('654321')
    expect(hidden.body.text).toContain('[已隐藏]')
    expect((await server.api(tokens['outbox.sg'], 'GET', `/v1/mail-messages/${codeId}`)).body.text).toContain('654321')
  })

  it("announces a mail live to the readers of its region's outbox, without its body", async () => {
    const listen = async (username: string, region: string) => {
      const socket = io(server.url, { query: { region }, transports: ['websocket'], forceNew: true })
      sockets.push(socket)
      const client = feathers().configure(socketio(socket))
      await client.service('authentication').create({ strategy: 'jwt', accessToken: tokens[username] ?? adminToken })
      const events: Array<{ event: string; data: any }> = []
      const waiting: Array<() => void> = []
      for (const event of ['created', 'patched', 'updated', 'removed']) {
        client.service(mailMessagesPath).on(event, (data: any) => {
          events.push({ event, data })
          waiting.forEach((check) => check())
        })
      }
      /** Resolves once the mail's events include `event`. */
      const heard = (id: number, event: string) =>
        new Promise<void>((resolve) => {
          const check = () => events.some((e) => e.data.id === id && e.event === event) && resolve()
          waiting.push(check)
          check()
        })
      // A building's change reaches every connection of HK that reads buildings after whatever came before it.
      const marker = new Promise((resolve) => client.service('buildings').once('patched', resolve))
      return { events, heard, marker }
    }
    const admin = await listen('admin', 'hk')
    const unlocker = await listen('outbox.hk', 'hk')
    const reader = await listen('outbox.reader', 'hk')
    const global = await listen('admin', 'global')
    tokens['pm.hk'] = (await server.login('pm.hk')).accessToken
    const pm = await listen('pm.hk', 'hk')
    const sg = await listen('outbox.sg', 'sg')
    expect((await server.api(null, 'POST', '/v1/password-resets', { username: 'approver.hk' })).status).toBe(201)
    await server.app.service('password-resets').settled()
    const mail = await server.knex('mail_messages').orderBy('id', 'desc').first('id', 'text')
    expect(mail.text).toContain('token=')
    for (const viewer of [admin, unlocker, reader, global]) {
      await viewer.heard(mail.id, 'patched')
      const mine = viewer.events.filter((e) => e.data.id === mail.id)
      expect(mine.map((e) => e.event)).toEqual(['created', 'patched'])
      expect(mine[1].data).toMatchObject({ template: 'password.reset', status: 'OUTBOX' })
      // The list's fields only: no body (and so no reset link), no reader regions.
      for (const { data } of mine) {
        expect(data.html).toBeUndefined()
        expect(data.text).toBeUndefined()
        expect(data.regions).toBeUndefined()
        expect(JSON.stringify(data)).not.toContain('token=')
      }
    }
    // pm.hk may not read the outbox: it hears the building patched after the mail, and no mail.
    const building = (await server.api(adminToken, 'GET', '/hk/v1/buildings?$limit=1')).body.data[0]
    expect((await server.api(adminToken, 'PATCH', `/hk/v1/buildings/${building.id}`, { updatedAt: building.updatedAt, hotline: '+852 2000 0001' })).status).toBe(200)
    await pm.marker
    expect(pm.events).toEqual([])
    // SG's reader hears SG's next mail, and not HK's before it.
    const [sgMail] = await server.app.get('mailer').enqueue({ template: 'account.unlocked', to: 'sg.person@example.com', region: 'SG', data: { displayName: 'SG Person' } })
    await sg.heard(sgMail, 'patched')
    expect(sg.events.filter((e) => e.data.id === mail.id)).toEqual([])
    expect(admin.events.filter((e) => e.data.id === sgMail)).toEqual([])
  })
})
