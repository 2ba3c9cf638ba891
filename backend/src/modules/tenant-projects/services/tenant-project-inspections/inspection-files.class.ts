import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { RecordDocumentContentService, RecordDocumentService, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { projectToControl } from './project-to-control.js'

/**
 * An inspection's supporting documents (spec §3 "Inspection ... supporting documents"), as
 * documents of the inspection (services/files/record-documents.ts: the region's upload settings
 * decide count, size and types). Read by whoever reads the inspection (the tenant once it is sent
 * or tenant-viewable); filed and removed by the inspectors while the project is open.
 */
export const inspectionFilesOf: RecordDocuments<any> = {
  table: 'tenant_project_inspection_files',
  ownerColumn: 'inspectionId',
  ownerResource: 'tenant-project-inspections',
  fields: ['description'],
  readOwner: (app, id, params) => app.service('tenant-project-inspections').get(Number(id) || 0, { ...params, query: {} } as any),
  changeOwner: async (app, id, params) => {
    const db = params.transaction?.trx ?? app.get('knex')
    const inspection = await app.service('tenant-project-inspections').get(Number(id) || 0, { ...params, query: {} } as any)
    await projectToControl(db, inspection.projectId, params, 'tenant-project-inspections', 'inspection')
    return inspection
  }
}

export class TenantProjectInspectionFileService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, inspectionFilesOf)
  }

  async create(input: any, params: DocumentParams = {}): Promise<any> {
    const inspection = await this.ownerToChange(String(input.inspectionId), params)
    if (!inspection) throw appError(404, 'NOT_FOUND')
    const description = String(input.description ?? '').trim()
    return this.store(inspection, { projectId: inspection.projectId, tenancyId: inspection.tenancyId, description }, params, description || null)
  }
}

export class TenantProjectInspectionFileContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, inspectionFilesOf)
  }
}
