import { authorize as caslAuthorize } from 'feathers-casl'
import type { TObject } from '@feathersjs/typebox'
import type { HookContext } from '../declarations.js'

/**
 * Checks every external call against the caller's CASL ability for the region: the query gets
 * the ability's conditions, a record outside them is not found, and fields the ability hides are
 * removed from results. The record schema names the fields, so field rules can be worked out.
 * Internal calls pass.
 */
export const authorize = (schema: TObject) => {
  const hook = caslAuthorize({ adapter: '@feathersjs/knex', availableFields: Object.keys(schema.properties) })
  return async (context: HookContext) => {
    if (!context.params.provider) return context
    return hook(context as any)
  }
}
