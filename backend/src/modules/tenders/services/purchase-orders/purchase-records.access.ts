import type { Params } from '@feathersjs/feathers'
import { rulesToQuery } from '@casl/ability/extra'
import type { Knex } from 'knex'
import type { HookContext } from '../../../../declarations.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import type { PurchaseResource } from './purchase.workflow.js'

/*
 * Who reads purchase orders and contracts, in one place and in the CASL vocabulary (used by find,
 * get, the lock of every write and cancel, the number checks, the export and the live events):
 * - staff through their `<resource>` read rule: unconditioned, every record of the region; "own"
 *   (`managedBy: user.id`), the records of the tenders they are in charge of (a record is
 *   managed by its tender's person in charge, set once when it is raised, see below);
 * - vendors through their read rule, "own" = their company's records (`companyId`);
 * - tenants and anyone else: none (no rule, nothing listed, 403).
 * Both "own"s are columns of the record, so the rules' conditions are the narrowing itself.
 * Fields: the whole record to whoever reads it. Writes: `update` on the record (the workflow's
 * guard and the runner ask the same rule, purchase.workflow.ts). Live events: the connections of
 * the record's region whose ability reads it (the kit's default readers), nobody else.
 * The kit applies all of it through `purchaseAccess` (kit/access.ts).
 */

/** The columns of a rule's conditions as knex conditions: equality, `$in` and `$nin` (what defineRules writes). */
function applyConditions(builder: Knex.QueryBuilder, table: string, conditions: Record<string, any>) {
  for (const [field, value] of Object.entries(conditions)) {
    const column = `${table}.${field}`
    if (value && typeof value === 'object' && '$in' in value) builder.whereIn(column, value.$in)
    else if (value && typeof value === 'object' && '$nin' in value) builder.whereNotIn(column, value.$nin)
    else if (value === null) builder.whereNull(column)
    else builder.where(column, value)
  }
}

/**
 * The records of `table` the caller's ability reads (external calls; internal ones read all):
 * every record for an unconditioned rule, the rows matching one of its conditioned rules, none
 * without a rule. Inverted rules take their rows out.
 */
export function narrowByAbility(query: Knex.QueryBuilder, params: Params, resource: string, table: string): Knex.QueryBuilder {
  if (!params.provider) return query
  const ability = params.ability
  const found = ability ? rulesToQuery(ability, 'read', resource, (rule: any) => (rule.inverted ? { $not: rule.conditions } : rule.conditions)) : null
  if (found === null) return query.whereRaw('false')
  const { $or, $and } = found as { $or?: Record<string, any>[]; $and?: Array<{ $not: Record<string, any> }> }
  if ($or) query.where((any) => $or.forEach((conditions) => any.orWhere((one) => applyConditions(one, table, conditions))))
  for (const { $not } of $and ?? []) query.whereNot((one) => applyConditions(one, table, $not))
  return query
}

const tableOf: Record<PurchaseResource, string> = { 'purchase-orders': 'purchase_orders', contracts: 'contracts' }

/** The purchase records the caller reads: the list's narrowing and the lock of a write. */
export function narrowPurchases(query: Knex.QueryBuilder, params: Params, resource: PurchaseResource): Knex.QueryBuilder {
  return narrowByAbility(query, params, resource, tableOf[resource])
}

/** May the caller read records of this kind at all (403 otherwise, before any record is looked at)? */
export const mayReadPurchases = (params: Params, resource: PurchaseResource) => !params.provider || Boolean(params.ability?.can('read', resource))

/**
 * Before the ability check of a create: the record will be managed by the tender's person in
 * charge, so a group holding create on `own` records raises purchases of its own tenders only
 * (another's, or no tender, is 403). `managedBy` is not in the data schema: set after validation.
 */
export async function managedByTenderManager(context: HookContext) {
  if (!context.params.provider || !context.data || Array.isArray(context.data)) return context
  const data = context.data as any
  const region = data.region ?? context.params.region
  const tender = await context.app.get('knex')('tenders').where({ id: data.tenderId, region }).first('managedBy')
  context.data = { ...data, managedBy: tender?.managedBy ?? null }
  return context
}

/**
 * The access contract of purchase orders or contracts (kit/access.ts): the CASL rules above, for
 * the list and the lock of a write alike (`narrowPurchases`), one record (`read`), its update and
 * cancel (`act`) and the edit lock. Live events go to the default readers: whose ability reads it.
 */
export const purchaseAccess = (resource: PurchaseResource) =>
  defineAccess<Record<string, unknown>>({
    subject: resource,
    narrow: (query, caller) => narrowPurchases(query, caller, resource),
    read: (record, caller) => caslAllows(caller, 'read', resource, record),
    act: (record, action, caller) => caslAllows(caller, action, resource, record)
  })
