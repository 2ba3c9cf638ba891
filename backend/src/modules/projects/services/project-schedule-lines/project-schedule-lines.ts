import { Type, getValidator } from '@feathersjs/typebox'
import type { Application, HookContext } from '../../../../declarations.js'
import { schemaHooks, dataValidator, queryValidator } from '../../../../validators.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { appError } from '../../../../errors.js'
import { formatAmount, fromCents } from '../../../../format/format.shared.js'
import { storedBytes } from '../../../../storage/create-storage.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { subject } from '@casl/ability'
import { itemKey, scheduleProblems, contractSums, type ScheduleLine } from '../../claims/schedule-of-values.shared.js'
import { readScheduleFile } from '../../claims/sov-import.js'
import { mayReadSubmissions, mayWriteSubmissions, submissionEventReaders } from '../project-submissions/project-submissions.access.js'
import { hideProjectReaders, narrowProjects, readsProjectOfPart, type ProjectPart } from '../projects/projects.access.js'
import { defineAccess } from '../../../../kit/access.js'
import { projectScheduleLinesMethods, projectScheduleLinesPath } from './project-schedule-lines.shared.js'
import { withTransaction } from '../../../../db/transaction.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectScheduleLinesPath]: ProjectScheduleLineService
  }
}

const cents = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })
const line = Type.Object(
  {
    item: Type.String({ minLength: 1, maxLength: 64 }),
    description: Type.String({ maxLength: 2000 }),
    originalValueCents: cents,
    changeOrders: Type.Optional(
      Type.Union([Type.Array(Type.Object({ revision: Type.Integer({ minimum: 0, maximum: 100_000 }), amountCents: cents }, { additionalProperties: false }), { maxItems: 100 }), Type.Null()])
    )
  },
  { additionalProperties: false }
)
const dataValidatorOfSchedule = getValidator(
  Type.Object(
    {
      projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
      lines: Type.Optional(Type.Array(line, { maxItems: 5000 })),
      fileId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
      region: Type.Optional(Type.String())
    },
    { $id: 'ProjectScheduleData', additionalProperties: false }
  ),
  dataValidator
)
const queryValidatorOfSchedule = getValidator(
  Type.Object(
    {
      projectId: Type.String({ maxLength: 24 }),
      region: Type.Optional(Type.String()),
      $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 5000 })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 }))
    },
    { $id: 'ProjectScheduleQuery', additionalProperties: false }
  ),
  queryValidator
)

/**
 * A project's schedule of values (issue 12 item 6; AIA G703 columns A to C): read by whoever reads
 * the project's accounts (find {projectId}, in its order; not its main contractor of another company); replaced as a whole by an import (create
 * {projectId, lines} as the screen read the spreadsheet, or {projectId, fileId} of an uploaded
 * .xlsx or .csv read here) by staff with `update` on the project (a vendor: 403
 * SCHEDULE_STAFF_ONLY), while no claim of the project was ever submitted (409 SCHEDULE_IN_USE
 * after) and no change order was approved (409 SCHEDULE_CHANGED_BY_ORDERS: from then on the
 * schedule changes by change orders, project-change-orders). The original values must add up to the project's contract amount and no line may be
 * negative (issue 27 item 2). Problems answer 400 with the first one's code (SOV_..., naming its
 * row) and every row's problem in `problems`.
 */
export class ProjectScheduleLineService extends WorkflowKnexService<any> {
  constructor(options: any, app: Application) {
    super(options, app, { resource: 'projects' })
  }

  createQuery(params: WorkflowParams = {}) {
    return super.createQuery(params).orderBy('project_schedule_lines.position')
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    return super._find(params as any)
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    const run = async (inner: WorkflowParams) => {
      const db = this.conn(inner)
      const project = await db('projects').where({ id: data.projectId }).forUpdate().first()
      if (!project || (inner.region && project.region !== inner.region)) throw appError(400, 'REFERENCE_INVALID', { field: 'projectId' })
      // The schedule is the owner's statement of the contract: set by staff who manage the project, never by the vendor paid against it (issue 27 item 2).
      if (inner.provider) {
        const mayUpdate = inner.ability?.can('update', subject('projects', { ...project, vendorId: project.companyId }))
        if (portalOf(inner.user!.userType) !== 'staff' || !mayUpdate) throw appError(403, 'SCHEDULE_STAFF_ONLY')
      }
      const submitted = await db('project_submissions').where({ projectId: project.id }).where('version', '>', 0).first('id')
      if (submitted) throw appError(409, 'SCHEDULE_IN_USE')
      // An approved change order is written into the schedule's lines (project-change-orders): a new schedule would lose it.
      const changed = await db('project_change_orders').where({ projectId: project.id, status: 'APPROVED' }).first('id')
      if (changed) throw appError(409, 'SCHEDULE_CHANGED_BY_ORDERS')
      if (!data.fileId === !data.lines) throw appError(400, 'VALIDATION_FAILED', { details: 'lines or fileId' })
      const lines = data.fileId ? await this.linesOfFile(data.fileId) : (data.lines ?? [])
      const problems = scheduleProblems(lines, { contractCents: Number(project.totalAmountCents) })
      if (problems.length) {
        // Said as the import says it: the row (line) and item of the first problem, every problem listed.
        const rowOf = (problem: (typeof problems)[number]) => ({
          row: problem.line ?? 1,
          value: problem.item ?? '',
          firstRow: 1 + lines.findIndex((other) => itemKey(other.item) === itemKey(problem.item)),
          field: problem.field ?? null
        })
        // Amounts named in cents and as the message prints them (scheduledCents → scheduled: '652,031.00').
        const figures = (problem: (typeof problems)[number]) => ({
          ...problem.data,
          ...Object.fromEntries(Object.entries(problem.data ?? {}).map(([key, cents]) => [key.replace(/Cents$/, ''), formatAmount(fromCents(cents))]))
        })
        throw appError(400, problems[0].code, { ...rowOf(problems[0]), ...figures(problems[0]), problems: problems.map((problem) => ({ code: problem.code, ...rowOf(problem), ...figures(problem) })) })
      }
      await db('project_schedule_lines').where({ projectId: project.id }).delete()
      const rows = lines.map((one, index) => ({
        region: project.region,
        projectId: project.id,
        position: index + 1,
        item: one.item.trim(),
        itemKey: itemKey(one.item),
        description: one.description.trim(),
        originalValueCents: one.originalValueCents,
        changeOrders: JSON.stringify(one.changeOrders ?? [])
      }))
      for (let start = 0; start < rows.length; start += 500) await db('project_schedule_lines').insert(rows.slice(start, start + 500))
      return { id: project.id, projectId: project.id, region: project.region, lines: lines.length, ...contractSums(lines) }
    }
    return withTransaction(this.app.get('knex'), params, run)
  }

  /** The lines of an uploaded workbook or CSV (the file was read through its own rules before this). */
  private async linesOfFile(fileId: number): Promise<ScheduleLine[]> {
    const file = await this.app.get('knex')('files').where({ id: fileId }).first('storageKey')
    const imported = await readScheduleFile(await storedBytes(this.app, file.storageKey))
    if (imported.errors.length) {
      const [first] = imported.errors
      throw appError(400, first.code, { value: '', firstRow: 0, columns: '', ...first, problems: imported.errors })
    }
    return imported.lines
  }
}

/**
 * The schedule's access contract (kit/access.ts). The schedule is the project's money: its vendor
 * company and staff read it (`accounts` reach), not its main contractor of another company; the
 * row's copy of its project's readers decides on one line. It is listed per project and replaced
 * as a whole by an import, never edited line by line: no one acts on a line (nor locks one).
 */
const scheduleAccess = defineAccess<ProjectPart & Record<string, unknown>>({
  subject: projectScheduleLinesPath,
  listedBy: 'projectId',
  narrow: (query, caller, db) => query.whereIn('project_schedule_lines.projectId', narrowProjects(db('projects').select('projects.id'), caller, db, 'accounts')),
  read: (line, caller) => !caller.provider || (['staff', 'vendors'].includes(caller.user ? portalOf(caller.user.userType) : '') && readsProjectOfPart(line, caller, 'accounts')),
  act: (_line, _action, caller) => !caller.provider,
  readers: submissionEventReaders
})

/** Writes: the project's vendor or staff (the service checks `update` on the project). */
const writers = async (context: HookContext) => mayWriteSubmissions(context)

export const projectScheduleLines = (app: Application) => {
  app.use(projectScheduleLinesPath, new ProjectScheduleLineService({ Model: app.get('knex'), name: 'project_schedule_lines', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...projectScheduleLinesMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    // The copy of the project's readers is the contract's, not the API's: neither audit rows nor events carry it.
    secretFields: ['projectReaders'],
    access: scheduleAccess
  } as any)
  app.service(projectScheduleLinesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(queryValidatorOfSchedule), mayReadSubmissions],
      create: [writers, schemaHooks.validateData(dataValidatorOfSchedule), resolveReferences({ projectId: 'projects', fileId: 'files' })]
    },
    after: { all: [hideProjectReaders] }
  } as any)
}
