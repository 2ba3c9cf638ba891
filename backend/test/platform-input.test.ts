import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { clientInputError } from '../src/hooks/translate-errors.js'
import { exeBytes, pdfBytes } from '../src/storage/test-files.js'
import * as repair from '../../migrations/20261123000400_json_lists_not_objects.js'

// Issue 8, findings 7 and 8: what a careless or hostile client sends answers 4xx, never 500, and
// uploads leave nothing on disk, whoever sends them and however they end.

let server: TestServer
let tempDir: string
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-test-'))
  server.app.set('uploadTempDir' as any, tempDir)
  for (const username of ['admin', 'vendor.alpha']) tokens[username] = (await server.login(username)).accessToken
})
afterAll(async () => {
  await server?.stop()
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true })
})

const leftInTemp = () => (fs.existsSync(tempDir) ? fs.readdirSync(tempDir).length : 0)

async function raw(method: string, url: string, init: { token?: string; headers?: Record<string, string>; body?: any } = {}) {
  const response = await fetch(server.url + url, {
    method,
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    body: init.body
  })
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers }
}

function form(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}) {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  for (const file of files) data.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name)
  return data
}

describe('uploads (finding 7)', () => {
  it('answers an anonymous upload 401 before a byte reaches the disk, on every upload route', async () => {
    const big = form([{ name: 'fill.pdf', bytes: Buffer.concat([pdfBytes(), Buffer.alloc(3 * 1024 * 1024, 0x20)]) }])
    for (const url of ['/v1/files', '/hk/v1/files', '/hk/v1/tender-documents', '/hk/v1/tenders/1/bind']) {
      const answer = await raw('POST', url, { body: big })
      expect(answer.status, url).toBe(401)
      expect(leftInTemp(), url).toBe(0)
    }
    expect((await raw('POST', '/v1/files', { token: 'not.a.token', body: big })).status).toBe(401)
    expect(leftInTemp()).toBe(0)
  })

  it('refuses multipart on every route that takes no files (415), signed in or not', async () => {
    const body = form([{ name: 'a.pdf', bytes: pdfBytes() }], { name: 'x' })
    for (const [url, token] of [
      ['/v1/users', undefined],
      ['/hk/v1/buildings', tokens.admin],
      ['/v1/authentication', undefined],
      ['/v1/regions', undefined]
    ] as const) {
      const answer = await raw('POST', url, { token, body })
      expect(answer.status, url).toBe(415)
      expect(answer.body.data.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
    expect(leftInTemp()).toBe(0)
  })

  it('leaves no temporary file after a stored upload, a refused one, an empty one and an oversized one', async () => {
    const stored = await raw('POST', '/hk/v1/files', { token: tokens.admin, body: form([{ name: 'ok.pdf', bytes: pdfBytes() }]) })
    expect(stored.status).toBe(201)
    expect(leftInTemp()).toBe(0)

    const refused = await raw('POST', '/hk/v1/files', { token: tokens.admin, body: form([{ name: 'x.pdf', bytes: exeBytes() }]) })
    expect(refused.status).toBe(400)
    expect(refused.body.data.code).toBe('FILE_TYPE')
    expect(leftInTemp()).toBe(0)

    const empty = await raw('POST', '/hk/v1/files', { token: tokens.admin, body: form([{ name: 'empty.pdf', bytes: Buffer.alloc(0) }]) })
    expect(empty.status).toBe(400)
    expect(empty.body.data.code).toBe('FILE_EMPTY')
    expect(leftInTemp()).toBe(0)

    // Over the default 10 MB per file: the parse stops, 413, and the partial file is gone.
    const oversized = await raw('POST', '/hk/v1/files', { token: tokens.admin, body: form([{ name: 'big.pdf', bytes: Buffer.concat([pdfBytes(), Buffer.alloc(11 * 1024 * 1024, 0x20)]) }]) })
    expect(oversized.status).toBe(413)
    expect(oversized.body.data).toMatchObject({ code: 'FILE_TOO_LARGE', name: 'big.pdf', max: 10 })
    expect(leftInTemp()).toBe(0)
  })

  it('answers multipart without a boundary, or cut short, with 400', async () => {
    const noBoundary = await raw('POST', '/hk/v1/files', { token: tokens.admin, headers: { 'content-type': 'multipart/form-data' }, body: 'abc' })
    expect(noBoundary.status).toBe(400)
    const cut = await raw('POST', '/hk/v1/files', {
      token: tokens.admin,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 no end'
    })
    expect(cut.status).toBe(400)
    expect(leftInTemp()).toBe(0)
  })
})

describe('bad input answers 4xx (finding 8)', () => {
  const json = (body: string, token?: string, url = '/hk/v1/buildings') => raw('POST', url, { token, headers: { 'content-type': 'application/json' }, body })

  it('answers malformed and non-object JSON with 400', async () => {
    for (const body of ['{"name":', '3', '"text"', 'null', 'true', '{"a":1}}']) {
      const answer = await json(body, tokens.admin)
      expect(answer.status, body).toBe(400)
      expect(answer.body.data.code, body).toBe('INVALID_BODY')
    }
    // Before sign-in too: the body is refused for what it is.
    expect((await json('{', undefined, '/v1/authentication')).status).toBe(400)
  })

  it('answers a body over the limit with 413 and an unknown body type with 415', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) })
    const answer = await json(big, tokens.admin)
    expect(answer.status).toBe(413)
    expect(answer.body.data.code).toBe('BODY_TOO_LARGE')
    const text = await raw('POST', '/hk/v1/buildings', { token: tokens.admin, headers: { 'content-type': 'text/plain' }, body: 'hello' })
    expect(text.status).toBe(415)
  })

  it('answers a __proto__ key anywhere in a body with 400', async () => {
    for (const body of ['{"__proto__":{"admin":true}}', '{"name":"x","floors":[{"__proto__":{"a":1}}]}']) {
      const answer = await json(body, tokens.admin)
      expect(answer.status, body).toBe(400)
      expect(answer.body.data.code).toBe('INVALID_BODY')
    }
  })

  it('answers a path part named after an Object member with 404, over REST and for any id', async () => {
    for (const url of ['/v1/__proto__', '/v1/constructor', '/v1/toString', '/hk/v1/users/constructor', '/v1/users/__proto__/x', '/v1/hasOwnProperty/1']) {
      const answer = await raw('GET', url, { token: tokens.admin })
      expect(answer.status, url).toBe(404)
    }
  })

  it('answers a non-numeric or huge id with 400 or 404, and a filter value of the wrong type with 400', async () => {
    for (const id of ['abc', '99999999999999999999', '1.5', '-1', '%00']) {
      const answer = await raw('GET', `/hk/v1/buildings/${id}`, { token: tokens.admin })
      expect([400, 404], id).toContain(answer.status)
    }
    const patch = await raw('PATCH', '/hk/v1/buildings/abc', { token: tokens.admin, headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' })
    expect([400, 404, 428]).toContain(patch.status)
    for (const query of ['updatedAt=null', 'createdAt=not-a-date', 'id=abc', 'id[$gt]=1e40']) {
      const answer = await raw('GET', `/hk/v1/buildings?${query}`, { token: tokens.admin })
      expect(answer.status, query).toBe(400)
    }
  })

  it('answers DELETE /v1/authentication/x without a session with 401', async () => {
    expect((await raw('DELETE', '/v1/authentication/x')).status).toBe(401)
    expect((await raw('DELETE', '/v1/authentication/x', { token: 'forged' })).status).toBe(401)
  })

  it('maps Postgres errors caused by input to 4xx, not a unique violation', async () => {
    const errorOf = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('no error')
        },
        (error) => error
      )
    const cases: [Promise<unknown>, number, string][] = [
      [server.knex('buildings').where({ id: 'abc' }).first(), 400, 'INVALID_VALUE'],
      [server.knex('buildings').where({ id: '99999999999999999999' }).first(), 400, 'INVALID_VALUE'],
      [server.knex.raw(`SELECT '2026-13-45'::timestamptz`), 400, 'INVALID_VALUE'],
      [server.knex('user_groups').insert({ userId: 1, groupId: 999999, region: 'HK' }), 400, 'INVALID_REFERENCE'],
      [server.knex('regions').insert({ code: 'ZZ' }), 400, 'VALIDATION_FAILED'],
      [server.knex('regions').insert({ code: 'Z'.repeat(300), name: 'x' }), 400, 'INVALID_VALUE']
    ]
    for (const [query, status, code] of cases) {
      const error = clientInputError(await errorOf(query))
      expect(error?.code).toBe(status)
      expect((error?.data as any).code).toBe(code)
    }
    // Rolled back whatever happens: a region others still point to.
    const inUse = clientInputError(
      await errorOf(
        server.knex.transaction(async (trx) => {
          await trx('regions').where({ code: 'HK' }).delete()
          throw new Error('deleted: rolled back')
        })
      )
    )
    expect(inUse?.code).toBe(409)
    expect((inUse?.data as any).code).toBe('IN_USE')
    expect(clientInputError(await errorOf(server.knex('regions').insert({ code: 'HK', name: 'again' })))).toBeUndefined()
  })
})

describe('jsonb lists are written as JSON (finding 8)', () => {
  it('saves a region with features and without, as lists', async () => {
    const region = async () => (await server.api(tokens.admin, 'GET', '/v1/regions/BJ')).body
    const before = await region()
    try {
      const on = await server.api(tokens.admin, 'PATCH', '/v1/regions/BJ', { features: ['TENDERS'], updatedAt: before.updatedAt })
      expect(on.status).toBe(200)
      expect(on.body.features).toEqual(['TENDERS'])
      const off = await server.api(tokens.admin, 'PATCH', '/v1/regions/BJ', { features: [], updatedAt: on.body.updatedAt })
      expect(off.status).toBe(200)
      expect(off.body.features).toEqual([])
      const stored = await server.knex('regions').where({ code: 'BJ' }).first(server.knex.raw('jsonb_typeof(features) AS type'))
      expect(stored.type).toBe('array')
    } finally {
      await server
        .knex('regions')
        .where({ code: 'BJ' })
        .update({ features: JSON.stringify(before.features) })
      server.app.get('regionCache').invalidate()
    }
  })

  it("saves a tenant account's tenancy permissions as a list", async () => {
    const tenant = await server.knex('users').where({ username: 'tenant.acme' }).first()
    const answer = await server.api(tokens.admin, 'PATCH', `/hk/v1/users/${tenant.id}`, { tenancyPerms: ['TenantProject', 'HandoverTakeback'], updatedAt: tenant.updatedAt })
    expect(answer.status).toBe(200)
    const stored = await server.knex('users').where({ id: tenant.id }).first('tenancyPerms')
    expect(stored.tenancyPerms).toEqual(['TenantProject', 'HandoverTakeback'])
    await server
      .knex('users')
      .where({ id: tenant.id })
      .update({ tenancyPerms: JSON.stringify(tenant.tenancyPerms), updatedAt: tenant.updatedAt })
  })

  it('repairs a region whose features were stored as {} (migration 20261123000400)', async () => {
    const before = await server.knex('regions').where({ code: 'MO' }).first('features')
    await server.knex('regions').where({ code: 'MO' }).update({ features: '{}' })
    await repair.up(server.knex)
    const after = await server.knex('regions').where({ code: 'MO' }).first('features')
    expect(after.features).toEqual([])
    await server
      .knex('regions')
      .where({ code: 'MO' })
      .update({ features: JSON.stringify(before.features) })
  })
})
