import type { AuthenticationService } from '@feathersjs/authentication'
import oauthPackage from '@feathersjs/authentication-oauth'
import oauthServicePackage from '@feathersjs/authentication-oauth/lib/service.js'
import oauthUtilsPackage from '@feathersjs/authentication-oauth/lib/utils.js'
import { resolveDispatch } from '@feathersjs/schema'
import type { Knex } from 'knex'
import type { Application, HookContext, NextFunction } from '../declarations.js'
import { appError } from '../errors.js'
import { logger } from '../logger.js'
import { invalidationOf } from './account-mail.js'
import { toPrincipalUser } from './principals.js'

// The package is CommonJS: Node's ESM loader sees only some of its names, so read them off the module.
const { OAuthStrategy, OAuthService } = oauthPackage
const { OAuthCallbackService, redirectHook } = oauthServicePackage
const { authenticationServiceOptions } = oauthUtilsPackage

export const DIRECTORY_STRATEGY = 'ad'
const CALLBACK_PATH = `/v1/oauth/${DIRECTORY_STRATEGY}/callback`

export interface OidcConfig {
  enabled: boolean
  issuer: string
  clientId: string
  clientSecret: string
  scope?: string[]
  /** Where the provider sends the browser back; default `<publicUrl or request origin>/v1/oauth/ad/callback`. */
  redirectUri?: string
}

interface Endpoints {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  userinfo_endpoint: string
}

/**
 * The provider's endpoints from its discovery document: fetched at start, and again on the next
 * sign-in if that failed, so the portal starts even while the directory is down.
 */
export class OidcDiscovery {
  private pending?: Promise<Endpoints>

  constructor(private issuer: string) {}

  load(): Promise<Endpoints> {
    this.pending ??= this.fetch().catch((error) => {
      this.pending = undefined
      throw error
    })
    return this.pending
  }

  private async fetch(): Promise<Endpoints> {
    const url = `${this.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) })
    if (!response.ok) throw new Error(`OIDC discovery ${url} answered ${response.status}`)
    const document = (await response.json()) as Endpoints
    // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched for.
    if (document.issuer !== this.issuer) throw new Error(`OIDC discovery names issuer ${document.issuer}, expected ${this.issuer}`)
    for (const key of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint'] as const) {
      if (!document[key]) throw new Error(`OIDC discovery has no ${key}`)
    }
    return document
  }
}

/**
 * The directory account of an OIDC profile: an AD-source user whose `externalId` is the
 * subject; else, for an account not yet linked, the one whose username is the subject or the
 * preferred username, or whose e-mail is the (verified) e-mail. Nobody is created.
 */
export async function findDirectoryUser(db: Knex, profile: Record<string, any>) {
  const sub = String(profile.sub)
  const linked = await db('users').where({ source: 'AD', externalId: sub }).first()
  if (linked) return linked
  const names = [sub, profile.preferred_username, profile.upn].filter((name): name is string => typeof name === 'string' && name.length > 0)
  const unlinked = () => db('users').where({ source: 'AD' }).whereNull('externalId')
  const byName = await unlinked()
    .whereRaw(`lower(username) IN (${names.map(() => 'lower(?)').join(', ')})`, names)
    .first()
  if (byName) return byName
  if (typeof profile.email === 'string' && profile.email && profile.email_verified !== false) {
    const byEmail = await unlinked().whereRaw('lower(email) = lower(?)', [profile.email]).limit(2)
    if (byEmail.length === 1) return byEmail[0]
  }
  return undefined
}

/**
 * Directory sign-in (`ad`): the profile comes from the provider's userinfo endpoint, checked
 * against the ID token Grant received straight from the token endpoint; the account must exist.
 */
export class DirectoryStrategy extends OAuthStrategy {
  constructor(private issuer: string) {
    super()
  }

  async authenticate(authentication: any, _params: any) {
    const db: Knex = (this.app as Application).get('knex')
    const profile = authentication.profile
    const idToken = authentication.jwt?.id_token?.payload
    if (!profile || profile.error || !profile.sub || !idToken) throw appError(401, 'INVALID_LOGIN')
    // OpenID Connect Core 5.3.2: the userinfo subject must be the ID token's.
    if (idToken.sub !== profile.sub || idToken.iss !== this.issuer) throw appError(401, 'INVALID_LOGIN')
    const row = await findDirectoryUser(db, profile)
    if (!row) throw appError(401, 'INVALID_LOGIN')
    if (row.lockedAt) throw appError(423, 'ACCOUNT_LOCKED')
    if (!row.enabled) throw appError(403, 'ACCOUNT_DISABLED')
    if (!row.externalId) {
      // Linked on first sign-in: from now on the subject alone finds the account.
      await db('users')
        .where({ id: row.id })
        .whereNull('externalId')
        .update({ externalId: String(profile.sub), updatedAt: new Date() })
      await invalidationOf(this.app as Application).publish({ kind: 'user', id: row.id })
    }
    return { authentication: { strategy: this.name! }, user: toPrincipalUser(row) }
  }

  /**
   * Back to the browser app's `/pub/ad-login` with `#access_token=...`, or `#error=<code>` that
   * the client maps to its message. Built on the public URL (else the allowed origin the user
   * came from); a `redirect` query is not honoured, so this is no open redirect.
   */
  async getRedirect(data: any, params?: any): Promise<string> {
    const { redirect = '/pub/ad-login' } = this.authentication!.configuration.oauth ?? {}
    const base = (this.app as Application).get('publicUrl') || (await this.getAllowedOrigin(params).catch(() => ''))
    const hash = data?.accessToken ? new URLSearchParams({ access_token: data.accessToken }) : new URLSearchParams({ error: data?.data?.code ?? 'SSO_FAILED' })
    return `${base}${redirect}#${hash}`
  }
}

/** Only the configured provider has routes; anything else is not found. */
const onlyDirectory = async (context: HookContext, next: NextFunction) => {
  if (context.params.route?.provider !== DIRECTORY_STRATEGY) throw appError(404, 'NOT_FOUND')
  await next()
}

/**
 * The browser always lands on the login return page: a failure before the sign-in could start
 * (a callback outside a flow, a provider error) becomes `#error=<code>` there too. A redirect's
 * body would repeat Grant's session (state, nonce, PKCE verifier): send none.
 */
const toLoginPage = (loginPage: string) => async (context: HookContext, next: NextFunction) => {
  try {
    await next()
  } catch (error: any) {
    if (context.params.route?.provider !== DIRECTORY_STRATEGY) throw error
    logger.warn(`directory sign-in failed: ${error.message}`)
    context.http = { ...context.http, location: `${loginPage}#${new URLSearchParams({ error: error.data?.code ?? 'SSO_FAILED' })}` }
    context.result = {}
  }
  if (context.http?.location) context.dispatch = {}
}

/**
 * Directory sign-in through OpenID Connect (authorization-code flow with PKCE, state and nonce)
 * when `oidc.enabled`: `GET /v1/oauth/ad` sends the browser to the provider, which returns to
 * `GET /v1/oauth/ad/callback`; that signs the user in like any other login (session row, token)
 * and redirects to `/pub/ad-login#access_token=...`.
 */
export function configureDirectorySignIn(app: Application, authService: AuthenticationService, oidc: OidcConfig | undefined = app.get('oidc')) {
  if (!oidc?.enabled) return
  if (!oidc.issuer || !oidc.clientId || !oidc.clientSecret) throw new Error('oidc.enabled needs oidc.issuer, oidc.clientId and oidc.clientSecret')
  const discovery = new OidcDiscovery(oidc.issuer)
  const publicUrl: string = app.get('publicUrl') || ''

  const authentication = app.get('authentication')
  const loginPage = `${publicUrl}${authentication.oauth?.redirect ?? '/pub/ad-login'}`
  app.set('authentication', {
    ...authentication,
    oauth: {
      ...authentication.oauth,
      defaults: { prefix: '/v1/oauth', origin: publicUrl || `http://${app.get('host')}:${app.get('port')}`, transport: 'state' },
      [DIRECTORY_STRATEGY]: {
        oauth: 2,
        key: oidc.clientId,
        secret: oidc.clientSecret,
        scope: (oidc.scope ?? ['openid', 'email', 'profile']).join(' '),
        response: ['tokens', 'jwt', 'profile'],
        state: true,
        nonce: true,
        pkce: true,
        // Nothing from the query string may change the provider; the endpoints come per request.
        dynamic: []
      }
    }
  })
  authService.register(DIRECTORY_STRATEGY, new DirectoryStrategy(oidc.issuer))

  const settings = { linkStrategy: 'jwt', authService: 'authentication' }
  const { koa } = authenticationServiceOptions(authService, settings) as { koa: { before: any[] } }
  const endpoints = async (ctx: any, next: () => Promise<unknown>) => {
    let found: Endpoints
    try {
      found = await discovery.load()
    } catch (error) {
      logger.error('directory sign-in:', error)
      ctx.redirect(`${loginPage}#error=SSO_FAILED`)
      return
    }
    // Grant takes these per request (its `state.dynamic`), so the provider may be down at start.
    ctx.state.grant = {
      dynamic: {
        authorize_url: found.authorization_endpoint,
        access_url: found.token_endpoint,
        profile_url: found.userinfo_endpoint,
        redirect_uri: oidc.redirectUri || `${publicUrl || `${ctx.protocol}://${ctx.host}`}${CALLBACK_PATH}`
      }
    }
    await next()
  }
  // The registered (hook-wrapped) service: its login hooks need the call's params.
  const oauthService = new OAuthService(app.service('authentication' as any) as unknown as AuthenticationService, settings)
  const options = { methods: ['find'], events: [], publicMethods: ['find'], audit: false, koa: { before: [...koa.before, endpoints] } }
  app.use('oauth/:provider' as any, oauthService as any, options as any)
  app.use('oauth/:provider/callback' as any, new OAuthCallbackService(oauthService) as any, options as any)
  for (const path of ['oauth/:provider', 'oauth/:provider/callback']) {
    const service: any = app.service(path as any)
    service.hooks({ around: { all: [toLoginPage(loginPage), onlyDirectory, resolveDispatch(), redirectHook()] } })
    if (typeof service.publish === 'function') service.publish(() => null)
  }

  app.hooks({
    setup: [
      async (_context: any, next: any) => {
        discovery.load().catch((error) => logger.warn(`directory sign-in: discovery failed, retried at the next sign-in: ${error.message}`))
        await next()
      }
    ]
  } as any)
}
