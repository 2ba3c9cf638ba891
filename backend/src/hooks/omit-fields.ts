import type { HookContext } from '../declarations.js'

/**
 * Removes fields that never leave the server (password hashes) from every external result,
 * whatever the method, custom ones included. A second line behind the CASL field rules.
 */
export const omitFields =
  (...fields: string[]) =>
  (context: HookContext) => {
    if (!context.params.provider || !context.result) return context
    // Results are fresh rows from the database, owned by this call: strip them in place.
    const strip = (record: any) => {
      if (record && typeof record === 'object') for (const field of fields) delete record[field]
    }
    const result = context.result
    if (Array.isArray(result)) result.forEach(strip)
    else if (Array.isArray(result.data)) result.data.forEach(strip)
    else strip(result)
    return context
  }
