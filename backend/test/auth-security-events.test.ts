import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
})
afterAll(async () => {
  await server?.stop()
})

async function lastMail(template: string, address: string) {
  return server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
    .orderBy('id', 'desc')
    .first()
}
const tokenIn = (mail: any) => decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1])

/** The newest audit entry of an action about a user, as an HK administrator reads it. */
async function event(action: string, username: string) {
  const { status, body } = await server.api(admin, 'GET', `/hk/v1/audit-log?action=${encodeURIComponent(action)}&username=${username}&$limit=1`)
  expect(status).toBe(200)
  return body.data[0]
}

async function setting(key: string, value: unknown, region = 'GLOBAL') {
  await server
    .knex('settings')
    .insert({ region, key, value: JSON.stringify(value) })
    .onConflict(['region', 'key'])
    .merge()
}

const secretsOf = (entry: any) => JSON.stringify(entry)

describe('security events in the audit log: who, when, from where, no secrets', () => {
  it('a password set from an invitation', async () => {
    const created = await server.api(admin, 'POST', '/hk/v1/users', { username: 'invited.sec', email: 'invited.sec@example.com', displayName: 'Invited Sec', userType: 401 })
    expect(created.status).toBe(201)
    const token = tokenIn(await lastMail('account.invite', 'invited.sec@example.com'))
    const before = Date.now()
    expect((await server.api(null, 'PATCH', `/v1/password-resets/${token}`, { password: 'Welcome#2026' })).status).toBe(200)
    const entry = await event('password-resets.accept-invite', 'invited.sec')
    expect(entry).toMatchObject({ resource: 'users', recordId: String(created.body.id), region: 'HK', address: '127.0.0.1', userId: created.body.id })
    expect(new Date(entry.at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(secretsOf(entry)).not.toContain('Welcome#2026')
    expect(secretsOf(entry)).not.toContain(token)
  })

  it('a password reset', async () => {
    await server.api(null, 'POST', '/v1/password-resets', { username: 'vendor.beta' })
    // The link is mailed after the answer (issue 27 item 9).
    await server.app.service('password-resets').settled()
    const token = tokenIn(await lastMail('password.reset', 'vendor.beta@example.com'))
    expect((await server.api(null, 'PATCH', `/v1/password-resets/${token}`, { password: 'Reset#2027' })).status).toBe(200)
    const entry = await event('password-resets.patch', 'vendor.beta')
    expect(entry).toMatchObject({ resource: 'users', region: 'HK', address: '127.0.0.1' })
    expect(secretsOf(entry)).not.toContain('Reset#2027')
    expect(secretsOf(entry)).not.toContain(token)
  })

  it('an automatic lock after failed passwords, and the unlock by mail link', async () => {
    for (let i = 0; i < 5; i++) await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'accounting.hk', password: 'Guess#2026' })
    const locked = await event('users.lock', 'accounting.hk')
    expect(locked).toMatchObject({ resource: 'users', region: 'HK', address: '127.0.0.1', after: { reason: 'failed-logins', failedLogins: 5 } })
    expect(secretsOf(locked)).not.toContain('Guess#2026')

    const token = tokenIn(await lastMail('account.unlock', 'accounting.hk@example.com'))
    expect((await server.api(null, 'PATCH', `/v1/unlock-requests/${token}`, {})).status).toBe(200)
    const unlocked = await event('unlock-requests.patch', 'accounting.hk')
    expect(unlocked).toMatchObject({ resource: 'users', region: 'HK', address: '127.0.0.1' })
    expect(secretsOf(unlocked)).not.toContain(token)
  })

  it('wrong authentication codes, a code locked after its tries, and the lock after too many locked codes', async () => {
    await setting('auth.forceTwoFactor', true)
    await setting('auth.codeMaxTries', 2)
    await setting('auth.maxFailedLogins', 1, 'HK')
    try {
      const { body } = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'vendor.alpha', password: 'Demo#2026' })
      expect(body.data.code).toBe('TWO_FACTOR_REQUIRED')
      const code = /code is: (\d{6})/.exec((await lastMail('auth.code', 'vendor.alpha@example.com')).text)![1]
      const wrong = code === '000000' ? '111111' : '000000'
      const answer = () => server.api(null, 'POST', '/v1/authentication', { strategy: 'two-factor', challengeId: body.data.challengeId, code: wrong })
      expect((await answer()).status).toBe(400)
      const failed = await event('authentication.two-factor-failed', 'vendor.alpha')
      expect(failed).toMatchObject({ resource: 'users', region: 'HK', address: '127.0.0.1', after: { tries: 1, triesLeft: 1 } })
      expect((await answer()).status).toBe(423)
      expect(await event('authentication.two-factor-locked', 'vendor.alpha')).toMatchObject({ address: '127.0.0.1', after: { tries: 2 } })
      expect(await event('users.lock', 'vendor.alpha')).toMatchObject({ address: '127.0.0.1', after: { reason: 'two-factor', lockedChallenges: 1 } })
      const rows = await server.knex('audit_log').where({ username: 'vendor.alpha' }).whereIn('action', ['authentication.two-factor-failed', 'authentication.two-factor-locked', 'users.lock'])
      expect(rows).toHaveLength(3)
      for (const row of rows) {
        expect(secretsOf(row)).not.toContain(code)
        expect(secretsOf(row)).not.toContain(wrong)
        expect(secretsOf(row)).not.toContain(body.data.challengeId)
      }
    } finally {
      await server.knex('settings').whereIn('key', ['auth.forceTwoFactor', 'auth.codeMaxTries', 'auth.maxFailedLogins']).delete()
    }
  })

  it('takes the address from X-Forwarded-For only when the proxy is trusted', async () => {
    const lock = async (username: string) => {
      for (let i = 0; i < 5; i++) await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username, password: 'Guess#2026' }, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })
      return event('users.lock', username)
    }
    expect((await lock('tenant.acme')).address).toBe('127.0.0.1')
    server.app.set('trustProxy' as any, true)
    try {
      expect((await lock('contractor.acme')).address).toBe('203.0.113.7')
    } finally {
      server.app.set('trustProxy' as any, false)
    }
  })
})
