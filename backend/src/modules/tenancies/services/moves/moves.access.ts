import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { readersOf } from '../../../../kit/channels.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { opensTenancyOfPart, type TenancyPart } from '../tenancies/tenancies.access.js'
import { movesPath } from './moves.shared.js'

/*
 * Who reads and writes a tenancy's move-in/out records, in one place. A move is its tenancy's:
 * - staff holding a `moves` rule (spec §6 "move-in/out: read, create/update") for the action,
 *   who also read its tenancy through the tenancies service (their `tenancies` rules, own = in
 *   their charge): a tenancy they do not read is 404, as if it did not exist;
 * - tenants and vendors: never (403; the spec gives tenants no move-in/out right);
 * - fields: the whole record to whoever reads it;
 * - live events: staff connections whose `moves` read rule covers the record and who read its
 *   tenancy (`tenancyReadersOnly`: staff in charge hear of theirs only), nobody else.
 */

/** 403 unless an external caller is staff holding the `moves` action at all. */
export function assertStaffMay(params: Params, action: string) {
  if (!params.provider) return
  const user = params.user
  if (!user || portalOf(user.userType) !== 'staff' || !(params as any).ability?.can(action, 'moves')) throw appError(403, 'FORBIDDEN')
}

/** 403 unless the external caller may take `action` on this move (its CASL rule on the record). */
export function assertMayOnMove(params: Params, action: string, move: Record<string, unknown>) {
  if (!params.provider) return
  if (!(params as any).ability?.can(action, subject('moves', { ...move }))) throw appError(403, 'FORBIDDEN')
}

/** The tenancy as the caller reads it (404 when they do not, whatever the reason): internal calls read any of the region. */
export async function readableTenancy(app: Application, tenancyId: number, params: Params): Promise<any> {
  try {
    return await app.service('tenancies').get(tenancyId, { ...callerParams(params), query: {} } as any)
  } catch (error: any) {
    if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
    throw error
  }
}

/** Before every external call: staff with the method's `moves` action (find/get read, patch update, remove delete, reopen update). */
export const authorizeMoves = async (context: HookContext) => {
  const action = { find: 'read', get: 'read', create: 'create', patch: 'update', remove: 'delete', reopen: 'update' }[context.method] ?? context.method
  assertStaffMay(context.params, action)
  return context
}

/** Live events of a move: staff whose `moves` read rule covers it and who read its tenancy; never a tenant or vendor. */
function moveEventReaders(app: Application, data: any, context: HookContext): Promise<Channel[]> {
  const staff = readersOf(app, data, context).map((channel) => channel.filter((connection: any) => portalOf(app.get('principals').peek(connection.userId)?.user.userType ?? 0) === 'staff'))
  return tenancyReadersOnly(app, data, staff)
}

/**
 * Of the readers of a tenancy's part (its own rule said yes; the grants are `any`, since the part
 * holds no `managedBy`), the staff connections that also read its tenancy by their `tenancies`
 * rule: staff in charge of some tenancies hear of those only. Tenant connections stay as their
 * own rule (their tenancy) let them.
 */
export async function tenancyReadersOnly(app: Application, data: any, readers: Channel[]): Promise<Channel[]> {
  const tenancy = data?.tenancyId ? await app.get('knex')('tenancies').where({ id: data.tenancyId }).first() : undefined
  if (!tenancy) return []
  return readers.map((channel) =>
    channel.filter((connection: any) => {
      const principal = app.get('principals').peek(connection.userId)
      if (!principal || portalOf(principal.user.userType) !== 'staff') return true
      return Boolean(principal.forRegion(connection.regionCode)?.ability?.can('read', subject('tenancies', { ...tenancy })))
    })
  )
}

const isStaff = (caller: Params) => Boolean(caller.user && portalOf(caller.user.userType) === 'staff')

/**
 * The moves' access contract (kit/access.ts): staff with the `moves` rule who open its tenancy
 * (the copy of the tenancy's manager on the row, `opensTenancyOfPart`), listed per tenancy; writes
 * by the `moves` rule of staff, who read the move first.
 */
export const movesAccess = defineAccess<TenancyPart & Record<string, unknown>>({
  subject: movesPath,
  listedBy: 'tenancyId',
  read: (move, caller) => !caller.provider || (isStaff(caller) && caslAllows(caller, 'read', movesPath, move) && opensTenancyOfPart(move, caller)),
  act: (move, action, caller) => !caller.provider || (isStaff(caller) && caslAllows(caller, action, movesPath, move)),
  readers: moveEventReaders
})
