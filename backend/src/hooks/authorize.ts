import { authorize as caslAuthorize } from 'feathers-casl'
import type { TObject } from '@feathersjs/typebox'
import type { HookContext } from '../declarations.js'
import type { AppAbility } from '../abilities/define-rules.js'

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
    // After the method, the hook only removes fields that field rules hide; without such rules it
    // has nothing to do but costs a pass over every rule for every record.
    if (context.type === 'after' && context.params.ability && !hasFieldRules(context.params.ability, context.method, context.path)) return context
    return hook(context as any)
  }
}

const fieldRuleCache = new WeakMap<object, Map<string, boolean>>()

function hasFieldRules(ability: AppAbility, method: string, subject: string) {
  let bySubject = fieldRuleCache.get(ability)
  if (!bySubject) fieldRuleCache.set(ability, (bySubject = new Map()))
  const key = `${method}|${subject}`
  let result = bySubject.get(key)
  if (result === undefined) {
    result = ability.rulesFor(method, subject).some((rule) => Boolean(rule.fields))
    bySubject.set(key, result)
  }
  return result
}
