import { FeathersError, GeneralError } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '../declarations.js'
import { appError } from '../errors.js'
import { hasMessage, pickLanguage, translate } from '../i18n/messages.js'
import { logger } from '../logger.js'

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'DUPLICATE',
  410: 'STALE_WRITE',
  423: 'ACCOUNT_LOCKED',
  424: 'MAIL_FAILED',
  500: 'SYSTEM_ERROR'
}

/** Ajv's errors as one code the client can map, with the fields named for people. */
function describeValidation(errors: any[]) {
  const details = errors.map((e) => `${e.instancePath || '/'} ${e.params?.additionalProperty ?? e.message ?? ''}`.trim()).join('; ')
  if (errors.some((e) => e.instancePath === '/$limit' && e.keyword === 'maximum')) return { code: 'LIMIT_TOO_LARGE', max: errors[0].params?.limit, errors, details }
  if (errors.some((e) => e.keyword === 'additionalProperties' || String(e.instancePath).startsWith('/$'))) return { code: 'INVALID_QUERY', errors, details }
  return { code: 'VALIDATION_FAILED', errors, details }
}

const postgresDataErrors: Record<string, string> = {
  '22001': 'a text is too long',
  '22003': 'a number is out of range',
  '22007': 'not a date or time',
  '22008': 'a date or time is out of range',
  '22P02': 'a value does not fit its field'
}

/**
 * A Postgres error that the client's input caused (a value of the wrong type or range, a missing
 * or dangling reference) as the 4xx it is; the knex adapter keeps the original under this symbol.
 * Unique violations are not here: they are conflicts (409), answered where they are expected.
 */
export function clientInputError(raw: any): FeathersError | undefined {
  const pg = raw?.[Symbol.for('@feathersjs/knex/error')] ?? raw
  const code = typeof pg?.code === 'string' && pg.severity && pg.routine ? (pg.code as string) : undefined
  if (!code) return undefined
  if (code.startsWith('22')) return appError(400, 'INVALID_VALUE', { details: postgresDataErrors[code] ?? 'a value is not valid', ...(pg.column ? { field: pg.column } : {}) })
  if (code === '23503') {
    // A delete or update of a row others still point to, or a new row pointing to nothing.
    if (/still referenced/.test(pg.detail ?? '')) return appError(409, 'IN_USE', { by: pg.table ?? '' })
    return appError(400, 'INVALID_REFERENCE', { details: String(pg.constraint ?? '') })
  }
  if (code === '23502') return appError(400, 'VALIDATION_FAILED', { details: `${pg.column ?? 'a field'} is required` })
  // A rule the database keeps whose check is named by a catalogue code (a trigger's RAISE ...
  // CONSTRAINT = 'CODE'): a conflict with the stored state, answered with that code's message.
  if (code === '23514' && pg.constraint && /^[A-Z][A-Z_]+$/.test(pg.constraint) && hasMessage(pg.constraint)) return appError(409, pg.constraint)
  if (code === '23514') return appError(400, 'VALIDATION_FAILED', { details: String(pg.constraint ?? 'a check failed') })
  return undefined
}

/** PostgreSQL's classes of a lost or refused connection: 08 (connection exception), 57P01-03 (shut down, starting up). */
const connectionLost = /^08|^57P0[123]$/
/** The driver's and the pool's words for the same, when no PostgreSQL code comes with them. */
const connectionLostMessage = /Connection terminated|not queryable|ECONNREFUSED|ECONNRESET|EPIPE|Timeout acquiring a connection|connection (?:error|ended)/i

/**
 * The database gone in the middle of a call (its connection terminated, the server restarting, no
 * connection to be had): 503 DATABASE_UNAVAILABLE, a try-again-soon, not a server failure (issue 27
 * item 11). A transaction cut off before its COMMIT is rolled back, so nothing of the write stays;
 * a COMMIT that was not confirmed is told apart (COMMIT_FAILED, db/transaction.ts).
 */
export function unavailableOf(raw: any): FeathersError | undefined {
  const cause = raw?.[Symbol.for('@feathersjs/knex/error')] ?? raw
  if (raw instanceof FeathersError && !(Symbol.for('@feathersjs/knex/error') in raw)) return undefined
  const code = typeof cause?.code === 'string' ? cause.code : ''
  if (connectionLost.test(code) || connectionLostMessage.test(String(cause?.message ?? ''))) return appError(503, 'DATABASE_UNAVAILABLE')
  return undefined
}

/**
 * A unique index refused the write (two saves raced past the service's own check, or there is
 * none): 409 DUPLICATE, naming the field when the index says which (`lower(number)` → number).
 * The adapter wraps the driver's error; a query of our own throws it bare.
 */
function duplicateOf(raw: any): FeathersError | null {
  const cause = raw?.[Symbol.for('@feathersjs/knex/error')] ?? raw
  if (cause?.code !== '23505') return null
  const column = /lower\(\(?"?(\w+)"?\)?(?:::\w+)?\)/.exec(String(cause.detail ?? ''))?.[1]
  return appError(409, 'DUPLICATE', column ? { field: column.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase()) } : {})
}

/**
 * Every error leaves with the spec's status, a machine code in `data.code` and a message in the
 * caller's language (Accept-Language). Unexpected errors become 500 without their internals.
 */
export const translateErrors = async (context: HookContext, next: NextFunction) => {
  const language = context.params.language ?? pickLanguage(context.params.headers?.['accept-language'])
  context.params.language = language
  try {
    await next()
  } catch (raw: any) {
    let error: FeathersError = duplicateOf(raw) ?? clientInputError(raw) ?? unavailableOf(raw) ?? raw
    if (!(error instanceof FeathersError)) {
      logger.error(`${context.path}.${context.method} failed`, raw)
      error = new GeneralError('SYSTEM_ERROR', { code: 'SYSTEM_ERROR' })
    } else if (error.code >= 500) {
      logger.error(`${context.path}.${context.method} failed`, raw)
    }
    const data: any = Array.isArray(error.data) ? describeValidation(error.data) : error.data && typeof error.data === 'object' ? error.data : {}
    const code: string = data.code ?? (hasMessage(error.message) ? error.message : (codeByStatus[error.code] ?? 'SYSTEM_ERROR'))
    ;(error as any).data = { ...data, code }
    error.message = translate(language, code, data) ?? error.message
    throw error
  }
}
