import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp.js'
import { buildingId, createTenancy, tenantCompany, uniqueName } from '../seeds/factories.js'

/*
 * The tenancy mails "tenancy created" and "invitation request" (spec §9 "Tenancies: create,
 * invitation request"), sent by the real server through a real SMTP peer: who receives them (the
 * landlord users holding the right on that tenancy, never the one who acted, never a tenant or a
 * vendor), each in their own language, and who may ask (403/404/409/400 before any mail).
 */

let server: TestServer
let smtp: SmtpCapture
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)

beforeAll(async () => {
  smtp = await startSmtpCapture()
  server = await startTestServer()
  // Before any mail: the mailer opens its transport on first use.
  smtp.deliverFrom(server.app)
  for (const name of ['admin', 'pm.hk', 'tenant.acme', 'vendor.alpha']) {
    const { accessToken, user } = await server.login(name)
    tokens[name] = accessToken
    ids[name] = user.id
  }
  // A second account administrator who reads Chinese, and one of another region only.
  const { password } = await server.knex('users').where({ username: 'admin' }).first('password')
  const systemAdmin = await server.knex('security_groups').where({ name: 'System Admin' }).first('id')
  const [zh] = await server
    .knex('users')
    .insert(
      { username: `admin.zh.${Date.now()}`, email: `admin.zh.${Date.now()}@example.com`, displayName: '管理员', password, userType: 501, regions: ['HK'], defaultRegion: 'HK', language: 'zh-CN' },
      ['id', 'email']
    )
  await server.knex('user_groups').insert({ userId: zh.id, groupId: systemAdmin.id, region: 'HK' })
  ids.zh = zh.id
  ;(ids as any).zhEmail = zh.email
  const [sg] = await server
    .knex('users')
    .insert({ username: `admin.sg.${Date.now()}`, email: `admin.sg.${Date.now()}@example.com`, displayName: 'SG admin', password, userType: 501, regions: ['SG'], defaultRegion: 'SG' }, [
      'id',
      'email'
    ])
  await server.knex('user_groups').insert({ userId: sg.id, groupId: systemAdmin.id, region: 'SG' })
  ;(ids as any).sgEmail = sg.email
  ids.es2 = await buildingId(server.knex, 'ES2')
  ids.company = await tenantCompany(server.knex, uniqueName('Mailed Co'))
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const to = (entry: { rcptTo: string[] }) => entry.rcptTo.join(',')

describe('the mail "tenancy created"', () => {
  it('reaches the landlord users who hold the tenancy rights on it, each in their language, never the creator', async () => {
    const tradeName = uniqueName('Mailed Shop')
    const created = await api('pm.hk', 'POST', '/hk/v1/tenancies', { companyId: ids.company, tradeName, type: 'R', buildingId: ids.es2 })
    expect(created.status).toBe(201)
    ids.tenancy = created.body.id
    const mails = await smtp.received((mail) => String(mail.text).includes(tradeName), 2)
    const recipients = mails.map(to).sort()
    expect(recipients).toEqual(['admin@example.com', (ids as any).zhEmail].sort())
    const english = mails.find((entry) => to(entry) === 'admin@example.com')!.mail
    expect(english.subject).toBe(`New tenancy record: ${created.body.companyName} ${tradeName} (ES2)`)
    expect(english.text).toContain('(Retail) in ES2')
    expect(english.text).toContain(`/tenancies/view/${ids.tenancy}`)
    const chinese = mails.find((entry) => to(entry) === (ids as any).zhEmail)!.mail
    expect(chinese.subject).toBe(`新租户记录：${created.body.companyName} ${tradeName}（ES2）`)
    expect(chinese.text).toContain('（零售）')
    // pm.hk created it, SG's administrator holds nothing in HK, tenants and vendors are never landlord users.
    expect(smtp.captured.some((entry) => [/pm\.hk/, /admin\.sg/, /tenant|vendor/].some((re) => re.test(to(entry))) && String(entry.mail.text).includes(tradeName))).toBe(false)
  })
})

describe('the mail "invitation request"', () => {
  it('lets the staff in charge ask the account administrators to invite the master account, in their languages', async () => {
    const state = await api('pm.hk', 'GET', `/hk/v1/tenancy-invitation-requests/${ids.tenancy}`)
    expect(state.status).toBe(200)
    expect(state.body).toEqual({ id: ids.tenancy, tenancyId: ids.tenancy, hasMasterAccount: false, inviters: 2 })
    const asked = await api('pm.hk', 'POST', '/hk/v1/tenancy-invitation-requests', {
      tenancyId: ids.tenancy,
      email: 'Owner@Mailed.example.com',
      displayName: ' Olive Owner ',
      remarks: 'Signs the lease'
    })
    expect(asked.status).toBe(201)
    expect(asked.body).toMatchObject({ tenancyId: ids.tenancy, email: 'Owner@Mailed.example.com', displayName: 'Olive Owner', recipients: 2 })
    const mails = await smtp.received((mail) => String(mail.text).includes('Olive Owner'), 2)
    expect(mails.map(to).sort()).toEqual(['admin@example.com', (ids as any).zhEmail].sort())
    const english = mails.find((entry) => to(entry) === 'admin@example.com')!.mail
    expect(english.subject).toMatch(/^Please invite the master account of /)
    expect(english.text).toContain('Olive Owner <Owner@Mailed.example.com>')
    expect(english.text).toContain('Remarks: Signs the lease')
    expect(mails.find((entry) => to(entry) === (ids as any).zhEmail)!.mail.subject).toMatch(/^请邀请 .* 的主账户$/)
    const audit = await server
      .knex('audit_log')
      .where({ resource: 'tenancy-invitation-requests', recordId: String(ids.tenancy) })
      .first('userId')
    expect(audit.userId).toBe(ids['pm.hk'])
  })

  it('refuses tenants and vendors, a tenancy the caller does not read, one with a master account, and bad input, mailing no one', async () => {
    const before = smtp.captured.length
    const body = { tenancyId: ids.tenancy, email: 'someone@example.com', displayName: 'Someone' }
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenancy-invitation-requests', body)).status).toBe(403)
    expect((await api('vendor.alpha', 'POST', '/hk/v1/tenancy-invitation-requests', body)).status).toBe(403)
    const notHis = await createTenancy(server.knex, { companyId: ids.company, tradeName: uniqueName('Not his') })
    expect((await api('pm.hk', 'POST', '/hk/v1/tenancy-invitation-requests', { ...body, tenancyId: notHis.id })).status).toBe(403)
    // Another region's path: pm.hk works in HK only.
    expect((await api('pm.hk', 'POST', '/sg/v1/tenancy-invitation-requests', body)).status).toBe(403)
    expect((await api('pm.hk', 'POST', '/hk/v1/tenancy-invitation-requests', { ...body, tenancyId: 2_000_000 })).status).toBe(404)
    const acme = await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancy-invitation-requests/${acme.tenancyId}`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', `/hk/v1/tenancy-invitation-requests/${notHis.id}`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', `/hk/v1/tenancy-invitation-requests/${ids.tenancy}?tenancyId=1`)).status).toBe(400)
    expect((await api('admin', 'GET', `/hk/v1/tenancy-invitation-requests/${acme.tenancyId}`)).body).toMatchObject({ hasMasterAccount: true, inviters: 0 })
    const withMaster = await api('admin', 'POST', '/hk/v1/tenancy-invitation-requests', { ...body, tenancyId: acme.tenancyId })
    expect(withMaster.status).toBe(409)
    expect(withMaster.body.data.code).toBe('MASTER_ACCOUNT_EXISTS')
    const bad = await api('pm.hk', 'POST', '/hk/v1/tenancy-invitation-requests', { ...body, email: 'not an address' })
    expect(bad.status).toBe(400)
    const zh = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/tenancy-invitation-requests', { ...body, tenancyId: acme.tenancyId }, { 'accept-language': 'zh-CN' })
    expect(zh.status).toBe(403)
    expect(smtp.captured.length).toBe(before)
  })

  it('answers 409 NO_INVITER when nobody but the caller may invite, in the caller’s language', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: ids.company, tradeName: uniqueName('Lonely'), region: 'HK' })
    const groups = await server.knex('user_groups').whereIn('userId', [ids.admin, ids.zh]).where({ region: 'HK' }).select('*')
    await server.knex('user_groups').whereIn('userId', [ids.admin, ids.zh]).where({ region: 'HK' }).delete()
    server.app.get('principals').invalidate()
    try {
      const zhToken = (await server.login('pm.hk')).accessToken
      const answer = await server.api(zhToken, 'POST', '/hk/v1/tenancy-invitation-requests', { tenancyId: tenancy.id, email: 'x@example.com', displayName: 'X' }, { 'accept-language': 'zh-CN' })
      // pm.hk does not read this tenancy (not in charge): refused before anything is said about inviters.
      expect(answer.status).toBe(403)
      await server.knex('tenancies').where({ id: tenancy.id }).update({ managedBy: ids['pm.hk'] })
      const none = await server.api(zhToken, 'POST', '/hk/v1/tenancy-invitation-requests', { tenancyId: tenancy.id, email: 'x@example.com', displayName: 'X' }, { 'accept-language': 'zh-CN' })
      expect(none.status).toBe(409)
      expect(none.body.data.code).toBe('NO_INVITER')
      expect(none.body.message).toBe('本地区没有人可以邀请此租户记录的主账户，请联系管理员。')
    } finally {
      await server.knex('user_groups').insert(groups)
      server.app.get('principals').invalidate()
    }
  })
})
