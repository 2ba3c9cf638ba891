import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application, HookContext, NextFunction } from '../../../../declarations.js'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import { calendarDay, formatAmount, fromCents, isoDay } from '../../../../format/format.shared.js'
import { logger } from '../../../../logger.js'
import { mailLink } from '../../../../mail/links.js'
import { isRetentionRelease, retentionCalendar, retentionCents, retentionDueDays, type HeldRetention } from '../../claims/claim-rules.shared.js'
import { applicationOf, ledgerStates } from '../../claims/claim-ledger.shared.js'
import { computeApplication } from '../../claims/g702.shared.js'
import { mayReadProjects, narrowProjects } from '../projects/projects.access.js'
import { projectVendorMailboxes } from '../projects/project-mail.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    'project-retention-calendar': { find(params?: Params): Promise<any> }
  }
}
declare module '../../../../jobs/queue.js' {
  interface JobTypes {
    'projects.retention-reminders': Record<string, never>
  }
}

const JOB = 'projects.retention-reminders'
const month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })
const sortable = ['month', 'vendorName', 'heldCents'] as const

const calendarQueryValidator = getValidator(
  Type.Object(
    {
      from: Type.Optional(month),
      to: Type.Optional(month),
      companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
      region: Type.Optional(Type.String()),
      // The screen's paging and sorting (a page of month × vendor rows).
      $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 })),
      $sort: Type.Optional(Type.Object(Object.fromEntries(sortable.map((field) => [field, Type.Optional(Type.Integer({ minimum: -1, maximum: 1 }))])), { additionalProperties: false }))
    },
    { $id: 'ProjectRetentionCalendarQuery', additionalProperties: false }
  ),
  queryValidator
)

/**
 * The retention each project still holds (issue 12 item 7), once any work was claimed and
 * certified, as the claims hold it (issue 27 item 4, one definition): with a schedule of values
 * the G702 ledger's total retainage after its last submitted or accepted claim (5a + 5b − released
 * to date); without one the project's retention (percent × (amount − deduction), spec §4) less
 * what its submitted or accepted release claims draw. Only projects with a defects liability date.
 */
export async function heldRetention(db: Knex, projects: Knex.QueryBuilder): Promise<Array<HeldRetention & { number: string; region: string; managedBy: number | null; currency: string }>> {
  const rows = await projects
    .whereNotNull('projects.dlpDate')
    .whereIn('projects.status', ['ACTIVE', 'COMPLETED'])
    .select(
      'projects.id',
      'projects.region',
      'projects.number',
      'projects.companyId',
      'projects.managedBy',
      'projects.currency',
      'projects.dlpDate',
      'projects.totalAmountCents',
      'projects.deductionCents',
      'projects.retentionPercent'
    )
  if (!rows.length) return []
  const projectIds = rows.map((row: any) => row.id)
  const [claims, schedules] = await Promise.all([
    db('project_submissions')
      .whereIn('projectId', projectIds)
      .whereIn('status', ledgerStates)
      .orderBy('order')
      .select('projectId', 'order', 'status', 'completionType', 'completionAmountCents', 'lines'),
    db('project_schedule_lines').whereIn('projectId', projectIds).orderBy('position').select('projectId', 'item', 'description', 'originalValueCents', 'changeOrders')
  ])
  return rows.flatMap((row: any) => {
    const own = claims.filter((claim: any) => claim.projectId === row.id)
    const certified = own.some((claim: any) => claim.status === 'APPR' && !isRetentionRelease(claim.completionType))
    const retention = retentionCents(Number(row.totalAmountCents), row.retentionPercent, Number(row.deductionCents ?? 0))
    if (!certified || retention === null) return []
    const schedule = schedules.filter((line: any) => line.projectId === row.id)
    let heldCents: number
    if (schedule.length) {
      // The one definition (issue 27 item 4): with a schedule, the G702 ledger's retention after the last application.
      const percent = String(row.retentionPercent)
      heldCents = computeApplication(schedule, own.map(applicationOf), { workPercent: percent, storedPercent: percent }).totalRetainageCents
    } else {
      const released = own.filter((claim: any) => isRetentionRelease(claim.completionType)).reduce((sum: number, claim: any) => sum + Number(claim.completionAmountCents ?? 0), 0)
      heldCents = retention - released
    }
    return [
      {
        projectId: row.id,
        vendorId: row.companyId,
        dlpDate: isoDay(row.dlpDate),
        heldCents,
        number: row.number,
        region: row.region,
        managedBy: row.managedBy,
        currency: row.currency
      }
    ]
  })
}

/**
 * `GET project-retention-calendar` {from?, to?, companyId?} ('yyyy-mm'): the retention falling due
 * (the day after the defects liability date) by month and vendor, over the projects the caller
 * reads (staff by their rules and location, a vendor its own): [{month, vendorId, vendorName,
 * heldCents, projects: [{id, number, dlpDate, dueDay, heldCents}]}].
 */
export class ProjectRetentionCalendarService {
  constructor(private app: Application) {}

  async find(params: Params = {}) {
    const db = this.app.get('knex')
    const query: any = params.query ?? {}
    // Retention is the project's money: not its main contractor's of another company.
    const projects = narrowProjects(db('projects'), params, db, 'accounts').modify((q) => {
      if (params.region) q.where('projects.region', params.region)
      if (query.companyId) q.where('projects.companyId', query.companyId)
    })
    const held = await heldRetention(db, projects)
    const byId = new Map(held.map((entry) => [String(entry.projectId), entry]))
    const rows = retentionCalendar(held).filter((row) => (!query.from || row.month >= query.from) && (!query.to || row.month <= query.to))
    const names = new Map<number, string>(
      (
        await db('companies')
          .whereIn('id', [...new Set(rows.map((row) => Number(row.vendorId)))])
          .select('id', 'name')
      ).map((company: any) => [company.id, company.name])
    )
    const data = rows.map((row) => ({
      ...row,
      vendorName: names.get(Number(row.vendorId)) ?? '',
      // The region's projects share its currency: the row's total is in it.
      currency: byId.get(String(row.projectIds[0]))?.currency ?? '',
      projects: row.projectIds
        .map((id) => {
          const entry = byId.get(String(id))!
          return { id, number: entry.number, currency: entry.currency, dlpDate: entry.dlpDate, dueDay: retentionDueDays(entry.dlpDate).dueDay, heldCents: entry.heldCents }
        })
        .sort((a, b) => a.dueDay.localeCompare(b.dueDay) || a.number.localeCompare(b.number))
    }))
    // Sorted as asked, then by month and vendor, so that a page is stable; paged when asked.
    const order: Array<[string, number]> = [...Object.entries((query.$sort ?? {}) as Record<string, number>), ['month', 1], ['vendorName', 1]]
    data.sort((a: any, b: any) => {
      for (const [field, direction] of order) {
        const compared = typeof a[field] === 'number' ? a[field] - b[field] : String(a[field]).localeCompare(String(b[field]))
        if (compared) return direction < 0 ? -compared : compared
      }
      return Number(a.vendorId) - Number(b.vendorId)
    })
    const skip = query.$skip ?? 0
    const limit = query.$limit ?? data.length
    return { total: data.length, limit, skip, data: data.slice(skip, skip + limit) }
  }
}

/**
 * The daily job (issue 12 item 7): 30 days before retention falls due, the project's person in
 * charge and the vendor's accounts are reminded, each in their language, once per project and
 * defects liability date. Answers how many projects were reminded.
 */
export async function remindRetentionDue(app: Application, now: Date = new Date()): Promise<number> {
  const db = app.get('knex')
  const mailer = app.get('mailer')
  const held = await heldRetention(db, db('projects'))
  let reminded = 0
  for (const entry of held) {
    if (entry.heldCents <= 0) continue
    const zone = (await app.get('regionCache').get(entry.region))?.timeZone ?? 'UTC'
    const today = calendarDay(now, zone)
    const { dueDay, reminderDay } = retentionDueDays(entry.dlpDate)
    if (today < reminderDay || today >= dueDay) continue
    const [marked] = await db('project_retention_reminders').insert({ projectId: entry.projectId, dlpDate: entry.dlpDate }).onConflict(['projectId', 'dlpDate']).ignore().returning('id')
    if (!marked) continue
    const data = { number: entry.number, dueDay, amount: `${entry.currency} ${formatAmount(fromCents(entry.heldCents))}` }
    const staff = entry.managedBy ? await db('users').where({ id: entry.managedBy, enabled: true }).whereNotNull('email').pluck('email') : []
    if (staff.length) await mailer.enqueue({ template: 'project.retention-due', to: staff, region: entry.region, data: { ...data, link: mailLink(app, undefined, `/projects/${entry.projectId}`) } })
    const vendor = await projectVendorMailboxes(db, entry.region, Number(entry.vendorId))
    if (vendor.length)
      await mailer.enqueue({ template: 'project.retention-due', to: vendor, region: entry.region, data: { ...data, link: mailLink(app, undefined, `/vendors/projects/${entry.projectId}`) } })
    reminded++
  }
  return reminded
}

export const projectRetentionCalendar = (app: Application) => {
  app.use('project-retention-calendar', new ProjectRetentionCalendarService(app), { methods: ['find'], regional: true, feature: 'HONGKONG_LAND_PROJECTS' } as any)
  app.service('project-retention-calendar').hooks({ before: { find: [schemaHooks.validateQuery(calendarQueryValidator), mayReadProjects] } } as any)
  const queue = app.get('queue')
  if (!queue) return
  void queue.work(JOB, async () => {
    const reminded = await remindRetentionDue(app)
    if (reminded) logger.info(`${JOB}: reminded ${reminded} projects of retention falling due`)
  })
  app.hooks({
    setup: [
      async (_context: HookContext, next: NextFunction) => {
        await next()
        // The queue starts after every setup step (jobs/queue.ts); starting it here is the same start, a little earlier.
        await queue.start()
        await queue.schedule(JOB, '30 1 * * *', {})
      }
    ]
  } as any)
}
