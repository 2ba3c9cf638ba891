import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setFileStorage } from '../../storage/create-storage.js'
import { LocalFileStorage } from '../../storage/local-file-storage.js'
import { exeBytes, pdfBytes, pngBytes } from '../../storage/test-files.js'
import type { TestServer } from '../../../test/server.js'
import { files } from './files.js'
import { createTestAccount } from '../../../../seeds/account-factories.js'

// Needs the shared test database (backend/vitest.config.ts global setup); skipped without it.

let server: TestServer
let storageRoot: string
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

beforeAll(async () => {
  const { startTestServer } = await import('../../../test/server.js')
  server = await startTestServer()
  if (!(server.app as any).services.files) server.app.configure(files)
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'))
  setFileStorage(server.app, new LocalFileStorage(storageRoot))
  for (const username of ['admin', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) {
    const login = await server.login(username)
    tokens[username] = login.accessToken
    ids[username] = login.user.id
  }
})
afterAll(async () => {
  await server?.stop()
  if (storageRoot) fs.rmSync(storageRoot, { recursive: true, force: true })
})

interface Part {
  name: string
  bytes: Buffer
  type?: string
}

async function upload(token: string, parts: Part[], fields: Record<string, string> = {}, prefix = '') {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const part of parts) form.append('files', new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }), part.name)
  const response = await fetch(`${server.url}${prefix}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

async function download(token: string, id: number, prefix = '') {
  const response = await fetch(`${server.url}${prefix}/v1/files/${id}/content`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
}

const storedCount = () => fs.readdirSync(storageRoot, { recursive: true }).filter((entry) => fs.statSync(path.join(storageRoot, String(entry))).isFile()).length
const setSetting = (key: string, value: unknown) =>
  server
    .knex('settings')
    .insert({ region: 'HK', key, value: JSON.stringify(value) })
    .onConflict(['region', 'key'])
    .merge()

describe('files', () => {
  it('takes a PDF from a staff user: one row, type from the content, hash, uploader', async () => {
    const bytes = pdfBytes('staff upload')
    // The owner is a record the uploader reads (resolve-references.ts): a building of the region.
    const building = String((await server.knex('buildings').where({ region: 'HK', code: 'ES1' }).first('id')).id)
    const { status, body } = await upload(tokens.admin, [{ name: '報告 final.pdf', bytes, type: 'application/pdf' }], { ownerResource: 'buildings', ownerId: building, description: 'Floor plan' })
    expect(status).toBe(201)
    expect(body).toHaveLength(1)
    expect(body[0]).toMatchObject({
      region: 'HK',
      name: '報告 final.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      ownerResource: 'buildings',
      ownerId: building,
      description: 'Floor plan',
      uploadedBy: ids.admin
    })
    expect(body[0].storageKey).toBeUndefined()
    ids.staffFile = body[0].id
  })

  it('sends the file back byte for byte, as an attachment with its name and type', async () => {
    const { status, headers, bytes } = await download(tokens.admin, ids.staffFile)
    expect(status).toBe(200)
    expect(bytes.equals(pdfBytes('staff upload'))).toBe(true)
    expect(headers.get('content-type')).toBe('application/pdf')
    expect(headers.get('content-disposition')).toBe(`attachment; filename="__ final.pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%20final.pdf`)
    expect(headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('takes several files at once and answers a row for each', async () => {
    const { status, body } = await upload(tokens.admin, [
      { name: 'a.pdf', bytes: pdfBytes('a') },
      { name: 'b.png', bytes: pngBytes() }
    ])
    expect(status).toBe(201)
    // koa-body lists the parts as they finish writing, not in form order.
    expect(body.map((file: any) => [file.name, file.mimeType]).sort()).toEqual([
      ['a.pdf', 'application/pdf'],
      ['b.png', 'image/png']
    ])
  })

  it('deletes the temporary copies koa-body made, stored or refused', async () => {
    const seen: string[] = []
    server.app.service('files').hooks({
      before: {
        create: [
          (context: any) => {
            seen.push(...(context.params.files ?? []).map((file: any) => file.filepath))
          }
        ]
      }
    })
    await upload(tokens.admin, [{ name: 'kept.pdf', bytes: pdfBytes() }])
    await upload(tokens.admin, [{ name: 'refused.pdf', bytes: exeBytes() }])
    expect(seen).toHaveLength(2)
    for (const filepath of seen) expect(fs.existsSync(filepath)).toBe(false)
  })

  it('refuses an executable renamed .pdf with 400 FILE_TYPE and stores nothing', async () => {
    const before = storedCount()
    const rows = await server.knex('files').count('* as n').first()
    const { status, body } = await upload(tokens.admin, [{ name: 'invoice.pdf', bytes: exeBytes(), type: 'application/pdf' }])
    expect(status).toBe(400)
    expect(body.data).toMatchObject({ code: 'FILE_TYPE', name: 'invoice.pdf' })
    expect(storedCount()).toBe(before)
    expect(await server.knex('files').count('* as n').first()).toEqual(rows)
  })

  it('refuses a file over the region size limit with 413 FILE_TOO_LARGE', async () => {
    await setSetting('upload.maxSizeMb', 1)
    try {
      const big = Buffer.concat([pdfBytes(), Buffer.alloc(1024 * 1024 + 10, 0x20)])
      const { status, body } = await upload(tokens.admin, [{ name: 'big.pdf', bytes: big }])
      expect(status).toBe(413)
      expect(body.data).toMatchObject({ code: 'FILE_TOO_LARGE', name: 'big.pdf', max: 1 })
    } finally {
      await server.knex('settings').where({ region: 'HK', key: 'upload.maxSizeMb' }).delete()
    }
  })

  it('refuses too many files (FILE_COUNT) and a request without files (FILE_MISSING)', async () => {
    await setSetting('upload.maxCount', 2)
    try {
      const three = [1, 2, 3].map((n) => ({ name: `${n}.pdf`, bytes: pdfBytes(String(n)) }))
      const tooMany = await upload(tokens.admin, three)
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.data).toMatchObject({ code: 'FILE_COUNT', max: 2 })
    } finally {
      await server.knex('settings').where({ region: 'HK', key: 'upload.maxCount' }).delete()
    }
    const none = await upload(tokens.admin, [], { description: 'nothing attached' })
    expect(none.status).toBe(400)
    expect(none.body.data.code).toBe('FILE_MISSING')
  })

  it("records a vendor's upload for the company; another company can neither read nor download it", async () => {
    const { status, body } = await upload(tokens['vendor.alpha'], [{ name: 'quote.pdf', bytes: pdfBytes('alpha') }])
    expect(status).toBe(201)
    const alphaUser = await server.knex('users').where({ id: ids['vendor.alpha'] }).first()
    expect(body[0]).toMatchObject({ uploadedBy: ids['vendor.alpha'], companyId: alphaUser.companyId })
    ids.alphaFile = body[0].id

    expect((await server.api(tokens['vendor.alpha'], 'GET', `/v1/files/${ids.alphaFile}`)).status).toBe(200)
    expect((await download(tokens['vendor.alpha'], ids.alphaFile)).status).toBe(200)
    expect((await server.api(tokens['vendor.beta'], 'GET', `/v1/files/${ids.alphaFile}`)).status).toBe(404)
    expect((await download(tokens['vendor.beta'], ids.alphaFile)).status).toBe(404)
    expect((await download(tokens['vendor.beta'], ids.staffFile)).status).toBe(404)
    const list = await server.api(tokens['vendor.beta'], 'GET', '/v1/files')
    expect(list.status).toBe(200)
    expect(list.body.data.map((file: any) => file.id)).not.toContain(ids.alphaFile)
  })

  it("keeps a tenant's files to the tenancy", async () => {
    const { status, body } = await upload(tokens['tenant.acme'], [{ name: 'fitout.png', bytes: pngBytes() }])
    expect(status).toBe(201)
    expect(body[0].tenancyId).toBeTruthy()
    expect((await server.api(tokens['tenant.acme'], 'GET', '/v1/files')).body.data.map((file: any) => file.id)).toEqual([body[0].id])
    expect((await server.api(tokens['vendor.alpha'], 'GET', `/v1/files/${body[0].id}`)).status).toBe(404)
  })

  it("limits a staff member with 'own' files rights to the files they uploaded", async () => {
    const [group] = await server.knex('security_groups').insert(
      {
        name: 'Own files',
        permissions: JSON.stringify(['create', 'read', 'delete'].map((action) => ({ resource: 'files', action, attribute: 'own' })))
      },
      ['id']
    )
    // A copy of approver.hk (no files grant of its own), so the demo account stays as seeded.
    const approver = await createTestAccount(server.knex, { like: 'approver.hk' })
    await server.knex('user_groups').insert({ userId: approver.id, groupId: group.id, region: 'HK' })
    const { accessToken } = await server.login(approver.username)

    const {
      status,
      body: [own]
    } = await upload(accessToken, [{ name: 'mine.pdf', bytes: pdfBytes('mine') }])
    expect(status).toBe(201)
    expect(own).toMatchObject({ uploadedBy: approver.id, managedBy: approver.id })
    const list = await server.api(accessToken, 'GET', '/v1/files')
    expect(list.body.data.map((file: any) => file.id)).toEqual([own.id])
    expect((await download(accessToken, own.id)).status).toBe(200)
    expect((await server.api(accessToken, 'GET', `/v1/files/${ids.staffFile}`)).status).toBe(404)
    expect((await server.api(accessToken, 'DELETE', `/v1/files/${ids.staffFile}`)).status).toBe(404)
    expect((await server.api(accessToken, 'DELETE', `/v1/files/${own.id}`)).status).toBe(200)
  })

  it('refuses users without a files permission', async () => {
    // The Approver group holds no files grant (the Project Manager group uploads its own tender
    // documents, Accounting the evidence of a fit-out deposit's deductions).
    const { accessToken } = await server.login((await createTestAccount(server.knex, { like: 'approver.hk' })).username)
    expect((await server.api(accessToken, 'GET', '/v1/files')).status).toBe(403)
    expect((await upload(accessToken, [{ name: 'a.pdf', bytes: pdfBytes() }])).status).toBe(403)
    expect((await download(accessToken, ids.staffFile)).status).toBe(403)
  })

  it('keeps files to their region', async () => {
    expect((await server.api(tokens.admin, 'GET', `/sg/v1/files/${ids.staffFile}`)).status).toBe(404)
    expect((await download(tokens.admin, ids.staffFile, '/sg')).status).toBe(404)
  })

  it('answers 401 to a download without a token', async () => {
    const response = await fetch(`${server.url}/v1/files/${ids.staffFile}/content`)
    expect(response.status).toBe(401)
  })

  it('checks the description: at most 255 characters', async () => {
    const file = await server.api(tokens.admin, 'GET', `/v1/files/${ids.staffFile}`)
    const { status } = await server.api(tokens.admin, 'PATCH', `/v1/files/${ids.staffFile}`, { description: 'x'.repeat(256), updatedAt: file.body.updatedAt })
    expect(status).toBe(400)
  })

  it('changes the description of a file', async () => {
    const file = await server.api(tokens.admin, 'GET', `/v1/files/${ids.staffFile}`)
    const { status, body } = await server.api(tokens.admin, 'PATCH', `/v1/files/${ids.staffFile}`, { description: 'Level 3 plan', updatedAt: file.body.updatedAt })
    expect([status, body.data?.code]).toEqual([200, undefined])
    expect(body).toMatchObject({ id: ids.staffFile, description: 'Level 3 plan', name: '報告 final.pdf' })
    const stale = await server.api(tokens.admin, 'PATCH', `/v1/files/${ids.staffFile}`, { description: 'again', updatedAt: file.body.updatedAt })
    expect(stale.status).toBe(410)
  })

  it('removes the row, and the stored bytes after the commit', async () => {
    const {
      body: [file]
    } = await upload(tokens.admin, [{ name: 'gone.pdf', bytes: pdfBytes('gone') }])
    const before = storedCount()
    const { status } = await server.api(tokens.admin, 'DELETE', `/v1/files/${file.id}`)
    expect(status).toBe(200)
    expect(storedCount()).toBe(before - 1)
    expect((await download(tokens.admin, file.id)).status).toBe(404)
    const audit = await server
      .knex('audit_log')
      .where({ resource: 'files', recordId: String(file.id) })
      .orderBy('id')
    expect(audit.map((row: any) => row.action)).toEqual(['files.create', 'files.remove'])
  })
})
