import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { readersOf } from '../../../../channels.js'
import { readableTenancy } from '../moves/moves.access.js'

/*
 * Who reads and writes a tenancy's green operation records and their documents (the
 * sustainability initiatives tab), in one place. A record is its tenancy's:
 * - read: whoever holds a `green-operations` read rule covering it (staff: any; a tenant: own,
 *   its own tenancy) and reads its tenancy through the tenancies service; a tenancy or record the
 *   caller does not read is 404, as if it did not exist;
 * - write (records and documents): staff holding the `green-operations` action (create, update,
 *   delete; a document is an update of its record); tenants and vendors: 403;
 * - vendors: never (403);
 * - live events: the connections whose `green-operations` read rule covers the record (readersOf:
 *   a tenant hears its own tenancy's, never another's); documents: none (the tab reloads).
 */

/** 403 unless an external caller may take the action on green operation records at all (writes: staff only). */
export function assertMayGreen(params: Params, action: string) {
  if (!params.provider) return
  const user = params.user
  const portal = user ? portalOf(user.userType) : null
  if (!user || portal === 'vendors' || (action !== 'read' && portal !== 'staff') || !(params as any).ability?.can(action, 'green-operations')) throw appError(403, 'FORBIDDEN')
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

/** Live events of a record: the connections whose read rule covers it (staff any, a tenant its own tenancy's). */
export const greenEventReaders = (app: Application, data: any, context: HookContext): Channel[] => readersOf(app, data, context)
