import helmet from 'koa-helmet'
import type { Context, Next } from 'koa'

/**
 * The policy the built app runs under: its own scripts only (Vite emits no inline script), inline
 * styles (antd's CSS-in-JS writes <style> elements at run time), data: and blob: images (the
 * favicon, previews), API and socket.io on the same origin (ws:/wss: for the socket), never framed.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'object-src': ["'none'"],
  'frame-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"]
}

const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * The usual response headers on every answer, app page and API alike (helmet's set: CSP, nosniff,
 * no referrer, X-Frame-Options DENY...). HSTS only over HTTPS: sent over plain HTTP it would pin a
 * host that has no certificate. Whether a request came over HTTPS through a proxy
 * (X-Forwarded-Proto) is believed only when the `trustProxy` setting says so (koa's `app.proxy`).
 */
export function securityHeaders() {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false
  })
  // Helmet works the same headers out on every answer (none of these depends on the request):
  // they are taken from it once, on the first answer, and set as they are from then on.
  const fixed = new Promise<{ set: Array<[string, string]>; removed: string[] }>((resolve, reject) => {
    const set: Array<[string, string]> = []
    const removed: string[] = []
    const res = { setHeader: (name: string, value: unknown) => set.push([name, String(value)]), removeHeader: (name: string) => removed.push(name) }
    headers({ req: { headers: {} }, res } as unknown as Context, async () => resolve({ set, removed })).catch(reject)
  })
  return async (ctx: Context, next: Next) => {
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS)
    const { set, removed } = await fixed
    for (const name of removed) ctx.res.removeHeader(name)
    for (const [name, value] of set) ctx.res.setHeader(name, value)
    return next()
  }
}
