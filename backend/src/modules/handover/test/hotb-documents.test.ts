import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createHotb } from '../seeds/factories.js'
import type { HotbState } from '../services/hotb/hotb.workflow.js'

/*
 * The documents of a handover/takeback record (spec hotb §3 `docIds`, `attachments`; §4 "a signed
 * or unsigned document may be uploaded on a scheduled record") over real HTTP on real PostgreSQL:
 * staff who edit the record upload attachments while it is editable and the signed or unsigned
 * document while it is scheduled or unsigned, at the record's version (428, 410); its readers list
 * and download them (its tenant once scheduled, never a draft's); a scheduled record completes only
 * with its signed document (428 naming it). And the denials, each before any version or existence
 * answer: a tenant on a draft, another tenancy's tenant, a sub-account without HandoverTakeback, a
 * vendor, staff of another region, staff who may not edit; live events reach the record's readers.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const act = async (user: string, action: string, id: number, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  api(user, 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id), ...body }, { 'x-service-method': action, ...headers })
const stale = (stamp: string | undefined) => new Date(new Date(stamp!).getTime() - 60_000).toISOString()
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`)

/** A tenant account of `tenancyId` (a copy of tenant.acme moved there); as a sub-account with the perms given. */
async function tenantOf(tenancyId: number, tenancyPerms?: string[]) {
  const account = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server
    .knex('users')
    .where({ id: account.id })
    .update({ tenancyId, ...(tenancyPerms ? { userType: 621, tenancyPerms: JSON.stringify(tenancyPerms) } : {}) })
  if (tenancyPerms) await server.knex('user_groups').where({ userId: account.id }).delete()
  return (await server.login(account.username)).accessToken
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  for (const name of ['pm.hk', 'approver.hk']) ids[name] = (await server.knex('users').where({ username: name }).first('id')).id
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  ids.other = (
    await createTenancy(server.knex, {
      companyId: await tenantCompany(server.knex, uniqueName('Documents other')),
      tradeName: uniqueName('Other'),
      premises: [{ floor: '9/F', effectiveDate: dayFromToday(-30) }]
    })
  ).id
  tokens.other = await tenantOf(ids.other)
  tokens.subWithout = await tenantOf(ids.acme, ['TenantProject'])
  tokens.subWith = await tenantOf(ids.acme, ['HandoverTakeback'])
  const sg = await createTestAccount(server.knex, { like: 'pm.hk' })
  await server
    .knex('users')
    .where({ id: sg.id })
    .update({ regions: ['SG'], defaultRegion: 'SG' })
  await server.knex('user_groups').where({ userId: sg.id }).update({ region: 'SG' })
  tokens.staffSg = (await server.login(sg.username)).accessToken
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

const record = (status: HotbState, fields: Record<string, unknown> = {}) =>
  createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status, managedBy: ids['pm.hk'], approverId: ids['approver.hk'], name: uniqueName(`Docs ${status}`), ...fields })

/** Uploads one PDF as `user` (multipart); the record's version as stored unless `updatedAt` is given (null: none). */
async function upload(user: string, hotbId: number, kind: string, name = `${kind.toLowerCase()}.pdf`, updatedAt?: string | null, region = 'hk', language = 'en-US') {
  const form = new FormData()
  form.append('hotbId', String(hotbId))
  form.append('kind', kind)
  const version = updatedAt === undefined ? await server.version('hotb', hotbId) : updatedAt
  if (version) form.append('updatedAt', version)
  form.append('files', new Blob([new Uint8Array(pdf(name))], { type: 'application/pdf' }), name)
  const answer = await fetch(`${server.url}/${region}/v1/hotb-documents`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language }, body: form })
  return { status: answer.status, body: await answer.json() }
}

const list = (user: string, hotbId: number, region = 'hk') => api(user, 'GET', `/${region}/v1/hotb-documents?hotbId=${hotbId}`)
const download = (user: string, documentId: number, region = 'hk') => fetch(`${server.url}/${region}/v1/hotb-documents/${documentId}/content`, { headers: { authorization: `Bearer ${tokens[user]}` } })

describe('documents of a record', () => {
  it('staff attach files to a draft; the tenant neither lists nor downloads them; the signed document waits for the schedule', async () => {
    const { id } = await record('DRAFT')
    const attached = await upload('pm.hk', id, 'ATTACHMENT', 'floor-plan.pdf')
    expect(attached.status, JSON.stringify(attached.body)).toBe(201)
    expect(attached.body[0]).toMatchObject({ hotbId: id, kind: 'ATTACHMENT', name: 'floor-plan.pdf', mimeType: 'application/pdf', region: 'HK' })
    expect(attached.body[0]).not.toHaveProperty('uploadedBy')
    expect((await list('pm.hk', id)).body.data.map((document: any) => document.name)).toEqual(['floor-plan.pdf'])
    const bytes = Buffer.from(await (await download('pm.hk', attached.body[0].id)).arrayBuffer())
    expect(bytes.equals(pdf('floor-plan.pdf'))).toBe(true)
    // A draft is not the tenant's to see: 404, as for a record that does not exist.
    for (const user of ['tenant.acme', 'subWith', 'other']) {
      expect((await list(user, id)).status, user).toBe(404)
      expect((await download(user, attached.body[0].id)).status, user).toBe(404)
    }
    const early = await upload('pm.hk', id, 'SIGNED')
    expect(early.status).toBe(409)
    expect(early.body.data).toMatchObject({ code: 'HOTB_DOCUMENT_STATE', kind: 'SIGNED', status: 'DRAFT' })
    // Removed while editable, with its file.
    const removed = await api('pm.hk', 'DELETE', `/hk/v1/hotb-documents/${attached.body[0].id}`)
    expect(removed.status).toBe(200)
    expect((await list('pm.hk', id)).body.data).toEqual([])
    expect(await server.knex('files').where({ id: attached.body[0].fileId }).first()).toBeUndefined()
  })

  it('pm.hk uploads the signed document on a scheduled record; the tenant and its sub-account with HandoverTakeback list and download it', async () => {
    const { id } = await record('SCHEDULED')
    const signed = await upload('pm.hk', id, 'SIGNED', 'signed-handover.pdf')
    expect(signed.status, JSON.stringify(signed.body)).toBe(201)
    for (const user of ['tenant.acme', 'subWith']) {
      const seen = await list(user, id)
      expect(seen.status, user).toBe(200)
      expect(seen.body.data.map((document: any) => [document.kind, document.name])).toEqual([['SIGNED', 'signed-handover.pdf']])
      const file = await download(user, signed.body[0].id)
      expect(file.status, user).toBe(200)
      expect(file.headers.get('content-disposition')).toContain('signed-handover.pdf')
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf('signed-handover.pdf'))).toBe(true)
    }
    expect((await list('pm.hk', id, 'hk')).body.data.length).toBe(1)
    expect((await list('pm.hk', id)).body.data.length).toBe(1)
    // Filter by kind.
    expect((await api('pm.hk', 'GET', `/hk/v1/hotb-documents?hotbId=${id}&kind=ATTACHMENT`)).body.data).toEqual([])
  })

  it('refuses, before any version or existence answer: a tenant, a sub-account without the perm, another tenancy, a vendor, staff of another region or who may not edit', async () => {
    const { id } = await record('SCHEDULED')
    const signed = (await upload('pm.hk', id, 'SIGNED')).body[0]
    // Reading.
    expect((await list('other', id)).status).toBe(404)
    expect((await download('other', signed.id)).status).toBe(404)
    for (const user of ['subWithout', 'vendor.alpha']) {
      expect((await list(user, id)).status, user).toBe(403)
      expect((await download(user, signed.id)).status, user).toBe(403)
    }
    expect([403, 404]).toContain((await list('staffSg', id)).status)
    expect([403, 404]).toContain((await list('staffSg', id, 'sg')).status)
    expect([403, 404]).toContain((await download('staffSg', signed.id, 'sg')).status)
    // Writing: 403 for anyone who may not edit the record, stale version or not; 404 for one who does not read it.
    for (const user of ['tenant.acme', 'subWith', 'subWithout', 'vendor.alpha', 'accounting.hk', 'approver.hk']) {
      expect((await upload(user, id, 'UNSIGNED')).status, user).toBe(403)
      expect((await upload(user, id, 'UNSIGNED', 'x.pdf', stale(await server.version('hotb', id)))).status, user).toBe(403)
      expect((await api(user, 'DELETE', `/hk/v1/hotb-documents/${signed.id}`)).status, user).toBe(403)
    }
    expect([403, 404]).toContain((await upload('staffSg', id, 'UNSIGNED', 'x.pdf', undefined, 'sg')).status)
    expect([403, 404]).toContain((await upload('staffSg', id, 'UNSIGNED')).status)
    expect((await upload('pm.hk', 999_999_999, 'UNSIGNED', 'x.pdf', new Date().toISOString())).status).toBe(404)
    // Bad input: 400 in the caller's words.
    const badKind = await upload('pm.hk', id, 'CONTRACT')
    expect(badKind.status).toBe(400)
    expect((await api('pm.hk', 'GET', `/hk/v1/hotb-documents?hotbId=abc`)).status).toBe(400)
    expect((await list('pm.hk', 2_147_483_647)).status).toBe(404)
    expect((await download('pm.hk', 99_999_999_999)).status).toBe(404)
    expect((await list('tenant.acme', id)).body.data.length).toBe(1)
  })

  it('asks for the record’s version (428) and refuses a stale one (410); a completed record keeps its signed document', async () => {
    const { id } = await record('SCHEDULED')
    const read = await server.version('hotb', id)
    expect((await upload('pm.hk', id, 'UNSIGNED', 'u.pdf', null)).status).toBe(428)
    // The record changes under the uploader's eyes.
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { remarkToTenant: 'Bring the keys', updatedAt: read })).status).toBe(200)
    const overtaken = await upload('pm.hk', id, 'UNSIGNED', 'u.pdf', read)
    expect(overtaken.status).toBe(410)
    expect(overtaken.body.data.code).toBe('STALE_WRITE')
    expect((await upload('pm.hk', id, 'UNSIGNED', 'u.pdf')).status).toBe(201)
    const signed = (await upload('pm.hk', id, 'SIGNED')).body[0]
    expect((await act('pm.hk', 'complete', id)).body.status).toBe('COMPLETED')
    // Completed: read by its tenant, changed by nobody.
    expect((await list('tenant.acme', id)).body.data.map((document: any) => document.kind)).toEqual(['UNSIGNED', 'SIGNED'])
    const kept = await api('pm.hk', 'DELETE', `/hk/v1/hotb-documents/${signed.id}`)
    expect(kept.status).toBe(409)
    expect(kept.body.data).toMatchObject({ code: 'HOTB_DOCUMENT_STATE', status: 'COMPLETED' })
    expect((await upload('pm.hk', id, 'ATTACHMENT')).status).toBe(409)
  })
})

describe('completing with the signed document', () => {
  it('refuses to complete a scheduled record without its signed document (428, in the caller’s language); an unsigned one completes later', async () => {
    const { id } = await record('SCHEDULED')
    const missing = await act('pm.hk', 'complete', id)
    expect(missing.status).toBe(428)
    expect(missing.body.data).toMatchObject({ code: 'HOTB_SIGNED_DOCUMENT_MISSING', missing: 'SIGNED' })
    expect(missing.body.message).toContain('signed document')
    const chinese = await act('pm.hk', 'complete', id, {}, { 'accept-language': 'zh-CN' })
    expect(chinese.body.message).toContain('已签署文件')
    // Somebody who may not complete hears 403, not what is missing.
    expect((await act('approver.hk', 'complete', id)).status).toBe(403)
    expect((await act('tenant.acme', 'complete', id)).status).toBe(403)
    expect((await upload('pm.hk', id, 'SIGNED')).status).toBe(201)
    expect((await act('pm.hk', 'complete', id)).body.status).toBe('COMPLETED')
    // Marked unsigned at the appointment, it completes later as before; the paper may follow.
    const unsigned = await record('UNSIGNED')
    expect((await upload('pm.hk', unsigned.id, 'ATTACHMENT')).status).toBe(409)
    expect((await upload('pm.hk', unsigned.id, 'SIGNED')).status).toBe(201)
    expect((await act('pm.hk', 'complete', (await record('UNSIGNED')).id)).body.status).toBe('COMPLETED')
  })
})

describe('live events of documents', () => {
  const connect = (username: string) => live.recordsOf(server, tokens[username], 'HK', 'hotb-documents', ['created', 'removed'])

  it('reach the record’s readers: staff, its tenant once scheduled; not a draft’s tenant, another tenancy or a vendor', async () => {
    const staff = await connect('pm.hk')
    const tenant = await connect('tenant.acme')
    const denied = [await connect('other'), await connect('vendor.alpha'), await connect('subWithout')]
    const draft = await record('DRAFT')
    const scheduled = await record('SCHEDULED')
    const early = (await upload('pm.hk', draft.id, 'ATTACHMENT')).body[0]
    const later = (await upload('pm.hk', scheduled.id, 'SIGNED')).body[0]
    await staff.until((data) => data.id === early.id)
    await staff.until((data) => data.id === later.id)
    await tenant.until((data) => data.id === later.id)
    expect((await api('pm.hk', 'DELETE', `/hk/v1/hotb-documents/${later.id}`)).status).toBe(200)
    await tenant.until((data) => data.id === later.id && data.event === 'removed')
    expect(tenant.events.some((data) => data.id === early.id)).toBe(false)
    expect(tenant.events.find((data) => data.id === later.id)).not.toHaveProperty('uploadedBy')
    for (const connection of denied) expect(connection.events.filter((data) => [early.id, later.id].includes(data.id))).toEqual([])
  })
})
