import type { Params } from '@feathersjs/feathers'
import type { Application } from '../declarations.js'
import { logger } from '../logger.js'

// Every link a mail carries is built here, absolute, so it opens from a mail client (a bare
// `/pub/resetpwd?...` does not). The base, first that applies:
//  1. PUBLIC_URL (config `publicUrl`): what a deployment behind a proxy or a domain sets;
//  2. the origin of the request the action came from (its Origin header, else its Host), or the
//     origin recorded with a job when it was queued (`params.mailOrigin`);
//  3. http://localhost:<port>.
// A request's origin is trusted for a signed-in caller (the portal's own page made the call)
// and, for an anonymous one (password reset, unlock, a failed login), only when it is a
// loopback address or one of the configured origins: otherwise anyone could ask for a reset
// of someone else's account with `Host: evil.example` and the victim would get a working
// token pointing at the attacker's site. Set PUBLIC_URL in production.

type OriginParams = Pick<Params, 'headers' | 'user' | 'authentication'> & { mailOrigin?: string; provider?: string }

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** `scheme://host[:port]` of a URL-ish string, or undefined when it is none. */
function originOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

function configuredOrigins(app: Application): string[] {
  const listed: unknown = (app.get('authentication') as any)?.oauth?.origins
  return (Array.isArray(listed) ? listed : []).map(originOf).filter((origin): origin is string => !!origin)
}

/** The origin a request came from (Origin header, else Host), if one may be trusted for mail links. */
export function requestOrigin(app: Application, params: OriginParams | undefined): string | undefined {
  const headers = params?.headers as Record<string, unknown> | undefined
  if (!headers) return undefined
  const host = typeof headers.host === 'string' ? headers.host : undefined
  const forwarded = typeof headers['x-forwarded-proto'] === 'string' ? String(headers['x-forwarded-proto']).split(',')[0].trim() : ''
  const candidate = originOf(headers.origin) ?? (host ? originOf(`${forwarded === 'https' ? 'https' : 'http'}://${host}`) : undefined)
  if (!candidate) return undefined
  if (params?.user) return candidate
  const { hostname } = new URL(candidate)
  if (LOOPBACK.test(hostname) || configuredOrigins(app).includes(candidate)) return candidate
  logger.warn(`mail link: the untrusted origin ${candidate} of an anonymous request is not used; set PUBLIC_URL`)
  return undefined
}

/** The origin every link of a mail starts with (see above), without a trailing slash. */
export function mailBase(app: Application, params?: OriginParams): string {
  const configured = String(app.get('publicUrl') ?? '')
    .trim()
    .replace(/\/+$/, '')
  if (configured) return configured
  return params?.mailOrigin ?? requestOrigin(app, params) ?? `http://localhost:${app.get('port') ?? 3030}`
}

/** An absolute link for a mail: `path` on the base, with the query values encoded. */
export function mailLink(app: Application, params: OriginParams | undefined, path: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()
  return `${mailBase(app, params)}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`
}
