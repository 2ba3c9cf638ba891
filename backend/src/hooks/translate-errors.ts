import { FeathersError, GeneralError } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '../declarations.js'
import { appError } from '../errors.js'
import { hasMessage, pickLanguage, translate } from '../i18n/messages.js'
import { logger } from '../logger.js'

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST', 401: 'NOT_AUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 408: 'TIMEOUT',
  409: 'DUPLICATE', 410: 'STALE_WRITE', 423: 'ACCOUNT_LOCKED', 424: 'MAIL_FAILED', 500: 'SYSTEM_ERROR'
}

/** Ajv's errors as one code the client can map, with the fields named for people. */
function describeValidation(errors: any[]) {
  const details = errors.map((e) => `${e.instancePath || '/'} ${e.params?.additionalProperty ?? e.message ?? ''}`.trim()).join('; ')
  if (errors.some((e) => e.instancePath === '/$limit' && e.keyword === 'maximum')) return { code: 'LIMIT_TOO_LARGE', max: errors[0].params?.limit, errors, details }
  if (errors.some((e) => e.keyword === 'additionalProperties' || String(e.instancePath).startsWith('/$'))) return { code: 'INVALID_QUERY', errors, details }
  return { code: 'VALIDATION_FAILED', errors, details }
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
    let error: FeathersError = duplicateOf(raw) ?? raw
    if (!(error instanceof FeathersError)) {
      logger.error(`${context.path}.${context.method} failed`, raw)
      error = new GeneralError('SYSTEM_ERROR', { code: 'SYSTEM_ERROR' })
    } else if (error.code >= 500) {
      logger.error(`${context.path}.${context.method} failed`, raw)
    }
    const data: any = Array.isArray(error.data) ? describeValidation(error.data) : (error.data && typeof error.data === 'object') ? error.data : {}
    const code: string = data.code ?? (hasMessage(error.message) ? error.message : codeByStatus[error.code] ?? 'SYSTEM_ERROR')
    ;(error as any).data = { ...data, code }
    error.message = translate(language, code, data) ?? error.message
    throw error
  }
}
