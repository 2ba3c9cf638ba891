import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceOptions } from '../src/service-options.js'
import { startTestServer, type TestServer } from './server.js'

// Issue 10, point 11: the API described as OpenAPI from the services' own schemas, at /docs.

let server: TestServer
let document: any

beforeAll(async () => {
  server = await startTestServer()
  const { status, body } = await server.api(null, 'GET', '/v1/openapi.json')
  expect(status).toBe(200)
  document = body
})
afterAll(async () => {
  await server?.stop()
})

const standardOperation: Record<string, [suffix: string, verb: string]> = {
  find: ['', 'get'],
  create: ['', 'post'],
  get: ['/{id}', 'get'],
  update: ['/{id}', 'put'],
  patch: ['/{id}', 'patch'],
  remove: ['/{id}', 'delete']
}

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy()
  })

  it('has every method of every registered service, custom methods with their X-Service-Method header', () => {
    const services = Object.entries(server.app.services)
    expect(services.length).toBeGreaterThan(30)
    for (const [path, service] of services) {
      for (const method of serviceOptions(service).methods) {
        const [suffix, verb] = standardOperation[method] ?? [`#${method}`, 'post']
        const operation = document.paths[`/${path}${suffix}`]?.[verb]
        expect(operation, `${path}.${method}`).toBeDefined()
        expect(operation.operationId).toBe(`${path}.${method}`)
        if (!standardOperation[method]) {
          expect(operation.parameters).toContainEqual({ name: 'X-Service-Method', in: 'header', required: true, schema: { type: 'string', enum: [method] } })
        }
      }
    }
  })

  it('names the query parameters, the body and the record from the schemas the service validates with', () => {
    const list = document.paths['/users'].get
    const names = list.parameters.map((parameter: any) => parameter.name)
    expect(names).toEqual(expect.arrayContaining(['$limit', '$skip', '$sort', 'username']))
    expect(list.responses['200'].content['application/json'].schema.properties.data.items).toEqual({ $ref: '#/components/schemas/User' })
    expect(document.components.schemas.User.properties.username).toEqual({ type: 'string' })
    const bodyOf = (operation: any) => {
      const schema = operation.requestBody.content['application/json'].schema
      return schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema
    }
    expect(bodyOf(document.paths['/users'].post).properties).toHaveProperty('username')
    // A custom method's body: the tender workflow's actions carry the version they were made from.
    expect(bodyOf(document.paths['/tenders#submit'].post).properties).toHaveProperty('updatedAt')
  })

  it('states the error answers with every catalogue code, and which calls need no login', () => {
    expect(document.paths['/tenders/{id}'].patch.responses).toHaveProperty('410')
    expect(document.components.schemas.Error.properties.code.enum).toEqual(expect.arrayContaining(['STALE_WRITE', 'FORBIDDEN', 'INVALID_TRANSITION']))
    expect(document.paths['/authentication'].post.security).toEqual([])
    expect(document.paths['/users'].get.security).toBeUndefined()
    expect(document.security).toEqual([{ bearer: [] }])
  })
})

describe('the export of a list', () => {
  it('answers the spreadsheet, or 202 with the job of a long list, and the job is described where it is followed', () => {
    const exportList = document.paths['/exports/:resource'].get
    expect(Object.keys(exportList.responses['200'].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
    expect(exportList.responses['200'].headers).toHaveProperty('X-Export-Rows')
    expect(exportList.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ExportJobAnswer' })
    const answer = document.components.schemas.ExportJobAnswer
    expect(answer.required).toEqual(['job'])
    expect(answer.properties.job.properties.status).toEqual({ anyOf: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'].map((status) => ({ const: status, type: 'string' })) })
    expect(answer.properties.job.required).toEqual(expect.arrayContaining(['id', 'status', 'done', 'total', 'filename', 'rowCount']))
    expect(exportList.description).toContain('/export-jobs/{id}')
    expect(document.paths['/export-jobs/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ExportJob' })
    expect(Object.keys(document.paths['/export-files/{id}'].get.responses['200'].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
  })
})

describe('/docs', () => {
  it('serves Swagger UI on the document under the Content-Security-Policy, without inline script', async () => {
    const response = await fetch(`${server.url}/docs`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<div id="swagger-ui">')
    expect(html).not.toMatch(/<script>(?!<\/script>)/)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    const start = await fetch(`${server.url}/docs/start.js`)
    expect(await start.text()).toContain("url: '/v1/openapi.json'")
    const bundle = await fetch(`${server.url}/docs/swagger-ui-bundle.js`)
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toMatch(/javascript/)
  })

  it('does not let a document call skip the permissions: a call tried from it is checked as any other', async () => {
    expect((await server.api(null, 'GET', '/v1/users')).status).toBe(401)
  })
})
