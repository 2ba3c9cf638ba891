import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

// Issue 8, finding 16: the usual security headers on the app page and on the API, HSTS only when
// the request came over HTTPS (through a proxy only when trustProxy says so).

let server: TestServer
let dist: string

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
  if (dist) fs.rmSync(dist, { recursive: true, force: true })
})

function expectSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get('content-security-policy') ?? ''
  expect(csp, where).toContain("default-src 'self'")
  expect(csp, where).toContain("script-src 'self'")
  expect(csp, where).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(csp, where).toContain("frame-ancestors 'none'")
  expect(csp, where).toContain("connect-src 'self' ws: wss:")
  expect(csp, where).toContain("object-src 'none'")
  expect(headers.get('x-content-type-options'), where).toBe('nosniff')
  expect(headers.get('referrer-policy'), where).toBe('no-referrer')
  expect(headers.get('x-frame-options'), where).toBe('DENY')
}

describe('security headers', () => {
  it('are on the API, its errors, and the app page, without HSTS over plain HTTP', async () => {
    const { accessToken } = await server.login('admin')
    for (const [url, token] of [
      ['/v1/regions', null],
      ['/hk/v1/users', accessToken],
      ['/v1/users', null],
      ['/v1/nothing-here', null],
      ['/', null],
      ['/login', null]
    ] as const) {
      const response = await fetch(server.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      expectSecurityHeaders(response.headers, url)
      expect(response.headers.get('strict-transport-security'), url).toBeNull()
      expect(response.headers.get('x-powered-by'), url).toBeNull()
    }
  })

  it('serves the built app page with them (no inline script the policy would block)', async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>')
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)')
    const { apiOrFrontend } = await import('../src/http.js')
    const Koa = (await import('koa')).default
    const { securityHeaders } = await import('../src/security-headers.js')
    const koa = new Koa()
    koa.use(securityHeaders())
    koa.use(apiOrFrontend(dist))
    const listener = koa.listen(0)
    try {
      const port = (listener.address() as any).port
      for (const url of ['/', '/tenders/5', '/assets/app.js']) {
        const response = await fetch(`http://localhost:${port}${url}`)
        expect(response.status, url).toBe(200)
        expectSecurityHeaders(response.headers, url)
      }
    } finally {
      listener.close()
    }
  })

  it('adds HSTS over HTTPS only when a trusted proxy says so', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https' }
    expect((await fetch(`${server.url}/v1/regions`, { headers: viaProxy })).headers.get('strict-transport-security')).toBeNull()
    server.app.proxy = true
    try {
      const secure = await fetch(`${server.url}/v1/regions`, { headers: viaProxy })
      expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}; includeSubDomains$/)
      expect((await fetch(`${server.url}/v1/regions`)).headers.get('strict-transport-security')).toBeNull()
    } finally {
      server.app.proxy = false
    }
  })
})
