import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, type RunningServer } from '../src/server.js'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
// A second process on the same database: its caches only learn of a change through NOTIFY.
let other: RunningServer
beforeAll(async () => {
  server = await startTestServer()
  other = await startServer({ port: 0, databaseUrl: server.app.get('databaseUrl'), seed: false })
})
afterAll(async () => {
  await other?.stop()
  await server?.stop()
})

const profileAt = async (url: string, token: string) => (await fetch(`${url}/v1/profile`, { headers: { authorization: `Bearer ${token}` } })).status

describe('changing the password on the profile', () => {
  it('ends the other sessions of the account at once, in every process, and keeps the one that changed it', async () => {
    const mine = await server.login('vendor.beta')
    const elsewhere = await server.login('vendor.beta')
    const someoneElse = await server.login('vendor.alpha')
    // Both processes have seen every session open (and cached it).
    for (const url of [server.url, other.url]) {
      for (const token of [mine.accessToken, elsewhere.accessToken]) expect(await profileAt(url, token)).toBe(200)
    }

    const changed = await server.api(mine.accessToken, 'PATCH', '/v1/profile/me', { currentPassword: 'Demo#2026', newPassword: 'Changed#2027' })
    expect(changed.status).toBe(200)

    const refused = await server.api(elsewhere.accessToken, 'GET', '/v1/profile')
    expect(refused.status).toBe(401)
    expect(refused.body.data.code).toBe('SESSION_EXPIRED')
    await vi.waitFor(async () => expect(await profileAt(other.url, elsewhere.accessToken)).toBe(401), { timeout: 2000, interval: 20 })
    for (const url of [server.url, other.url]) {
      expect(await profileAt(url, mine.accessToken)).toBe(200)
      expect(await profileAt(url, someoneElse.accessToken)).toBe(200)
    }
    expect((await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'vendor.beta', password: 'Changed#2027' })).status).toBe(201)
  })

  it('ends no session when the change is refused', async () => {
    const mine = await server.login('vendor.alpha')
    const elsewhere = await server.login('vendor.alpha')
    expect((await server.api(mine.accessToken, 'PATCH', '/v1/profile/me', { currentPassword: 'Wrong#2026', newPassword: 'Changed#2027' })).status).toBe(400)
    expect((await server.api(mine.accessToken, 'PATCH', '/v1/profile/me', { currentPassword: 'Demo#2026', newPassword: 'weak' })).status).toBe(422)
    expect((await server.api(elsewhere.accessToken, 'GET', '/v1/profile')).status).toBe(200)
  })
})
