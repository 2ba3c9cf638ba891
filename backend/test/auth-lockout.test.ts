import bcrypt from 'bcrypt'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const login = (username: string, password: string, headers: Record<string, string> = {}) => server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username, password }, headers)

const count = async (query: any) => Number((await query.count({ count: '*' }))[0].count)
const unlockMails = (address: string) =>
  count(
    server
      .knex('mail_messages')
      .where({ template: 'account.unlock' })
      .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
  )

describe('lock after failed passwords, under concurrent guesses', () => {
  it('29 concurrent wrong passwords and the right one: locked, the right one refused (423), one lock mail, one audit row', async () => {
    const wrong = Array.from({ length: 29 }, () => login('approver.hk', 'Wrong#2026'))
    // The right password goes last in the same burst.
    const right = login('approver.hk', 'Demo#2026')
    const answers = await Promise.all([...wrong, right])
    expect(answers.every((answer) => [401, 423].includes(answer.status))).toBe(true)
    const last = answers[answers.length - 1]
    expect(last.status).toBe(423)
    expect(last.body.data.code).toBe('ACCOUNT_LOCKED')
    // Exactly the threshold's attempts were counted; the rest met the lock.
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(4)

    const row = await server.knex('users').where({ username: 'approver.hk' }).first()
    expect(row.lockedAt).not.toBeNull()
    expect(row.failedLogins).toBe(5)
    expect(await unlockMails('approver.hk@example.com')).toBe(1)
    expect(await count(server.knex('audit_log').where({ action: 'users.lock', recordId: String(row.id) }))).toBe(1)
    expect((await login('approver.hk', 'Demo#2026')).status).toBe(423)
  })

  it('the right password after failures (below the threshold) signs in and clears the count', async () => {
    for (let i = 0; i < 3; i++) expect((await login('vendor.beta', 'Wrong#2026')).status).toBe(401)
    expect((await login('vendor.beta', 'Demo#2026')).status).toBe(201)
    expect((await server.knex('users').where({ username: 'vendor.beta' }).first()).failedLogins).toBe(0)
  })
})

describe('an unknown user costs what a wrong password costs', () => {
  /** The SQL statements (text, not values) and bcrypt comparisons one login issues. */
  async function workOf(username: string, password: string) {
    const statements: string[] = []
    const record = (query: any) => statements.push(query.sql)
    const compare = vi.spyOn(bcrypt, 'compare')
    server.knex.on('query', record)
    try {
      expect((await login(username, password)).status).toBe(401)
    } finally {
      server.knex.off('query', record)
    }
    const comparisons = compare.mock.calls.length
    compare.mockRestore()
    return { statements, comparisons }
  }

  it('issues the same SQL statements and the same bcrypt comparison for both', async () => {
    const unknown = await workOf('nobody.at.all', 'Wrong#2026')
    const wrongPassword = await workOf('tenant.acme', 'Wrong#2026')
    expect((await server.knex('users').where({ username: 'tenant.acme' }).first()).failedLogins).toBe(1)
    expect(unknown.comparisons).toBe(1)
    expect(wrongPassword.comparisons).toBe(1)
    expect(unknown.statements.length).toBeGreaterThanOrEqual(3)
    expect(unknown.statements).toEqual(wrongPassword.statements)
    expect(unknown.statements.some((sql) => /^update "users" set "failed_logins"/.test(sql))).toBe(true)
  })
})

describe('rate limits of the sign-in doors', () => {
  const relaxed = () => server.app.get('rateLimits')
  let saved: any
  beforeAll(() => {
    saved = relaxed()
  })
  afterAll(() => {
    server.app.set('rateLimits', saved)
  })
  // Each test starts from nothing counted (the file's earlier logins came from this address too).
  beforeEach(async () => {
    await server.knex('rate_limits').delete()
  })

  const post = (path: string, body: unknown, language = 'en-US', method = 'POST') =>
    fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', 'accept-language': language }, body: JSON.stringify(body) })

  it('per account: over the limit answers 429 with Retry-After and a message in both languages, right password or not', async () => {
    server.app.set('rateLimits', { perAccount: { points: 3, duration: 60 }, perAddress: { points: 1000, duration: 60 } })
    for (let i = 0; i < 3; i++) expect((await post('/v1/authentication', { strategy: 'local', username: 'accounting.hk', password: 'Wrong#2026' })).status).toBe(401)
    const english = await post('/v1/authentication', { strategy: 'local', username: 'ACCOUNTING.HK', password: 'Demo#2026' })
    expect(english.status).toBe(429)
    const seconds = Number(english.headers.get('retry-after'))
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(60)
    const body = (await english.json()) as any
    expect(body.data).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: seconds })
    expect(body.message).toBe(`Too many attempts. Please try again in ${seconds} seconds.`)
    const chinese = await post('/v1/authentication', { strategy: 'local', username: 'accounting.hk', password: 'Demo#2026' }, 'zh-CN')
    expect(chinese.status).toBe(429)
    expect(((await chinese.json()) as any).message).toMatch(/^尝试次数过多，请在 \d+ 秒后重试。$/)
    // Another account from the same address is not held back, and the limited one was not counted as failing.
    expect((await post('/v1/authentication', { strategy: 'local', username: 'pm.hk', password: 'Demo#2026' })).status).toBe(201)
    expect((await server.knex('users').where({ username: 'accounting.hk' }).first()).failedLogins).toBe(3)
    // An unknown account is limited exactly like a known one.
    for (let i = 0; i < 3; i++) expect((await post('/v1/authentication', { strategy: 'local', username: 'ghost.user', password: 'x' })).status).toBe(401)
    expect((await post('/v1/authentication', { strategy: 'local', username: 'ghost.user', password: 'x' })).status).toBe(429)
  })

  it('per address: every public door counts, and over the limit answers 429', async () => {
    server.app.set('rateLimits', { perAccount: { points: 1000, duration: 60 }, perAddress: { points: 6, duration: 60 } })
    const doors: Array<[string, unknown, string?]> = [
      ['/v1/password-resets', { username: 'nobody.one' }],
      ['/v1/unlock-requests', { username: 'nobody.two' }],
      ['/v1/two-factor-codes', { challengeId: 'no-such-challenge' }],
      ['/v1/password-changes', { username: 'nobody.three', currentPassword: 'x', newPassword: 'Renewed#2026' }],
      ['/v1/password-resets/not-a-token', { password: 'Renewed#2026' }, 'PATCH'],
      ['/v1/unlock-requests/not-a-token', {}, 'PATCH']
    ]
    for (const [path, body, method] of doors) expect((await post(path, body, 'en-US', method)).status).not.toBe(429)
    for (const [path, body, method] of doors) {
      const refused = await post(path, body, 'en-US', method)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect((await post('/v1/authentication', { strategy: 'local', username: 'pm.hk', password: 'Demo#2026' })).status).toBe(429)
  })

  it('per account on the public doors: a reset request names its account', async () => {
    server.app.set('rateLimits', { perAccount: { points: 2, duration: 60 }, perAddress: { points: 1000, duration: 60 } })
    for (let i = 0; i < 2; i++) expect((await post('/v1/password-resets', { email: 'Someone@Example.com' })).status).toBe(201)
    expect((await post('/v1/password-resets', { email: 'someone@example.com' })).status).toBe(429)
    expect((await post('/v1/password-resets', { email: 'someone.else@example.com' })).status).toBe(201)
  })
})
