import fc from 'fast-check'
import { serviceOptions as getServiceOptions } from '../src/service-options.js'
import { io, type Socket } from 'socket.io-client'
import type { TestServer } from './server.js'

/** What the fuzzer needs of a running server: the test server, or the one scripts/fuzz.ts starts. */
export type FuzzServer = Pick<TestServer, 'app' | 'knex' | 'url' | 'login'>

/**
 * Property-based probing of every registered service and method, as an anonymous caller, a vendor
 * and a staff administrator, over REST with arbitrary ids, queries, bodies and headers, and over
 * socket.io with malformed arguments. The property: no answer is a server error (≥ 500), and an
 * anonymous caller never gets a 2xx from a method that is not public. Used by fuzz.test.ts (a
 * bounded run with a fixed seed, in every `npm test`) and scripts/fuzz.ts (a larger run).
 */

export type Role = 'anonymous' | 'vendor' | 'staff'
export const roles: readonly Role[] = ['anonymous', 'vendor', 'staff']
const usernames: Record<Exclude<Role, 'anonymous'>, string> = { vendor: 'vendor.alpha', staff: 'admin' }

export interface Target {
  path: string
  method: string
  isPublic: boolean
}

export interface Probe {
  target: Target
  role: Role
  request: HttpRequest
}
export interface HttpRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}
export interface Outcome {
  probe: Probe
  status: number
  body: string
}

const STANDARD: Record<string, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }
const WITH_ID = new Set(['get', 'update', 'patch', 'remove'])

/** Every service path and method the app registered (the socket transport's view of it). */
export function targetsOf(server: FuzzServer): Target[] {
  const targets: Target[] = []
  for (const [path, service] of Object.entries((server.app as any).services as Record<string, any>)) {
    const options: any = getServiceOptions(service) ?? {}
    const publicMethods: string[] = options.publicMethods ?? []
    for (const method of options.methods ?? []) targets.push({ path, method, isPublic: publicMethods.includes(method) })
  }
  return targets.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
}

// ---- arbitraries -------------------------------------------------------------------------------

const weird = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1.5',
  '1e400',
  '99999999999999999999',
  '9007199254740993',
  '%00',
  '%ff',
  '%',
  '..',
  '.',
  "'",
  '"',
  '${1}',
  '<script>',
  ' ',
  'ÿ',
  '日本',
  'HK',
  'me'
]
const idArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 30 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...weird) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) }
)

const fieldNames = [
  'id',
  'name',
  'code',
  'region',
  'status',
  'updatedAt',
  'createdAt',
  'tenderId',
  'companyId',
  'userId',
  'username',
  'email',
  'groupIds',
  'regions',
  'features',
  'tenancyPerms',
  'permissions',
  'value',
  'kind',
  'description',
  'managedBy',
  'amount',
  'closingAt',
  'items',
  'content',
  'floors',
  'userType',
  'enabled',
  'password',
  'strategy',
  'accessToken',
  '__proto__',
  'constructor',
  '$limit',
  '$skip',
  '$sort',
  '$or',
  '$in',
  '$select',
  '$ilike',
  '$gt',
  '$nin',
  'resource',
  'recordId',
  'key'
]

const scalar = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', 'null', 'true', '2026-01-01T00:00:00Z', '2026-13-45', 'yesterday', '1e999', 'HK', 'TENDERS', 'a'.repeat(300)),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n))
)
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('object')),
  list: fc.array(tie('node'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom(...fieldNames), tie('node'), { maxKeys: 4 })
})).node

/** A JSON text, mostly objects of plausible fields, sometimes not JSON or not an object at all. */
const bodyArb = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }).map((object) => JSON.stringify(object)) },
  { weight: 1, arbitrary: value.map((any) => JSON.stringify(any) ?? 'null') },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,', 'nul', '"', '{"__proto__":{"x":1}}', '{"id":1}}', '\u0000', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) }
)

/** A query string: filters with operators, pages and sorts, good and bad. */
const queryArb = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...fieldNames),
        fc
          .tuple(fc.constantFrom('id', 'name', 'updatedAt', 'status', 'region', 'code'), fc.constantFrom('$gt', '$lt', '$in', '$nin', '$ne', '$ilike', '$like', '$limit', '0', ''))
          .map(([field, op]) => `${field}[${op}]`),
        fc.constantFrom('$sort[id]', '$sort[__proto__]', '$or[0][id]', '$or[x]', '$select[]', '$limit', '$skip', 'a[b][c][d][e]')
      ),
      fc.oneof(idArb, fc.constantFrom('1', '-1', '1000000', 'null', 'true', '2026-01-01', 'x'.repeat(200)))
    ),
    { maxLength: 4 }
  )
  .map((pairs) => pairs.map(([key, val]) => `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(val)}`).join('&'))

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin9',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  ''
]

const headersArb = fc.record({
  contentType: fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 3, arbitrary: fc.constantFrom(...contentTypes) }),
  region: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('HK', 'sg', 'XX', '__proto__', '', 'GLOBAL') }),
  language: fc.constantFrom(undefined, 'zh-CN', 'en-US,zh;q=0.5', '*', 'xx'),
  methodOverride: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('find', 'remove', '__proto__', 'constructor', 'x') })
})

const prefixArb = fc.constantFrom('', '', '/hk', '/sg', '/bj', '/global', '/xx')

export interface RawCase {
  id: string
  routeIds: string[]
  query: string
  body: string
  headers: { contentType: string; region?: string; language?: string; methodOverride?: string }
  prefix: string
}

export const caseArb: fc.Arbitrary<RawCase> = fc.record({
  id: idArb,
  routeIds: fc.array(idArb, { minLength: 3, maxLength: 3 }),
  query: queryArb,
  body: bodyArb,
  headers: headersArb,
  prefix: prefixArb
})

/** The HTTP request a case makes of a target: the standard verbs, or POST with X-Service-Method. */
export function requestOf(target: Target, raw: RawCase, token: string | undefined): HttpRequest {
  let routeIndex = 0
  const path = target.path
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(raw.routeIds[routeIndex++ % 3]) : part))
    .join('/')
  const standard = STANDARD[target.method]
  const method = standard ?? 'POST'
  const id = WITH_ID.has(target.method) ? `/${encodeURIComponent(raw.id)}` : ''
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (!standard) headers['x-service-method'] = target.method
  else if (raw.headers.methodOverride) headers['x-service-method'] = raw.headers.methodOverride
  if (raw.headers.region !== undefined) headers['x-region'] = raw.headers.region
  if (raw.headers.language) headers['accept-language'] = raw.headers.language
  const hasBody = method !== 'GET' && method !== 'DELETE'
  if (hasBody && raw.headers.contentType) headers['content-type'] = raw.headers.contentType
  return { method, url: `${raw.prefix}/v1/${path}${id}${raw.query ? `?${raw.query}` : ''}`, headers, body: hasBody ? raw.body : undefined }
}

// ---- running -----------------------------------------------------------------------------------

/** Signs the fuzzed roles in, and in again when a probe ended the session or locked the account. */
export class Sessions {
  private tokens: Partial<Record<Role, string>> = {}
  constructor(private server: FuzzServer) {}

  async token(role: Role): Promise<string | undefined> {
    if (role === 'anonymous') return undefined
    if (!this.tokens[role]) this.tokens[role] = await this.signIn(usernames[role])
    return this.tokens[role]
  }

  forget(role: Role) {
    delete this.tokens[role]
  }

  private async signIn(username: string): Promise<string> {
    // A probe may have locked, disabled or re-passworded the account: put it back as seeded.
    const { DEMO_PASSWORD } = await import('../../seeds/demo.js')
    const bcrypt = (await import('bcrypt')).default
    const row = await this.server.knex('users').where({ username }).first()
    if (!row.enabled || row.lockedAt || row.failedLogins || !(await bcrypt.compare(DEMO_PASSWORD, row.password))) {
      await this.server
        .knex('users')
        .where({ username })
        .update({
          enabled: true,
          lockedAt: null,
          failedLogins: 0,
          password: await bcrypt.hash(DEMO_PASSWORD, 4)
        })
      ;(this.server.app.get('invalidation') as any)?.publish?.({ kind: 'user', id: row.id })
    }
    return (await this.server.login(username)).accessToken
  }
}

export async function send(server: FuzzServer, request: HttpRequest): Promise<{ status: number; body: string }> {
  const response = await fetch(server.url + request.url, { method: request.method, headers: request.headers, body: request.body })
  return { status: response.status, body: await response.text() }
}

/** What is wrong with an answer, or undefined when the property holds. */
export function violation(outcome: Outcome): string | undefined {
  const { probe, status } = outcome
  if (status >= 500) return `answered ${status}`
  if (probe.role === 'anonymous' && !probe.target.isPublic && status >= 200 && status < 300) return `answered ${status} to an anonymous caller`
  return undefined
}

/**
 * Runs `perTarget` cases against each target for each role, cases drawn from one fixed seed, one
 * request at a time; answers every outcome (the caller counts and asserts).
 */
export async function fuzzRest(server: FuzzServer, options: { seed: number; perTarget: number; onOutcome?: (outcome: Outcome) => void }) {
  const targets = targetsOf(server)
  const sessions = new Sessions(server)
  const cases = fc.sample(caseArb, { seed: options.seed, numRuns: targets.length * roles.length * options.perTarget })
  const outcomes: Outcome[] = []
  let next = 0
  for (const target of targets) {
    for (const role of roles) {
      for (let n = 0; n < options.perTarget; n++) {
        const raw = cases[next++]
        const request = requestOf(target, raw, await sessions.token(role))
        const answer = await send(server, request)
        const outcome = { probe: { target, role, request }, ...answer }
        outcomes.push(outcome)
        options.onOutcome?.(outcome)
        // A probe that signed the role out (authentication.remove, its own lock) must not blind the rest.
        if (role !== 'anonymous' && answer.status === 401) sessions.forget(role)
      }
    }
  }
  return { targets, outcomes }
}

// ---- socket.io ---------------------------------------------------------------------------------

const socketArgs: unknown[][] = [
  [],
  [null],
  [undefined],
  [123],
  ['x'],
  [[]],
  [{}],
  [{ $limit: 'x' }],
  [{ __proto__: { admin: true } }],
  [{ $or: 'x' }],
  [{ id: { $gt: {} } }],
  ['abc', {}],
  [{ a: 1 }, { b: 2 }, { c: 3 }, { d: 4 }],
  [Number.MAX_SAFE_INTEGER * 10, {}],
  ['constructor', {}],
  [true, false],
  [{ updatedAt: 'null' }, {}]
]
const socketPaths: unknown[] = ['users', 'tenders', '__proto__', 'constructor', 'toString', 'users/constructor', '', null, 42, { a: 1 }, ['users'], 'v1/users']

export interface SocketOutcome {
  path: unknown
  method: string
  args: unknown[]
  error?: any
  timedOut?: boolean
}

/** Malformed socket calls of every method, signed in and not: each must be answered, never with a 5xx. */
export async function fuzzSocket(server: FuzzServer, token: string | undefined, options: { everyService?: boolean } = {}): Promise<SocketOutcome[]> {
  const socket: Socket = io(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  try {
    if (token) {
      const [error] = await socket
        .timeout(10_000)
        .emitWithAck('create', 'authentication', { strategy: 'jwt', accessToken: token }, {})
        .then(
          (r) => [null, r],
          (e) => [e]
        )
      if (error) throw error
    }
    const outcomes: SocketOutcome[] = []
    // The methods the transport listens for: those of some service (any other event goes unanswered).
    const registered = new Set(Object.values((server.app as any).services).flatMap((service: any) => getServiceOptions(service)?.methods ?? []))
    const methods = ['find', 'get', 'create', 'update', 'patch', 'remove', 'submit', 'lock'].filter((method) => registered.has(method))
    // The malformed paths always; every service's path in the larger run, a few in the bounded one.
    const services = targetsFromApp(server)
    for (const path of [...socketPaths, ...(options.everyService ? services : services.filter((_, index) => index % 8 === 0))]) {
      for (const method of methods) {
        for (const args of socketArgs) {
          const outcome: SocketOutcome = { path, method, args }
          try {
            // The socket.io-client acknowledgement: Feathers answers (error, result).
            await new Promise<void>((resolve, reject) => {
              socket.timeout(30_000).emit(method, path, ...args, (timeout: unknown, error: any) => {
                if (timeout) reject(Object.assign(new Error('no answer'), { timedOut: true }))
                else {
                  outcome.error = error ?? undefined
                  resolve()
                }
              })
            })
          } catch (error: any) {
            outcome.timedOut = Boolean(error.timedOut)
            outcome.error = error
          }
          outcomes.push(outcome)
        }
      }
    }
    return outcomes
  } finally {
    socket.close()
  }
}

function targetsFromApp(server: FuzzServer): string[] {
  return Object.keys((server.app as any).services).filter((path) => !path.includes(':'))
}

/** A socket answer breaks the property when it is a server error or never comes. */
export function socketViolation(outcome: SocketOutcome): string | undefined {
  if (outcome.timedOut) return 'no answer'
  const code = Number(outcome.error?.code)
  if (outcome.error && (!(code >= 400 && code < 500) || outcome.error.className === 'general-error')) return `answered ${outcome.error.name ?? ''} ${code}`
  return undefined
}
