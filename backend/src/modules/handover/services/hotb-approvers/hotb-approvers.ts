import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { idFilter } from '../../../../kit/query.js'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { hotbApproversMethods, hotbApproversPath, type HotbApproverRole } from './hotb-approvers.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbApproversPath]: HotbApproverService
  }
}

export interface HotbApprover {
  id: number
  username: string
  displayName: string
}

const grantOf: Record<HotbApproverRole, string> = { approver: 'approve', pic: 'update' }

/**
 * The enabled staff of the region whose groups there grant `hotb:<action>` (approve: who a record
 * may be submitted to; update: who may be its person in charge), the one asked about first
 * (`ids`) or all, by name. The submit and changePic actions accept only these.
 */
export async function hotbStaffWith(db: Knex, region: string, role: HotbApproverRole, ids?: number[]): Promise<HotbApprover[]> {
  return db('users')
    .join('user_groups', 'user_groups.user_id', 'users.id')
    .join('security_groups', 'security_groups.id', 'user_groups.group_id')
    .where('user_groups.region', region)
    .where('users.enabled', true)
    .whereNull('users.locked_at')
    .whereBetween('users.user_type', [500, 599])
    .whereRaw('security_groups.permissions @> ?::jsonb', [JSON.stringify([{ resource: 'hotb', action: grantOf[role] }])])
    .modify((query) => {
      if (ids) query.whereIn('users.id', ids)
    })
    .distinct('users.id', 'users.username', 'users.displayName')
    .orderBy('users.displayName')
}

/**
 * Who a handover/takeback can be submitted to (`?role=approver`, the default) or handed to as
 * person in charge (`?role=pic`): a member of staff who may create or update records needs no
 * right to read user accounts for it.
 */
export class HotbApproverService {
  constructor(private app: Application) {}

  async find(params: Params): Promise<{ total: number; limit: number; skip: number; data: HotbApprover[] }> {
    if (params.provider && !params.ability?.can('create', 'hotb') && !params.ability?.can('update', 'hotb') && !params.ability?.can('changePic', 'hotb')) {
      throw appError(403, 'FORBIDDEN')
    }
    const role: HotbApproverRole = params.query?.role === 'pic' ? 'pic' : 'approver'
    const data = await hotbStaffWith(this.app.get('knex'), params.region ?? '', role, idFilter(params.query?.id))
    return { total: data.length, limit: data.length, skip: 0, data }
  }
}

export const hotbApprovers = (app: Application) => {
  app.use(hotbApproversPath, new HotbApproverService(app), { methods: [...hotbApproversMethods], events: [], feature: 'TENANT_PROJECTS', audit: false } as any)
}
