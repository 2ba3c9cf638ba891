import type { Params } from '@feathersjs/feathers'
import { idFilter } from '../../../../kit/query.js'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { hotbTenanciesMethods, hotbTenanciesPath } from './hotb-tenancies.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbTenanciesPath]: HotbTenancyService
  }
}

export interface HotbTenancy {
  id: number
  companyName: string
  tradeName: string | null
  buildingId: number | null
}

/** `%`, `_` and `\` in a searched text are themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

/**
 * The tenancies of the region a handover or takeback can be created for (spec POST /hotb
 * {tenancyId}: any tenancy of the region), by company name: staff who create records need no
 * right to read the tenancy records themselves (their own tenancies only, for most). Only the
 * names and the building, for the picker; the ones asked about first (`id`), or those whose
 * company or trade name holds the text searched (`companyName[$ilike]`), at most 50.
 */
export class HotbTenancyService {
  constructor(private app: Application) {}

  async find(params: Params): Promise<{ total: number; limit: number; skip: number; data: HotbTenancy[] }> {
    if (params.provider && !params.ability?.can('create', 'hotb')) throw appError(403, 'FORBIDDEN')
    const query: Record<string, any> = params.query ?? {}
    const ids = idFilter(query.id)
    const searched = typeof query.companyName?.$ilike === 'string' ? String(query.companyName.$ilike).replace(/^%|%$/g, '') : ''
    const data: HotbTenancy[] = await this.app
      .get('knex')('tenancies')
      .where({ region: params.region ?? '' })
      .modify((builder) => {
        if (ids) builder.whereIn('id', ids)
        if (searched.trim()) {
          const like = `%${escapeLike(searched.replace(/\\([\\%_])/g, '$1').trim())}%`
          builder.where((inner) => inner.whereILike('companyName', like).orWhereILike('tradeName', like))
        }
      })
      .orderBy(['companyName', 'tradeName', 'id'])
      .limit(50)
      .select('id', 'companyName', 'tradeName', 'buildingId')
    return { total: data.length, limit: 50, skip: 0, data }
  }
}

export const hotbTenancies = (app: Application) => {
  app.use(hotbTenanciesPath, new HotbTenancyService(app), { methods: [...hotbTenanciesMethods], events: [], feature: 'TENANT_PROJECTS', audit: false } as any)
}
