import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import compress from 'koa-compress'
import type { Context, Next } from 'koa'
import type { Application } from './declarations.js'
import { logger, requestContext } from './logger.js'

const PROXY_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** A client that hung up while its answer was on the way (a closed tab, a navigation that cancels a chunk). */
const HUNG_UP = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'])

/**
 * Errors Koa meets after an answer has started (its default prints each stack on stderr): a client
 * that went away is routine and logged at debug; anything else is an error line, with the request's id.
 */
export function answerStreamErrors(app: Application) {
  ;(app as unknown as { on: (event: 'error', listener: (error: any) => void) => void }).on('error', (error) => {
    if (HUNG_UP.has(error?.code)) logger.fields.debug({ code: error.code }, 'the client hung up mid-answer')
    else logger.error('answer failed:', error)
  })
}

/**
 * The outermost middleware: gives the request its id (a proxy's X-Request-Id when we were told to
 * trust the proxy, else a new one), sends it back as X-Request-Id, makes every log line written
 * meanwhile carry it, and logs one line when the answer is sent (method, path without the query,
 * which may carry tokens, status, milliseconds).
 */
export function requestLog(app: Application) {
  return async (ctx: Context, next: Next) => {
    const offered = ctx.get('x-request-id')
    const requestId = app.get('trustProxy') && PROXY_REQUEST_ID.test(offered) ? offered : randomUUID()
    ctx.state.requestId = requestId
    ctx.set('X-Request-Id', requestId)
    // When the answer was begun, on the server's clock: a page's live connection catches up on
    // what changed since its first read (live-catchup.ts).
    ctx.set('X-Served-At', String(Date.now()))
    const started = performance.now()
    // As the client asked it: the API's prefix is taken off the path further in.
    const { method, path } = ctx
    await requestContext.run({ requestId }, async () => {
      try {
        await next()
      } finally {
        const ms = Math.round((performance.now() - started) * 10) / 10
        logger.fields.info({ method, path, status: ctx.status, ms }, 'request')
      }
    })
  }
}

const version: string = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')).version
const CHECK_TIMEOUT_MS = 2_000

/** Whether the check answers within the timeout; a failure or a hang is "down", never a 500. */
async function reachable(check: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)))
  try {
    return await Promise.race([check().then(() => true), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The status call (GET and HEAD `/v1/status`, also under a region prefix), for load balancers
 * and monitors, without login: the version, and whether the database and the job queue answer
 * ("off" where this process runs no queue). 200 when all that runs is up, 503 otherwise; HEAD
 * says the same in its status and the X-App-Version header. Nothing else is told to a stranger.
 */
export function statusCall(app: Application) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/status' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    const queue = app.get('queue')
    const [database, queueUp] = await Promise.all([reachable(() => app.get('knex').raw('SELECT 1')), queue ? reachable(() => queue.ping()) : Promise.resolve(undefined)])
    const status = {
      version,
      database: database ? 'up' : 'down',
      queue: queueUp === undefined ? 'off' : queueUp ? 'up' : 'down'
    }
    ctx.status = database && queueUp !== false ? 200 : 503
    ctx.set('X-App-Version', version)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = status
  }
}

/**
 * API answers (JSON lists, exports) over 1 kB go brotli- or gzip-compressed to a client that
 * accepts it; brotli at quality 4 costs about as much CPU as gzip and saves more. Built assets are
 * compressed once at build time (they arrive here already encoded, and are left alone).
 */
export function compressAnswers() {
  return compress({
    threshold: 1024,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    deflate: false
  })
}

/**
 * A JSON answer is serialised once, here, inside the compression: asked for its length (which
 * compression asks first), Koa stringifies an object body to measure it, then stringifies it again
 * to send it; for a page of records that was a sixth of the server's time.
 */
export async function serialiseJsonOnce(ctx: Context, next: Next) {
  await next()
  const body: unknown = ctx.body
  if (body === null || typeof body !== 'object') return
  const prototype = Object.getPrototypeOf(body)
  if (Array.isArray(body) || prototype === Object.prototype || prototype === null) ctx.body = JSON.stringify(body)
}
