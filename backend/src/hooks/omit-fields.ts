import type { HookContext } from '../declarations.js'

/**
 * Removes fields that never leave the server (password hashes) from every external result,
 * whatever the method, custom ones included. A second line behind the CASL field rules.
 */
export const omitFields = (...fields: string[]) => (context: HookContext) => {
  if (!context.params.provider || !context.result) return context
  const strip = (record: any) => {
    if (!record || typeof record !== 'object') return record
    const copy = { ...record }
    for (const field of fields) delete copy[field]
    return copy
  }
  const result = context.result
  if (Array.isArray(result)) context.result = result.map(strip)
  else if (Array.isArray(result.data)) context.result = { ...result, data: result.data.map(strip) }
  else context.result = strip(result)
  return context
}
