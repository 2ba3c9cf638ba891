import type { Params } from '@feathersjs/feathers'
import { idFilter } from '../../../../kit/query.js'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { tenderApproversPath } from './tender-approvers.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderApproversPath]: TenderApproverService
  }
}

export interface TenderApprover {
  id: number
  username: string
  displayName: string
}

/**
 * Who a tender can be submitted to: the enabled staff of the region whose groups there grant
 * `tenders:approve`, the caller excepted. A manager needs no right to read user accounts for it.
 * With `?role=manager`: who a tender can be handed to as person in charge (changeManager), the
 * staff whose groups grant `tenders:update`.
 */
export class TenderApproverService {
  constructor(private app: Application) {}

  async find(params: Params): Promise<{ total: number; limit: number; skip: number; data: TenderApprover[] }> {
    if (params.provider && !params.ability?.can('submit', 'tenders') && !params.ability?.can('update', 'tenders')) throw appError(403, 'FORBIDDEN')
    const db = this.app.get('knex')
    const action = params.query?.role === 'manager' ? 'update' : 'approve'
    const data: TenderApprover[] = await db('users')
      .join('user_groups', 'user_groups.user_id', 'users.id')
      .join('security_groups', 'security_groups.id', 'user_groups.group_id')
      .where('user_groups.region', params.region)
      .where('users.enabled', true)
      .whereNull('users.locked_at')
      .whereBetween('users.user_type', [500, 599])
      .whereRaw(`security_groups.permissions @> ?::jsonb`, [JSON.stringify([{ resource: 'tenders', action }])])
      .whereNot('users.id', params.user?.id ?? 0)
      .modify((query) => {
        const ids = idFilter(params.query?.id)
        if (ids) query.whereIn('users.id', ids)
      })
      .distinct('users.id', 'users.username', 'users.displayName')
      .orderBy('users.displayName')
    return { total: data.length, limit: data.length, skip: 0, data }
  }
}

export const tenderApprovers = (app: Application) => {
  app.use(tenderApproversPath, new TenderApproverService(app), { methods: ['find'], events: [], feature: 'TENDERS', audit: false } as any)
}
