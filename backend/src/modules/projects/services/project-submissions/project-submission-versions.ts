import { Type, getValidator } from '@feathersjs/typebox'
import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import { knexOperators } from '../../../../kit/query.js'
import { appError } from '../../../../errors.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { claimVersionChanges } from '../../claims/claim-versions.shared.js'
import { mayReadSubmissions, narrowSubmissions } from './project-submissions.access.js'
import { projectSubmissionVersionsPath } from './project-submissions.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectSubmissionVersionsPath]: ProjectSubmissionVersionService
  }
}

const queryValidatorOfVersions = getValidator(
  Type.Object(
    {
      submissionId: Type.Optional(Type.String({ maxLength: 24 })),
      version: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      /** "Compare with previous": only version n, with what changed from version n − 1. */
      compare: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      region: Type.Optional(Type.String()),
      $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 }))
    },
    { $id: 'ProjectSubmissionVersionQuery', additionalProperties: false }
  ),
  queryValidator
)

/**
 * The frozen versions of the claims (issue 12 item 5), read-only: find {submissionId, version?}
 * lists them in order, each with `changes` from the version before it (claimVersionChanges:
 * fields, then lines by item; null for version 1); `compare=n` answers version n alone with its
 * changes ("compare with previous"). Readers are the claim's (its project's); nothing here
 * writes: a version is frozen in the database (a trigger), its PDF filled in once.
 */
export class ProjectSubmissionVersionService extends PortalKnexService<any> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  createQuery(params: any = {}) {
    const db = this.app.get('knex')
    const query = super.createQuery(params)
    if (params.provider) query.whereIn('project_submission_versions.submissionId', narrowSubmissions(db('project_submissions').select('project_submissions.id'), params, db))
    return query.orderBy('project_submission_versions.submissionId').orderBy('project_submission_versions.version')
  }

  async find(params: any = {}): Promise<any> {
    const { compare, ...query } = params.query ?? {}
    if (compare !== undefined && !query.submissionId) throw appError(400, 'VALIDATION_FAILED', { details: 'submissionId' })
    const wanted = compare !== undefined ? { ...query, version: { $in: [compare - 1, compare] } } : query
    const result: any = await super._find({ ...params, query: wanted, paginate: false } as any)
    const rows: any[] = Array.isArray(result) ? result : result.data
    const shown = rows.map((row, index) => {
      const previous = index > 0 && rows[index - 1].submissionId === row.submissionId && rows[index - 1].version === row.version - 1 ? rows[index - 1] : null
      return { ...row, changes: previous ? claimVersionChanges(previous.snapshot, row.snapshot) : null }
    })
    const out = compare !== undefined ? shown.filter((row) => row.version === compare) : shown
    return { total: out.length, limit: out.length, skip: 0, data: out }
  }

  async get(id: Id, params: any = {}): Promise<any> {
    return super._get(id, params)
  }
}

export const projectSubmissionVersions = (app: Application) => {
  app.use(
    projectSubmissionVersionsPath,
    new ProjectSubmissionVersionService({ Model: app.get('knex'), name: 'project_submission_versions', paginate: app.get('paginate'), operators: knexOperators }, app),
    { methods: ['find', 'get'], regional: true, feature: 'HONGKONG_LAND_PROJECTS' } as any
  )
  app.service(projectSubmissionVersionsPath).hooks({
    before: { find: [schemaHooks.validateQuery(queryValidatorOfVersions), mayReadSubmissions], get: [schemaHooks.validateQuery(queryValidatorOfVersions), mayReadSubmissions] }
  } as any)
  app.service(projectSubmissionVersionsPath).publish(() => [])
}
