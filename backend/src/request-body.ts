import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import formidable, { type File } from 'formidable'
import { bodyParser } from '@feathersjs/koa'
import { serviceOptions as getServiceOptions } from './service-options.js'
import type { Context, Next } from 'koa'
import type { Application } from './declarations.js'
import { appError } from './errors.js'
import { findForbiddenKey } from './hooks/check-call.js'
import { compileSpecRoutes, matchSpecRoutes } from './spec-routes.js'
import { settingDefaults } from './settings-values.js'
import { cleanFileName, type UploadedFile } from './storage/check-upload.js'

/**
 * Where formidable writes uploads while a request runs, emptied again by the request itself: one
 * known folder (app setting `uploadTempDir`, else portal-uploads in the system's temporary
 * folder), so an operator or a test can see that nothing stays behind.
 */
export const uploadTempDir = (app: Application) => (app.get('uploadTempDir' as any) as string | undefined) ?? path.join(os.tmpdir(), 'portal-uploads')

/** JSON and form bodies: the forms and workflow calls are small; lists of bid items stay well under. */
const BODY_LIMIT = '1mb'
/** Whatever the settings say, one upload request never writes more than this to disk. */
const MAX_UPLOAD_REQUEST_BYTES = 200 * 1024 * 1024
const MB = 1024 * 1024

/** The parsers' own errors (http-errors from co-body, formidable's) as our catalogue's. */
function bodyError(error: any) {
  const status = Number(error?.status ?? error?.statusCode ?? error?.httpCode)
  if (status === 413) return appError(413, 'BODY_TOO_LARGE')
  if (status === 415) return appError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: String(error?.charset ?? '') })
  return appError(400, 'INVALID_BODY', { details: String(error?.message ?? '').slice(0, 200) })
}

/**
 * The largest per-file size and count the region allows at any of its upload places (the place's
 * own rule is checked once the files are in, storage/check-upload.ts); any region's when the
 * request names none.
 */
async function uploadLimitMb(app: Application, region: string | undefined): Promise<{ maxSizeMb: number; maxCount: number }> {
  const rows: { region: string; key: string; value: unknown }[] = await app
    .get('knex')('settings')
    .whereIn('key', ['upload.maxSizeMb', 'upload.maxCount', 'upload.places'])
    .select('region', 'key', 'value')
  const placeValues = (row: { value: unknown } | undefined, key: 'maxSizeMb' | 'maxCount') =>
    Object.values((row?.value ?? {}) as Record<string, Record<string, unknown>>)
      .map((rule) => Number(rule?.[key]))
      .filter(Number.isFinite)
  const pick = (key: 'upload.maxSizeMb' | 'upload.maxCount') => {
    const field = key === 'upload.maxSizeMb' ? 'maxSizeMb' : 'maxCount'
    const values = rows.filter((row) => row.key === key)
    const places = rows.filter((row) => row.key === 'upload.places')
    if (region) {
      const own = values.find((row) => row.region === region) ?? values.find((row) => row.region === 'GLOBAL')
      const ownPlaces = places.find((row) => row.region === region) ?? places.find((row) => row.region === 'GLOBAL')
      return Math.max(Number(own?.value ?? settingDefaults[key]), ...placeValues(ownPlaces, field))
    }
    return Math.max(Number(settingDefaults[key]), ...values.map((row) => Number(row.value)).filter(Number.isFinite), ...places.flatMap((row) => placeValues(row, field)))
  }
  return { maxSizeMb: pick('upload.maxSizeMb'), maxCount: pick('upload.maxCount') }
}

/**
 * Multipart for an upload route, once the caller is known: the bearer token is checked through
 * the app's authentication service before a byte reaches the disk, files larger than the
 * region's `upload.maxSizeMb` stop the parse with 413, and every temporary file is deleted when
 * the request is done, answered, refused or failed.
 */
async function receiveUpload(app: Application, ctx: Context, next: Next) {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1]
  if (!token) throw appError(401, 'NOT_AUTHENTICATED')
  const auth: any = await (app.service('authentication' as any) as any).authenticate({ strategy: 'jwt', accessToken: token }, { provider: 'rest', headers: ctx.request.headers }, 'jwt')
  const asked = ctx.feathers?.regionCode ?? ctx.get('x-region')
  const region = (asked ? String(asked).toUpperCase() : auth.user?.defaultRegion) || undefined
  const { maxSizeMb, maxCount } = await uploadLimitMb(app, region)
  const maxFileSize = Math.max(1, maxSizeMb) * MB
  const written: string[] = []
  let current = ''
  const uploadDir = uploadTempDir(app)
  await fs.promises.mkdir(uploadDir, { recursive: true })
  const form = formidable({
    uploadDir,
    maxFileSize,
    maxTotalFileSize: Math.min(maxFileSize * Math.max(1, maxCount), MAX_UPLOAD_REQUEST_BYTES),
    // One more than allowed, so the service answers FILE_COUNT with the region's number.
    maxFiles: Math.max(1, maxCount) + 1,
    maxFields: 100,
    maxFieldsSize: MB,
    allowEmptyFiles: true,
    minFileSize: 0
  })
  form.on('fileBegin', (_name: string, file: File) => {
    written.push(file.filepath)
    current = cleanFileName(file.originalFilename)
  })
  try {
    let fields: formidable.Fields
    let files: formidable.Files
    try {
      ;[fields, files] = await form.parse(ctx.req)
    } catch (error: any) {
      // The rest of the body goes nowhere (not to disk): the client reads our answer once sent.
      ctx.req.unpipe()
      ctx.req.resume()
      if (Number(error?.httpCode) === 413) throw appError(413, 'FILE_TOO_LARGE', { name: current, max: maxSizeMb })
      throw bodyError(error)
    }
    const body: Record<string, unknown> = {}
    for (const [key, values] of Object.entries(fields)) if (values !== undefined) body[key] = values.length === 1 ? values[0] : values
    const forbidden = findForbiddenKey(body)
    if (forbidden) throw appError(400, 'INVALID_BODY', { details: `key ${forbidden}` })
    ;(ctx.request as any).body = body
    const uploads: UploadedFile[] = Object.values(files)
      .flat()
      .filter((file): file is File => Boolean(file))
    ctx.feathers = { ...ctx.feathers, files: uploads }
    await next()
  } finally {
    await Promise.all(written.map((file) => fs.promises.rm(file, { force: true })))
  }
}

/**
 * Request bodies, in one place: JSON (objects and arrays, up to 1 MB, no `__proto__` keys) and
 * urlencoded forms on every route; multipart only on the routes that take files (services with
 * the `uploads` option, spec aliases marked `uploads`), and only after sign-in. Any other body
 * type answers 415, a malformed one 400, a too large one 413.
 */
export function requestBody(app: Application) {
  const parse = bodyParser({ multipart: false, text: false, json: true, urlencoded: true, jsonLimit: BODY_LIMIT, formLimit: BODY_LIMIT, jsonStrict: true })
  const specRoutes = compileSpecRoutes(app.get('modules'))
  const takesUploads = (method: string, routePath: string) => {
    const lookup = app.lookup(routePath)
    if (lookup && (getServiceOptions(lookup.service) as any)?.uploads) return true
    return matchSpecRoutes(specRoutes, method, routePath).some((found) => found.route.uploads)
  }
  return async (ctx: Context, next: Next) => {
    const type = ctx.get('content-type')
    const length = ctx.get('content-length')
    const hasBody = Boolean(type) && (length === '' ? Boolean(ctx.get('transfer-encoding')) : length !== '0')
    // Bodies of other methods are not read (as before): a DELETE's body never reaches a service.
    if (!hasBody || !['POST', 'PUT', 'PATCH'].includes(ctx.method)) return next()
    if (ctx.is('multipart')) {
      if (!takesUploads(ctx.method, ctx.path)) throw appError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: 'multipart/form-data' })
      return receiveUpload(app, ctx, next)
    }
    if (!ctx.is('json', 'urlencoded')) throw appError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: type.split(';')[0].trim().slice(0, 100) })
    try {
      await parse(ctx, async () => {})
    } catch (error) {
      throw bodyError(error)
    }
    const body = (ctx.request as any).body
    if (body === null || typeof body !== 'object') throw appError(400, 'INVALID_BODY', { details: 'an object is expected' })
    const forbidden = findForbiddenKey(body)
    if (forbidden) throw appError(400, 'INVALID_BODY', { details: `key ${forbidden}` })
    return next()
  }
}
