import type { Params } from '@feathersjs/feathers'
import { idFilter } from '../../../../kit/query.js'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { userTypes } from '../../../../abilities/permissions.shared.js'
import { tenderReviewersPath } from './tender-reviewers.shared.js'
import { mayChooseRepresentatives } from '../tenders/tenders.access.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderReviewersPath]: TenderReviewerService
  }
}

export interface TenderReviewer {
  id: number
  username: string
  displayName: string
  userType: number
}

/**
 * Who may be listed as a tender representative (spec §6): the enabled users of the region, staff
 * or vendor TenderAccount (461), whose groups there grant `tenders:review`. The same rule is
 * checked again when the list is saved (tender-representatives.ts). Those who run tenders use it
 * without any right to read user accounts.
 */
export class TenderReviewerService {
  constructor(private app: Application) {}

  async find(params: Params): Promise<{ total: number; limit: number; skip: number; data: TenderReviewer[] }> {
    if (!mayChooseRepresentatives(params)) throw appError(403, 'FORBIDDEN')
    const data: TenderReviewer[] = await this.app
      .get('knex')('users')
      .join('user_groups', 'user_groups.user_id', 'users.id')
      .join('security_groups', 'security_groups.id', 'user_groups.group_id')
      .where('user_groups.region', params.region)
      .where('users.enabled', true)
      .whereNull('users.locked_at')
      .where((inner) => inner.whereBetween('users.user_type', [500, 599]).orWhere('users.user_type', userTypes.vendors.TenderAccount))
      .whereRaw(`security_groups.permissions @> '[{"resource": "tenders", "action": "review"}]'::jsonb`)
      .modify((query) => {
        const ids = idFilter(params.query?.id)
        if (ids) query.whereIn('users.id', ids)
      })
      .distinct('users.id', 'users.username', 'users.displayName', 'users.userType')
      .orderBy('users.displayName')
    return { total: data.length, limit: data.length, skip: 0, data }
  }
}

export const tenderReviewers = (app: Application) => {
  app.use(tenderReviewersPath, new TenderReviewerService(app), { methods: ['find'], events: [], feature: 'TENDERS', audit: false } as any)
}
