import { authorize as caslAuthorize } from 'feathers-casl'
import type { TObject } from '@feathersjs/typebox'
import type { HookContext } from '../declarations.js'
import { forbiddenField, hasFieldRules } from '../abilities/field-rules.js'
import type { AppAbility } from '../abilities/define-rules.js'
import { appError } from '../errors.js'
import { documented } from '../validators.js'

/**
 * Checks every external call against the caller's CASL ability for the region: the query gets
 * the ability's conditions, a record outside them is not found, a field the ability does not let
 * the caller write answers 403 FIELD_FORBIDDEN (nothing is written), and fields the ability hides
 * are removed from results. The record schema names the fields, so field rules can be worked out.
 * Internal calls pass.
 */
export const authorize = (schema: TObject) => {
  const hook = caslAuthorize({ adapter: '@feathersjs/knex', availableFields: Object.keys(schema.properties) })
  return documented(
    async (context: HookContext) => {
      if (!context.params.provider) return context
      const ability = context.params.ability
      // After the method, the hook only removes fields that field rules hide; without such rules it
      // has nothing to do but costs a pass over every rule for every record.
      if (context.type === 'after' && ability && !hasFieldRules(ability, context.method, context.path)) return context
      // A read the ability allows on every record and field: feathers-casl would check the same
      // rule and add no condition to the query (the staff's "any" reads, an administrator's).
      if (context.type === 'before' && ability && isRead(context.method) && readsEverything(ability, context.method, context.path)) return context
      if (context.type === 'before' && ability && isWrite(context.method) && hasFieldRules(ability, context.method, context.path)) {
        return checkWrittenFields(context, () => hook(context as any))
      }
      return hook(context as any)
    },
    'result',
    schema
  )
}

const isRead = (method: string) => method === 'find' || method === 'get'

const plainRuleCache = new WeakMap<object, Map<string, boolean>>()

/**
 * Whether every rule of the ability for the action and subject allows it without condition or
 * field limit (and there is one): feathers-casl's check then passes and adds nothing to the query.
 * Cached per ability, as the ability is per user and region (auth/principals.ts).
 */
export function readsEverything(ability: AppAbility, action: string, subjectType: string): boolean {
  let bySubject = plainRuleCache.get(ability)
  if (!bySubject) plainRuleCache.set(ability, (bySubject = new Map()))
  const key = `${action}|${subjectType}`
  let result = bySubject.get(key)
  if (result === undefined) {
    const rules = ability.rulesFor(action, subjectType)
    result = rules.length > 0 && rules.every((rule) => !rule.inverted && !rule.conditions && !rule.fields)
    bySubject.set(key, result)
  }
  return result
}

const isWrite = (method: string) => method === 'create' || method === 'patch' || method === 'update'

/**
 * Every field a create or patch writes must be allowed by the ability for the record it leaves
 * behind. feathers-casl first answers 404/403 for a record outside the caller's reach; its own
 * silent narrowing of the data is then undone, since every field left is one we allowed.
 */
async function checkWrittenFields(context: HookContext, runCasl: () => Promise<unknown>) {
  const ability = context.params.ability!
  const { method, path } = context
  const refuse = (field: string) => appError(403, 'FIELD_FORBIDDEN', { field })
  if (method === 'create') {
    for (const item of Array.isArray(context.data) ? context.data : [context.data]) {
      const field = forbiddenField(ability, method, path, item ?? {}, Object.keys(item ?? {}))
      if (field) throw refuse(field)
    }
    await runCasl()
    return context
  }
  const data = context.data ?? {}
  await runCasl()
  if (context.id == null) {
    // A multi-record write has no one record to judge: each field must be allowed on some record.
    const field = Object.keys(data).find((key) => !ability.can(method, path, key))
    if (field) throw refuse(field)
    return context
  }
  const service = context.self as any
  const stored = await service._get(context.id, { ...context.params, query: {} })
  const field = forbiddenField(ability, method, path, { ...stored, ...data }, Object.keys(data))
  if (field) throw refuse(field)
  if (method === 'patch') context.data = data
  return context
}
