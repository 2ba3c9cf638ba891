import type { HookContext, NextFunction } from '../declarations.js'
import { appError } from '../errors.js'

const WITH_ID = new Set(['get', 'update', 'patch', 'remove'])
const WITHOUT_DATA = new Set(['find', 'get', 'remove'])

/** A key JSON.parse keeps as an own property, which a later spread or merge turns into a prototype. */
export function findForbiddenKey(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== 'object' || depth > 64) return undefined
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return key
    const found = findForbiddenKey((value as any)[key], depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * The shape of an external call, whatever the transport: REST bodies are checked as they are
 * parsed (request-body.ts), but a socket.io client hands its arguments over as they come. An id
 * is a string or a number (404 otherwise), data is one object (400: no service takes lists or
 * scalars), and no `__proto__` key reaches a service.
 */
export const checkCall = async (context: HookContext, next: NextFunction) => {
  if (!context.params.provider) return next()
  const { method, id } = context
  if (WITH_ID.has(method)) {
    const missing = id === undefined || (id === null && (method === 'get' || method === 'update'))
    if (missing || (id !== null && typeof id !== 'string' && typeof id !== 'number')) throw appError(404, 'NOT_FOUND')
  }
  if (!WITHOUT_DATA.has(method)) {
    // A call without data (a POST without body) gets an empty object: its validator says what is missing.
    if (context.data === undefined) context.data = {}
    const data = context.data
    if (data === null || typeof data !== 'object' || Array.isArray(data)) throw appError(400, 'INVALID_BODY', { details: 'an object is expected' })
    const forbidden = findForbiddenKey(data)
    if (forbidden) throw appError(400, 'INVALID_BODY', { details: `key ${forbidden}` })
  }
  const forbidden = findForbiddenKey(context.params.query)
  if (forbidden) throw appError(400, 'INVALID_QUERY', { details: `key ${forbidden}` })
  return next()
}
