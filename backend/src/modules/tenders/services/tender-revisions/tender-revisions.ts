import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { knexOperators } from '../../../../services/query.js'
import { TenderRevisionService } from './tender-revisions.class.js'
import { RevisionDocumentService, revisionDocumentsPath } from './revision-documents.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { tenderRevisionCommentValidator, tenderRevisionQueryValidator } from './tender-revisions.schema.js'
import { tenderRevisionsMethods, tenderRevisionsPath, vendorHiddenRevisionFields } from './tender-revisions.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderRevisionsPath]: TenderRevisionService
    [revisionDocumentsPath]: RevisionDocumentService
  }
}

/** Staff and vendors need a `tenders` read rule; which tenders is the service's query (createQuery). */
const mayRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  const portal = portalOf(params.user.userType)
  if (portal === 'tenants' || !params.ability?.can('read', 'tenders')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Vendors never read who edited a comment (staff accounts). */
const vendorView = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user || portalOf(params.user.userType) !== 'vendors' || !context.result) return context
  const strip = (record: any) => {
    const copy = { ...record }
    for (const field of vendorHiddenRevisionFields) delete copy[field]
    return copy
  }
  const result = context.result
  context.result = Array.isArray(result) ? result.map(strip) : Array.isArray(result.data) ? { ...result, data: result.data.map(strip) } : strip(result)
  return context
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
    { methods: [...tenderRevisionsMethods], regional: true, feature: 'TENDERS', concurrency: true } as any
  )

  app.service(tenderRevisionsPath).hooks({
    before: {
      all: [mayRead],
      find: [schemaHooks.validateQuery(tenderRevisionQueryValidator)],
      get: [schemaHooks.validateQuery(tenderRevisionQueryValidator)],
      comment: [schemaHooks.validateData(tenderRevisionCommentValidator)]
    },
    after: { all: [vendorView] }
  } as any)

  app.use(revisionDocumentsPath, new RevisionDocumentService(app), { methods: ['find'], koa: { after: [sendFileContent] } } as any)
}
