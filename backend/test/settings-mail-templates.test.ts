import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { templateNames } from '../src/mail/templates.js'
import { startSmtpCapture, type SmtpCapture } from './smtp.js'
import { liveSockets } from './live.js'
import { startTestServer, type TestServer } from './server.js'

/*
 * Issue 27 item 19: administrators edit the mail templates on screen, each save a version; the
 * mailer sends the newest saved version of the region (else GLOBAL's, else the catalogue's).
 */

let server: TestServer
let smtp: SmtpCapture
let admin: string
let pm: string
const NAME = 'account.locked-by-admin'

beforeAll(async () => {
  server = await startTestServer()
  smtp = await startSmtpCapture()
  smtp.deliverFrom(server.app)
  admin = (await server.login('admin')).accessToken
  pm = (await server.login('pm.hk')).accessToken
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const save = (region: string, body: Record<string, unknown>, headers?: Record<string, string>) => server.api(admin, 'PATCH', `/${region}/v1/mail-templates/${NAME}`, body, headers)

describe('the mail templates list', () => {
  it('lists every template of the platform and the modules with its label, description, fields and texts in both languages', async () => {
    const { status, body } = await server.api(admin, 'GET', '/hk/v1/mail-templates')
    expect(status).toBe(200)
    expect(body.data.map((template: any) => template.name)).toEqual(templateNames())
    expect(body.data.map((template: any) => template.name)).toEqual(expect.arrayContaining(['account.invite', 'tender.invitation', 'project.invitation', 'tenancy.created']))
    const invite = body.data.find((template: any) => template.name === 'tender.approval-result')
    expect(invite).toMatchObject({ label: 'Tender approval result', region: 'HK' })
    expect(invite.fields).toEqual(['prNumber', 'description', 'closingAt', 'link', 'result.en-US', 'result.zh-CN'])
    expect(invite.languages['zh-CN']).toMatchObject({ source: 'default', version: null, updatedAt: null })
    expect(invite.languages['zh-CN'].subject).toMatch(/[\u4e00-\u9fff]/)
    const chinese = await server.api(admin, 'GET', '/hk/v1/mail-templates', undefined, { 'accept-language': 'zh-CN' })
    expect(chinese.body.data.find((template: any) => template.name === 'tender.approval-result').label).toBe('招标审批结果')
  })

  it('answers 403 to those who may not update settings, for every call', async () => {
    expect((await server.api(pm, 'GET', '/hk/v1/mail-templates')).status).toBe(403)
    expect((await server.api(pm, 'GET', `/hk/v1/mail-templates/${NAME}`)).status).toBe(403)
    expect((await server.api(pm, 'PATCH', `/hk/v1/mail-templates/${NAME}`, { language: 'en-US', subject: 'x', body: 'y', updatedAt: null })).status).toBe(403)
    const tryText = { template: NAME, language: 'en-US', subject: 'x', body: 'y' }
    expect((await server.api(pm, 'POST', '/hk/v1/mail-template-previews', tryText)).status).toBe(403)
    expect((await server.api(pm, 'POST', '/hk/v1/mail-template-tests', tryText)).status).toBe(403)
    expect(await server.knex('mail_template_versions').count({ n: '*' }).first()).toEqual({ n: 0 })
  })
})

describe('saving, versions and restoring', () => {
  it('saves versions, answers 410 to a stale save, and the mailer sends the saved text in a real mail, values escaped', async () => {
    const first = await save('hk', { language: 'en-US', subject: 'Locked: {{displayName}}', body: 'Dear {{displayName}},\n\nyour account is locked.', updatedAt: null })
    expect(first.status).toBe(200)
    expect(first.body.languages['en-US']).toMatchObject({ subject: 'Locked: {{displayName}}', source: 'HK', version: 1 })
    expect(first.body.languages['zh-CN'].source).toBe('default')
    // A second editor who read the template before the first save.
    const stale = await save('hk', { language: 'en-US', subject: 'Other', body: 'Other', updatedAt: null })
    expect(stale.status).toBe(410)
    const second = await save('hk', {
      language: 'en-US',
      subject: 'Account locked: {{displayName}}',
      body: 'Dear {{displayName}},\n\nsee the office.',
      updatedAt: first.body.languages['en-US'].updatedAt
    })
    expect(second.status).toBe(200)
    expect(second.body.languages['en-US'].version).toBe(2)
    expect(second.body.versions.map((version: any) => [version.language, version.version, version.createdByName])).toEqual([
      ['en-US', 2, expect.any(String)],
      ['en-US', 1, expect.any(String)]
    ])
    // Audited like every write.
    expect(await server.knex('audit_log').where({ resource: 'mail-templates', recordId: NAME, region: 'HK' }).count({ n: '*' }).first()).toEqual({ n: 2 })

    await server.app.get('mailer').enqueue({ template: NAME, to: 'ann.lee@example.com', data: { displayName: 'Ann <b>Lee</b>' }, region: 'HK', language: 'en-US' })
    await server.app.get('mailer').enqueue({ template: NAME, to: 'sg.user@example.com', data: { displayName: 'Sam' }, region: 'SG', language: 'en-US' })
    const [hk] = await smtp.received((mail) => mail.subject === 'Account locked: Ann <b>Lee</b>', 1)
    expect(hk?.rcptTo).toEqual(['ann.lee@example.com'])
    expect(hk.mail.html).toContain('Dear Ann &lt;b&gt;Lee&lt;/b&gt;,</p>')
    expect(hk.mail.text).toContain('see the office.')
    // Another region keeps the catalogue text.
    const [sg] = await smtp.received((mail) => (mail.to as any)?.text?.includes('sg.user@example.com'), 1)
    expect(sg?.mail.subject).not.toContain('Account locked:')
    expect(await server.knex('mail_messages').where({ template: NAME, region: 'HK' }).first('subject')).toEqual({ subject: 'Account locked: Ann <b>Lee</b>' })
  })

  it('restores an older version as a new one, and the default, which follows GLOBAL where GLOBAL saved one', async () => {
    const current = (await server.api(admin, 'GET', `/hk/v1/mail-templates/${NAME}`)).body
    const restored = await save('hk', { language: 'en-US', restore: 1, updatedAt: current.languages['en-US'].updatedAt })
    expect(restored.status).toBe(200)
    expect(restored.body.languages['en-US']).toMatchObject({ subject: 'Locked: {{displayName}}', version: 3, source: 'HK' })
    expect(restored.body.versions[0]).toMatchObject({ version: 3, restoredFrom: 1 })
    expect((await save('hk', { language: 'en-US', restore: 9, updatedAt: restored.body.languages['en-US'].updatedAt })).status).toBe(400)

    const global = await save('global', { language: 'en-US', subject: 'Global: {{displayName}}', body: 'From GLOBAL', updatedAt: null })
    expect(global.status).toBe(200)
    const toDefault = await save('hk', { language: 'en-US', restore: 'default', updatedAt: restored.body.languages['en-US'].updatedAt })
    expect(toDefault.status).toBe(200)
    expect(toDefault.body.languages['en-US']).toMatchObject({ subject: 'Global: {{displayName}}', source: 'GLOBAL', version: 1 })
    const globalDefault = await save('global', { language: 'en-US', restore: 'default', updatedAt: global.body.languages['en-US'].updatedAt })
    expect(globalDefault.body.languages['en-US']).toMatchObject({ source: 'default', version: null })
    const hk = (await server.api(admin, 'GET', `/hk/v1/mail-templates/${NAME}`)).body
    expect(hk.languages['en-US']).toMatchObject({ source: 'default', subject: hk.languages['en-US'].defaultSubject })
  })

  it('refuses a field the template does not have and unbalanced placeholders, in the user language, saving nothing', async () => {
    const before = await server.knex('mail_template_versions').count({ n: '*' }).first()
    const current = (await server.api(admin, 'GET', `/hk/v1/mail-templates/${NAME}`)).body
    const updatedAt = current.languages['zh-CN'].updatedAt
    const unknown = await save('hk', { language: 'zh-CN', subject: '账户 {{displayName}}', body: '{{link}}', updatedAt })
    expect(unknown.status).toBe(400)
    expect(unknown.body.data).toMatchObject({ code: 'MAIL_TEMPLATE_UNKNOWN_FIELD', field: 'link' })
    expect(unknown.body.message).toContain('link')
    const chinese = await save('hk', { language: 'zh-CN', subject: '账户 {{displayName', body: 'x', updatedAt }, { 'accept-language': 'zh-CN' })
    expect(chinese.status).toBe(400)
    expect(chinese.body.data.code).toBe('MAIL_TEMPLATE_UNBALANCED')
    expect(chinese.body.message).toMatch(/占位符不完整/)
    expect((await save('hk', { language: 'zh-CN', subject: ' ', body: 'x', updatedAt })).status).toBe(400)
    expect(await server.knex('mail_template_versions').count({ n: '*' }).first()).toEqual(before)
  })
})

describe('preview and test send', () => {
  it('previews with the renderer the mailer uses, sample values and the text HTML-escaped', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/mail-template-previews', {
      template: NAME,
      language: 'en-US',
      subject: 'Hello {{displayName}}',
      body: '<script>alert(1)</script> {{displayName}}',
      data: { displayName: '<img src=x onerror=alert(2)>' }
    })
    expect(status).toBe(201)
    expect(body.subject).toBe('Hello <img src=x onerror=alert(2)>')
    expect(body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;')
    expect(body.html).not.toMatch(/<script|<img/)
    const sample = await server.api(admin, 'POST', '/hk/v1/mail-template-previews', {
      template: 'tender.approval-result',
      language: 'zh-CN',
      subject: '{{prNumber}} {{result.zh-CN}}',
      body: '{{link}}'
    })
    expect(sample.body.subject).toBe('[prNumber] [result.zh-CN]')
    expect(sample.body.text).toContain('https://portal.example.com/sample')
    expect((await server.api(admin, 'POST', '/hk/v1/mail-template-previews', { template: NAME, language: 'en-US', subject: '{{code}}', body: 'x' })).status).toBe(400)
  })

  it('sends a test of the text to the administrator by SMTP, recorded in the outbox', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/mail-template-tests', { template: NAME, language: 'zh-CN', subject: '测试 {{displayName}}', body: '正文 {{displayName}}' })
    expect(status).toBe(201)
    expect(body.to).toBe('admin@example.com')
    const [mail] = await smtp.received((received) => received.subject === '测试 [displayName]', 1)
    expect(mail?.rcptTo).toEqual(['admin@example.com'])
    expect(mail.mail.text).toContain('正文 [displayName]')
    expect(await server.knex('mail_messages').whereIn('id', body.messageIds).first('template', 'region', 'language')).toEqual({ template: NAME, region: 'HK', language: 'zh-CN' })
    // A test saves nothing.
    expect((await server.api(admin, 'GET', `/hk/v1/mail-templates/${NAME}`)).body.languages['zh-CN'].source).toBe('default')
  })
})

describe('live events', () => {
  const sockets = liveSockets()
  afterAll(() => sockets.close())

  it("tell a saved template to the region's settings editors only, and changed file rules to every signed-in user of the region", async () => {
    const vendor = (await server.login('vendor.alpha')).accessToken
    const adminHk = await sockets.connect(server, admin, 'hk', ['mail-templates', 'upload-limits'])
    const pmHk = await sockets.connect(server, pm, 'hk', ['mail-templates', 'upload-limits'])
    const vendorHk = await sockets.connect(server, vendor, 'hk', ['upload-limits'])
    const vendorSg = await sockets.connect(server, vendor, 'sg', ['upload-limits'])

    const current = (await server.api(admin, 'GET', `/hk/v1/mail-templates/${NAME}`)).body
    const saved = await save('hk', { language: 'zh-CN', subject: '实时 {{displayName}}', body: '正文', updatedAt: current.languages['zh-CN'].updatedAt })
    expect(saved.status).toBe(200)
    await adminHk.until((event) => event.service === 'mail-templates' && event.data.id === NAME)
    expect(adminHk.events.find((event) => event.service === 'mail-templates')?.data.languages['zh-CN']).toMatchObject({ subject: '实时 {{displayName}}', source: 'HK' })

    const rule = await server.api(admin, 'GET', '/hk/v1/settings/upload.maxCount')
    expect((await server.api(admin, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 12, updatedAt: rule.body.updatedAt })).status).toBe(200)
    await vendorHk.until((event) => event.service === 'upload-limits' && event.data.region === 'HK')
    // The same socket heard the template first if it was to hear it at all: it did not.
    await pmHk.until((event) => event.service === 'upload-limits')
    expect(pmHk.events.filter((event) => event.service === 'mail-templates')).toEqual([])

    // GLOBAL's rules reach every region; Singapore heard nothing of Hong Kong's.
    const global = await server.api(admin, 'GET', '/global/v1/settings/upload.types')
    expect((await server.api(admin, 'PATCH', '/global/v1/settings/upload.types', { value: ['pdf', 'csv'], updatedAt: global.body.updatedAt })).status).toBe(200)
    await vendorSg.until((event) => event.service === 'upload-limits' && event.data.region === 'GLOBAL')
    expect(vendorSg.events.map((event) => event.data.region)).toEqual(['GLOBAL'])
  })
})
