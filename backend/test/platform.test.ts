import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('regions', () => {
  it('lists regions without a token, with USD for a region without currency', async () => {
    const { status, body } = await server.api(null, 'GET', '/v1/regions')
    expect(status).toBe(200)
    const codes = body.data.map((region: any) => region.code)
    expect(codes).toEqual(expect.arrayContaining(['GLOBAL', 'HK', 'SG', 'BJ', 'MO']))
    expect(body.data.find((region: any) => region.code === 'GLOBAL').currency).toBe('USD')
    expect(body.data.find((region: any) => region.code === 'HK').currency).toBe('HKD')
  })
})

describe('login', () => {
  it('answers token, user and CASL rules', async () => {
    const result = await server.login('admin')
    expect(result.accessToken).toBeTruthy()
    expect(result.user.username).toBe('admin')
    expect(result.user.password).toBeUndefined()
    expect(result.region).toBe('HK')
    expect(result.rules).toEqual(expect.arrayContaining([{ action: 'read', subject: 'users' }]))
  })

  it('answers 401 INVALID_LOGIN for a wrong password and for an unknown user alike', async () => {
    const wrong = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'pm.hk', password: 'Wrong#2026' })
    const unknown = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'nobody', password: 'Wrong#2026' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body.data.code).toBe('INVALID_LOGIN')
    expect(unknown.body.data.code).toBe('INVALID_LOGIN')
  })

  it('translates the message for zh-CN callers', async () => {
    const { body } = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'nobody', password: 'x' }, { 'accept-language': 'zh-CN' })
    expect(body.message).toBe('用户名或密码无效。')
  })

  it('locks the account after 5 failures with 423, even with the right password then', async () => {
    for (let i = 0; i < 4; i++) {
      const { status } = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'accounting.hk', password: 'Wrong#2026' })
      expect(status).toBe(401)
    }
    const fifth = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'accounting.hk', password: 'Wrong#2026' })
    expect(fifth.status).toBe(423)
    const right = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'accounting.hk', password: 'Demo#2026' })
    expect(right.status).toBe(423)
    expect(right.body.data.code).toBe('ACCOUNT_LOCKED')
  })

  it('ends the session on logout: the token no longer works', async () => {
    const { accessToken } = await server.login('pm.hk')
    expect((await server.api(accessToken, 'GET', '/v1/profile')).status).toBe(200)
    expect((await server.api(accessToken, 'DELETE', `/v1/authentication/${accessToken}`)).status).toBe(200)
    const after = await server.api(accessToken, 'GET', '/v1/profile')
    expect(after.status).toBe(401)
  })
})

describe('region scope', () => {
  it('takes the region from the path prefix or the X-Region header', async () => {
    const { accessToken } = await server.login('admin')
    const byPath = await server.api(accessToken, 'GET', '/sg/v1/profile')
    const byHeader = await server.api(accessToken, 'GET', '/v1/profile', undefined, { 'x-region': 'BJ' })
    const byDefault = await server.api(accessToken, 'GET', '/v1/profile')
    expect(byPath.body.region).toBe('SG')
    expect(byHeader.body.region).toBe('BJ')
    expect(byDefault.body.region).toBe('HK')
  })

  it('answers 403 for a region the user is not authorised for', async () => {
    const { accessToken } = await server.login('pm.hk')
    const { status, body } = await server.api(accessToken, 'GET', '/sg/v1/profile')
    expect(status).toBe(403)
    expect(body.data.code).toBe('REGION_FORBIDDEN')
  })

  it('lists only the users of the region', async () => {
    const { accessToken } = await server.login('admin')
    const hk = await server.api(accessToken, 'GET', '/hk/v1/users?$limit=100')
    const sg = await server.api(accessToken, 'GET', '/sg/v1/users?$limit=100')
    expect(hk.body.data.map((u: any) => u.username)).toContain('pm.hk')
    expect(sg.body.data.map((u: any) => u.username)).not.toContain('pm.hk')
    expect(sg.body.data.map((u: any) => u.username)).toContain('vendor.alpha')
  })
})

describe('query denials', () => {
  let token: string
  beforeAll(async () => {
    token = (await server.login('admin')).accessToken
  })

  it('refuses an unknown $ operator', async () => {
    const { status } = await server.api(token, 'GET', '/hk/v1/users?username[$regex]=a')
    expect(status).toBe(400)
  })
  it('refuses sorting or filtering on a hidden field', async () => {
    expect((await server.api(token, 'GET', '/hk/v1/users?$sort[password]=1')).status).toBe(400)
    expect((await server.api(token, 'GET', '/hk/v1/users?password=x')).status).toBe(400)
  })
  it('refuses $limit past the cap', async () => {
    const { status, body } = await server.api(token, 'GET', '/hk/v1/users?$limit=1000')
    expect(status).toBe(400)
    expect(body.data.code).toBe('LIMIT_TOO_LARGE')
  })
  it('never answers a password hash, and tells the account state', async () => {
    const { body } = await server.api(token, 'GET', '/hk/v1/users?$limit=100')
    for (const user of body.data) expect(user.password).toBeUndefined()
    expect(body.data.find((user: any) => user.username === 'pm.hk').status).toBe('ACTIVE')
  })
})

describe('denials by portal', () => {
  it('keeps vendors and tenants away from staff data', async () => {
    for (const username of ['vendor.alpha', 'tenant.acme', 'pm.hk']) {
      const { accessToken } = await server.login(username)
      expect((await server.api(accessToken, 'GET', '/hk/v1/security-groups')).status).toBe(403)
    }
  })
  it('shows a vendor only the accounts of its own company', async () => {
    const { accessToken, user } = await server.login('vendor.alpha')
    const { status, body } = await server.api(accessToken, 'GET', '/hk/v1/users?$limit=100')
    expect(status).toBe(200)
    expect(body.data.length).toBeGreaterThan(0)
    for (const account of body.data) expect(account.companyId).toBe(user.companyId)
  })
})

describe('stale writes and audit', () => {
  it('answers 410 for a stale updatedAt and records the write in the audit log', async () => {
    const { accessToken } = await server.login('admin')
    const group = (await server.api(accessToken, 'GET', '/hk/v1/security-groups?name=Accounting')).body.data[0]
    const first = await server.api(
      accessToken,
      'PATCH',
      `/hk/v1/security-groups/${group.id}`,
      { description: 'Payments', updatedAt: group.updatedAt },
      { 'x-cms-action': 'settings.securityGroup.update' }
    )
    expect(first.status).toBe(200)
    const stale = await server.api(accessToken, 'PATCH', `/hk/v1/security-groups/${group.id}`, { description: 'Other', updatedAt: group.updatedAt })
    expect(stale.status).toBe(410)
    expect(stale.body.data.code).toBe('STALE_WRITE')
    const rows = await server.knex('audit_log').where({ resource: 'security-groups', recordId: String(group.id) })
    expect(rows).toHaveLength(1)
    expect(rows[0].action).toBe('settings.securityGroup.update')
    expect(rows[0].before.description).not.toBe('Payments')
    expect(rows[0].after.description).toBe('Payments')
    await expect(server.knex('audit_log').where({ id: rows[0].id }).delete()).rejects.toThrow(/append-only/)
  })
})

describe('lock by failures', () => {
  it('mails the unlock link to the owner when the account locks', async () => {
    for (let i = 0; i < 5; i++) {
      await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'approver.hk', password: 'Wrong#2026' })
    }
    const mails = await server.knex('mail_messages').where({ template: 'account.unlock' })
    expect(mails.map((mail: any) => mail.to).flat()).toContain('approver.hk@example.com')
    expect(mails[0].text).toMatch(/\/pub\/confirm-unlock\?token=/)
  })
})

describe('profile', () => {
  it('saves language and default region, and refuses a region the user does not have', async () => {
    const { accessToken } = await server.login('admin')
    const saved = await server.api(accessToken, 'PATCH', '/v1/profile/me', { language: 'zh-CN', defaultRegion: 'SG' })
    expect(saved.status).toBe(200)
    expect(saved.body.user.language).toBe('zh-CN')
    expect(saved.body.user.defaultRegion).toBe('SG')
    const pm = await server.login('pm.hk')
    const refused = await server.api(pm.accessToken, 'PATCH', '/v1/profile/me', { defaultRegion: 'SG' })
    expect(refused.status).toBe(403)
  })

  it('changes the password only with the current one and a strong new one', async () => {
    const { accessToken } = await server.login('vendor.beta')
    const wrong = await server.api(accessToken, 'PATCH', '/v1/profile/me', { currentPassword: 'Nope#2026', newPassword: 'Better#2027' })
    expect(wrong.status).toBe(400)
    const weak = await server.api(accessToken, 'PATCH', '/v1/profile/me', { currentPassword: 'Demo#2026', newPassword: 'weakpass' })
    expect(weak.status).toBe(422)
    const same = await server.api(accessToken, 'PATCH', '/v1/profile/me', { currentPassword: 'Demo#2026', newPassword: 'Demo#2026' })
    expect(same.status).toBe(409)
  })
})

describe('own company', () => {
  it('lets a vendor read its own company and no other', async () => {
    const { accessToken, user } = await server.login('vendor.alpha')
    const list = await server.api(accessToken, 'GET', '/hk/v1/companies')
    expect(list.status).toBe(200)
    expect(list.body.data.map((company: any) => company.id)).toEqual([user.companyId])
    const beta = await server.knex('companies').where({ name: 'Beta Builders Ltd' }).first()
    expect((await server.api(accessToken, 'GET', `/hk/v1/companies/${beta.id}`)).status).toBe(404)
  })
})

describe('region features', () => {
  it('answers 404 FEATURE_DISABLED where the region has the feature off, and serves it where on', async () => {
    // A service of a feature module: HK has TENDERS, BJ does not.
    server.app.use(
      'feature-probe' as any,
      {
        async find() {
          return []
        }
      } as any,
      { feature: 'TENDERS', publicMethods: ['find'] } as any
    )
    const on = await server.api(null, 'GET', '/hk/v1/feature-probe')
    const off = await server.api(null, 'GET', '/bj/v1/feature-probe')
    expect(on.status).toBe(200)
    expect(off.status).toBe(404)
    expect(off.body.data.code).toBe('FEATURE_DISABLED')
  })
})

describe('settings audit', () => {
  it('records the value before and after a settings change', async () => {
    const { accessToken } = await server.login('admin')
    const current = await server.api(accessToken, 'GET', '/hk/v1/settings/upload.maxCount')
    const saved = await server.api(accessToken, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 12, updatedAt: current.body.updatedAt })
    expect(saved.status).toBe(200)
    const [row] = await server.knex('audit_log').where({ resource: 'settings', recordId: 'upload.maxCount' })
    expect(row.before.value).toBe(20)
    expect(row.after.value).toBe(12)
  })
})
