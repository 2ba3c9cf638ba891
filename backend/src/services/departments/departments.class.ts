import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { assertNotReferenced, ReferenceDataService, trimmed, trimmedOrNull, type ReferenceParams } from '../buildings/reference-data.js'
import type { Department, DepartmentCategory } from './departments.schema.js'

/** Amounts keep two decimals (spec, section 5): 0.1 + 0.2 style noise is not a third one. */
const hasTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6

/** Categories keep their ids; new ones get the next free id; ids and short names are unique. */
function numberCategories(categories: Array<Partial<DepartmentCategory>>): DepartmentCategory[] {
  let next = Math.max(0, ...categories.map((category) => category.id ?? 0)) + 1
  const ids = new Set<number>()
  const shortnames = new Set<string>()
  return categories.map((category) => {
    const id = category.id ?? next++
    const shortname = String(category.shortname).trim()
    if (ids.has(id)) throw appError(400, 'VALIDATION_FAILED', { details: `categories: id ${id} appears twice` })
    if (shortnames.has(shortname.toLowerCase())) throw appError(400, 'VALIDATION_FAILED', { details: `categories: ${shortname} appears twice` })
    ids.add(id)
    shortnames.add(shortname.toLowerCase())
    return { ...category, id, shortname, name: String(category.name).trim() } as DepartmentCategory
  })
}

/**
 * Departments of a region: name unique in the region, the ITQ threshold, tender categories, and
 * the sites, buildings and users they look after.
 */
export class DepartmentService extends ReferenceDataService<Department> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  protected async prepare(data: any, current: Department | null, region: string, params: ReferenceParams) {
    const stored: Record<string, unknown> = {}
    if (data.name !== undefined) stored.name = trimmed(data.name)
    if (data.shortName !== undefined) stored.shortName = trimmed(data.shortName)
    if (data.description !== undefined) stored.description = trimmedOrNull(data.description)
    if (data.itqThreshold !== undefined) {
      if (!hasTwoDecimals(data.itqThreshold)) throw appError(400, 'VALIDATION_FAILED', { details: 'itqThreshold: at most 2 decimals' })
      stored.itqThreshold = data.itqThreshold
    }
    if (data.categories !== undefined) stored.categories = JSON.stringify(numberCategories(data.categories))
    for (const field of ['siteIds', 'buildingIds', 'userIds'] as const) if (data[field] !== undefined) stored[field] = data[field]

    await this.assertExist('sites', data.siteIds, region, 'siteIds', params)
    await this.assertExist('buildings', data.buildingIds, region, 'buildingIds', params)
    await this.assertUsersOfRegion(data.userIds, region, params)
    return stored
  }

  private async assertUsersOfRegion(userIds: number[] | undefined, region: string, params: ReferenceParams) {
    if (!userIds?.length) return
    const found = await this.conn(params)('users').whereIn('id', userIds).whereRaw('? = ANY(regions)', [region]).pluck('id')
    const missing = userIds.filter((id) => !found.includes(id))
    if (missing.length) throw appError(400, 'VALIDATION_FAILED', { details: `userIds: ${missing.join(', ')}` })
  }

  protected async assertRemovable(current: Department, params: ReferenceParams) {
    await assertNotReferenced([{ by: 'locations', query: this.conn(params)('locations').where({ departmentId: current.id }) }])
  }
}
