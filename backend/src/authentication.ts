import { AuthenticationBaseStrategy, AuthenticationService, JWTStrategy, type AuthenticationResult } from '@feathersjs/authentication'
import type { Params } from '@feathersjs/feathers'
import { randomUUID } from 'node:crypto'
import type { Application } from './declarations.js'
import { appError } from './errors.js'
import { passwordAge } from './auth/passwords.js'
import { toPrincipalUser, type PrincipalCache } from './auth/principals.js'
import type { SessionStore } from './auth/sessions.js'
import { checkPassword } from './auth/password-check.js'
import { rateLimited } from './auth/rate-limits.js'
import { configureLoginMethods } from './auth/login-methods.js'

declare module './declarations.js' {
  interface ServiceTypes {
    authentication: AuthenticationService
  }
}

/** The region a signed-in user starts in: the one asked for if allowed, else the default. */
function startRegion(user: { regions: string[]; defaultRegion: string | null }, asked?: string) {
  const code = asked?.toUpperCase()
  if (code && user.regions.includes(code)) return code
  if (user.defaultRegion && user.regions.includes(user.defaultRegion)) return user.defaultRegion
  return user.regions.find((region) => region !== 'GLOBAL') ?? user.regions[0] ?? 'GLOBAL'
}

/** Tokens name their session (`sid`) and the permission version they were issued under (`pv`). */
class PortalAuthenticationService extends AuthenticationService {
  async getPayload(authResult: AuthenticationResult, params: Params) {
    const payload = await super.getPayload(authResult, params)
    return { ...payload, sid: randomUUID(), pv: authResult.user?.permissionVersion ?? 1 }
  }

  async create(data: any, params: Params = {}) {
    if (data?.strategy === 'renew') return this.renew(data.accessToken, params)
    const result = await super.create(data, params)
    if (result.authentication?.strategy === 'jwt') return result
    const app = this.app as Application
    const { sid, exp, sub } = result.authentication.payload
    await (app.get('sessions') as SessionStore).start(sid, Number(sub), new Date(exp * 1000))
    await app.get('knex')('users').where({ id: sub }).update({ lastLoginAt: new Date() })
    const principal = await (app.get('principals') as PrincipalCache).get(Number(sub))
    if (!principal) throw appError(401, 'INVALID_LOGIN')
    const region = startRegion(principal.user, params.regionCode ?? params.headers?.['x-region'])
    return {
      accessToken: result.accessToken,
      authentication: { strategy: result.authentication.strategy },
      user: { ...principal.user, ...(result.passwordWarningDays ? { passwordWarningDays: result.passwordWarningDays } : {}) },
      region,
      rules: principal.forRegion(region).rules
    }
  }

  /**
   * The open session's token under the rights its user has now (issue 27 item 20): an
   * administrator changed the user's groups, perms, toggles or company, the server told the
   * user's live connections ('rights', channels.ts), and the screens take the new menus and
   * abilities without a new sign-in. Only the permission version changes: the same session, the
   * same expiry. A token whose signature, session or account does not hold is refused as at any
   * request (401), and the client falls back to the spec's "permission updated, sign in again".
   */
  private async renew(accessToken: unknown, params: Params) {
    if (typeof accessToken !== 'string' || accessToken === '') throw appError(401, 'NOT_AUTHENTICATED')
    const payload: any = await this.verifyAccessToken(accessToken).catch(() => {
      throw appError(401, 'SESSION_EXPIRED')
    })
    const app = this.app as Application
    const userId = Number(payload.sub)
    if (!payload.sid || !(await (app.get('sessions') as SessionStore).isOpen(payload.sid, userId))) throw appError(401, 'SESSION_EXPIRED')
    const principal = await (app.get('principals') as PrincipalCache).get(userId)
    if (!principal || !principal.user.enabled || principal.user.lockedAt) throw appError(401, 'SESSION_EXPIRED')
    const secondsLeft = Number(payload.exp) - Math.floor(Date.now() / 1000)
    if (!(secondsLeft > 0)) throw appError(401, 'SESSION_EXPIRED')
    const renewed = await this.createAccessToken({ sid: payload.sid, pv: principal.user.permissionVersion }, { subject: String(userId), expiresIn: secondsLeft })
    const region = startRegion(principal.user, params.regionCode ?? params.headers?.['x-region'])
    return {
      accessToken: renewed,
      authentication: { strategy: 'renew' },
      user: principal.user,
      region,
      rules: principal.forRegion(region).rules
    }
  }

  async remove(id: string | null, params: Params = {}) {
    // Feathers reads the token without checking there is one: a logout without a session is a 401.
    if (!params.authentication?.accessToken) throw appError(401, 'NOT_AUTHENTICATED')
    const result = await super.remove(id, params)
    const sid = result.authentication?.payload?.sid
    if (sid) {
      await (this.app.get('sessions') as SessionStore).end(sid)
      await (this.app as Application).get('invalidation').publish({ kind: 'session', id: sid })
    }
    return result
  }
}

const VERIFIED_TTL_MS = 60_000
const VERIFIED_MAX = 10_000

/**
 * Bearer tokens: valid signature, open session, current permission version, usable account.
 * A token's signature is checked once a minute, not on every request: verification dominated
 * the cost of a list request.
 */
class PortalJwtStrategy extends JWTStrategy {
  private verified = new Map<string, { payload: any; at: number }>()

  private async verify(accessToken: string, params: Params) {
    const hit = this.verified.get(accessToken)
    const now = Date.now()
    if (hit && now - hit.at < VERIFIED_TTL_MS && hit.payload.exp * 1000 > now) return hit.payload
    const payload = await this.authentication!.verifyAccessToken(accessToken, params.jwt).catch(() => {
      throw appError(401, 'SESSION_EXPIRED')
    })
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear()
    this.verified.set(accessToken, { payload, at: now })
    return payload
  }

  async authenticate(authentication: any, params: Params) {
    const { accessToken } = authentication
    if (!accessToken) throw appError(401, 'NOT_AUTHENTICATED')
    const payload = await this.verify(accessToken, params)
    const app = this.app as Application
    if (!payload.sid || !(await (app.get('sessions') as SessionStore).isOpen(payload.sid, Number(payload.sub)))) throw appError(401, 'SESSION_EXPIRED')
    const principal = await (app.get('principals') as PrincipalCache).get(Number(payload.sub))
    if (!principal || !principal.user.enabled || principal.user.lockedAt) throw appError(401, 'SESSION_EXPIRED')
    if (principal.user.permissionVersion !== payload.pv) throw appError(403, 'PERMISSION_UPDATED')
    return {
      accessToken,
      authentication: { strategy: 'jwt', accessToken, payload },
      user: principal.user,
      principal
    }
  }
}

/**
 * Username and password (checked as every password door checks them: auth/password-check.ts),
 * then the password's age, then the e-mailed code where two-factor applies.
 */
export class PortalLocalStrategy extends AuthenticationBaseStrategy {
  async authenticate(data: any, params: Params) {
    const app = this.app as Application
    const row = await checkPassword(app, data.username, data.password, params)
    const age = passwordAge(row.passwordChangedAt)
    if (age.state === 'expired') throw appError(403, 'PASSWORD_EXPIRED', { username: row.username })
    const twoFactor = app.get('twoFactor') as undefined | { requiredFor(row: any): Promise<boolean>; challenge(row: any, params: Params): Promise<never> }
    if (twoFactor && (await twoFactor.requiredFor(row))) await twoFactor.challenge(row, params)
    return {
      authentication: { strategy: this.name! },
      user: toPrincipalUser(row),
      ...(age.state === 'grace' ? { passwordWarningDays: age.daysLeft } : {})
    }
  }
}

export const authentication = (app: Application) => {
  const service = new PortalAuthenticationService(app)
  service.register('jwt', new PortalJwtStrategy())
  service.register('local', new PortalLocalStrategy())
  for (const configure of (app.get('extraStrategies') as Array<(service: AuthenticationService) => void>) ?? []) configure(service)
  app.use('authentication', service, { publicMethods: ['create', 'remove'], audit: false } as any)
  // Every sign-in that takes a secret (password, code) counts against the account and the address.
  app.service('authentication').hooks({
    around: {
      create: [
        rateLimited(
          (context) => (context.data?.strategy === 'two-factor' ? context.data?.challengeId : context.data?.username),
          // Neither a token's sign-in nor its renewal takes a secret that could be guessed.
          (context) => context.data?.strategy !== 'jwt' && context.data?.strategy !== 'renew'
        )
      ]
    }
  })
  configureLoginMethods(app, service)
}
