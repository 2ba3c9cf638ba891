import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { recordDocumentReaders } from '../../../../services/files/record-documents.js'
import { appError } from '../../../../errors.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { greenFitoutsAccess, greenFoldersAccess, greenHistoriesAccess, greenPointsAccess, greenPortfolioAccess, seesPoints } from './green-fitouts.access.js'
import { GreenFitoutService, totalsOf, withoutPoints } from './green-fitouts.class.js'
import { GreenFitoutFolderFileContentService, GreenFitoutFolderFileService, GreenFitoutFolderService } from './green-fitout-folders.class.js'
import {
  greenFitoutActionValidator,
  greenFitoutCommentValidator,
  greenFitoutDataValidator,
  greenFitoutQueryValidator,
  greenFolderActionValidators,
  greenFolderDataValidator,
  greenFolderFileDataValidator,
  greenFolderFileQueryValidator,
  greenFolderPatchValidator,
  greenFolderQueryValidator,
  greenHistoryQueryValidator,
  greenPointsQueryValidator,
  greenPortfolioQueryValidator
} from './green-fitouts.schema.js'
import {
  greenFitoutFolderFilesPath,
  greenFitoutFoldersMethods,
  greenFitoutFoldersPath,
  greenFitoutHistoriesPath,
  greenFitoutPointsPath,
  greenFitoutPortfolioPath,
  greenFitoutsMethods,
  greenFitoutsPath
} from './green-fitouts.shared.js'

/** A read-only list (the history, the points record, the portfolio), newest first unless sorted. */
class GreenListService extends WorkflowKnexService<any> {
  async find(params: any = {}) {
    return super._find({ ...params, query: { $sort: { id: -1 }, ...(params.query ?? {}) } })
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [greenFitoutsPath]: GreenFitoutService
    [greenFitoutFoldersPath]: GreenFitoutFolderService
    [greenFitoutFolderFilesPath]: GreenFitoutFolderFileService
    'green-fitout-folder-files/:id/content': GreenFitoutFolderFileContentService
    [greenFitoutPointsPath]: GreenListService
    [greenFitoutHistoriesPath]: GreenListService
    [greenFitoutPortfolioPath]: GreenListService
  }
}

const options = (app: Application, name: string) => ({ Model: app.get('knex'), name, paginate: app.get('paginate'), operators: knexOperators })

const each = (context: HookContext, change: (row: any) => any) => {
  const result: any = context.result
  if (!result) return
  if (Array.isArray(result?.data)) result.data = result.data.map(change)
  else if (Array.isArray(result)) context.result = result.map(change)
  else context.result = change(result)
}

/** Every answered green fit-out carries its total, summed from its ACCEPTED folders now; points off for a caller who may not read them. */
const scored = async (context: HookContext) => {
  const rows: any[] = Array.isArray((context.result as any)?.data) ? (context.result as any).data : [context.result].flat()
  const totals = await totalsOf(
    (context.params as any).transaction?.trx ?? context.app.get('knex'),
    rows.filter((row) => row?.id).map((row) => Number(row.id))
  )
  each(context, (row) => withoutPoints({ ...row, ...(totals.get(Number(row?.id)) ?? {}) }, context.params))
  return context
}

const pointsOff = async (context: HookContext) => {
  each(context, (row) => withoutPoints(row, context.params))
  return context
}

/** The points record and the portfolio: refused (403) to staff who may not read points, before anything else. */
const mayReadPoints = async (context: HookContext) => {
  if (context.params.provider && !seesPoints(context.params)) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * A tenant project's green fit-out (spec §3, §4, §6, §7 "GET tenancies/{id}/green-fitouts"; issue
 * 30 item 9, feature GREEN_FIT_OUT: off in a region, every path answers 404): the scheme, its
 * folders and their files, the points record, the history with its comments and the portfolio.
 * Who reads: green-fitouts.access.ts, applied by the kit.
 */
export const greenFitouts = (app: Application) => {
  const common = { regional: true, feature: 'GREEN_FIT_OUT' }
  app.use(greenFitoutsPath, new GreenFitoutService(options(app, 'green_fitouts'), app), {
    methods: [...greenFitoutsMethods],
    ...common,
    concurrency: true,
    access: greenFitoutsAccess
  } as any)
  const action = [schemaHooks.validateData(greenFitoutActionValidator)]
  app.service(greenFitoutsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(greenFitoutQueryValidator)],
      get: [schemaHooks.validateQuery(greenFitoutQueryValidator)],
      create: [schemaHooks.validateData(greenFitoutDataValidator)],
      start: action,
      hold: action,
      resume: action,
      complete: action,
      cancel: action,
      preview: action,
      send: action,
      comment: [schemaHooks.validateData(greenFitoutCommentValidator)]
    },
    after: { all: [scored] }
  } as any)

  app.use(greenFitoutFoldersPath, new GreenFitoutFolderService(options(app, 'green_fitout_folders'), app), {
    methods: [...greenFitoutFoldersMethods],
    ...common,
    concurrency: true,
    access: greenFoldersAccess
  } as any)
  app.service(greenFitoutFoldersPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(greenFolderQueryValidator)],
      get: [schemaHooks.validateQuery(greenFolderQueryValidator)],
      create: [schemaHooks.validateData(greenFolderDataValidator)],
      patch: [schemaHooks.validateData(greenFolderPatchValidator)],
      submit: [schemaHooks.validateData(greenFolderActionValidators.submit)],
      approve: [schemaHooks.validateData(greenFolderActionValidators.approve)],
      reject: [schemaHooks.validateData(greenFolderActionValidators.reject)],
      updatePoints: [schemaHooks.validateData(greenFolderActionValidators.updatePoints)]
    },
    after: { all: [pointsOff] }
  } as any)

  app.use(greenFitoutFolderFilesPath, new GreenFitoutFolderFileService({ Model: app.get('knex'), name: 'green_fitout_folder_files', paginate: app.get('paginate') }, app), {
    methods: ['find', 'create', 'remove'],
    ...common,
    concurrency: true,
    uploads: true
  } as any)
  app.service(greenFitoutFolderFilesPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(greenFolderFileQueryValidator)],
      create: [schemaHooks.validateData(greenFolderFileDataValidator)]
    }
  } as any)
  app
    .service(greenFitoutFolderFilesPath)
    .publish(
      (data: any, context: any) =>
        recordDocumentReaders(app, data, context, { table: 'green_fitout_folders', path: greenFitoutFoldersPath, column: 'folderId', readers: greenFoldersAccess.readers }) as any
    )
  app.use('green-fitout-folder-files/:id/content', new GreenFitoutFolderFileContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)

  app.use(greenFitoutPointsPath, new GreenListService(options(app, 'green_fitout_points'), app, { resource: 'green-fitout-points' }), {
    methods: ['find'],
    ...common,
    access: greenPointsAccess
  } as any)
  app.service(greenFitoutPointsPath).hooks({ before: { all: [mayReadTenantProjects, mayReadPoints], find: [schemaHooks.validateQuery(greenPointsQueryValidator)] } } as any)

  app.use(greenFitoutHistoriesPath, new GreenListService(options(app, 'green_fitout_histories'), app, { resource: 'green-fitout-histories' }), {
    methods: ['find'],
    ...common,
    access: greenHistoriesAccess
  } as any)
  app.service(greenFitoutHistoriesPath).hooks({
    before: { all: [mayReadTenantProjects], find: [schemaHooks.validateQuery(greenHistoryQueryValidator)] },
    // A points update's line names the points: not to staff who may not read them.
    after: { find: [pointsOff] }
  } as any)

  app.use(greenFitoutPortfolioPath, new GreenListService(options(app, 'green_fitout_portfolio'), app, { resource: 'green-fitout-portfolio' }), {
    methods: ['find'],
    ...common,
    access: greenPortfolioAccess
  } as any)
  app.service(greenFitoutPortfolioPath).hooks({ before: { all: [mayReadTenantProjects, mayReadPoints], find: [schemaHooks.validateQuery(greenPortfolioQueryValidator)] } } as any)
}
