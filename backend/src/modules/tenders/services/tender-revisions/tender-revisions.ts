import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenderRevisionService } from './tender-revisions.class.js'
import { RevisionDocumentService, revisionDocumentsPath } from './revision-documents.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { tenderRevisionCommentValidator, tenderRevisionQueryValidator } from './tender-revisions.schema.js'
import { tenderRevisionsMethods, tenderRevisionsPath } from './tender-revisions.shared.js'
import { authorizeRevisionRead, revisionFieldsView, tenderRevisionsAccess } from './tender-revisions.access.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderRevisionsPath]: TenderRevisionService
    [revisionDocumentsPath]: RevisionDocumentService
  }
}

/** `tender-revisions`: the spec's revisions calls (GET versions of a tender, one version, the addendum comment). */
export const tenderRevisions = (app: Application) => {
  app.use(
    tenderRevisionsPath,
    new TenderRevisionService(
      {
        Model: app.get('knex'),
        name: 'tender_revisions',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    // Who reads, comments and hears of a revision (through its tender): tender-revisions.access.ts.
    { methods: [...tenderRevisionsMethods], regional: true, feature: 'TENDERS', concurrency: true, access: tenderRevisionsAccess } as any
  )

  app.service(tenderRevisionsPath).hooks({
    before: {
      all: [authorizeRevisionRead],
      find: [schemaHooks.validateQuery(tenderRevisionQueryValidator)],
      get: [schemaHooks.validateQuery(tenderRevisionQueryValidator)],
      comment: [schemaHooks.validateData(tenderRevisionCommentValidator)]
    },
    after: { all: [revisionFieldsView] }
  } as any)

  app.use(revisionDocumentsPath, new RevisionDocumentService(app), { methods: ['find'], koa: { after: [sendFileContent] } } as any)
}
