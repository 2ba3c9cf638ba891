import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import { Type, getValidator } from '@feathersjs/typebox'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { queryValidator, schemaHooks } from '../../../../validators.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { narrowTenancies } from '../tenancies/tenancies.access.js'
import { floorInformationProblem, premisesHoldOn } from '../tenancies/tenancies.shared.js'

export const tenancyOccupancyPath = 'tenancies/occupancy'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenancyOccupancyPath]: TenancyOccupancyService
  }
}

export interface Occupant {
  tenancyId: number
  companyId: number
  companyName: string
  tradeName: string | null
  type: string
  status: string
  premisesId: number
  floor: string
  zone: string | null
  effectiveDate: string
  endDate: string | null
}

/**
 * Who occupies a building's floor (and zone) on a day (spec §9: the whole end day counts): the
 * premises lines in force then, with their tenancies. Internal: no access check, for the modules
 * that ask it (projects, handovers, permits, directories) inside their own rules.
 */
export function occupantsQuery(db: Knex, where: { region: string; buildingId: number | Knex.QueryBuilder; floor: string; zone?: string | null; day: string }): Knex.QueryBuilder {
  return db('tenancy_premises as p')
    .join('tenancies', 'tenancies.id', 'p.tenancyId')
    .where({ 'tenancies.region': where.region, 'p.floor': where.floor })
    .where('tenancies.buildingId', where.buildingId)
    .modify((query) => {
      if (where.zone) query.where('p.zone', where.zone)
    })
    .where('p.effectiveDate', '<=', where.day)
    .where((end) => end.whereNull('p.endDate').orWhere('p.endDate', '>=', where.day))
    .orderBy([{ column: 'tenancies.companyName' }, { column: 'p.id' }])
    .select(
      'tenancies.id as tenancyId',
      'tenancies.companyId',
      'tenancies.companyName',
      'tenancies.tradeName',
      'tenancies.type',
      'tenancies.status',
      'p.id as premisesId',
      'p.floor',
      'p.zone',
      'p.effectiveDate',
      'p.endDate'
    )
}

const toOccupant = (row: any): Occupant => ({ ...row, effectiveDate: isoDay(row.effectiveDate), endDate: row.endDate ? isoDay(row.endDate) : null })

export async function occupantsOn(db: Knex, where: { region: string; buildingId: number; floor: string; zone?: string | null; day: string }): Promise<Occupant[]> {
  return (await occupantsQuery(db, where)).map(toOccupant)
}

/**
 * Spec §5/§8: a tenant project cannot be created when the tenancy's floor information is missing
 * or expired on the day (MISSING, EXPIRED), else null. For the tenant projects module.
 */
export async function tenancyFloorProblem(db: Knex, tenancyId: number, day: string): Promise<'MISSING' | 'EXPIRED' | null> {
  const lines = await db('tenancy_premises').where({ tenancyId }).select('effectiveDate', 'endDate')
  return floorInformationProblem(
    lines.map((line: any) => ({ effectiveDate: isoDay(line.effectiveDate), endDate: line.endDate ? isoDay(line.endDate) : null })),
    day
  )
}

/** The floors a tenancy's premises hold on `day` (a tenant project's floors, spec tenant projects §3), in the order entered. */
export async function floorsHeldOn(db: Knex, tenancyId: number, day: string): Promise<string[]> {
  const lines = await db('tenancy_premises').where({ tenancyId }).orderBy('id').select('floor', 'effectiveDate', 'endDate')
  const held = lines.filter((line: any) => premisesHoldOn({ effectiveDate: isoDay(line.effectiveDate), endDate: line.endDate ? isoDay(line.endDate) : null }, day))
  return [...new Set(held.map((line: any) => String(line.floor)))]
}

const occupancyQuery = Type.Object(
  {
    building: Type.String({ minLength: 1, maxLength: 32 }),
    floor: Type.String({ minLength: 1, maxLength: 32 }),
    zone: Type.Optional(Type.String({ maxLength: 64 })),
    at: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' }))
  },
  { additionalProperties: false }
)

/**
 * `GET tenancies/occupancy?building=&floor=&zone=&at=`: the occupants, for whoever reads tenancy
 * records (403 otherwise), each caller only the tenancies they read. `building` is the code or id;
 * `at` a day ('yyyy-mm-dd') or an instant, read on the region's clock; default today there.
 */
export class TenancyOccupancyService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<{ day: string; occupants: Occupant[] }> {
    const { building, floor, zone, at } = (params.query ?? {}) as Record<string, string>
    if (params.provider && !params.ability?.can('read', 'tenancies')) throw appError(403, 'FORBIDDEN')
    const region = params.region ?? 'GLOBAL'
    const db = this.app.get('knex')
    // The building by code or id, read inside the occupants' query; looked for alone only when
    // nobody occupies the floor, to tell "no such building" (400) from "nobody there".
    const buildingOf = db('buildings')
      .where({ region })
      .where((match) => {
        match.where('code', building)
        if (/^\d+$/.test(building)) match.orWhere('id', Number(building))
      })
      .first('id')
    const zoneOf = ((await (this.app.get('regionCache' as any) as any)?.get(region)) ?? {}).timeZone
    const day = !at ? calendarDay(new Date(), zoneOf) : /^\d{4}-\d{2}-\d{2}$/.test(at) ? at : calendarDay(new Date(at), zoneOf)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(new Date(day).getTime())) throw appError(400, 'VALIDATION_FAILED', { details: 'at' })
    const query = occupantsQuery(db, { region, buildingId: buildingOf.clone(), floor, zone, day })
    narrowTenancies(query, params)
    // Staff read through their rule: own = in their charge.
    const user = params.user
    if (params.provider && user && user.userType >= 500 && user.userType < 600) {
      const readsAny = (params.ability?.rules ?? []).some((rule: any) => rule.subject === 'tenancies' && [rule.action].flat().includes('read') && !rule.conditions && !rule.inverted)
      if (!readsAny) query.where('tenancies.managedBy', user.id)
    }
    const occupants = (await query).map(toOccupant)
    if (!occupants.length && !(await buildingOf)) throw appError(400, 'VALIDATION_FAILED', { details: 'building' })
    return { day, occupants }
  }
}

export const tenancyOccupancy = (app: Application) => {
  app.use(tenancyOccupancyPath, new TenancyOccupancyService(app), { methods: ['find'], regional: false, feature: 'TENANCY_RECORDS' } as any)
  app.service(tenancyOccupancyPath).hooks({ before: { find: [schemaHooks.validateQuery(getValidator(occupancyQuery, queryValidator))] } } as any)
}
