import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/server.js'
import { liveSockets } from '../../../test/live.js'
import { portalOf } from '../../abilities/permissions.shared.js'
import { appError } from '../../errors.js'
import { callerParams } from '../../hooks/resolve-references.js'
import { sendFileContent } from './files.js'
import { recordDocumentReaders, RecordDocumentContentService, RecordDocumentService, type RecordDocuments } from './record-documents.js'
import { pdfBytes } from '../../storage/test-files.js'

/*
 * The platform's "documents of a record" on a record kind no module owns: a company's documents,
 * registered here on a test table as a module registers its own (record-documents.ts, header).
 * Over real HTTP and sockets on real PostgreSQL: who reads the company (staff of the region, a
 * vendor its own company) lists, downloads and hears of its documents; another vendor gets 404 and
 * hears nothing; only staff who update companies upload and remove; the region's upload settings
 * refuse a file, and nothing is stored.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const companies: Record<string, number> = {}
const live = liveSockets()
const path = 'test-company-documents'

const companyDocumentsOf: RecordDocuments = {
  table: 'test_company_documents',
  ownerColumn: 'companyId',
  ownerResource: 'companies',
  fields: ['docType'],
  filters: ['docType'],
  authorize: (params, action) => {
    // Staff who update companies change their documents; a vendor master edits its profile, not these.
    const staff = params.user && portalOf(params.user.userType) === 'staff'
    if (action === 'change' && !(staff && (params as any).ability?.can('update', 'companies'))) throw appError(403, 'FORBIDDEN')
  },
  async readOwner(app, id, params) {
    try {
      return await app.service('companies').get(Number(id), { ...callerParams(params), query: {} } as any)
    } catch (error: any) {
      if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
}

async function upload(user: string, companyId: number, docType: string, files: Array<{ name: string; bytes: Buffer }> = [{ name: 'licence.pdf', bytes: pdfBytes('licence') }]) {
  const form = new FormData()
  form.append('companyId', String(companyId))
  form.append('docType', docType)
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name)
  const response = await fetch(`${server.url}/hk/v1/${path}`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

const api = (user: string, method: string, url: string) => server.api(tokens[user], method, `/hk/v1/${url}`)

beforeAll(async () => {
  server = await startTestServer()
  await server.knex.schema.createTable('test_company_documents', (table) => {
    table.increments('id')
    table.string('region').notNullable()
    table.integer('company_id').notNullable().references('companies.id')
    table.integer('file_id').notNullable().references('files.id')
    table.string('doc_type').notNullable()
    table.integer('uploaded_by')
    table.timestamps(true, true)
  })
  const app = server.app
  app.use(
    path as any,
    new RecordDocumentService({ Model: app.get('knex'), name: 'test_company_documents', paginate: app.get('paginate') }, app, companyDocumentsOf) as any,
    {
      methods: ['find', 'create', 'remove'],
      regional: true,
      uploads: true
    } as any
  )
  ;(app.service(path as any) as any).publish((data: any, context: any) => recordDocumentReaders(app, data, context, { table: 'companies', path: 'companies', column: 'companyId' }))
  app.use(`${path}/:id/content` as any, new RecordDocumentContentService(app, companyDocumentsOf) as any, { methods: ['find'], koa: { after: [sendFileContent] } } as any)
  for (const name of ['admin', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
  for (const name of ['vendor.alpha', 'vendor.beta']) companies[name] = (await server.knex('users').where({ username: name }).first('companyId')).companyId
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('documents of a record', () => {
  it('stores through the files service, lists by filter, serves the file and removes it with its file', async () => {
    const licence = await upload('admin', companies['vendor.alpha'], 'LICENCE', [{ name: 'licence.pdf', bytes: pdfBytes('licence') }])
    expect(licence.status, JSON.stringify(licence.body)).toBe(201)
    expect(licence.body[0]).toMatchObject({ companyId: companies['vendor.alpha'], docType: 'LICENCE', name: 'licence.pdf', mimeType: 'application/pdf', region: 'HK' })
    expect(await server.knex('files').where({ id: licence.body[0].fileId }).first('ownerResource', 'ownerId')).toEqual({ ownerResource: 'companies', ownerId: String(companies['vendor.alpha']) })
    await upload('admin', companies['vendor.alpha'], 'INSURANCE', [{ name: 'cover.pdf', bytes: pdfBytes('cover') }])

    const all = await api('vendor.alpha', 'GET', `${path}?companyId=${companies['vendor.alpha']}`)
    expect(all.body.data.map((row: any) => row.docType)).toEqual(['LICENCE', 'INSURANCE'])
    const licences = await api('vendor.alpha', 'GET', `${path}?companyId=${companies['vendor.alpha']}&docType=LICENCE`)
    expect(licences.body.data.map((row: any) => row.name)).toEqual(['licence.pdf'])
    const content = await fetch(`${server.url}/hk/v1/${path}/${licence.body[0].id}/content`, { headers: { authorization: `Bearer ${tokens['vendor.alpha']}` } })
    expect(content.status).toBe(200)
    expect(content.headers.get('content-disposition')).toContain('licence.pdf')
    expect(Buffer.from(await content.arrayBuffer()).equals(pdfBytes('licence'))).toBe(true)

    expect((await api('admin', 'DELETE', `${path}/${licence.body[0].id}`)).status).toBe(200)
    expect(await server.knex('files').where({ id: licence.body[0].fileId }).first()).toBeUndefined()
    expect((await api('admin', 'GET', `${path}?companyId=${companies['vendor.alpha']}`)).body.data.map((row: any) => row.docType)).toEqual(['INSURANCE'])
  })

  it('refuses another vendor (404: it does not read the record) and a change by who may not change it (403)', async () => {
    const uploaded = await upload('admin', companies['vendor.alpha'], 'LICENCE')
    const id = uploaded.body[0].id
    expect((await api('vendor.beta', 'GET', `${path}?companyId=${companies['vendor.alpha']}`)).status).toBe(404)
    expect((await fetch(`${server.url}/hk/v1/${path}/${id}/content`, { headers: { authorization: `Bearer ${tokens['vendor.beta']}` } })).status).toBe(404)
    // The owner reads it, and changes nothing: authorization before any other answer.
    expect((await upload('vendor.alpha', companies['vendor.alpha'], 'LICENCE')).status).toBe(403)
    expect((await api('vendor.alpha', 'DELETE', `${path}/${id}`)).status).toBe(403)
    expect((await api('vendor.beta', 'DELETE', `${path}/987654321`)).status).toBe(403)
    // A record of another region is not found there.
    expect((await server.api(tokens.admin, 'GET', `/sg/v1/${path}/${id}/content`)).status).toBe(404)
    expect(await server.knex('test_company_documents').where({ id }).first()).toBeTruthy()
  })

  it('applies the region’s upload settings and stores nothing of a refused upload', async () => {
    const before = await server.knex('test_company_documents').count('* as count').first()
    const disguised = await upload('admin', companies['vendor.beta'], 'LICENCE', [{ name: 'tool.pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') }])
    expect(disguised.status).toBe(400)
    expect(disguised.body.data.code).toBe('FILE_TYPE')
    const none = await upload('admin', companies['vendor.beta'], 'LICENCE', [])
    expect(none.body.data.code).toBe('FILE_MISSING')
    expect(await server.knex('test_company_documents').count('* as count').first()).toEqual(before)
  })

  it('over the wire: a document reaches who reads its record, never another vendor', async () => {
    const connect = (user: string) => live.connect(server, tokens[user], 'HK', [path, 'buildings'], ['created', 'removed'])
    const [admin, alpha, beta] = [await connect('admin'), await connect('vendor.alpha'), await connect('vendor.beta')]
    const uploaded = await upload('admin', companies['vendor.alpha'], 'PERMIT', [{ name: 'permit.pdf', bytes: pdfBytes('permit') }])
    const isUpload = (event: { service: string; data: any }) => event.service === path && event.data.id === uploaded.body[0].id
    await admin.until(isUpload)
    await alpha.until(isUpload)
    expect(alpha.events.find(isUpload)!.data).toMatchObject({ docType: 'PERMIT', name: 'permit.pdf' })
    // Events arrive in order on a connection: one of a later building would come after it.
    const code = `RD${Date.now().toString(36).toUpperCase()}`
    expect((await server.api(tokens.admin, 'POST', '/hk/v1/buildings', { code, name: `Documents ${code}`, floors: ['G/F'], commonFloor: 'G/F' })).status).toBe(201)
    await beta.until((event) => event.service === 'buildings' && event.data.code === code)
    expect(beta.events.filter((event) => event.service === path)).toEqual([])
  })
})
