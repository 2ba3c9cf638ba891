import { spawn } from 'node:child_process'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_SECRET } from '../src/auth/secret.js'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const jwtOptions = () => server.app.get('authentication').jwtOptions

/** The token's claims signed again with `secret`, `sub` replaced. */
function resign(token: string, secret: string, sub: string) {
  const { iat: _iat, exp, ...claims } = jwt.decode(token) as any
  const { header, algorithm } = jwtOptions()
  return jwt.sign({ ...claims, sub, exp }, secret, { header, algorithm })
}

describe('access tokens', () => {
  it('are signed with a secret of this install, not the demo secret', () => {
    const secret = server.app.get('authentication').secret
    expect(secret).toBeTruthy()
    expect(secret).not.toBe(DEMO_SECRET)
  })

  it('refuse a session carried into another account: re-signed with the real secret and admin as sub → 401', async () => {
    const vendor = await server.login('vendor.alpha')
    const admin = await server.knex('users').where({ username: 'admin' }).first('id')
    const forged = resign(vendor.accessToken, server.app.get('authentication').secret, String(admin.id))
    const answer = await server.api(forged, 'GET', '/v1/profile')
    expect(answer.status).toBe(401)
    expect(answer.body.data.code).toBe('SESSION_EXPIRED')
    expect((await server.api(forged, 'GET', '/hk/v1/audit-log')).status).toBe(401)
    // The vendor's own token still works, and the forgery did not poison the session cache.
    expect((await server.api(vendor.accessToken, 'GET', '/v1/profile')).body.user.username).toBe('vendor.alpha')
    expect((await server.api(forged, 'GET', '/v1/profile')).status).toBe(401)
  })

  it('refuse a token signed with the public demo secret → 401', async () => {
    const vendor = await server.login('vendor.alpha')
    const forged = resign(vendor.accessToken, DEMO_SECRET, String(vendor.user.id))
    expect((await server.api(forged, 'GET', '/v1/profile')).status).toBe(401)
  })
})

describe('a production start with the demo secret', () => {
  it('refuses before it starts anything, saying why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await (await import('./backend/src/server.ts')).startServer()"], {
      env: { ...process.env, NODE_ENV: 'production', AUTH_SECRET: DEMO_SECRET, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(status).not.toBe(0)
    expect(stderr).toContain('AUTH_SECRET is the public demo secret')
  }, 120_000)
})
