import { hooks as schemaHooks } from '@feathersjs/schema'
import { Type, getValidator } from '@feathersjs/typebox'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { caslAllows } from '../../../../kit/access.js'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { RecordDocumentContentService, RecordDocumentService, recordDocumentReaders, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { isoDay } from '../../../../format/format.shared.js'
import { mayReadTenantProjects, projectPartReaders } from '../project-parts/project-parts.js'
import { projectToControl } from '../tenant-project-inspections/project-to-control.js'
import { scheduleInsuranceReminders } from './insurance-reminders.js'

export const tenantProjectInsuranceFilesPath = 'tenant-project-insurance-files'

/**
 * The project's insurance certificates (issue 30 item 5; spec §3 "Insurance period on the
 * project", §6 "A tenant's ... insurance documents always load"), as documents of the project:
 * read by whoever reads the project; filed by whoever may update the project (the tenant) or holds
 * `insurance` (staff), while it is open.
 */
export const insuranceFilesOf: RecordDocuments<any> = {
  table: 'tenant_project_insurance_files',
  ownerColumn: 'projectId',
  ownerResource: 'tenant-projects',
  fields: ['description'],
  readOwner: (app, id, params) => app.service('tenant-projects').get(Number(id) || 0, { ...params, query: {} } as any),
  changeOwner: async (app, id, params) => {
    const db = params.transaction?.trx ?? app.get('knex')
    const action = caslAllows(params, 'insurance', tenantProjectInsuranceFilesPath, {}) ? 'read' : 'update'
    return projectToControl(db, Number(id) || 0, params, 'tenant-projects', action)
  }
}

export class TenantProjectInsuranceFileService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, insuranceFilesOf)
  }

  async create(input: any, params: DocumentParams = {}): Promise<any> {
    const project = await this.ownerToChange(String(input.projectId), params)
    if (!project) throw appError(404, 'NOT_FOUND')
    const description = String(input.description ?? '').trim()
    return this.store(project, { tenancyId: project.tenancyId, description }, params, description || null)
  }
}

class TenantProjectInsuranceFileContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, insuranceFilesOf)
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantProjectInsuranceFilesPath]: TenantProjectInsuranceFileService
    'tenant-project-insurance-files/:id/content': TenantProjectInsuranceFileContentService
  }
}

const projectIdField = Type.String({ pattern: '^[1-9][0-9]{0,9}$' })
const insuranceFileDataValidator = getValidator(
  Type.Object(
    { projectId: projectIdField, description: Type.Optional(Type.String({ maxLength: 500 })), region: Type.Optional(Type.String()) },
    { $id: 'TenantProjectInsuranceFileData', additionalProperties: true }
  ),
  dataValidator
)
const insuranceFileQueryValidator = getValidator(
  Type.Object(
    {
      projectId: Type.Union([Type.Integer({ minimum: 1 }), projectIdField]),
      $limit: Type.Optional(Type.Integer({ minimum: 0 })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 })),
      region: Type.Optional(Type.String())
    },
    { $id: 'TenantProjectInsuranceFileQuery', additionalProperties: false }
  ),
  queryValidator
)

/** The insurance certificates of a tenant project and the daily reminder of its end (issue 30 item 5). */
export const tenantProjectInsurance = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(tenantProjectInsuranceFilesPath, new TenantProjectInsuranceFileService({ Model: app.get('knex'), name: 'tenant_project_insurance_files', paginate: app.get('paginate') }, app), {
    methods: ['find', 'create', 'remove'],
    ...common,
    concurrency: true,
    uploads: true
  } as any)
  app.service(tenantProjectInsuranceFilesPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(insuranceFileQueryValidator)],
      create: [schemaHooks.validateData(insuranceFileDataValidator)]
    }
  } as any)
  app.service(tenantProjectInsuranceFilesPath).publish(
    (data: any, context: any) =>
      recordDocumentReaders(app, data, context, {
        table: 'tenant_projects',
        path: 'tenant-projects',
        column: 'projectId',
        readers: (inner, project) => projectPartReaders(inner, { ...project, projectId: project.id })
      }) as any
  )
  app.use('tenant-project-insurance-files/:id/content', new TenantProjectInsuranceFileContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)
  scheduleInsuranceReminders(app)
}

/** The day the project's insurance ends (YYYY-MM-DD), or null: what the work permits read (spec §5 "beyond the confirmed insurance date"). */
export async function insuredUntil(db: Knex, projectId: number): Promise<string | null> {
  const project = await db('tenant_projects').where({ id: projectId }).first('insuredUntil')
  return project?.insuredUntil ? isoDay(project.insuredUntil) : null
}
