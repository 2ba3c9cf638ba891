import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await setting('auth.forceTwoFactor', true)
})
afterAll(async () => {
  await server?.stop()
})

async function setting(key: string, value: unknown, region = 'GLOBAL') {
  await server
    .knex('settings')
    .insert({ region, key, value: JSON.stringify(value) })
    .onConflict(['region', 'key'])
    .merge()
}

/** The code of the newest authentication-code mail to an address. */
async function lastCode(address: string) {
  const mail = await server
    .knex('mail_messages')
    .where({ template: 'auth.code' })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
    .orderBy('id', 'desc')
    .first()
  return /code is: (\d{6})/.exec(mail.text)![1]
}

const password = (username: string, region?: string) => server.api(null, 'POST', region ? `/${region}/v1/authentication` : '/v1/authentication', { strategy: 'local', username, password: 'Demo#2026' })
const answer = (challengeId: string, code: string) => server.api(null, 'POST', '/v1/authentication', { strategy: 'two-factor', challengeId, code })
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000')

/** The password step: 401 TWO_FACTOR_REQUIRED with the challenge, and the mailed code. */
async function challenge(username: string) {
  const { status, body } = await password(username)
  expect(status).toBe(401)
  expect(body.data.code).toBe('TWO_FACTOR_REQUIRED')
  return { challengeId: body.data.challengeId as string, data: body.data, code: await lastCode(`${username}@example.com`) }
}

describe('two-factor login of external users', () => {
  it('asks an external user for the e-mailed code; a directory user signs in at once', async () => {
    const { challengeId, data, code } = await challenge('vendor.alpha')
    expect(challengeId).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(data).toMatchObject({ email: 'v***@example.com', expiresInSeconds: 600, resendInSeconds: 60 })
    expect(code).toMatch(/^\d{6}$/)
    expect((await password('pm.hk')).status).toBe(201)
  })

  it('signs in with the right code: token, user and rules; the challenge is then spent', async () => {
    const { challengeId, code } = await challenge('vendor.alpha')
    const { status, body } = await server.api(null, 'POST', '/sg/v1/authentication', { strategy: 'two-factor', challengeId, code })
    expect(status).toBe(201)
    expect(body.user.username).toBe('vendor.alpha')
    expect(body.region).toBe('SG')
    expect(body.authentication.strategy).toBe('two-factor')
    expect((await server.api(body.accessToken, 'GET', '/v1/profile')).status).toBe(200)
    const again = await answer(challengeId, code)
    expect(again.status).toBe(410)
    expect(again.body.data.code).toBe('CODE_EXPIRED')
    // Logout ends it like any session.
    expect((await server.api(body.accessToken, 'DELETE', `/v1/authentication/${body.accessToken}`)).status).toBe(200)
    expect((await server.api(body.accessToken, 'GET', '/v1/profile')).status).toBe(401)
  })

  it('answers 400 CODE_WRONG with the tries left, 423 CODE_LOCKED at the fifth, and the challenge is dead', async () => {
    const { challengeId, code } = await challenge('vendor.beta')
    for (let i = 1; i <= 4; i++) {
      const wrong = await answer(challengeId, wrongCode(code))
      expect(wrong.status).toBe(400)
      expect(wrong.body.data).toMatchObject({ code: 'CODE_WRONG', triesLeft: 5 - i })
    }
    const fifth = await answer(challengeId, wrongCode(code))
    expect(fifth.status).toBe(423)
    expect(fifth.body.data.code).toBe('CODE_LOCKED')
    const right = await answer(challengeId, code)
    expect(right.status).toBe(423)
    expect(right.body.data.code).toBe('CODE_LOCKED')
    expect((await server.api(null, 'POST', '/v1/two-factor-codes', { challengeId })).status).toBe(423)
  })

  it('answers 410 CODE_EXPIRED for an expired code and an unknown challenge', async () => {
    const { challengeId, code } = await challenge('tenant.acme')
    await server
      .knex('auth_tokens')
      .where({ purpose: 'two-factor' })
      .whereNull('usedAt')
      .update({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await answer(challengeId, code)
    expect(expired.status).toBe(410)
    expect(expired.body.data.code).toBe('CODE_EXPIRED')
    const unknown = await answer('no-such-challenge', '123456')
    expect(unknown.status).toBe(410)
  })

  it('resends only after the wait (400 CODE_RESEND_TOO_SOON {seconds}), same challenge, new code', async () => {
    const { challengeId, code: first } = await challenge('contractor.acme')
    const tooSoon = await server.api(null, 'POST', '/v1/two-factor-codes', { challengeId })
    expect(tooSoon.status).toBe(400)
    expect(tooSoon.body.data.code).toBe('CODE_RESEND_TOO_SOON')
    expect(tooSoon.body.data.seconds).toBeGreaterThan(50)
    expect(tooSoon.body.data.seconds).toBeLessThanOrEqual(60)

    // As if the code had gone out 61 seconds ago.
    await server
      .knex('auth_tokens')
      .where({ purpose: 'two-factor' })
      .whereNull('usedAt')
      .update({ expiresAt: new Date(Date.now() + (600 - 61) * 1000) })
    const resent = await server.api(null, 'POST', '/v1/two-factor-codes', { challengeId })
    expect(resent.status).toBe(201)
    expect(resent.body).toMatchObject({ challengeId, email: 'c***@example.com', expiresInSeconds: 600, resendInSeconds: 60 })
    const second = await lastCode('contractor.acme@example.com')
    if (second !== first) expect((await answer(challengeId, first)).status).toBe(400)
    const { status, body } = await answer(challengeId, second)
    expect(status).toBe(201)
    expect(body.user.username).toBe('contractor.acme')
  })

  it('a new password login retires the open challenge before it', async () => {
    const { challengeId: older, code } = await challenge('vendor.alpha')
    await challenge('vendor.alpha')
    expect((await answer(older, code)).status).toBe(410)
  })

  it("follows the setting of the user's default region", async () => {
    await setting('auth.forceTwoFactor', false, 'HK')
    expect((await password('vendor.alpha')).status).toBe(201)
    await server.knex('settings').where({ region: 'HK', key: 'auth.forceTwoFactor' }).delete()
    expect((await password('vendor.alpha')).status).toBe(401)
  })

  it('locks the account after repeated locked-out challenges', async () => {
    await setting('auth.codeMaxTries', 1)
    await setting('auth.maxFailedLogins', 2)
    for (let i = 0; i < 2; i++) {
      const { challengeId, code } = await challenge('admin')
      expect((await answer(challengeId, wrongCode(code))).status).toBe(423)
    }
    const locked = await password('admin')
    expect(locked.status).toBe(423)
    expect(locked.body.data.code).toBe('ACCOUNT_LOCKED')
  })
})
