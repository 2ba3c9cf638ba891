import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import send from 'koa-send'
import type { Context, Next } from 'koa'
import type { Application } from './declarations.js'
import { errorCatalogue } from './i18n/messages.js'
import { serviceOptions } from './service-options.js'
import { documentedHooks, type DocumentedSchema } from './validators.js'

/*
 * The REST API described as OpenAPI 3.1, built from what the server really runs: every registered
 * service, the methods its options publish, and the schemas its validating hooks check (bodies,
 * queries) and its authorize hook answers with (records). Nothing is written by hand per service,
 * so a module's new service is documented the moment it is registered.
 */

const version: string = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')).version
const standard = new Set(['find', 'get', 'create', 'update', 'patch', 'remove'])
const regions = ['HK', 'SG', 'BJ', 'MO', 'GLOBAL']

type Schema = Record<string, any>
type Operation = Record<string, any>

/**
 * What a service tells of one method beyond the schemas its hooks check (service option `docs`):
 * answers no hook shows, such as a file instead of JSON, or 202 with a job. Its responses replace
 * the generated ones of the same status; a named schema in them goes to the components.
 */
export interface MethodDocs {
  summary?: string
  description?: string
  responses?: Record<string, { description: string; headers?: Record<string, Schema>; content?: Record<string, { schema: Schema }> }>
}

/** The statuses each kind of call may answer besides success (the spec's error catalogue). */
const failures: Record<string, number[]> = {
  find: [400, 401, 403, 429],
  get: [400, 401, 403, 404, 429],
  create: [400, 401, 403, 409, 413, 415, 428, 429],
  update: [400, 401, 403, 404, 409, 410, 428, 429],
  patch: [400, 401, 403, 404, 409, 410, 428, 429],
  remove: [401, 403, 404, 409, 410, 429],
  custom: [400, 401, 403, 404, 409, 410, 428, 429]
}

const statusText: Record<number, string> = {
  400: 'Invalid data, filter or sort',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed for the caller (or the region, field or feature)',
  404: 'No such record the caller may read',
  409: 'A duplicate, or a record in a state that does not allow this',
  410: 'The record changed since the caller read it (stale `updatedAt`)',
  413: 'The request is too large',
  415: 'The content type is not accepted',
  428: 'A confirmation or the record version is required',
  429: 'Too many requests: see Retry-After'
}

/** A schema as OpenAPI takes it: TypeBox's symbols and Ajv's `$async` dropped. */
const plain = (schema: Schema): Schema => {
  const { $async: _async, ...rest } = JSON.parse(JSON.stringify(schema))
  return rest
}

class Components {
  readonly schemas: Record<string, Schema> = {}

  /** A named schema goes to components once and is referred to; an unnamed one is inlined. */
  refer(schema: Schema): Schema {
    const body = plain(schema)
    const id: string | undefined = body.$id
    if (!id) return body
    delete body.$id
    const name = id.replace(/[^A-Za-z0-9._-]/g, '_')
    const known = this.schemas[name]
    if (known && JSON.stringify(known) !== JSON.stringify(body)) return body
    this.schemas[name] = body
    return { $ref: `#/components/schemas/${name}` }
  }
}

/** What the hooks of one method check: its body, query and record schemas. */
function schemasOf(service: any, method: string): Partial<Record<DocumentedSchema['in'], Schema>> {
  const store = service.__hooks ?? {}
  const hooks = [...(store.before?.all ?? []), ...(store.before?.[method] ?? []), ...(store.after?.all ?? []), ...(store.after?.[method] ?? [])]
  const found: Partial<Record<DocumentedSchema['in'], Schema>> = {}
  for (const hook of hooks) {
    const documented = documentedHooks.get(hook)
    if (documented) found[documented.in] ??= documented.schema
  }
  return found
}

/** A query schema's properties as query parameters (objects such as `$sort`, `$in` as deepObject). */
function queryParameters(query: Schema | undefined, components: Components): Operation[] {
  const properties: Record<string, Schema> = plain(query ?? {}).properties ?? {}
  // `$or` and `$and` (lists of filters) have no OpenAPI query form: the description names them.
  return Object.entries(properties)
    .filter(([name]) => name !== '$or' && name !== '$and')
    .map(([name, schema]) => {
      const object = schema.type === 'object' || schema.anyOf?.some((option: Schema) => option.type === 'object')
      // An empty example: Swagger UI would otherwise fill in a value for every field when trying a call.
      return { name, in: 'query', required: false, schema: components.refer(schema), ...(object ? { style: 'deepObject', explode: true, example: {} } : {}) }
    })
}

const errorResponses = (kind: string) =>
  Object.fromEntries(failures[kind].map((status) => [String(status), { description: statusText[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]))

const json = (schema: Schema | undefined) => ({ 'application/json': { schema: schema ?? { type: 'object' } } })

/** A documented response with its content's named schemas referred to the components. */
const referContent = (response: NonNullable<MethodDocs['responses']>[string], components: Components) =>
  response.content ? { ...response, content: Object.fromEntries(Object.entries(response.content).map(([type, { schema }]) => [type, { schema: components.refer(schema) }])) } : response

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } }

/** The OpenAPI document of every service registered on the app. */
export function openApiDocument(app: Application): Schema {
  const components = new Components()
  const paths: Record<string, Record<string, Operation>> = {}
  for (const [servicePath, service] of Object.entries(app.services).sort(([a], [b]) => a.localeCompare(b))) {
    const options = serviceOptions<{ publicMethods?: string[]; docs?: Record<string, MethodDocs> }>(service)
    const methods: string[] = options.methods ?? []
    const publicMethods = options.publicMethods ?? []
    const collection = `/${servicePath}`
    const item = `/${servicePath}/{id}`
    const operation = (method: string, kind: string, extra: Operation): Operation => {
      const schemas = schemasOf(service, method)
      const record = schemas.result ? components.refer(schemas.result) : undefined
      const many = method === 'find'
      const result = many
        ? { type: 'object', properties: { total: { type: 'integer' }, limit: { type: 'integer' }, skip: { type: 'integer' }, data: { type: 'array', items: record ?? { type: 'object' } } } }
        : record
      const { responses: documented = {}, ...told } = options.docs?.[method] ?? {}
      return {
        operationId: `${servicePath}.${method}`,
        tags: [servicePath],
        ...(publicMethods.includes(method) ? { security: [] } : {}),
        ...extra,
        ...told,
        parameters: [...(extra.parameters ?? []), ...queryParameters(schemas.query, components)],
        ...(schemas.body && kind !== 'find' && kind !== 'get' && kind !== 'remove' ? { requestBody: { required: true, content: json(components.refer(schemas.body)) } } : {}),
        responses: {
          [method === 'create' ? '201' : '200']: { description: 'OK', content: json(result) },
          ...errorResponses(kind),
          ...Object.fromEntries(Object.entries(documented).map(([status, response]) => [status, referContent(response, components)]))
        }
      }
    }
    const add = (at: string, verb: string, op: Operation) => ((paths[at] ??= {})[verb] = op)
    if (methods.includes('find')) add(collection, 'get', operation('find', 'find', { summary: `List ${servicePath} (paged: $limit, $skip, $sort)` }))
    if (methods.includes('create')) add(collection, 'post', operation('create', 'create', { summary: `Create a ${servicePath} record` }))
    if (methods.includes('get')) add(item, 'get', operation('get', 'get', { summary: `Read one ${servicePath} record`, parameters: [idParameter] }))
    if (methods.includes('update')) add(item, 'put', operation('update', 'update', { summary: `Replace a ${servicePath} record`, parameters: [idParameter] }))
    if (methods.includes('patch')) add(item, 'patch', operation('patch', 'patch', { summary: `Change a ${servicePath} record (with its updatedAt)`, parameters: [idParameter] }))
    if (methods.includes('remove')) add(item, 'delete', operation('remove', 'remove', { summary: `Remove a ${servicePath} record`, parameters: [idParameter] }))
    // A custom method is POST to the collection with the X-Service-Method header (Feathers 5).
    // OpenAPI allows one POST per path, so each gets its own key: the collection with `#<method>`
    // (a fragment, which no client sends), its header stating the one value it takes.
    for (const method of methods.filter((name) => !standard.has(name))) {
      add(
        `${collection}#${method}`,
        'post',
        operation(method, 'custom', {
          summary: `${method} (custom method: POST /${servicePath}, header X-Service-Method: ${method})`,
          parameters: [{ name: 'X-Service-Method', in: 'header', required: true, schema: { type: 'string', enum: [method] } }]
        })
      )
    }
  }
  const catalogue = errorCatalogue()
  return {
    openapi: '3.1.0',
    info: {
      title: 'Estate Portal API',
      version,
      description:
        "Every call the browser app makes. Sign in with POST /authentication ({strategy: \"local\", username, password}) and send the accessToken as `Authorization: Bearer <token>`; each call is checked against the caller's permissions and regions, as in the app. Calls under `/{region}/v1` work in that region; under `/v1`, in the caller's default one. Lists take the Feathers query syntax: `field=value`, `field[$in][]=`, `field[$gt]=`, `$sort[field]=1|-1`, `$limit`, `$skip`, and `$or[0][field]=`. A change (patch, custom method) carries the `updatedAt` it was made from and answers 410 when the record changed since. Errors answer `{name, message, code, data, requestId}`; `code` is one of the codes below, `message` its text in the caller's language (Accept-Language)."
    },
    servers: [
      { url: '/v1', description: "The caller's default region" },
      { url: '/{region}/v1', description: 'One region', variables: { region: { default: 'HK', enum: regions } } }
    ],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ...components.schemas,
        Error: {
          type: 'object',
          required: ['name', 'message', 'code'],
          properties: {
            name: { type: 'string' },
            message: { type: 'string', description: "The code's text in the caller's language" },
            code: {
              type: 'string',
              enum: Object.keys(catalogue).sort(),
              description: Object.entries(catalogue)
                .map(([code, text]) => `- \`${code}\`: ${text}`)
                .join('\n')
            },
            className: { type: 'string' },
            data: { type: 'object' },
            requestId: { type: 'string' }
          }
        }
      }
    }
  }
}

const swaggerUi = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

const page = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Estate Portal API</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/start.js"></script>
  </body>
</html>
`

// An external script: the Content-Security-Policy allows no inline one.
const start = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none', filter: true, persistAuthorization: true })\n`

/**
 * `GET /v1/openapi.json`, the document (built once: services are registered at start), and
 * `/docs`, Swagger UI on it (its files from swagger-ui-dist). Both without login: the document
 * describes the calls, not data; each call tried from the page is checked as any other.
 */
export function apiDocs(app: Application) {
  let document: string | undefined
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (ctx.path === '/v1/openapi.json') {
      document ??= JSON.stringify(openApiDocument(app))
      ctx.type = 'application/json'
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = document
      return
    }
    if (ctx.path === '/docs' || ctx.path === '/docs/') {
      ctx.type = 'text/html'
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = page
      return
    }
    if (ctx.path === '/docs/start.js') {
      ctx.type = 'application/javascript'
      ctx.body = start
      return
    }
    const file = /^\/docs\/(swagger-ui\.css|swagger-ui-bundle\.js)$/.exec(ctx.path)?.[1]
    if (file) return send(ctx, file, { root: swaggerUi })
    return next()
  }
}
