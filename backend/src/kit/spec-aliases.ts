import { FeathersError } from '@feathersjs/errors'
import type { Context } from 'koa'
import type { Knex } from 'knex'
import { appError } from '../errors.js'
import { pickLanguage, translate } from '../i18n/messages.js'

/*
 * What a module's spec aliases are made of (its manifest's `specAliases`, run by spec-routes.ts):
 * a route names a spec call (method and path pattern) and says which of our calls it becomes.
 * The builders below write the common targets; no business rule belongs in an alias.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'
export type Query = Record<string, any>

/** Where a spec call goes; `reply` picks the spec's answer out of the service's. */
export interface SpecTarget {
  method: HttpMethod
  path: string
  serviceMethod?: string
  query?: Query
  body?: unknown
  reply?: (body: any, ctx: Context) => unknown
}

export interface SpecRequest {
  query: Query
  body: any
  headers: Record<string, string | string[] | undefined>
  knex: Knex
}

export interface SpecRoute {
  method: string
  pattern: string
  /** Takes multipart files: parsed only after sign-in (request-body.ts). */
  uploads?: boolean
  /** null: not this alias after all; the request goes on as sent. */
  to: (match: Record<string, string>, request: SpecRequest) => SpecTarget | null | Promise<SpecTarget | null>
}

export const enc = encodeURIComponent

export const find = (service: string, query: Query, reply?: SpecTarget['reply']): SpecTarget => ({ method: 'GET', path: `/${service}`, query, reply })
export const get = (service: string, id: string, query: Query = {}, reply?: SpecTarget['reply']): SpecTarget => ({ method: 'GET', path: `/${service}/${enc(id)}`, query, reply })
/** A custom method: POST /<service>, X-Service-Method, the record's id in the body. */
export const call = (service: string, serviceMethod: string, id: string | number, body: any = {}): SpecTarget => ({
  method: 'POST',
  path: `/${service}`,
  serviceMethod,
  body: { ...withoutStatus(body), id }
})

function withoutStatus(body: any) {
  if (!body || typeof body !== 'object') return {}
  const { status: _status, ...rest } = body
  return rest
}

/** The only record of a list answer; 404 when there is none. */
export const one = (body: any, ctx: Context) => {
  const record = Array.isArray(body?.data) ? body.data[0] : undefined
  if (!record) throw localized(appError(404, 'NOT_FOUND'), ctx)
  return record
}
export const listOf = (body: any) => (Array.isArray(body?.data) ? body.data : body)
export const field = (name: string) => (body: any) => body?.[name]

/** The custom method named by X-CMS-Action (`submit` or `bids.submit`), when it is one of the service's. */
export function namedAction(headers: SpecRequest['headers'], methods: readonly string[]) {
  const header = headers['x-cms-action']
  const name =
    String(Array.isArray(header) ? header[0] : (header ?? ''))
      .split('.')
      .pop() ?? ''
  return methods.includes(name) && !['find', 'get', 'create', 'patch', 'update', 'remove'].includes(name) ? name : null
}

/**
 * The action of a workflow table that changes a record to `status` (a transition into another
 * state), when exactly one such action is a method of the service: PATCH {status} says where to
 * go, the workflow says by which action. The service then checks it as for any call.
 */
export function actionToStatus(table: Record<string, readonly { action: string; to: string }[]>, methods: readonly string[], status: unknown): string | null {
  const actions = new Set(
    Object.entries(table).flatMap(([from, transitions]) =>
      transitions.filter((transition) => transition.to === status && from !== status && methods.includes(transition.action)).map((transition) => transition.action)
    )
  )
  return actions.size === 1 ? [...actions][0] : null
}

export function statusAction(request: SpecRequest, table: Record<string, readonly { action: string; to: string }[]>, methods: readonly string[]) {
  const named = namedAction(request.headers, methods)
  if (named) return named
  if (request.body?.status === undefined) return null
  const action = actionToStatus(table, methods, request.body.status)
  if (!action) throw appError(400, 'VALIDATION_FAILED', { details: `status: no action leads to ${String(request.body.status)}` })
  return action
}

/** An error raised here, outside the service hooks, in the caller's language like theirs. */
export function localized(error: FeathersError, ctx: Context) {
  const data: any = error.data ?? {}
  error.message = translate(pickLanguage(ctx.get('accept-language')), data.code ?? '', data) ?? error.message
  return error
}
