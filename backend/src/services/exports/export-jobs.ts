import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { logger } from '../../logger.js'
import { pickLanguage } from '../../i18n/messages.js'
import type { Queue } from '../../jobs/queue.js'
import type { PrincipalCache } from '../../auth/principals.js'
import { fileStorage, storedBytes } from '../../storage/create-storage.js'
import { newStorageKey } from '../../storage/file-storage.js'
import { buildExport, type ExportRequest } from './build-export.js'
import { XLSX_TYPE, exportJobSchema, workbookResponse, type ExportFile } from './exports.schema.js'
import { exportFilesPath, exportJobsPath, type ExportJob } from './exports.shared.js'

declare module '../../jobs/queue.js' {
  interface JobTypes {
    'exports.build': { jobId: string }
  }
}

declare module '../../declarations.js' {
  interface ServiceTypes {
    [exportJobsPath]: ExportJobService
    [exportFilesPath]: ExportFileService
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the requester sees of a job: never its storage key or query. */
function publicJob(row: any): ExportJob & { userId: number } {
  return {
    id: row.id,
    userId: row.userId,
    resource: row.resource,
    status: row.status,
    done: row.done,
    total: row.total,
    filename: row.filename ?? null,
    rowCount: row.rowCount ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString()
  }
}

/**
 * The caller's own job, else 404: asked before anything else is answered, so another user
 * learns nothing of it (not even that it exists).
 */
async function ownJob(app: Application, id: unknown, params: Params) {
  if (!params.user || typeof id !== 'string' || !UUID.test(id)) throw appError(404, 'NOT_FOUND')
  const row = await app.get('knex')('export_jobs').where({ id, userId: params.user.id }).first()
  if (!row) throw appError(404, 'NOT_FOUND')
  return row
}

/** `GET export-jobs/:id`: how far the caller's export job got. */
export class ExportJobService {
  constructor(private app: Application) {}
  async get(id: string, params: Params = {}) {
    const { userId: _userId, ...job } = publicJob(await ownJob(this.app, id, params))
    return job
  }
}

/** `GET export-files/:id`: the finished workbook of the caller's export job. */
export class ExportFileService {
  constructor(private app: Application) {}
  async get(id: string, params: Params = {}): Promise<ExportFile> {
    const row = await ownJob(this.app, id, params)
    if (row.status !== 'DONE' || !row.storageKey) throw appError(404, 'NOT_FOUND')
    return { filename: row.filename, contentType: XLSX_TYPE, rowCount: row.rowCount ?? 0, truncated: false, content: await storedBytes(this.app, row.storageKey) }
  }
}

async function update(app: Application, id: string, changes: Record<string, unknown>) {
  const [row] = await app
    .get('knex')('export_jobs')
    .where({ id })
    .update({ ...changes, updatedAt: new Date() })
    .returning('*')
  // Told live to the requester's own signed-in connections only (see the service's publisher).
  if (row) app.service(exportJobsPath).emit('patched', publicJob(row))
  return row
}

/** How long a finished export stays downloadable: the job and its file go after this many days. */
export const EXPORT_KEPT_DAYS = 7

/** Drops the jobs (and files) of exports older than EXPORT_KEPT_DAYS; run as new ones start. */
export async function forgetOldExports(app: Application) {
  const old = await app
    .get('knex')('export_jobs')
    .where('createdAt', '<', new Date(Date.now() - EXPORT_KEPT_DAYS * 86_400_000))
    .delete()
    .returning(['storageKey'])
  for (const { storageKey } of old) if (storageKey) await fileStorage(app).remove(storageKey)
}

/** Queues an export of a long list for its requester; answers the job as they see it. */
export async function startExportJob(app: Application, request: ExportRequest, total: number): Promise<ExportJob> {
  await forgetOldExports(app)
  const [row] = await app
    .get('knex')('export_jobs')
    .insert({
      userId: request.caller.user!.id,
      region: request.caller.region ?? null,
      resource: request.resource,
      query: JSON.stringify(request.query),
      language: request.language,
      total
    })
    .returning('*')
  const queue: Queue | undefined = app.get('queue')
  let queued = false
  if (queue?.started) {
    try {
      queued = Boolean(await queue.send('exports.build', { jobId: row.id }, { retryLimit: 1, retryDelay: 5, expireInSeconds: 900 }))
    } catch (error) {
      logger.error(`export job ${row.id}: could not queue, building it in this process`, error)
    }
  }
  // Without a queue (jobs switched off), the process builds it itself, after answering.
  if (!queued) setImmediate(() => void runExportJob(app, row.id).catch((error) => logger.error(`export job ${row.id}`, error)))
  const { userId: _userId, ...job } = publicJob(row)
  return job
}

/**
 * Builds a queued export with its requester's rights as they are now (a locked or disabled
 * account gets nothing), announcing progress after each page, and stores the file.
 */
export async function runExportJob(app: Application, id: string): Promise<void> {
  const job = await app.get('knex')('export_jobs').where({ id }).first()
  if (!job || job.status === 'DONE') return
  const principal = await (app.get('principals') as PrincipalCache).get(job.userId)
  if (!principal || !principal.user.enabled || principal.user.lockedAt) {
    await update(app, id, { status: 'FAILED', error: 'account unavailable' })
    return
  }
  const caller: Params = {
    provider: 'rest',
    authenticated: true,
    user: principal.user,
    principal,
    regionCode: job.region ?? undefined,
    headers: { 'accept-language': job.language }
  }
  try {
    await update(app, id, { status: 'RUNNING' })
    const request: ExportRequest = { resource: job.resource, query: job.query ?? {}, caller, language: pickLanguage(job.language) }
    // The region scope hook sets `region` on each call; the workbook's header needs it too.
    request.caller.region = job.region ?? undefined
    const file = await buildExport(app, request, async (done, total) => {
      await update(app, id, { done, total })
    })
    const key = `${newStorageKey(job.region ?? 'GLOBAL')}.xlsx`
    await fileStorage(app).put(key, file.content)
    await update(app, id, { status: 'DONE', storageKey: key, filename: file.filename, rowCount: file.rowCount, done: file.rowCount, total: file.rowCount })
  } catch (error: any) {
    await update(app, id, { status: 'FAILED', error: String(error?.message ?? error) })
    throw error
  }
}

/** The job services and the worker; a job's events reach only its requester's live connections. */
export function exportJobs(app: Application, sendFile: (ctx: any, next: any) => Promise<void>) {
  app.use(exportJobsPath, new ExportJobService(app), {
    methods: ['get'],
    docs: { get: { summary: "Follow one of the caller's export jobs", responses: { '200': { description: 'OK', content: { 'application/json': { schema: exportJobSchema } } } } } }
  } as any)
  app.use(exportFilesPath, new ExportFileService(app), {
    methods: ['get'],
    events: [],
    koa: { after: [sendFile] },
    docs: { get: { summary: "The file of one of the caller's finished export jobs", responses: { '200': workbookResponse } } }
  } as any)
  app.service(exportJobsPath).publish((job: any) => (app.channels.length ? app.channel(app.channels).filter((connection: any) => connection.userId === job.userId && Boolean(connection.ability)) : []))
  app.get('queue')?.work('exports.build', ({ jobId }) => runExportJob(app, jobId))
}
