import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

async function unlockMails(address: string) {
  return server
    .knex('mail_messages')
    .where({ template: 'account.unlock' })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
    .orderBy('id', 'desc')
}

const tokenIn = (mail: any) => {
  const match = /\/pub\/confirm-unlock\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)
  if (!match) throw new Error(`no unlock link in ${mail.text}`)
  return decodeURIComponent(match[1])
}

const login = (username: string, password = 'Demo#2026') => server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username, password })

async function lockByFailures(username: string) {
  for (let i = 0; i < 5; i++) await login(username, 'Wrong#2026')
  expect((await login(username)).status).toBe(423)
}

describe('unlock requests', () => {
  it('mails an unlock link to a locked account, and answers 201 {} for anyone else too', async () => {
    await lockByFailures('approver.hk')
    for (const username of ['approver.hk', 'pm.hk', 'nobody.here']) {
      const { status, body } = await server.api(null, 'POST', '/v1/unlock-requests', { username })
      expect(status).toBe(201)
      expect(body).toEqual({})
    }
    expect(await unlockMails('approver.hk@example.com')).toHaveLength(1)
    // Not locked: nothing to unlock, nothing sent.
    expect(await unlockMails('pm.hk@example.com')).toHaveLength(0)
  })

  it('unlocks from the link once; the link cannot be used again', async () => {
    const [mail] = await unlockMails('approver.hk@example.com')
    const token = tokenIn(mail)
    // The confirm page sends no body at all.
    const { status, body } = await server.api(null, 'PATCH', `/v1/unlock-requests/${token}`)
    expect(status).toBe(200)
    expect(body).toEqual({ username: 'approver.hk' })
    const row = await server.knex('users').where({ username: 'approver.hk' }).first()
    expect(row.lockedAt).toBeNull()
    expect(row.failedLogins).toBe(0)
    expect((await login('approver.hk')).status).toBe(201)

    const again = await server.api(null, 'PATCH', `/v1/unlock-requests/${token}`, {})
    expect(again.status).toBe(400)
    expect(again.body.data.code).toBe('LINK_EXPIRED')
    expect(await server.knex('audit_log').where({ action: 'unlock-requests.patch', username: 'approver.hk' }).first()).toBeTruthy()
  })

  it('answers 400 LINK_EXPIRED for an expired link, and the account stays locked', async () => {
    await lockByFailures('accounting.hk')
    await server.api(null, 'POST', '/v1/unlock-requests', { username: 'ACCOUNTING.HK' })
    const [mail] = await unlockMails('accounting.hk@example.com')
    await server
      .knex('auth_tokens')
      .where({ purpose: 'unlock' })
      .whereNull('usedAt')
      .update({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await server.api(null, 'PATCH', `/v1/unlock-requests/${tokenIn(mail)}`, {})
    expect(expired.status).toBe(400)
    expect(expired.body.data.code).toBe('LINK_EXPIRED')
    expect((await login('accounting.hk')).status).toBe(423)
  })

  it('does not take a password link for an unlock link, nor a body', async () => {
    await server.api(null, 'POST', '/v1/password-resets', { username: 'accounting.hk' })
    // The link is mailed after the answer (issue 27 item 9).
    await server.app.service('password-resets').settled()
    const reset = await server.knex('mail_messages').where({ template: 'password.reset' }).orderBy('id', 'desc').first()
    const token = /token=([A-Za-z0-9_%-]+)/.exec(reset.text)![1]
    expect((await server.api(null, 'PATCH', `/v1/unlock-requests/${token}`, {})).status).toBe(400)
    expect((await server.api(null, 'PATCH', `/v1/unlock-requests/${token}`, { lockedAt: null })).status).toBe(400)
    expect((await login('accounting.hk')).status).toBe(423)
  })

  it('sends nothing to a disabled account', async () => {
    await server.knex('users').where({ username: 'contractor.acme' }).update({ enabled: false, lockedAt: new Date() })
    await server.api(null, 'POST', '/v1/unlock-requests', { username: 'contractor.acme' })
    expect(await unlockMails('contractor.acme@example.com')).toHaveLength(0)
  })
})
