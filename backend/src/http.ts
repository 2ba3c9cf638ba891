import fs from 'node:fs'
import path from 'node:path'
import send from 'koa-send'
import type { Context, Next } from 'koa'

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
      await send(ctx, file, { root })
      return
    }
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503
      ctx.body = 'The frontend is not built yet: run `npm run build`.'
      return
    }
    ctx.set('Cache-Control', 'no-cache')
    await send(ctx, 'index.html', { root })
  }
}
