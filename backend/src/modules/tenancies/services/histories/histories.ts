import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { mayReadTenancyParts } from '../tenancies/tenancies.access.js'

export const tenancyHistoriesPath = 'tenancies/:tenancyId/histories'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenancyHistoriesPath]: TenancyHistoriesService
  }
}

export interface TenancyHistory {
  id: number
  at: string
  username: string | null
  action: string
}

/**
 * `GET tenancies/{id}/histories` (spec §7): who changed the tenancy record and how, newest first,
 * from the audit log. For whoever opens the record (staff by their rules, the tenant master of its
 * tenancy or company: issue 27 item 10): it is read through the tenancies service with the
 * caller's params first (404 otherwise), so its access rules decide.
 */
export class TenancyHistoriesService {
  constructor(private app: Application) {}

  async find(params: Params & { route?: Record<string, string> } = {}): Promise<TenancyHistory[]> {
    const id = String(params.route?.tenancyId ?? '')
    if (!/^\d{1,9}$/.test(id)) throw appError(404, 'NOT_FOUND')
    await this.app.service('tenancies').get(Number(id), { ...callerParams(params), query: {} } as any)
    return this.app.get('knex')('audit_log').where({ resource: 'tenancies', recordId: id, region: params.region }).orderBy('at', 'desc').limit(200).select('id', 'at', 'username', 'action')
  }
}

export const tenancyHistories = (app: Application) => {
  app.use(tenancyHistoriesPath, new TenancyHistoriesService(app), { methods: ['find'], feature: 'TENANCY_RECORDS' } as any)
  app.service(tenancyHistoriesPath).hooks({ before: { find: [mayReadTenancyParts] } } as any)
}
