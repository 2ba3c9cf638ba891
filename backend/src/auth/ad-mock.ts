import { AuthenticationBaseStrategy } from '@feathersjs/authentication'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { appError } from '../errors.js'
import { getSetting } from '../settings-values.js'
import { toPrincipalUser } from './principals.js'

/** The region a login call is made in: path prefix, X-Region header, else GLOBAL. */
export function loginRegion(params: Params) {
  return String(params.regionCode ?? params.headers?.['x-region'] ?? 'GLOBAL').toUpperCase()
}

/** Whether the password-less directory stand-in is on for a region (`auth.adMock`). */
export async function adMockEnabled(db: Knex, region: string) {
  return Boolean(await getSetting(db, region, 'auth.adMock'))
}

/** Directory users offered by the stand-in's picker: enabled AD accounts of the region. */
export async function adMockUsers(db: Knex, region: string) {
  const query = db('users').where({ source: 'AD', enabled: true }).orderBy('displayName').limit(500).select('username', 'displayName')
  if (region !== 'GLOBAL') query.whereRaw('? = ANY(regions)', [region])
  return query as Promise<Array<{ username: string; displayName: string }>>
}

/**
 * `{ strategy: 'ad-mock', username }`: signs a directory (AD) user in without a password, for
 * demos and tests without a directory. Only while `auth.adMock` is on, both in the region the
 * call is made in and in the user's default region; otherwise 403 FORBIDDEN.
 */
export class AdMockStrategy extends AuthenticationBaseStrategy {
  async authenticate(data: any, params: Params) {
    const app = this.app as Application
    const db = app.get('knex')
    if (!(await adMockEnabled(db, loginRegion(params)))) throw appError(403, 'FORBIDDEN')
    const username = String(data.username ?? '').trim()
    const row = username ? await db('users').whereRaw('lower(username) = lower(?)', [username]).where({ source: 'AD' }).first() : undefined
    if (!row) throw appError(401, 'INVALID_LOGIN')
    if (!(await adMockEnabled(db, row.defaultRegion ?? 'GLOBAL'))) throw appError(403, 'FORBIDDEN')
    if (row.lockedAt) throw appError(423, 'ACCOUNT_LOCKED')
    if (!row.enabled) throw appError(403, 'ACCOUNT_DISABLED')
    return { authentication: { strategy: this.name! }, user: toPrincipalUser(row) }
  }
}
