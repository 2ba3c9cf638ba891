import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/server.js'
import { configureMail } from '../../mail/mailer.js'
import { mailMessages } from './mail-messages.js'
import { mailMessagesPath } from './mail-messages.shared.js'

let server: TestServer
let adminToken: string
let inviteId: number
let codeId: number

beforeAll(async () => {
  server = await startTestServer()
  if (!server.app.get('mailer')) configureMail(server.app)
  if (!(server.app as any).services[mailMessagesPath]) server.app.configure(mailMessages)
  const mailer = server.app.get('mailer')
  ;[inviteId] = await mailer.enqueue({
    template: 'account.invite', to: 'new.user@example.com', cc: 'pm.hk@example.com', bcc: 'audit@example.com', region: 'HK',
    data: { displayName: 'New User', username: 'new.user', link: 'https://portal.example.com/pub/resetpwd?token=x' }
  })
  ;[codeId] = await mailer.enqueue({
    template: 'auth.code', to: 'someone@example.com', region: 'SG', language: 'zh-CN',
    data: { displayName: 'Someone', code: '654321', minutes: 10 }
  })
  adminToken = (await server.login('admin')).accessToken
})

afterAll(async () => {
  await server?.stop()
})

describe('mail-messages', () => {
  it('lists the mails of every region, newest first, without their bodies', async () => {
    const { status, body } = await server.api(adminToken, 'GET', '/v1/mail-messages')
    expect(status).toBe(200)
    const ids = body.data.map((message: any) => message.id)
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
      ['new.user@example.com', 'to', 'OUTBOX'], ['pm.hk@example.com', 'cc', 'OUTBOX'], ['audit@example.com', 'bcc', 'OUTBOX']
    ])
  })

  it('finds the mails that went to an address, in to, cc or bcc, whatever its case', async () => {
    for (const address of ['AUDIT@example.com', 'pm.hk@example.com']) {
      const { body } = await server.api(adminToken, 'GET', `/v1/mail-messages?address=${encodeURIComponent(address)}`)
      expect(body.data.map((message: any) => message.id)).toEqual([inviteId])
    }
  })

  it('filters and sorts on the listed fields only', async () => {
    const filtered = await server.api(adminToken, 'GET', '/v1/mail-messages?template=auth.code&status=OUTBOX')
    expect(filtered.body.data.map((message: any) => message.id)).toEqual([codeId])
    const bySubject = await server.api(adminToken, 'GET', '/v1/mail-messages?subject[$ilike]=%25account%25')
    expect(bySubject.body.data.map((message: any) => message.id)).toEqual([inviteId])
    const hidden = await server.api(adminToken, 'GET', '/v1/mail-messages?html[$ilike]=%25token%25')
    expect(hidden.status).toBe(400)
  })

  it('is read-only', async () => {
    for (const [method, path] of [['POST', '/v1/mail-messages'], ['PATCH', `/v1/mail-messages/${inviteId}`], ['DELETE', `/v1/mail-messages/${inviteId}`]]) {
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
