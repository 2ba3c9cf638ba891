import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { recordDocumentReaders } from '../../../../services/files/record-documents.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { tenantProjectInspectionFollowUpsAccess, tenantProjectInspectionMailsAccess, tenantProjectInspectionsAccess } from './inspections.access.js'
import { TenantProjectInspectionService } from './tenant-project-inspections.class.js'
import { TenantProjectInspectionFollowUpService } from './inspection-follow-ups.class.js'
import { TenantProjectInspectionMailService } from './inspection-mails.class.js'
import { TenantProjectInspectionFileContentService, TenantProjectInspectionFileService } from './inspection-files.class.js'
import {
  tenantProjectInspectionActionValidators,
  tenantProjectInspectionDataValidator,
  tenantProjectInspectionFileDataValidator,
  tenantProjectInspectionFileQueryValidator,
  tenantProjectInspectionFollowUpCloseValidator,
  tenantProjectInspectionFollowUpDataValidator,
  tenantProjectInspectionFollowUpQueryValidator,
  tenantProjectInspectionMailDataValidator,
  tenantProjectInspectionMailPatchValidator,
  tenantProjectInspectionMailQueryValidator,
  tenantProjectInspectionMailSendValidator,
  tenantProjectInspectionPatchValidator,
  tenantProjectInspectionQueryValidator
} from './inspections.schema.js'
import {
  tenantProjectInspectionFilesPath,
  tenantProjectInspectionFollowUpsMethods,
  tenantProjectInspectionFollowUpsPath,
  tenantProjectInspectionMailsMethods,
  tenantProjectInspectionMailsPath,
  tenantProjectInspectionsMethods,
  tenantProjectInspectionsPath
} from './inspections.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantProjectInspectionsPath]: TenantProjectInspectionService
    [tenantProjectInspectionFollowUpsPath]: TenantProjectInspectionFollowUpService
    [tenantProjectInspectionMailsPath]: TenantProjectInspectionMailService
    [tenantProjectInspectionFilesPath]: TenantProjectInspectionFileService
    'tenant-project-inspection-files/:id/content': TenantProjectInspectionFileContentService
  }
}

const options = (app: Application, name: string) => ({ Model: app.get('knex'), name, paginate: app.get('paginate'), operators: knexOperators })

/**
 * A tenant project's inspections (spec §3 "Inspection", §4, §7 Inspections; issue 30 item 6): the
 * inspections, their supporting documents, their follow-up items and their e-mail history. Who
 * reads: inspections.access.ts, applied by the kit; who writes: the inspectors, on an open project.
 */
export const tenantProjectInspections = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(tenantProjectInspectionsPath, new TenantProjectInspectionService(options(app, 'tenant_project_inspections'), app), {
    methods: [...tenantProjectInspectionsMethods],
    ...common,
    concurrency: true,
    // Spec §6 "inspection": the inspectors' one right covers editing too.
    permissionOf: { patch: 'inspection' },
    access: tenantProjectInspectionsAccess
  } as any)
  app.service(tenantProjectInspectionsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectInspectionQueryValidator)],
      get: [schemaHooks.validateQuery(tenantProjectInspectionQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectInspectionDataValidator)],
      patch: [schemaHooks.validateData(tenantProjectInspectionPatchValidator)],
      send: [schemaHooks.validateData(tenantProjectInspectionActionValidators.send)],
      tenantViewable: [schemaHooks.validateData(tenantProjectInspectionActionValidators.tenantViewable)]
    }
  } as any)

  app.use(tenantProjectInspectionFollowUpsPath, new TenantProjectInspectionFollowUpService(options(app, 'tenant_project_inspection_follow_ups'), app), {
    methods: [...tenantProjectInspectionFollowUpsMethods],
    ...common,
    concurrency: true,
    access: tenantProjectInspectionFollowUpsAccess
  } as any)
  app.service(tenantProjectInspectionFollowUpsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectInspectionFollowUpQueryValidator)],
      get: [schemaHooks.validateQuery(tenantProjectInspectionFollowUpQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectInspectionFollowUpDataValidator)],
      close: [schemaHooks.validateData(tenantProjectInspectionFollowUpCloseValidator)]
    }
  } as any)

  app.use(tenantProjectInspectionMailsPath, new TenantProjectInspectionMailService(options(app, 'tenant_project_inspection_mails'), app), {
    methods: [...tenantProjectInspectionMailsMethods],
    ...common,
    concurrency: true,
    access: tenantProjectInspectionMailsAccess
  } as any)
  app.service(tenantProjectInspectionMailsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectInspectionMailQueryValidator)],
      get: [schemaHooks.validateQuery(tenantProjectInspectionMailQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectInspectionMailDataValidator)],
      patch: [schemaHooks.validateData(tenantProjectInspectionMailPatchValidator)],
      send: [schemaHooks.validateData(tenantProjectInspectionMailSendValidator)]
    }
  } as any)

  app.use(tenantProjectInspectionFilesPath, new TenantProjectInspectionFileService({ Model: app.get('knex'), name: 'tenant_project_inspection_files', paginate: app.get('paginate') }, app), {
    methods: ['find', 'create', 'remove'],
    ...common,
    concurrency: true,
    uploads: true
  } as any)
  app.service(tenantProjectInspectionFilesPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectInspectionFileQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectInspectionFileDataValidator)]
    }
  } as any)
  app.service(tenantProjectInspectionFilesPath).publish(
    (data: any, context: any) =>
      recordDocumentReaders(app, data, context, {
        table: 'tenant_project_inspections',
        path: tenantProjectInspectionsPath,
        column: 'inspectionId',
        readers: tenantProjectInspectionsAccess.readers
      }) as any
  )
  app.use('tenant-project-inspection-files/:id/content', new TenantProjectInspectionFileContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)
}
