import { FeathersError } from '@feathersjs/errors'
import type { Context, Next } from 'koa'
import type { Application } from './declarations.js'
import type { ModuleManifest } from './modules/manifest.js'
import { localized, type SpecRoute, type SpecTarget } from './kit/spec-aliases.js'

/*
 * The calls of the spec as thin aliases onto our services: every module's `specAliases` (its
 * manifest), one table. A matching request is rewritten (path, HTTP method, X-Service-Method,
 * query, body) and then goes through the normal Feathers REST layer once, with every app hook:
 * sign-in, region scope (also under /{region}/v1), CASL abilities, sealed bids, audit, 410 on a
 * stale `updatedAt`, events. No business rule lives here: where the spec's answer has another
 * shape, `reply` only picks it out of the service's answer.
 */

interface CompiledRoute {
  route: SpecRoute
  regex: RegExp
  names: string[]
}

function compile(route: SpecRoute): CompiledRoute {
  const names: string[] = []
  const source = route.pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(part.slice(1))
      return '([^/]+)'
    })
    .join('/')
  return { route, regex: new RegExp(`^/${source}/?$`), names }
}

/** The table of the modules' aliases (`app.get('modules')`), ready to match. */
export const compileSpecRoutes = (modules: readonly ModuleManifest[]) => modules.flatMap((module) => module.specAliases ?? []).map(compile)

/**
 * The aliases a request may be, in the table's order, each with its named path parts. Several
 * modules may claim one spec path (`POST /pdf` names its PDF type in the body): each in turn is
 * asked, and the first that takes the call (its `to` answers a target) has it.
 */
export function matchSpecRoutes(compiled: CompiledRoute[], method: string, path: string) {
  const matches: Array<{ route: SpecRoute; match: Record<string, string> }> = []
  for (const entry of compiled) {
    if (entry.route.method !== method) continue
    const found = entry.regex.exec(path)
    if (!found) continue
    try {
      matches.push({ route: entry.route, match: Object.fromEntries(entry.names.map((name, index) => [name, decodeURIComponent(found[index + 1])])) })
    } catch {
      continue
    }
  }
  return matches
}

/** The first alias a request may be, if any. */
export const matchSpecRoute = (compiled: CompiledRoute[], method: string, path: string) => matchSpecRoutes(compiled, method, path)[0] ?? null

/**
 * Koa middleware (after the body parser, before `rest()`): rewrites a spec call into our call,
 * lets it run, then shapes the answer. Requests that are no spec alias pass untouched.
 */
export function specCalls(app: Application) {
  const compiled = compileSpecRoutes(app.get('modules'))
  // Most requests (users, buildings, settings...) are no alias: one set lookup lets them pass.
  const roots = new Set(compiled.map((entry) => entry.route.pattern.split('/')[0]))
  return async (ctx: Context, next: Next) => {
    if (!roots.has(ctx.path.split('/', 2)[1])) return next()
    let target: SpecTarget | null = null
    for (const found of matchSpecRoutes(compiled, ctx.method, ctx.path)) {
      try {
        target = await found.route.to(found.match, { query: { ...ctx.request.query }, body: (ctx.request as any).body, headers: ctx.request.headers, knex: app.get('knex') })
      } catch (error) {
        throw error instanceof FeathersError ? localized(error, ctx) : error
      }
      if (target) break
    }
    if (!target) return next()
    ctx.method = target.method
    ctx.path = target.path
    ;(ctx.request as any).query = target.query ?? {}
    if (target.serviceMethod) ctx.request.headers['x-service-method'] = target.serviceMethod
    else delete ctx.request.headers['x-service-method']
    if (target.body !== undefined) (ctx.request as any).body = target.body
    await next()
    if (target.reply && ctx.status >= 200 && ctx.status < 300) ctx.body = target.reply(ctx.body, ctx)
  }
}
