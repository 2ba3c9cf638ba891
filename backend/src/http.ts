import fs from 'node:fs'
import path from 'node:path'
import send from 'koa-send'
import type { Context, Next } from 'koa'
import { FeathersError, GeneralError } from '@feathersjs/errors'
import type { Application } from './declarations.js'
import { appError, type ErrorStatus } from './errors.js'
import { pickLanguage, translate } from './i18n/messages.js'
import { logger } from './logger.js'
import { clientInputError } from './hooks/translate-errors.js'

const API = /^\/(?:([a-z]+)\/)?v1(\/.*|$)/

/**
 * One port serves the API and the browser app: `/v1/...` and `/{region}/v1/...` go to Feathers
 * (the prefix becomes `params.regionCode`), anything else is a file of the built frontend or,
 * for the browser's own routes, its index.html.
 */
export function apiOrFrontend(frontendDist: string) {
  const root = path.resolve(frontendDist)
  return async (ctx: Context, next: Next) => {
    const match = API.exec(ctx.path)
    if (match) {
      ctx.path = match[2] || '/'
      if (match[1]) ctx.feathers = { ...ctx.feathers, regionCode: match[1].toUpperCase() }
      ctx.feathers = { ...ctx.feathers, headers: ctx.request.headers, remoteAddress: ctx.req.socket.remoteAddress }
      return next()
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 404
      return
    }
    const file = ctx.path.replace(/^\/+/, '')
    if (file && fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile()) {
      // Built assets carry a content hash in their names: cache them for good.
      if (file.startsWith('assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
      // koa-send answers with the build's .br or .gz file where the browser accepts it.
      ctx.vary('Accept-Encoding')
      await send(ctx, file, { root })
      return
    }
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503
      ctx.body = 'The frontend is not built yet: run `npm run build`.'
      return
    }
    ctx.set('Cache-Control', 'no-cache')
    ctx.vary('Accept-Encoding')
    await send(ctx, 'index.html', { root })
  }
}

/**
 * Feathers' router keeps a path's parts as keys of a plain object, so a part named after a member
 * of Object.prototype (`constructor`, `__proto__`, `toString`) found a function there and threw.
 * No service or id is called that: such a path is simply not found, over REST and socket.io alike.
 */
export function guardLookup(app: Application) {
  const lookup = app.lookup.bind(app)
  app.lookup = ((location: string) => {
    if (typeof location !== 'string') return null
    const parts = location.split('/')
    if (parts.some((part) => part in Object.prototype)) return null
    return lookup(location)
  }) as typeof app.lookup
}

/** A parser's or file sender's error that is the client's fault (http-errors `expose`), as ours. */
function clientError(error: any): FeathersError | undefined {
  const status = Number(error?.status ?? error?.statusCode)
  if (!(status >= 400 && status < 500)) return undefined
  if (status === 413) return appError(413, 'BODY_TOO_LARGE')
  if (status === 415) return appError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: '' })
  const codes: Partial<Record<ErrorStatus, string>> = { 401: 'NOT_AUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 408: 'TIMEOUT' }
  const known = codes[status as ErrorStatus]
  return known ? appError(status as ErrorStatus, known) : appError(400, 'BAD_REQUEST')
}

/**
 * The outermost middleware: whatever went wrong answers as JSON with the spec's status and a
 * machine code in the caller's language, like a service error. A client's mistake (malformed
 * JSON, an oversized body) is a 4xx; only our own failures are 500, logged, without internals.
 * Every error answer carries the request's id.
 */
export function answerErrors() {
  return async (ctx: Context, next: Next) => {
    try {
      await next()
      if (ctx.body === undefined && ctx.status === 404) throw appError(404, 'NOT_FOUND')
    } catch (raw: any) {
      let error: FeathersError | undefined = raw instanceof FeathersError ? raw : (clientInputError(raw) ?? clientError(raw))
      if (!error) {
        logger.error(`${ctx.method} ${ctx.path} failed`, raw)
        error = new GeneralError('SYSTEM_ERROR', { code: 'SYSTEM_ERROR' })
      }
      const data: any = error.data && typeof error.data === 'object' && !Array.isArray(error.data) ? error.data : undefined
      if (data?.code) error.message = translate(pickLanguage(ctx.get('accept-language')), data.code, data) ?? error.message
      ctx.status = error.code
      // The request's id lets support find the server's log lines of this answer.
      ctx.body = { ...error.toJSON(), requestId: ctx.state.requestId }
    }
  }
}
