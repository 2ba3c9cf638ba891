import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { folderEventReaders } from '../project-folders/project-folders.access.js'
import { ProjectDocumentContentService, ProjectDocumentService } from './project-documents.class.js'
import { projectDocumentDataValidator, projectDocumentPatchValidator, projectDocumentQueryValidator } from './project-documents.schema.js'
import { projectDocumentContentMethods, projectDocumentContentPath, projectDocumentsMethods, projectDocumentsPath } from './project-documents.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectDocumentsPath]: ProjectDocumentService
    [projectDocumentContentPath]: ProjectDocumentContentService
  }
}

/** The documents of a project's folders; access is the project's (project-folders.access.ts), events reach its readers. */
export const projectDocuments = (app: Application) => {
  app.use(projectDocumentsPath, new ProjectDocumentService({ Model: app.get('knex'), name: 'project_documents', paginate: app.get('paginate') }, app), {
    methods: [...projectDocumentsMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    concurrency: true,
    // Changing a filed document's description or dates is filing (project-folders.access.ts).
    permissionOf: { patch: 'create' },
    uploads: true
  } as any)
  app.service(projectDocumentsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(projectDocumentQueryValidator)],
      create: [schemaHooks.validateData(projectDocumentDataValidator)],
      patch: [schemaHooks.validateData(projectDocumentPatchValidator)]
    }
  })
  app.service(projectDocumentsPath).publish((data: any, context: any) => folderEventReaders(app, data, context) as any)

  app.use(projectDocumentContentPath, new ProjectDocumentContentService(app), {
    methods: [...projectDocumentContentMethods],
    feature: 'HONGKONG_LAND_PROJECTS',
    koa: { after: [sendFileContent] }
  } as any)
}
