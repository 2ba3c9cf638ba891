import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from './server.js'

/**
 * Directory sign-in against a real OpenID Connect provider (oidc-provider with its development
 * login and consent pages), plus the password-less stand-in (ad-mock) and the login options.
 */

let server: TestServer
let idp: http.Server
let issuer: string
const CLIENT = { clientId: 'estate-portal', clientSecret: 'portal-test-secret' }

// Whoever signs in at the provider: any login name is an account there; some carry an e-mail.
const emails: Record<string, string> = { 'aad-accounting': 'accounting.hk@example.com' }

beforeAll(async () => {
  // The provider needs the portal's callback URL and the portal needs the issuer: listen first,
  // build the provider once the portal runs.
  let handle: http.RequestListener = (_req, res) => {
    res.statusCode = 503
    res.end()
  }
  idp = http.createServer((req, res) => handle(req, res))
  await new Promise<void>((resolve) => idp.listen(0, resolve))
  issuer = `http://localhost:${(idp.address() as AddressInfo).port}`

  process.env.NODE_CONFIG = JSON.stringify({ oidc: { enabled: true, issuer, ...CLIENT } })
  const { startTestServer } = await import('./server.js')
  server = await startTestServer()
  delete process.env.NODE_CONFIG

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uris: [`${server.url}/v1/oauth/ad/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post'
      }
    ],
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx: any, sub: string) {
      return {
        accountId: sub,
        async claims() {
          return { sub, name: `Directory ${sub}`, preferred_username: sub, ...(emails[sub] ? { email: emails[sub], email_verified: true } : {}) }
        }
      }
    }
  } as any)
  handle = provider.callback() as http.RequestListener
})

afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => idp?.close(resolve))
})

/** Cookies per host, enough for one browser session (paths and expiry dates ignored, deletions kept). */
class CookieJar {
  private byHost = new Map<string, Map<string, string>>()
  store(url: URL, response: Response) {
    const jar = this.byHost.get(url.host) ?? new Map<string, string>()
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const gone = !value || attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute))
      if (gone) jar.delete(name)
      else jar.set(name, value)
    }
    this.byHost.set(url.host, jar)
  }
  header(url: URL) {
    return [...(this.byHost.get(url.host) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/**
 * A browser clicking "Sign in with the directory": follows redirects by hand, fills the
 * provider's login form with `login`, confirms consent, and stops at the portal's /pub/ad-login.
 */
async function directorySignIn(login: string) {
  const jar = new CookieJar()
  let url = new URL(`${server.url}/v1/oauth/ad`)
  let init: RequestInit = { headers: { referer: `${server.url}/pub/login` } }
  for (let step = 0; step < 20; step++) {
    const headers = new Headers(init.headers)
    const cookie = jar.header(url)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    jar.store(url, response)
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url)
      if (url.pathname === '/pub/ad-login') return { url, hash: new URLSearchParams(url.hash.slice(1)) }
      init = {}
      continue
    }
    const html = await response.text()
    if (response.status !== 200 || !html.includes('<form')) throw new Error(`${url} answered ${response.status}: ${html.slice(0, 500)}`)
    const action = new URL(/<form[^>]*action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&'), url)
    const prompt = /name="prompt" value="(\w+)"/.exec(html)![1]
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'directory-password' } : { prompt })
    url = action
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }
  }
  throw new Error('the sign-in did not come back to /pub/ad-login')
}

async function setting(key: string, value: unknown, region = 'GLOBAL') {
  await server
    .knex('settings')
    .insert({ region, key, value: JSON.stringify(value) })
    .onConflict(['region', 'key'])
    .merge()
}

describe('directory sign-in through OpenID Connect', () => {
  it('signs in the AD user whose externalId is the subject, with a token that works and a session that logs out', async () => {
    await server.knex('users').where({ username: 'pm.hk' }).update({ externalId: 'aad-0001' })
    const { url, hash } = await directorySignIn('aad-0001')
    expect(url.origin).toBe(server.url)
    const token = hash.get('access_token')
    expect(token).toBeTruthy()
    const profile = await server.api(token, 'GET', '/v1/profile')
    expect(profile.status).toBe(200)
    expect(profile.body.user.username).toBe('pm.hk')
    const session = await server.knex('sessions').where({ userId: profile.body.user.id }).orderBy('createdAt', 'desc').first()
    expect(session.endedAt).toBeNull()
    expect((await server.api(token, 'DELETE', `/v1/authentication/${token}`)).status).toBe(200)
    expect((await server.api(token, 'GET', '/v1/profile')).status).toBe(401)
  })

  it('links an AD account not yet linked by its username, then by the subject alone', async () => {
    const { hash } = await directorySignIn('approver.hk')
    const profile = await server.api(hash.get('access_token'), 'GET', '/v1/profile')
    expect(profile.body.user.username).toBe('approver.hk')
    const row = await server.knex('users').where({ username: 'approver.hk' }).first()
    expect(row.externalId).toBe('approver.hk')
  })

  it('links by the verified e-mail when the names differ', async () => {
    const { hash } = await directorySignIn('aad-accounting')
    const profile = await server.api(hash.get('access_token'), 'GET', '/v1/profile')
    expect(profile.body.user.username).toBe('accounting.hk')
    expect((await server.knex('users').where({ username: 'accounting.hk' }).first()).externalId).toBe('aad-accounting')
  })

  it('refuses an unknown directory user and an external account of the same name: #error=INVALID_LOGIN', async () => {
    for (const login of ['stranger', 'vendor.alpha']) {
      const { url, hash } = await directorySignIn(login)
      expect(url.origin).toBe(server.url)
      expect(hash.get('access_token')).toBeNull()
      expect(hash.get('error')).toBe('INVALID_LOGIN')
    }
  })

  it('refuses a locked directory account: #error=ACCOUNT_LOCKED', async () => {
    await server.knex('users').where({ username: 'pm.hk' }).update({ lockedAt: new Date() })
    const { hash } = await directorySignIn('aad-0001')
    expect(hash.get('error')).toBe('ACCOUNT_LOCKED')
    await server.knex('users').where({ username: 'pm.hk' }).update({ lockedAt: null })
  })

  it('has no other providers, and a callback outside a sign-in is refused', async () => {
    expect((await server.api(null, 'GET', '/v1/oauth/github')).status).toBe(404)
    const stray = await fetch(`${server.url}/v1/oauth/ad/callback?code=forged&state=forged`, { redirect: 'manual' })
    expect(stray.status).toBe(303)
    expect(stray.headers.get('location')).toBe('/pub/ad-login#error=SSO_FAILED')
    expect(await stray.text()).not.toContain('access_token')
  })
})

describe('login options', () => {
  it('tells the login page which methods are on, with the directory users for the stand-in', async () => {
    const { status, body } = await server.api(null, 'GET', '/hk/v1/auth-options')
    expect(status).toBe(200)
    expect(body).toMatchObject({ adMock: true, oidc: true, forceTwoFactor: false, codeExpirySeconds: 600, codeResendSeconds: 60 })
    const usernames = body.adUsers.map((user: any) => user.username)
    expect(usernames).toEqual(expect.arrayContaining(['pm.hk', 'approver.hk', 'accounting.hk']))
    expect(usernames).not.toContain('vendor.alpha')
    expect(Object.keys(body.adUsers[0]).sort()).toEqual(['displayName', 'username'])
    expect((await server.api(null, 'GET', '/sg/v1/auth-options')).body.adUsers).toEqual([])
  })
})

describe('directory stand-in (ad-mock)', () => {
  const adMock = (username: string, path = '/v1/authentication') => server.api(null, 'POST', path, { strategy: 'ad-mock', username })

  it('signs an AD user in without a password while auth.adMock is on', async () => {
    const { status, body } = await adMock('approver.hk')
    expect(status).toBe(201)
    expect(body.user.username).toBe('approver.hk')
    expect(body.authentication.strategy).toBe('ad-mock')
    expect((await server.api(body.accessToken, 'GET', '/v1/profile')).status).toBe(200)
  })

  it('refuses external users and unknown names with 401 INVALID_LOGIN', async () => {
    for (const username of ['vendor.alpha', 'admin', 'nobody']) {
      const { status, body } = await adMock(username)
      expect(status).toBe(401)
      expect(body.data.code).toBe('INVALID_LOGIN')
    }
  })

  it('answers 403 FORBIDDEN once auth.adMock is off, and the options say so', async () => {
    await setting('auth.adMock', false)
    const { status, body } = await adMock('approver.hk')
    expect(status).toBe(403)
    expect(body.data.code).toBe('FORBIDDEN')
    const options = await server.api(null, 'GET', '/v1/auth-options')
    expect(options.body.adMock).toBe(false)
    expect(options.body.adUsers).toBeUndefined()
  })

  it('stays off for a user whose default region has it off, even where the call is made it is on', async () => {
    await setting('auth.adMock', true, 'SG')
    expect((await adMock('approver.hk', '/sg/v1/authentication')).status).toBe(403)
  })
})
