import type { Application } from '../../declarations.js'
import { ReferenceDataService, trimmed, trimmedOrNull, type ReferenceParams } from '../buildings/reference-data.js'
import type { Location } from './locations.schema.js'

/** Locations of a region: a code unique in the region, in a building, kept by a department. */
export class LocationService extends ReferenceDataService<Location> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  protected async prepare(data: any, current: Location | null, region: string, params: ReferenceParams) {
    const stored: Record<string, unknown> = {}
    if (data.code !== undefined) stored.code = trimmed(data.code)
    if (data.name !== undefined) stored.name = trimmedOrNull(data.name)
    if (data.departmentId !== undefined) stored.departmentId = data.departmentId
    if (data.buildingId !== undefined) stored.buildingId = data.buildingId

    if (stored.departmentId != null) await this.assertExist('departments', [stored.departmentId as number], region, 'departmentId', params)
    if (stored.buildingId != null) await this.assertExist('buildings', [stored.buildingId as number], region, 'buildingId', params)
    return stored
  }
}
