import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import type { Building } from './buildings.schema.js'
import { assertNotReferenced, ReferenceDataService, trimmed, trimmedOrNull, type ReferenceParams } from './reference-data.js'

const textFields = ['code', 'name'] as const
const optionalTextFields = ['shortName', 'fullName', 'description', 'commonFloor', 'managementOffice', 'hotline'] as const

/** Floor names are the floor index by their order, so each must be told apart from the others. */
function checkFloors(floors: string[]) {
  const seen = new Set<string>()
  for (const floor of floors) {
    const key = floor.toLowerCase()
    if (seen.has(key)) throw appError(400, 'VALIDATION_FAILED', { details: `floors: ${floor} appears twice` })
    seen.add(key)
  }
}

/**
 * Buildings of a region: code unique in the region, an ordered list of floors with the common
 * floor among them; removed only while nothing refers to them.
 */
export class BuildingService extends ReferenceDataService<Building> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  protected async prepare(data: any, current: Building | null, _region: string, _params: ReferenceParams) {
    const stored: Record<string, unknown> = {}
    for (const field of textFields) if (data[field] !== undefined) stored[field] = trimmed(data[field])
    for (const field of optionalTextFields) if (data[field] !== undefined) stored[field] = trimmedOrNull(data[field])
    if (data.floors !== undefined) stored.floors = data.floors.map((floor: string) => floor.trim())
    if (data.zones !== undefined) stored.zones = data.zones.map((zone: string) => zone.trim())

    const floors = (stored.floors ?? current?.floors ?? []) as string[]
    checkFloors(floors)
    const commonFloor = stored.commonFloor !== undefined ? stored.commonFloor : (current?.commonFloor ?? null)
    if (commonFloor != null && !floors.includes(commonFloor as string)) {
      throw appError(400, 'VALIDATION_FAILED', { details: `commonFloor: ${commonFloor} is not one of the floors` })
    }

    if (stored.floors) stored.floors = JSON.stringify(stored.floors)
    if (stored.zones) stored.zones = JSON.stringify(stored.zones)
    return stored
  }

  protected async assertRemovable(current: Building, params: ReferenceParams) {
    const db = this.conn(params)
    await assertNotReferenced([
      { by: 'sites', query: db('sites').whereRaw('? = ANY(building_ids)', [current.id]) },
      { by: 'locations', query: db('locations').where({ buildingId: current.id }) },
      { by: 'departments', query: db('departments').whereRaw('? = ANY(building_ids)', [current.id]) },
      { by: 'tenancies', query: db('tenancies').where({ buildingId: current.id }) }
    ])
  }
}
