import { subject } from '@casl/ability'
import { createAbility, type AppAbility } from './define-rules.js'

/**
 * The first field of a write the ability does not allow, or undefined when every one is allowed.
 * The record is the one the write leaves behind (the data for a create, the stored record with
 * the changes for a patch), so a rule's conditions hold for the result: an account cannot be
 * moved out of the caller's company, and a field limited to some records stays on them.
 *
 * feathers-casl 2.2 does not refuse such a field: on create it checks no field at all, and on
 * patch it silently drops what the rules hide (and intersects the fields of several matching
 * rules). A silent drop answers 200 for a change that did not happen; we answer 403 instead.
 */
export function forbiddenField(ability: AppAbility, action: string, subjectType: string, record: Record<string, unknown>, fields: Iterable<string>): string | undefined {
  // Typed loosely: the app's ability names subjects by service path.
  const target = subject(subjectType, { ...record }) as any
  const written = [...fields]
  const refused = written.filter((field) => !ability.can(action, target, field))
  if (!refused.length) return undefined
  // When no rule reaches the record at all, every field is refused: name the one that put it out
  // of reach (another company, a user type the caller may not create) rather than the first.
  return (ability.can(action, target) ? undefined : conditionField(ability, action, subjectType, record, written)) ?? refused[0]
}

/** A written field that a condition of every rule for the action rejects on this record. */
function conditionField(ability: AppAbility, action: string, subjectType: string, record: Record<string, unknown>, written: string[]) {
  // Typed loosely: the app's ability names subjects by service path.
  const target = subject(subjectType, { ...record }) as any
  const rejected = (rule: { conditions?: unknown }) =>
    Object.entries((rule.conditions ?? {}) as Record<string, unknown>)
      .filter(([key, condition]) => !createAbility([{ action, subject: subjectType, conditions: { [key]: condition } }]).can(action, target))
      .map(([key]) => key)
  const rules = ability.rulesFor(action, subjectType).filter((rule) => !rule.inverted)
  return written.find((field) => rules.length > 0 && rules.every((rule) => rejected(rule).includes(field)))
}

const fieldRuleCache = new WeakMap<object, Map<string, boolean>>()

/** Whether any rule of the ability for the action and subject limits fields (cached per ability). */
export function hasFieldRules(ability: AppAbility, action: string, subjectType: string): boolean {
  let bySubject = fieldRuleCache.get(ability)
  if (!bySubject) fieldRuleCache.set(ability, (bySubject = new Map()))
  const key = `${action}|${subjectType}`
  let result = bySubject.get(key)
  if (result === undefined) {
    result = ability.rulesFor(action, subjectType).some((rule) => Boolean(rule.fields))
    bySubject.set(key, result)
  }
  return result
}
