import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { assertNotReferenced, ReferenceDataService, trimmed, type ReferenceParams } from '../buildings/reference-data.js'
import type { Site } from './sites.schema.js'

/**
 * Sites of a region: physical or virtual groups of buildings, name and short name unique in the
 * region. A building belongs to at most one physical site (409 PHYSICAL_SITE_TAKEN).
 */
export class SiteService extends ReferenceDataService<Site> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  /** `buildingId` is not a column: it asks for the sites whose buildings include it. */
  createQuery(params: ReferenceParams = {}) {
    const { buildingId, ...query } = (params.query ?? {}) as Record<string, any>
    const builder = super.createQuery({ ...params, query })
    if (buildingId !== undefined) builder.whereRaw('? = ANY(sites.building_ids)', [Number(buildingId)])
    return builder
  }

  protected async prepare(data: any, current: Site | null, region: string, params: ReferenceParams) {
    const stored: Record<string, unknown> = {}
    for (const field of ['name', 'shortName', 'type'] as const) if (data[field] !== undefined) stored[field] = trimmed(data[field])
    if (data.buildingIds !== undefined) stored.buildingIds = data.buildingIds

    await this.assertExist('buildings', stored.buildingIds as number[] | undefined, region, 'buildingIds', params)

    const type = stored.type ?? current?.type ?? 'PHYSICAL'
    const buildingIds = (stored.buildingIds ?? current?.buildingIds ?? []) as number[]
    if (type === 'PHYSICAL' && buildingIds.length) await this.assertPhysicalSiteFree(buildingIds, region, params, current?.id)
    return stored
  }

  private async assertPhysicalSiteFree(buildingIds: number[], region: string, params: ReferenceParams, exceptId?: number) {
    const db = this.conn(params)
    // Two saves of physical sites in one region wait for each other, so both cannot claim a building.
    if (params.transaction?.trx) await db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`sites.physical.${region}`])
    const query = db('sites')
      .join('buildings', db.raw('buildings.id = ANY(sites.building_ids)'))
      .where({ 'sites.region': region, 'sites.type': 'PHYSICAL' })
      .whereIn('buildings.id', buildingIds)
      .first('buildings.code', 'sites.shortName')
    if (exceptId !== undefined) query.whereNot('sites.id', exceptId)
    const taken = await query
    if (taken) throw appError(409, 'PHYSICAL_SITE_TAKEN', { building: taken.code, site: taken.shortName })
  }

  protected async assertRemovable(current: Site, params: ReferenceParams) {
    const db = this.conn(params)
    await assertNotReferenced([{ by: 'departments', query: db('departments').whereRaw('? = ANY(site_ids)', [current.id]) }])
  }
}
