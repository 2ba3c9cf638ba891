import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { readersOf } from '../../../../kit/channels.js'
import { readableTenancy, tenancyReadersOnly } from '../moves/moves.access.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { opensTenancyOfPart, type TenancyPart } from '../tenancies/tenancies.access.js'
import { greenOperationsPath } from './green-operations.shared.js'

/*
 * Who reads and writes a tenancy's green operation records and their documents (the
 * sustainability initiatives tab), in one place. A record is its tenancy's:
 * - read: whoever holds a `green-operations` read rule covering it (staff: any; a tenant: own,
 *   its own tenancy) and reads its tenancy through the tenancies service; a tenancy or record the
 *   caller does not read is 404, as if it did not exist;
 * - write (records and documents): staff holding the `green-operations` action (create, update,
 *   delete; a document is an update of its record); a tenant holding `green-operations` update
 *   (the master account, a sub-account with TenancyRecord) updates its own tenancy's records,
 *   only the fields its rule names (`tenantGreenFields`: 403 FIELD_FORBIDDEN for another), and
 *   their documents; tenants never create or remove records (403);
 * - vendors: never (403);
 * - live events: the connections whose `green-operations` read rule covers the record (readersOf:
 *   a tenant hears its own tenancy's, never another's) and, for staff, who read its tenancy
 *   (`tenancyReadersOnly`: staff in charge hear of theirs only); documents: none (the tab reloads).
 */

/** 403 unless an external caller may take the action on green operation records at all (tenants read and update, staff all). */
export function assertMayGreen(params: Params, action: string) {
  if (!params.provider) return
  const user = params.user
  const portal = user ? portalOf(user.userType) : null
  const tenantMay = action === 'read' || action === 'update'
  if (!user || portal === 'vendors' || (portal !== 'staff' && !tenantMay) || !(params as any).ability?.can(action, 'green-operations')) throw appError(403, 'FORBIDDEN')
}

/**
 * 403 unless the external caller may update this record (its rule's conditions: a tenant's own
 * tenancy) and write each of `fields` on it (a tenant: `tenantGreenFields`, 403 FIELD_FORBIDDEN
 * naming the first other). Asked after `assertReadsGreen`: a record the caller does not read is 404 first.
 */
export function assertUpdatesGreen(params: Params, record: Record<string, unknown>, fields: readonly string[] = []) {
  if (!params.provider) return
  const ability = (params as any).ability
  const asRecord = subject('green-operations', { ...record })
  if (!ability?.can('update', asRecord)) throw appError(403, 'FORBIDDEN')
  const field = fields.find((name) => !ability.can('update', asRecord, name))
  if (field) throw appError(403, 'FIELD_FORBIDDEN', { field })
}

/** 404 unless the external caller reads this record (its tenancy, and the record by their rule). */
export async function assertReadsGreen(app: Application, params: Params, record: { tenancyId: number } & Record<string, unknown>) {
  if (!params.provider) return
  await readableTenancy(app, record.tenancyId, params)
  if (!(params as any).ability?.can('read', subject('green-operations', { ...record }))) throw appError(404, 'NOT_FOUND')
}

/** Before every external call of green-operations: the method's action (find/get read, create, patch update, remove delete). */
export const authorizeGreen = async (context: HookContext) => {
  const action = { find: 'read', get: 'read', create: 'create', patch: 'update', remove: 'delete' }[context.method] ?? context.method
  assertMayGreen(context.params, action)
  return context
}

/** Live events of a record: the connections whose read rule covers it (a tenant its own tenancy's), staff only while they read its tenancy. */
const greenEventReaders = (app: Application, data: any, context: HookContext): Promise<Channel[]> => tenancyReadersOnly(app, data, readersOf(app, data, context))

const portalOfCaller = (caller: Params) => (caller.user ? portalOf(caller.user.userType) : null)

/**
 * The green operation records' access contract (kit/access.ts): read by a `green-operations` read
 * rule covering the record (a tenant's own tenancy) from whoever opens its tenancy (the copy of the
 * tenancy's manager and company on the row, `opensTenancyOfPart`), listed per tenancy; written by
 * staff's rule, and updated by a tenant's rule on its own tenancy's (tenants never create or remove).
 */
export const greenOperationsAccess = defineAccess<TenancyPart & Record<string, unknown>>({
  subject: greenOperationsPath,
  listedBy: 'tenancyId',
  read: (record, caller) =>
    !caller.provider || (['staff', 'tenants'].includes(portalOfCaller(caller) ?? '') && caslAllows(caller, 'read', greenOperationsPath, record) && opensTenancyOfPart(record, caller)),
  act(record, action, caller) {
    if (!caller.provider) return true
    const portal = portalOfCaller(caller)
    const allowed = portal === 'staff' || (portal === 'tenants' && action === 'update')
    return allowed && caslAllows(caller, action, greenOperationsPath, record)
  },
  readers: greenEventReaders
})
