import type { Params } from '@feathersjs/feathers'
import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import rateLimiterFlexible from 'rate-limiter-flexible'
import type { Context, Next } from 'koa'
import type { Application, HookContext, NextFunction } from '../declarations.js'
import { appError } from '../errors.js'
import { logger } from '../logger.js'
import { clientAddress } from './client-address.js'

// The package is CommonJS: read its classes off the module.
const { RateLimiterPostgres, RateLimiterRes } = rateLimiterFlexible

export interface Limit {
  points: number
  duration: number
}
/** `rateLimits` in config: attempts allowed per window (seconds) per account and per address. */
export interface RateLimitConfig {
  perAccount: Limit
  perAddress: Limit
}

declare module '../declarations.js' {
  interface Configuration {
    rateLimits: RateLimitConfig
  }
}

const TABLE = 'rate_limits'
// config/default.json's numbers, for a configuration that lacks them.
const DEFAULT_LIMITS: RateLimitConfig = { perAccount: { points: 30, duration: 300 }, perAddress: { points: 300, duration: 300 } }

interface Limiters {
  config: RateLimitConfig
  account: InstanceType<typeof RateLimiterPostgres>
  address: InstanceType<typeof RateLimiterPostgres>
}
const built = new WeakMap<Application, Limiters>()

/**
 * The limiters of the configured limits, kept in PostgreSQL (table `rate_limits`) so that every
 * process behind the load balancer counts against the same numbers. Rebuilt when the
 * configuration object changes (a test sets strict limits with `app.set('rateLimits', ...)`).
 */
function limitersOf(app: Application): Limiters {
  const config = app.get('rateLimits') ?? DEFAULT_LIMITS
  const known = built.get(app)
  if (known && known.config === config) return known
  const db: Knex = app.get('knex')
  const limiter = (keyPrefix: string, limit: Limit) =>
    new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      tableName: TABLE,
      tableCreated: true,
      keyPrefix,
      points: limit.points,
      duration: limit.duration
    })
  const limiters = { config, account: limiter('account', config.perAccount), address: limiter('address', config.perAddress) }
  built.set(app, limiters)
  return limiters
}

/** Account keys are names, e-mail addresses or challenge ids: kept only as a hash. */
const keyOf = (account: string) => createHash('sha256').update(account.trim().toLowerCase()).digest('base64url').slice(0, 32)

/**
 * Counts one attempt of a public sign-in door against the caller's address and, when the call
 * names one, the account; over either limit answers 429 TOO_MANY_ATTEMPTS with the seconds to
 * wait (sent as Retry-After). Every attempt counts, right or wrong, and an unknown account the
 * same as a known one, so the answer tells nothing about the account.
 */
export async function countAttempt(app: Application, params: Params, account?: string) {
  const limiters = limitersOf(app)
  const attempts = [limiters.address.consume(clientAddress(app, params))]
  if (account) attempts.push(limiters.account.consume(keyOf(account)))
  const results = await Promise.allSettled(attempts)
  let waitMs = 0
  for (const result of results) {
    if (result.status === 'fulfilled') continue
    if (result.reason instanceof RateLimiterRes) waitMs = Math.max(waitMs, result.reason.msBeforeNext)
    // The store failing must not lock everybody out: the lock after failed passwords still holds.
    else logger.warn(`rate limit not counted: ${result.reason?.message ?? result.reason}`)
  }
  if (waitMs > 0) throw appError(429, 'TOO_MANY_ATTEMPTS', { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) })
}

/**
 * An around hook for a public method: `accountOf` names the account the call is about (username,
 * e-mail, challenge id), or nothing when the call carries only a link token; `applies` leaves
 * calls out that guess nothing (a token re-authentication).
 */
export const rateLimited =
  (accountOf: (context: HookContext) => unknown = () => undefined, applies: (context: HookContext) => boolean = () => true) =>
  async (context: HookContext, next: NextFunction) => {
    if (context.params.provider && applies(context)) {
      const account = accountOf(context)
      await countAttempt(context.app, context.params, typeof account === 'string' && account.trim() ? account : undefined)
    }
    await next()
  }

/** Koa middleware: a 429 tells HTTP clients when to try again (the body says it too). */
export const retryAfterHeader = async (ctx: Context, next: Next) => {
  try {
    await next()
  } catch (error: any) {
    const seconds = error?.code === 429 ? error.data?.retryAfterSeconds : undefined
    if (seconds) ctx.set('Retry-After', String(seconds))
    throw error
  }
}
