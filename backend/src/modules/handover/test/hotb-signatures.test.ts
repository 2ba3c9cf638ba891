import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { uniqueName } from '../../tenancies/module.js'
import { pdfText } from '../../../documents/pdf-text.js'
import { pngBytes } from '../../../storage/test-files.js'
import { fileStorage, setFileStorage } from '../../../storage/create-storage.js'
import { newStorageKey, StorageNotFound } from '../../../storage/file-storage.js'
import { createHotbPhoto } from '../seeds/demo-photos.js'
import { sampleJpeg } from '../seeds/sample-photos.js'
import { hotbContentOf } from '../services/hotb-signatures/hotb-content.js'
import { createHotb, createHotbItems, createHotbKeys } from '../seeds/factories.js'
import { createHotbDocument } from '../seeds/document-factories.js'
import type { HotbState } from '../services/hotb/hotb.workflow.js'

/*
 * Signing a handover/takeback in person and its sealed original (issue 31 §7), over real HTTP on
 * real PostgreSQL: a staff member who may complete a scheduled record opens a one-time link per
 * party (refused to a tenant, to an approver without complete, on a draft); the party signs with
 * the link alone; a used, expired, forged link, or one whose record changed since, is refused
 * without a word of the record; completing once both signed seals the record, and the sealed PDF's
 * SHA-256 verifies on the public check while a one-byte change does not. The hotbSchedule and
 * keyHotb PDFs download for the record's readers and 404 for a stranger.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()

const api = (user: string | null, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(user ? tokens[user] : null, method, path, body, headers)
const png = () => `data:image/png;base64,${pngBytes().toString('base64')}`
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

const record = async (status: HotbState = 'SCHEDULED', type: 'HANDOVER' | 'TAKEBACK' = 'HANDOVER') => {
  const created = await createHotb(server.knex, {
    tenancyId: ids.acme,
    premises: ['22/F'],
    status,
    type,
    managedBy: ids['pm.hk'],
    approverId: ids['approver.hk'],
    name: uniqueName(`Signed ${status}`)
  })
  const items = await createHotbItems(server.knex, created.id, [
    { section: 'floor', item: 'Carpet tiles', condition: 'Good', remarks: 'Clean', handoverCondition: type === 'TAKEBACK' ? 'New' : null },
    // At takeback the partition is marked deteriorated since the handover: the takeback's deductions list.
    { section: 'walls', item: 'Partition', condition: 'Fair', ...(type === 'TAKEBACK' ? { deteriorated: true, deductionCents: 250_050, deductionReason: 'Dented panel' } : {}) }
  ])
  await createHotbKeys(server.knex, created.id, [{ item: 'Main door', keys: 2, keysHandedOver: 2, accessCards: 1, ...(type === 'TAKEBACK' ? { outcome: 'RETURNED' as const } : {}) }])
  return { ...created, items }
}
const open = (user: string, hotbId: number, party: 'TENANT' | 'LANDLORD') => api(user, 'POST', '/hk/v1/hotb-signatures', { hotbId, party }, { 'x-service-method': 'open' })
const sign = (token: string, signerName: string, image = png(), headers: Record<string, string> = {}) => api(null, 'POST', '/v1/hotb-signing', { token, signerName, image }, headers)
const download = async (user: string, type: string, id: number, language = 'en-US') => {
  const response = await fetch(`${server.url}/hk/v1/documents/${type}/${id}`, { headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language } })
  return { status: response.status, hash: response.headers.get('x-content-sha256'), bytes: Buffer.from(await response.arrayBuffer()) }
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  for (const name of ['pm.hk', 'approver.hk']) ids[name] = (await server.knex('users').where({ username: name }).first('id')).id
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  // A tenant of another tenancy: a stranger to ACME's records.
  const stranger = await createTestAccount(server.knex, { like: 'tenant.acme' })
  const other = await server.knex('tenancies').whereNot({ id: ids.acme }).where({ region: 'HK' }).first('id')
  await server.knex('users').where({ id: stranger.id }).update({ tenancyId: other.id })
  tokens.stranger = (await server.login(stranger.username)).accessToken
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('opening a signing session', () => {
  it('gives a staff member who may complete a scheduled record a one-time link, and keeps only its hash', async () => {
    const { id } = await record()
    const opened = await open('pm.hk', id, 'TENANT')
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({ hotbId: id, party: 'TENANT', path: `/sign/hotb/${opened.body.token}` })
    expect(opened.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await server.knex('hotb_signing_sessions').where({ hotbId: id }).first()
    expect(stored.tokenHash).toBe(sha(Buffer.from(opened.body.token)))
    expect(JSON.stringify(stored)).not.toContain(opened.body.token)
    expect(new Date(stored.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000)
    const audit = await server.knex('audit_log').where({ resource: 'hotb-signatures' }).orderBy('id', 'desc').first()
    expect(JSON.stringify(audit)).not.toContain(opened.body.token)
  })

  it('refuses a tenant and an approver without complete (403), a draft (409), a stranger (404)', async () => {
    const { id } = await record()
    expect((await open('tenant.acme', id, 'TENANT')).status).toBe(403)
    expect((await open('approver.hk', id, 'TENANT')).status).toBe(403)
    expect((await open('vendor.alpha', id, 'TENANT')).status).toBe(403)
    expect((await open('stranger', id, 'TENANT')).status).toBe(404)
    const draft = await record('DRAFT')
    const refused = await open('pm.hk', draft.id, 'LANDLORD')
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('HOTB_NOT_SIGNABLE')
    expect((await open('pm.hk', id, 'WITNESS' as any)).status).toBe(400)
  })
})

describe('signing with the link', () => {
  it('shows what is signed, stores the drawn PNG with name, time, method, witness, address and the content hash, and spends the link', async () => {
    const { id } = await record()
    const { token } = (await open('pm.hk', id, 'TENANT')).body
    const summary = await api(null, 'GET', `/v1/hotb-signing/${token}`)
    expect(summary.status).toBe(200)
    expect(summary.body).toMatchObject({ party: 'TENANT', record: { type: 'HANDOVER', premises: ['22/F'], tradeName: 'ACME' } })
    expect(summary.body.items.map((line: any) => line.item)).toEqual(['Carpet tiles', 'Partition'])
    expect(summary.body.keys).toMatchObject([{ item: 'Main door', keys: 2, keysHandedOver: 2, accessCards: 1 }])
    expect(summary.body.record).not.toHaveProperty('amRemark')
    const signed = await sign(token, ' Tina Tenant ', png(), { 'user-agent': 'signing-test' })
    expect(signed.status).toBe(201)
    expect(signed.body).toMatchObject({ party: 'TENANT', signerName: 'Tina Tenant', method: 'drawn-in-person', contentSha256: summary.body.contentSha256 })
    const stored = await server.knex('hotb_signatures').where({ hotbId: id }).first()
    expect(Buffer.from(stored.image).equals(pngBytes())).toBe(true)
    expect(stored).toMatchObject({ witnessedBy: ids['pm.hk'], userAgent: 'signing-test', imageSha256: sha(pngBytes()) })
    expect(stored.ip).toBeTruthy()
    // Replayed: the link is spent, and says nothing of the record.
    const replay = await sign(token, 'Tina Tenant')
    expect(replay.status).toBe(410)
    expect(JSON.stringify(replay.body)).not.toContain('ACME')
    expect((await api(null, 'GET', `/v1/hotb-signing/${token}`)).status).toBe(410)
    // Staff and the tenant see the signature (name, party, time), never the image.
    for (const user of ['pm.hk', 'tenant.acme']) {
      const list = await api(user, 'GET', `/hk/v1/hotb-signatures?hotbId=${id}`)
      expect(list.status, user).toBe(200)
      expect(list.body.data).toMatchObject([{ party: 'TENANT', signerName: 'Tina Tenant' }])
      expect(list.body.data[0]).not.toHaveProperty('image')
    }
    expect((await api('stranger', 'GET', `/hk/v1/hotb-signatures?hotbId=${id}`)).status).toBe(404)
  })

  it('refuses an expired link (410), a forged one (404), and a link whose record changed since it was opened (410)', async () => {
    const { id, items } = await record()
    const expired = (await open('pm.hk', id, 'TENANT')).body.token
    await server
      .knex('hotb_signing_sessions')
      .where({ tokenHash: sha(Buffer.from(expired)) })
      .update({ expiresAt: new Date(Date.now() - 1000) })
    expect((await sign(expired, 'Late')).status).toBe(410)
    expect((await sign('A'.repeat(43), 'Forger')).status).toBe(404)
    expect((await api(null, 'GET', `/v1/hotb-signing/${'B'.repeat(43)}`)).status).toBe(404)
    // A schedule line edited after the session was opened.
    const lineChanged = (await open('pm.hk', id, 'TENANT')).body.token
    const line = await api('pm.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${items[0].id}`, { condition: 'Scratched', updatedAt: await server.version('hotb-schedule-items', items[0].id) })
    expect(line.status).toBe(200)
    expect((await sign(lineChanged, 'Tina')).status).toBe(410)
    // The record itself edited after the session was opened.
    const recordChanged = (await open('pm.hk', id, 'LANDLORD')).body.token
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { specialRemark: 'Moved', updatedAt: await server.version('hotb', id) })).status).toBe(200)
    expect((await sign(recordChanged, 'Larry')).status).toBe(410)
  })

  it('refuses a signature that is not a PNG, or too large', async () => {
    const { id } = await record()
    const { token } = (await open('pm.hk', id, 'TENANT')).body
    const jpeg = await sign(token, 'Tina', `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all-really-not-one').toString('base64')}`)
    expect(jpeg.status).toBe(400)
    expect(jpeg.body.data.code).toBe('HOTB_SIGNATURE_INVALID')
    expect((await sign(token, 'Tina', 'x'.repeat(500_000))).status).toBe(400)
    // Refused signatures do not spend the link.
    expect((await sign(token, 'Tina')).status).toBe(201)
  })
})

describe('completing and sealing', () => {
  it('completes without a seal while a party has not signed', async () => {
    const { id } = await record()
    const { token } = (await open('pm.hk', id, 'TENANT')).body
    expect((await sign(token, 'Tina')).status).toBe(201)
    // Not sealed in person: it completes with its signed document uploaded (hotb-documents.test.ts).
    await createHotbDocument(server.knex, { hotbId: id, kind: 'SIGNED' })
    const completed = await api('pm.hk', 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id) }, { 'x-service-method': 'complete' })
    expect(completed.status).toBe(200)
    expect(completed.body).toMatchObject({ status: 'COMPLETED', sealedSha256: null })
  })

  it('seals a takeback both parties signed: the PDF holds the schedule, keys, photos, signatures and certificate; its hash verifies, a changed byte does not', async () => {
    const { id, items } = await record('SCHEDULED', 'TAKEBACK')
    // A photo of the first item, as the photos service will store it; and a phone's 4032×3024 picture of the second.
    const photo = pngBytes()
    const storageKey = newStorageKey('HK')
    await fileStorage(server.app).put(storageKey, photo)
    const [file] = await server
      .knex('files')
      .insert({ region: 'HK', name: 'carpet.png', mimeType: 'image/png', size: photo.length, sha256: sha(photo), storageKey, ownerResource: 'hotb-schedule-items', ownerId: String(items[0].id) }, [
        'id'
      ])
    await server.knex('hotb_photos').insert({ scheduleItemId: items[0].id, hotbId: id, fileId: file.id, sha256: sha(photo), caption: 'Carpet at takeback' })
    const phone = sampleJpeg({ width: 4032, height: 3024 })
    await createHotbPhoto(server.knex, fileStorage(server.app), { scheduleItemId: items[1].id, content: phone, name: 'partition.jpg', mimeType: 'image/jpeg' })
    for (const [party, name] of [
      ['TENANT', 'Tina Tenant'],
      ['LANDLORD', 'Larry Landlord']
    ] as const) {
      const { token } = (await open('pm.hk', id, party)).body
      expect((await sign(token, name)).status).toBe(201)
    }
    // Completed by someone reading Chinese: the sealed original is the same bilingual document for both parties.
    const completed = await api('pm.hk', 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id) }, { 'x-service-method': 'complete', 'accept-language': 'zh-CN' })
    expect(completed.status).toBe(200)
    expect(completed.body.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(completed.body.sealedContentSha256).toMatch(/^[0-9a-f]{64}$/)

    const sealed = await download('tenant.acme', 'hotbSealed', id)
    expect(sealed.status).toBe(200)
    expect(sha(sealed.bytes)).toBe(completed.body.sealedSha256)
    expect(sealed.hash).toBe(completed.body.sealedSha256)
    const text = pdfText(sealed.bytes).replace(/\s+/g, ' ')
    for (const printed of [
      'Carpet tiles',
      'Good',
      'New',
      'Main door',
      'Returned',
      'Dented panel',
      '2,500.50',
      'Tina Tenant',
      'Larry Landlord',
      'Certificate of signing',
      'Drawn in person',
      completed.body.sealedContentSha256
    ])
      expect(text).toContain(printed)
    for (const printed of ['签署证明', '亲自手写', '钥匙', '地面', '已归还', '扣款', '租户', '业主', 'Takeback record (sealed original)', '收回记录（签署正本）']) expect(text).toContain(printed)
    expect(sealed.bytes.includes(Buffer.from('/Subtype /Image'))).toBe(true)
    // The phone's picture is held scaled to 1280 pixels on its long side, as a JPEG; the content still names the original by its SHA-256.
    const widths = [...sealed.bytes.toString('latin1').matchAll(/\/Width (\d+)/g)].map((match) => Number(match[1]))
    expect(Math.max(...widths)).toBe(1280)
    expect(widths).not.toContain(4032)
    const seal = await server.knex('hotb').where({ id }).first('sealedContentSha256')
    const { content } = await hotbContentOf(server.knex, id)
    expect((content.photos as Array<{ sha256: string }>).map((one) => one.sha256)).toContain(sha(phone))
    expect(seal.sealedContentSha256).toBe(completed.body.sealedContentSha256)

    const verified = await api(null, 'POST', '/v1/hotb-seal-checks', { sha256: sha(sealed.bytes) })
    expect(verified.status).toBe(201)
    expect(verified.body).toMatchObject({
      sealed: true,
      type: 'TAKEBACK',
      premises: ['22/F'],
      signers: [
        { party: 'TENANT', signerName: 'Tina Tenant' },
        { party: 'LANDLORD', signerName: 'Larry Landlord' }
      ]
    })
    expect(verified.body).not.toHaveProperty('id')
    const tampered = Buffer.from(sealed.bytes)
    tampered[Math.floor(tampered.length / 2)] ^= 1
    expect((await api(null, 'POST', '/v1/hotb-seal-checks', { sha256: sha(tampered) })).body).toEqual({ sealed: false })
    expect((await api(null, 'POST', '/v1/hotb-seal-checks', { sha256: 'not-a-hash' })).status).toBe(400)

    // Sealed once: the seal's columns never change.
    await expect(
      server
        .knex('hotb')
        .where({ id })
        .update({ sealedSha256: 'f'.repeat(64) })
    ).rejects.toThrow(/sealed/)
  })

  it('leaves no sealed file and no file row when the completion rolls back after the seal was written', async () => {
    const { id } = await record()
    await server
      .knex('hotb')
      .where({ id })
      .update({ name: uniqueName('Refused seal') })
    for (const party of ['TENANT', 'LANDLORD'] as const) expect((await sign((await open('pm.hk', id, party)).body.token, party)).status).toBe(201)
    // The storage as it is, with a note of every key written; and a write of the record refused after the seal is made.
    const storage = fileStorage(server.app)
    const written: string[] = []
    setFileStorage(
      server.app,
      Object.assign(Object.create(storage), {
        put: (key: string, data: Buffer) => {
          written.push(key)
          return storage.put(key, data)
        }
      })
    )
    await server.knex.raw(`
      CREATE FUNCTION hotb_refuse_completion() RETURNS trigger AS $$
      BEGIN
        IF NEW.status = 'COMPLETED' AND NEW.name LIKE 'Refused seal%' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER hotb_refuse_completion BEFORE UPDATE ON hotb FOR EACH ROW EXECUTE FUNCTION hotb_refuse_completion();`)
    try {
      const refused = await api('pm.hk', 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id) }, { 'x-service-method': 'complete' })
      expect(refused.status).not.toBe(200)
    } finally {
      await server.knex.raw('DROP TRIGGER hotb_refuse_completion ON hotb; DROP FUNCTION hotb_refuse_completion()')
      setFileStorage(server.app, storage)
    }
    expect(written).toHaveLength(1)
    expect(await server.knex('hotb').where({ id }).first('status', 'sealedFileId', 'sealedSha256')).toEqual({ status: 'SCHEDULED', sealedFileId: null, sealedSha256: null })
    expect(await server.knex('files').where({ ownerResource: 'hotb', ownerId: String(id) })).toEqual([])
    const gone = async () =>
      storage.get(written[0]).then(
        (stream) => (stream.destroy(), false),
        (error) => error instanceof StorageNotFound
      )
    await expect.poll(gone).toBe(true)
    // Refused for a stale signature before anything is written: nothing to remove either.
    const stale = await record()
    for (const party of ['TENANT', 'LANDLORD'] as const) expect((await sign((await open('pm.hk', stale.id, party)).body.token, party)).status).toBe(201)
    await server.knex('hotb_schedule_items').where({ id: stale.items[0].id }).update({ condition: 'Torn' })
    const files = await server.knex('files').count('* as count').first()
    expect((await api('pm.hk', 'POST', '/hk/v1/hotb', { id: stale.id, updatedAt: await server.version('hotb', stale.id) }, { 'x-service-method': 'complete' })).status).toBe(409)
    expect(await server.knex('files').count('* as count').first()).toEqual(files)
  })

  it('refuses to complete a takeback whose deductions changed after the parties signed (409): the tenant signs what it owes', async () => {
    const { id, items } = await record('SCHEDULED', 'TAKEBACK')
    for (const party of ['TENANT', 'LANDLORD'] as const) expect((await sign((await open('pm.hk', id, party)).body.token, party)).status).toBe(201)
    // Booking a deduction on the deposit ledger does not change what the tenant owes: the signatures hold.
    const before = (await hotbContentOf(server.knex, id)).sha256
    await server.knex('hotb_item_deductions').insert({ scheduleItemId: items[1].id, hotbId: id, deductionId: 1, amountCents: 250_050 })
    expect((await hotbContentOf(server.knex, id)).sha256).toBe(before)
    // A changed amount does.
    await server.knex('hotb_schedule_items').where({ id: items[1].id }).update({ deductionCents: 350_000 })
    const refused = await api('pm.hk', 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id) }, { 'x-service-method': 'complete' })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('HOTB_SIGNATURES_STALE')
  })

  it('refuses to complete when the record changed after a party signed (409), until they sign again', async () => {
    const { id, items } = await record()
    for (const party of ['TENANT', 'LANDLORD'] as const) expect((await sign((await open('pm.hk', id, party)).body.token, party)).status).toBe(201)
    await server.knex('hotb_schedule_items').where({ id: items[1].id }).update({ condition: 'Broken' })
    const refused = await api('pm.hk', 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id) }, { 'x-service-method': 'complete' })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('HOTB_SIGNATURES_STALE')
    for (const party of ['TENANT', 'LANDLORD'] as const) expect((await sign((await open('pm.hk', id, party)).body.token, party)).status).toBe(201)
    const completed = await api('pm.hk', 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id) }, { 'x-service-method': 'complete' })
    expect(completed.status).toBe(200)
    expect(completed.body.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('live events of signatures', () => {
  const connect = (accessToken: string) => live.recordsOf(server, accessToken, 'HK', 'hotb-signatures', ['created', 'removed'])

  it('reach the record’s readers as a party signs: staff and its tenant; not another tenancy, not a vendor; never the image', async () => {
    const staff = await connect(tokens['pm.hk'])
    const tenant = await connect(tokens['tenant.acme'])
    const denied = [await connect(tokens.stranger), await connect(tokens['vendor.alpha'])]
    const { id } = await record()
    expect((await sign((await open('pm.hk', id, 'TENANT')).body.token, 'Tina Tenant')).status).toBe(201)
    const first = await server.knex('hotb_signatures').where({ hotbId: id, party: 'TENANT' }).first('id')
    await staff.until((data) => data.event === 'created' && data.id === first.id)
    await tenant.until((data) => data.event === 'created' && data.id === first.id)
    expect(tenant.events.find((data) => data.id === first.id)).toEqual({
      event: 'created',
      id: first.id,
      hotbId: id,
      party: 'TENANT',
      signerName: 'Tina Tenant',
      signedAt: expect.any(String),
      method: 'drawn-in-person'
    })
    // Signed again: the earlier signature goes, the new one comes.
    expect((await sign((await open('pm.hk', id, 'TENANT')).body.token, 'Tina T. Tenant')).status).toBe(201)
    const second = await server.knex('hotb_signatures').where({ hotbId: id, party: 'TENANT' }).first('id')
    await tenant.until((data) => data.event === 'removed' && data.id === first.id)
    await tenant.until((data) => data.event === 'created' && data.id === second.id)
    await staff.until((data) => data.event === 'created' && data.id === second.id)
    for (const connection of denied) expect(connection.events.filter((data) => data.hotbId === id)).toEqual([])
  })
})

describe('the hotbSchedule and keyHotb PDFs', () => {
  it('download for staff and the record’s tenant, in their language, and 404 for a stranger', async () => {
    const { id, items } = await record('SCHEDULED', 'TAKEBACK')
    const schedule = await download('tenant.acme', 'hotbSchedule', id)
    expect(schedule.status).toBe(200)
    const text = pdfText(schedule.bytes).replace(/\s+/g, ' ')
    for (const printed of ['Takeback schedule', 'Floor', 'Carpet tiles', 'Good', 'At handover', 'New', 'Walls', 'Partition']) expect(text).toContain(printed)
    // Every schedule's table has its header row.
    expect(text).toContain('Floor Item At handover Condition Remarks Carpet tiles')
    expect(text).toContain('Walls Item At handover Condition Remarks Partition')
    // Its deductions list: the deteriorated item with its reason and amount, not yet on the deposit ledger, and the total.
    const deductions = text.slice(text.indexOf('Deductions'))
    expect(deductions).toContain('Walls: Partition Dented panel HKD 2,500.50 Total HKD 2,500.50')
    expect(deductions).not.toContain('Carpet tiles')
    expect(deductions).not.toContain('Yes')
    // Once the item is booked on the deposit ledger, the list says so; in Chinese for a reader of Chinese.
    await server.knex('hotb_item_deductions').insert({ scheduleItemId: items[1].id, hotbId: id, deductionId: 1, amountCents: 250_050 })
    const zh = pdfText((await download('tenant.acme', 'hotbSchedule', id, 'zh-CN')).bytes).replace(/\s+/g, ' ')
    expect(zh.slice(zh.indexOf('扣款'))).toContain('墙身: Partition Dented panel HKD 2,500.50 是 合计 HKD 2,500.50')
    // A handover has no deductions list.
    const handover = await record('SCHEDULED', 'HANDOVER')
    expect(pdfText((await download('pm.hk', 'hotbSchedule', handover.id)).bytes)).not.toContain('Deductions')
    const keys = await download('pm.hk', 'keyHotb', id, 'zh-CN')
    expect(keys.status).toBe(200)
    expect(pdfText(keys.bytes)).toContain('钥匙')
    expect(pdfText(keys.bytes)).toContain('Main door')
    for (const type of ['hotbSchedule', 'keyHotb']) expect((await download('stranger', type, id)).status, type).toBe(404)
    const draft = await record('DRAFT')
    expect((await download('tenant.acme', 'hotbSchedule', draft.id)).status).toBe(404)
    expect((await download('pm.hk', 'hotbSealed', id)).status).toBe(404)
  })

  it('lays the schedules out by the spec’s page rule: four schedules a page, a schedule with more than 2 photos counting 2', async () => {
    const pagesOf = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length
    const sections = ['ceilingLighting', 'floor', 'walls', 'entranceDoor', 'airConditioning'] as const
    const plain = await createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status: 'SCHEDULED', managedBy: ids['pm.hk'], name: uniqueName('Pages') })
    const items = await createHotbItems(
      server.knex,
      plain.id,
      sections.map((section) => ({ section, item: `${section} item`, condition: 'Good' }))
    )
    // 5 schedules of no photos: 4 on the first page, 1 on the second.
    expect(pagesOf((await download('pm.hk', 'hotbSchedule', plain.id)).bytes)).toBe(2)
    // 3 photos on the first schedule: it counts 2, so the first page holds 3 schedules (2+1+1) and the second 2.
    const photo = pngBytes()
    for (let n = 0; n < 3; n++) {
      const storageKey = newStorageKey('HK')
      await fileStorage(server.app).put(storageKey, photo)
      const [file] = await server
        .knex('files')
        .insert({ region: 'HK', name: `p${n}.png`, mimeType: 'image/png', size: photo.length, sha256: sha(photo), storageKey, ownerResource: 'hotb-schedule-items', ownerId: String(items[0].id) }, [
          'id'
        ])
      await server.knex('hotb_photos').insert({ scheduleItemId: items[0].id, hotbId: plain.id, fileId: file.id, sha256: sha(photo) })
    }
    const withPhotos = pdfText((await download('pm.hk', 'hotbSchedule', plain.id)).bytes)
    const [first, second] = withPhotos.split(/Page 1 of 2/)
    expect(first).toContain('Ceiling and lighting')
    expect(first).toContain('Walls')
    expect(first).not.toContain('Entrance door')
    expect(second).toContain('Entrance door')
    expect(second).toContain('Air-conditioning')
  })
})

describe('the public doors', () => {
  it('count every signing and verify call against the caller’s address (429 over the limit), right or wrong', async () => {
    const saved = server.app.get('rateLimits')
    server.app.set('rateLimits', { perAccount: { points: 1000, duration: 60 }, perAddress: { points: 3, duration: 60 } })
    // The calls above counted too: this one starts from none (this file's own database).
    await server.knex('rate_limits').delete()
    try {
      const answers = [
        (await api(null, 'GET', `/v1/hotb-signing/${'C'.repeat(43)}`)).status,
        (await api(null, 'POST', '/v1/hotb-seal-checks', { sha256: 'a'.repeat(64) })).status,
        (await sign('D'.repeat(43), 'Guess')).status,
        (await api(null, 'POST', '/v1/hotb-seal-checks', { sha256: 'b'.repeat(64) })).status
      ]
      expect(answers).toEqual([404, 201, 404, 429])
    } finally {
      server.app.set('rateLimits', saved)
      await server.knex('rate_limits').delete()
    }
  })
})
