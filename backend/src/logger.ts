import { AsyncLocalStorage } from 'node:async_hooks'
import { pino } from 'pino'

/** What every log line written while serving one request carries: its id, also sent to the client. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>()

/**
 * One logger for the server: JSON lines (pino) on standard output, each with its time, level and,
 * inside a request, the request's id, so that an operator can join an error answer to its lines.
 * `LOG_LEVEL` chooses how much (default info; tests say only errors).
 */
export function createLogger(destination?: pino.DestinationStream, level?: string) {
  const base = pino(
    {
      level: level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'error' : 'info'),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const request = requestContext.getStore()
        return request ? { requestId: request.requestId } : {}
      }
    },
    destination
  )
  return {
    info: at(base, 'info'),
    warn: at(base, 'warn'),
    error: at(base, 'error'),
    /** For a structured line: `logger.fields.info({ status, ms }, 'request')`. */
    fields: base
  }
}

/**
 * Called as console is (`logger.error('mail worker:', error)`): the words become the line's
 * message, an Error its `err` (message and stack), and a plain object its fields.
 */
function at(base: pino.Logger, level: 'info' | 'warn' | 'error') {
  return (...args: unknown[]) => {
    const fields: Record<string, unknown> = {}
    const words: string[] = []
    for (const arg of args) {
      if (arg instanceof Error) fields.err = arg
      else if (arg && typeof arg === 'object') Object.assign(fields, arg)
      else words.push(String(arg))
    }
    base[level](fields, words.join(' '))
  }
}

export const logger = createLogger()
