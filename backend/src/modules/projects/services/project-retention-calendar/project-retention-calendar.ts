import { Type, getValidator } from '@feathersjs/typebox'
import type { Paginated, Params } from '@feathersjs/feathers'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { retentionCalendar, retentionDueDays } from '../../claims/claim-rules.shared.js'
import { narrowProjects } from '../projects/projects.access.js'
import { heldRetentionCents } from './retention-held.js'
import { scheduleRetentionReminders } from './retention-reminders.js'
import { projectRetentionCalendarMethods, projectRetentionCalendarPath, type RetentionCalendarQuery, type RetentionCalendarRow } from './project-retention-calendar.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectRetentionCalendarPath]: ProjectRetentionCalendarService
  }
}

const month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })
const retentionCalendarQuery = Type.Object(
  {
    from: Type.Optional(month),
    to: Type.Optional(month),
    vendorId: Type.Optional(Type.Integer({ minimum: 1 })),
    region: Type.Optional(Type.String()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(
      Type.Object(
        {
          month: Type.Optional(Type.Integer({ minimum: -1, maximum: 1 })),
          vendorName: Type.Optional(Type.Integer({ minimum: -1, maximum: 1 })),
          heldCents: Type.Optional(Type.Integer({ minimum: -1, maximum: 1 }))
        },
        { additionalProperties: false }
      )
    )
  },
  { $id: 'ProjectRetentionCalendarQuery', additionalProperties: false }
)
const retentionCalendarQueryValidator = getValidator(retentionCalendarQuery, queryValidator)

/** The project states whose retention can still fall due: active, or completed and not yet released. */
const holdingStates = ['ACTIVE', 'COMPLETED']

/**
 * `GET project-retention-calendar` (issue 12 item 7): retention held falling due by month (of the
 * day after the defects liability date) and vendor, for the projects the caller reads by the
 * projects' own rules (narrowProjects: staff by their projects rule and location, a vendor its
 * company's), in the caller's region. 403 for a caller without a projects read rule.
 */
export class ProjectRetentionCalendarService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<Paginated<RetentionCalendarRow>> {
    if (params.provider && !params.ability?.can('read', 'projects')) throw appError(403, 'FORBIDDEN')
    const {
      from,
      to,
      vendorId,
      $limit = 50,
      $skip = 0,
      $sort = { month: 1 }
    } = (params.query ?? {}) as RetentionCalendarQuery & {
      $limit?: number
      $skip?: number
      $sort?: Partial<Record<'month' | 'vendorName' | 'heldCents', number>>
    }
    const db = this.app.get('knex')
    const projects: Array<{ id: string; number: string; companyId: number; dlpDay: string; currency: string }> = await narrowProjects(db('projects'), params, db)
      .modify((q) => {
        if (params.region) q.where('projects.region', params.region)
        if (vendorId) q.where('projects.companyId', vendorId)
      })
      .whereIn('projects.status', holdingStates)
      .whereNotNull('projects.dlpDate')
      .select('projects.id', 'projects.number', 'projects.companyId', 'projects.currency', db.raw(`to_char(projects.dlp_date, 'YYYY-MM-DD') AS dlp_day`))
    const held = await heldRetentionCents(
      db,
      projects.map((project) => project.id)
    )
    const byId = new Map(projects.map((project) => [project.id, project]))
    const rows = retentionCalendar(projects.map((project) => ({ projectId: project.id, vendorId: project.companyId, dlpDate: project.dlpDay, heldCents: held.get(project.id) ?? 0 }))).filter(
      (row) => (!from || row.month >= from) && (!to || row.month <= to)
    )
    const vendorIds = [...new Set(rows.map((row) => Number(row.vendorId)))]
    const names = new Map<number, string>(vendorIds.length ? (await db('companies').whereIn('id', vendorIds).select('id', 'name')).map((row: any) => [row.id, row.name]) : [])
    const all: RetentionCalendarRow[] = rows.map((row) => {
      const dueProjects = row.projectIds.map((id) => {
        const project = byId.get(String(id))!
        return { id: project.id, number: project.number, dlpDate: project.dlpDay, dueDay: retentionDueDays(project.dlpDay).dueDay, heldCents: held.get(project.id) ?? 0, currency: project.currency }
      })
      return {
        month: row.month,
        vendorId: Number(row.vendorId),
        vendorName: names.get(Number(row.vendorId)) ?? '',
        currency: dueProjects[0]?.currency ?? '',
        heldCents: row.heldCents,
        projects: dueProjects.sort((a, b) => a.dueDay.localeCompare(b.dueDay) || a.number.localeCompare(b.number))
      }
    })
    // Sorted by the fields asked, then month and vendor, so a page is stable.
    const order = [...Object.entries($sort), ['month', 1], ['vendorName', 1]] as Array<[keyof RetentionCalendarRow, number]>
    all.sort((a, b) => {
      for (const [field, direction] of order) {
        const left = a[field] as string | number
        const right = b[field] as string | number
        const compared = typeof left === 'number' ? left - (right as number) : String(left).localeCompare(String(right))
        if (compared) return compared * (direction < 0 ? -1 : 1)
      }
      return a.vendorId - b.vendorId
    })
    return { total: all.length, limit: $limit, skip: $skip, data: all.slice($skip, $skip + $limit) }
  }
}

export const projectRetentionCalendar = (app: Application) => {
  app.use(projectRetentionCalendarPath, new ProjectRetentionCalendarService(app), {
    methods: [...projectRetentionCalendarMethods],
    events: [],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    audit: false
  } as any)
  app.service(projectRetentionCalendarPath).hooks({ before: { find: [schemaHooks.validateQuery(retentionCalendarQueryValidator)] } } as any)
  scheduleRetentionReminders(app)
}
