import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createDeposit, createTenantProject } from '../../tenant-projects/module.js'
import { createHotb, createHotbItems } from '../seeds/factories.js'
import { sampleJpeg, samplePng } from '../seeds/sample-photos.js'
import { fileStorage, storedBytes } from '../../../storage/create-storage.js'
import { StorageNotFound, newStorageKey } from '../../../storage/file-storage.js'
import { thumbnailKeyOf } from '../services/hotb-photos/photo-thumbnail.js'
import type { HotbState } from '../services/hotb/hotb.workflow.js'

/*
 * The photos of a record's schedule items over real HTTP on real PostgreSQL (issue 31 §4): made
 * from a picture uploaded for the item, with the file's SHA-256, the uploader and the EXIF capture
 * time; listed per record or item, served to the record's readers (the tenant once scheduled),
 * captioned and removed by its editors while it is settlable. And the denials: another tenancy's
 * tenant, a tenant before the record is scheduled, a file of another item, a file that is no
 * picture, a completed record's photos; live events reach the record's readers only.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  for (const name of ['pm.hk', 'approver.hk']) ids[name] = (await server.knex('users').where({ username: name }).first('id')).id
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  ids.other = (
    await createTenancy(server.knex, {
      companyId: await tenantCompany(server.knex, uniqueName('Photos other')),
      tradeName: uniqueName('Other'),
      premises: [{ floor: '11/F', effectiveDate: dayFromToday(-30) }]
    })
  ).id
  const other = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server.knex('users').where({ id: other.id }).update({ tenancyId: ids.other })
  tokens.other = (await server.login(other.username)).accessToken
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

/** A record of ACME's 22/F in the state given, with two schedule items. */
async function recordWithItems(status: HotbState, fields: Record<string, unknown> = {}) {
  const record = await createHotb(server.knex, {
    tenancyId: ids.acme,
    premises: ['22/F'],
    status,
    managedBy: ids['pm.hk'],
    approverId: ids['approver.hk'],
    name: uniqueName(`Photos ${status}`),
    ...fields
  })
  const items = await createHotbItems(server.knex, record.id, [
    { section: 'walls', item: 'Painted plaster walls' },
    { section: 'floor', item: 'Raised floor panels' }
  ])
  return { record, items: items.map((item) => item.id) }
}

/** Uploads `content` for a schedule item through `files`, as `user`: the file's id. */
async function upload(user: string, itemId: number, name: string, content: Buffer, type: string) {
  const form = new FormData()
  form.append('ownerResource', 'hotb-schedule-items')
  form.append('ownerId', String(itemId))
  form.append('files', new Blob([new Uint8Array(content)], { type }), name)
  const answer = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
  expect(answer.status, await answer.clone().text()).toBe(201)
  return (await answer.json())[0].id as number
}

const content = (user: string, photoId: number, query = '') => fetch(`${server.url}/hk/v1/hotb-photos/${photoId}/content${query}`, { headers: { authorization: `Bearer ${tokens[user]}` } })
const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex')

describe('photos of a schedule item', () => {
  it('serve a thumbnail of at most 240 pixels to the photo’s readers (a phone’s 12 MP picture in a few KB), the original otherwise', async () => {
    const { record, items } = await recordWithItems('SCHEDULED')
    const phone = sampleJpeg({ width: 4032, height: 3024 })
    const fileId = await upload('pm.hk', items[0], 'wall.jpg', phone, 'image/jpeg')
    const photo = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId })
    expect(photo.status).toBe(201)
    for (const reader of ['pm.hk', 'tenant.acme']) {
      const thumb = await content(reader, photo.body.id, '?size=thumb')
      expect(thumb.status, reader).toBe(200)
      expect(thumb.headers.get('content-type')).toBe('image/jpeg')
      expect(thumb.headers.get('cache-control')).toBe('private, no-store')
      const bytes = Buffer.from(await thumb.arrayBuffer())
      expect(Number(thumb.headers.get('content-length'))).toBe(bytes.length)
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 180 })
      expect(bytes.length).toBeLessThan(phone.length / 20)
    }
    // Who may not read the photo learns nothing more of its thumbnail; a size the service does not make is a 400 to its readers only.
    expect((await content('other', photo.body.id, '?size=thumb')).status).toBe(404)
    expect((await content('vendor.alpha', photo.body.id, '?size=thumb')).status).toBe(403)
    expect((await content('other', photo.body.id, '?size=huge')).status).toBe(404)
    const unknown = await content('pm.hk', photo.body.id, '?size=huge')
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).data.code).toBe('VALIDATION_FAILED')
    // A picture that cannot be scaled (HEIC, which sharp's library does not decode; a damaged JPEG) comes as it is.
    for (const [name, mimeType] of [
      ['door.heic', 'image/heic'],
      ['damaged.jpg', 'image/jpeg']
    ]) {
      const bytes = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64, 1)])
      const storageKey = newStorageKey('HK')
      await fileStorage(server.app).put(storageKey, bytes)
      const [file] = await server
        .knex('files')
        .insert({ region: 'HK', name, mimeType, size: bytes.length, sha256: sha(bytes), storageKey, ownerResource: 'hotb-schedule-items', ownerId: String(items[1]) }, ['id'])
      const [unscaled] = await server.knex('hotb_photos').insert({ scheduleItemId: items[1], hotbId: record.id, fileId: file.id, sha256: sha(bytes) }, ['id'])
      const answer = await content('tenant.acme', unscaled.id, '?size=thumb')
      expect(answer.status, name).toBe(200)
      expect(answer.headers.get('content-type')).toBe(mimeType)
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true)
      // Nothing is kept for it: a picture fixed later, or a library that learns HEIC, shows at once.
      await expect(fileStorage(server.app).get(thumbnailKeyOf(storageKey))).rejects.toBeInstanceOf(StorageNotFound)
    }
  })

  it('scale a thumbnail once: stored beside the picture on the first request, served from there after, removed with its photo or item', async () => {
    const { items } = await recordWithItems('DRAFT')
    const photoOf = async (itemId: number, name: string, from: [number, number, number]) => {
      const fileId = await upload('pm.hk', itemId, name, sampleJpeg({ width: 1600, height: 1200, from }), 'image/jpeg')
      const photo = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: itemId, fileId })
      expect(photo.status).toBe(201)
      const { storageKey } = await server.knex('files').where({ id: fileId }).first('storageKey')
      return { id: photo.body.id as number, thumbnailKey: thumbnailKeyOf(storageKey), pictureKey: storageKey as string }
    }
    const thumbnail = async (user: string, photoId: number) => {
      const answer = await content(user, photoId, '?size=thumb')
      expect(answer.status, user).toBe(200)
      return Buffer.from(await answer.arrayBuffer())
    }
    const stored = (key: string) => storedBytes(server.app, key).catch((error) => (error instanceof StorageNotFound ? null : Promise.reject(error)))

    const wall = await photoOf(items[0], 'wall.jpg', [200, 80, 80])
    expect(await stored(wall.thumbnailKey)).toBeNull()
    const first = await thumbnail('pm.hk', wall.id)
    expect(await sharp(first).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 180 })
    expect((await stored(wall.thumbnailKey))?.equals(first)).toBe(true)
    expect((await thumbnail('approver.hk', wall.id)).equals(first)).toBe(true)
    // Served from what is stored, not scaled again: another JPEG put in its place is what comes back.
    const marker = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer()
    await fileStorage(server.app).put(wall.thumbnailKey, marker)
    expect((await thumbnail('pm.hk', wall.id)).equals(marker)).toBe(true)
    // A reader refused the photo is refused before anything stored is read.
    expect((await content('tenant.acme', wall.id, '?size=thumb')).status).toBe(404)

    // Removed with its photo, once that commits; the picture's file stays, as every uploaded file does.
    expect((await api('pm.hk', 'DELETE', `/hk/v1/hotb-photos/${wall.id}`)).status).toBe(200)
    expect(await stored(wall.thumbnailKey)).toBeNull()
    expect(await stored(wall.pictureKey)).not.toBeNull()

    // An item's removal takes its photos (the database cascades) and their thumbnails.
    const floor = [await photoOf(items[1], 'floor-1.jpg', [80, 200, 80]), await photoOf(items[1], 'floor-2.jpg', [80, 80, 200])]
    for (const photo of floor) await thumbnail('pm.hk', photo.id)
    for (const photo of floor) expect(await stored(photo.thumbnailKey)).not.toBeNull()
    const removed = await api('pm.hk', 'DELETE', `/hk/v1/hotb-schedule-items/${items[1]}`)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    for (const photo of floor) expect(await stored(photo.thumbnailKey)).toBeNull()
  })

  it('answer concurrent first requests for a thumbnail alike, with one whole JPEG stored', async () => {
    const { items } = await recordWithItems('SCHEDULED')
    const fileId = await upload('pm.hk', items[0], 'door.jpg', sampleJpeg({ width: 4032, height: 3024, from: [40, 90, 160] }), 'image/jpeg')
    const photo = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId })
    const answers = await Promise.all(['pm.hk', 'tenant.acme', 'pm.hk', 'approver.hk'].map((user) => content(user, photo.body.id, '?size=thumb')))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())))
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true)
    const { storageKey } = await server.knex('files').where({ id: fileId }).first('storageKey')
    expect((await storedBytes(server.app, thumbnailKeyOf(storageKey))).equals(bodies[0])).toBe(true)
    expect(await sharp(bodies[0]).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 180 })
  })

  it('are made from pictures uploaded for the item, with the file’s SHA-256, the uploader and the EXIF capture time; listed, read, served and removed', async () => {
    const { record, items } = await recordWithItems('SCHEDULED')
    const jpeg = sampleJpeg({}, '2026:11:30 09:15:00')
    const png = samplePng()
    const jpegFile = await upload('pm.hk', items[0], 'wall.jpg', jpeg, 'image/jpeg')
    const pngFile = await upload('pm.hk', items[0], 'wall-2.png', png, 'image/png')

    const first = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: jpegFile, caption: '  Scuff by the door ' })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    // EXIF DateTimeOriginal has no zone: the region's (Hong Kong, UTC+8).
    expect(first.body).toMatchObject({
      hotbId: record.id,
      scheduleItemId: items[0],
      fileId: jpegFile,
      caption: 'Scuff by the door',
      uploadedBy: ids['pm.hk'],
      status: 'SCHEDULED',
      tenancyId: ids.acme
    })
    expect(new Date(first.body.capturedAt).toISOString()).toBe('2026-11-30T01:15:00.000Z')
    expect(first.body.uploadedByName).toBeTruthy()
    const stored = await server.knex('files').where({ id: jpegFile }).first('sha256')
    expect(first.body.sha256).toBe(stored.sha256)
    expect(first.body.sha256).toBe(sha(jpeg))

    const second = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: pngFile })
    expect(second.status).toBe(201)
    expect(second.body.capturedAt).toBeNull()
    expect(second.body.sha256).toBe(sha(png))
    // One picture is one photo.
    expect((await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: pngFile })).status).toBe(409)

    const listed = await api('pm.hk', 'GET', `/hk/v1/hotb-photos?hotbId=${record.id}`)
    expect(listed.body.data.map((photo: any) => photo.id)).toEqual([first.body.id, second.body.id])
    expect((await api('pm.hk', 'GET', `/hk/v1/hotb-photos?scheduleItemId=${items[1]}`)).body.total).toBe(0)
    expect((await api('pm.hk', 'GET', `/hk/v1/hotb-photos?hotbId=${record.id}&$limit=1&$skip=1`)).body.data.map((photo: any) => photo.id)).toEqual([second.body.id])

    // The tenant reads its scheduled record's photos, without who of staff uploaded them.
    const tenantView = await api('tenant.acme', 'GET', `/hk/v1/hotb-photos/${first.body.id}`)
    expect(tenantView.status).toBe(200)
    expect(tenantView.body).not.toHaveProperty('uploadedBy')
    for (const reader of ['pm.hk', 'tenant.acme']) {
      const answer = await content(reader, first.body.id)
      expect(answer.status, reader).toBe(200)
      expect(answer.headers.get('content-type')).toBe('image/jpeg')
      expect(Buffer.from(await answer.arrayBuffer()).equals(jpeg)).toBe(true)
    }
    expect((await content('other', first.body.id)).status).toBe(404)
    expect((await content('vendor.alpha', first.body.id)).status).toBe(403)
    expect((await api('other', 'GET', `/hk/v1/hotb-photos?hotbId=${record.id}`)).body.total).toBe(0)

    // Captioned and removed by its editors; not by the tenant.
    const captioned = await api('pm.hk', 'PATCH', `/hk/v1/hotb-photos/${second.body.id}`, { caption: 'Floor edge', updatedAt: second.body.updatedAt })
    expect(captioned.status).toBe(200)
    expect(captioned.body.caption).toBe('Floor edge')
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/hotb-photos/${second.body.id}`)).status).toBe(403)
    expect((await api('pm.hk', 'DELETE', `/hk/v1/hotb-photos/${second.body.id}`)).status).toBe(200)
    expect((await api('pm.hk', 'GET', `/hk/v1/hotb-photos?hotbId=${record.id}`)).body.total).toBe(1)
  })

  it('refuse a file of another item, a file that is no picture, a tenant, and a completed record’s changes', async () => {
    const { record, items } = await recordWithItems('SCHEDULED')
    const elsewhere = await upload('pm.hk', items[1], 'floor.jpg', sampleJpeg(), 'image/jpeg')
    const stray = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: elsewhere })
    expect(stray.status).toBe(400)
    expect(stray.body.data).toMatchObject({ code: 'HOTB_PHOTO_FILE', fileId: elsewhere })
    const zh = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: elsewhere }, { 'accept-language': 'zh-CN' })
    expect(zh.body.message).toContain('清单项目')
    const pdf = await upload('pm.hk', items[0], 'report.pdf', Buffer.from('%PDF-1.4 not a picture'), 'application/pdf')
    const notPicture = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: pdf })
    expect(notPicture.status).toBe(400)
    expect(notPicture.body.data).toMatchObject({ code: 'HOTB_PHOTO_TYPE' })
    const picture = await upload('pm.hk', items[0], 'wall.jpg', sampleJpeg({ from: [200, 80, 80] }), 'image/jpeg')
    expect((await api('tenant.acme', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: picture })).status).toBe(403)
    const photo = (await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: picture })).body

    // Completed: the photos are part of the signed record.
    await server.knex('hotb').where({ id: record.id }).update({ status: 'COMPLETED' })
    const late = await upload('pm.hk', items[1], 'late.jpg', sampleJpeg({ from: [20, 80, 80] }), 'image/jpeg')
    const added = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[1], fileId: late })
    expect(added.status).toBe(409)
    expect(added.body.data).toMatchObject({ code: 'HOTB_NOT_EDITABLE' })
    expect((await api('pm.hk', 'DELETE', `/hk/v1/hotb-photos/${photo.id}`)).status).toBe(409)
    const fresh = (await api('pm.hk', 'GET', `/hk/v1/hotb-photos/${photo.id}`)).body
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb-photos/${photo.id}`, { caption: 'x', updatedAt: fresh.updatedAt })).status).toBe(409)
    // Still read by the tenant once completed.
    expect((await content('tenant.acme', photo.id)).status).toBe(200)
  })

  it('are not the tenant’s before the record is scheduled', async () => {
    const { record, items } = await recordWithItems('DRAFT')
    const picture = await upload('pm.hk', items[0], 'draft.png', samplePng(), 'image/png')
    const photo = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: picture })
    expect(photo.status).toBe(201)
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb-photos/${photo.body.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb-photos?hotbId=${record.id}`)).body.total).toBe(0)
    expect((await content('tenant.acme', photo.body.id)).status).toBe(404)
  })
})

describe('the photos’ own file types', () => {
  /** Sends a picture for the item through `files`: the answer. */
  async function send(itemId: number, name: string, bytes: Buffer, type: string) {
    const form = new FormData()
    form.append('ownerResource', 'hotb-schedule-items')
    form.append('ownerId', String(itemId))
    form.append('files', new Blob([new Uint8Array(bytes)], { type }), name)
    const answer = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['pm.hk']}` }, body: form })
    return { status: answer.status, body: (await answer.json()) as any }
  }

  it('take WebP only where the region gives photos types of their own, and print it in the PDFs scaled, as a JPEG', async () => {
    const { record, items } = await recordWithItems('SCHEDULED')
    const webp = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#8899aa' } })
      .webp()
      .toBuffer()
    // The region's types (jpg, png by default): refused.
    const refused = await send(items[0], 'wall.webp', webp, 'image/webp')
    expect(refused.status).toBe(400)
    expect(refused.body.data).toMatchObject({ code: 'FILE_TYPE' })
    await server.knex('settings').where({ region: 'HK', key: 'upload.places' }).delete()
    await server.knex('settings').insert({ region: 'HK', key: 'upload.places', value: JSON.stringify({ 'hotb-photos': { types: ['jpg', 'png', 'webp', 'heic'] } }) })
    try {
      const uploaded = await send(items[0], 'wall.webp', webp, 'image/webp')
      expect(uploaded.status).toBe(201)
      const photo = await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: items[0], fileId: uploaded.body[0].id })
      expect(photo.status).toBe(201)
      expect(photo.body.sha256).toBe(sha(webp))
      // Another place keeps the region's types.
      const form = new FormData()
      form.append('ownerResource', 'companies')
      form.append('files', new Blob([new Uint8Array(webp)], { type: 'image/webp' }), 'logo.webp')
      expect((await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens.admin}` }, body: form })).status).toBe(400)
    } finally {
      await server.knex('settings').where({ region: 'HK', key: 'upload.places' }).delete()
    }
    const pdf = await fetch(`${server.url}/hk/v1/documents/hotbSchedule/${record.id}`, { headers: { authorization: `Bearer ${tokens['pm.hk']}` } })
    expect(pdf.status).toBe(200)
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1')
    expect(bytes).toMatch(/\/Width 1280[\s\S]*?\/Filter \/DCTDecode|\/Filter \/DCTDecode[\s\S]*?\/Width 1280/)
  })
})

describe('the demo', () => {
  it('has photos of the completed ACME handover, served to its tenant, and a takeback with a deteriorated item', async () => {
    const handover = await server.knex('hotb').where({ name: 'ACME 22/F handover' }).first('id')
    const photos = (await api('tenant.acme', 'GET', `/hk/v1/hotb-photos?hotbId=${handover.id}`)).body.data
    expect(photos.length).toBeGreaterThanOrEqual(3)
    const picture = await content('tenant.acme', photos[0].id)
    expect(picture.status).toBe(200)
    expect(sha(Buffer.from(await picture.arrayBuffer()))).toBe(photos[0].sha256)
    const takeback = await server.knex('hotb').where({ name: 'ACME 22/F takeback' }).first('id')
    const items = (await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${takeback.id}&$limit=100`)).body.data
    expect(items.filter((item: any) => item.deteriorated)).toEqual([expect.objectContaining({ item: 'Curtain wall glazing', deductionCents: 250_000, deductionId: null })])
  })
})

describe('live events of photos', () => {
  const connect = (username: string) => live.recordsOf(server, tokens[username], 'HK', 'hotb-photos', ['created'])

  it('reach the record’s readers: staff, its tenant once scheduled; not another tenancy, not a vendor', async () => {
    const staff = await connect('pm.hk')
    const tenant = await connect('tenant.acme')
    const denied = [await connect('other'), await connect('vendor.alpha')]
    const draft = await recordWithItems('DRAFT')
    const scheduled = await recordWithItems('SCHEDULED')
    const early = (await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: draft.items[0], fileId: await upload('pm.hk', draft.items[0], 'a.png', samplePng(), 'image/png') })).body
    const later = (await api('pm.hk', 'POST', '/hk/v1/hotb-photos', { scheduleItemId: scheduled.items[0], fileId: await upload('pm.hk', scheduled.items[0], 'b.png', samplePng(), 'image/png') })).body
    await staff.until((data) => data.id === early.id)
    await staff.until((data) => data.id === later.id)
    await tenant.until((data) => data.id === later.id)
    expect(tenant.events.some((data) => data.id === early.id)).toBe(false)
    for (const connection of denied) expect(connection.events.filter((data) => [early.id, later.id].includes(data.id))).toEqual([])
  })
})

describe('turning a takeback’s deteriorated items into deposit deductions', () => {
  /** A tenancy of its own (no demo project), a takeback of it with three items, and a fit-out deposit unless told. */
  async function takeback({ deposit = true, status = 'SCHEDULED' as HotbState } = {}) {
    const tenancyId = (
      await createTenancy(server.knex, {
        companyId: await tenantCompany(server.knex, uniqueName('Deduct')),
        tradeName: uniqueName('Deduct'),
        premises: [{ floor: '12/F', effectiveDate: dayFromToday(-300) }]
      })
    ).id
    let projectId: number | undefined
    if (deposit) {
      projectId = (await createTenantProject(server.knex, { tenancyId, projectName: uniqueName('Fit-out'), status: 'COMPLETED' } as any)).id
      await createDeposit(server.knex, { projectId, amountCents: 1_000_000 })
    }
    const record = await createHotb(server.knex, { tenancyId, type: 'TAKEBACK', premises: ['12/F'], status, managedBy: ids['pm.hk'], name: uniqueName('Takeback') })
    const items = (
      await createHotbItems(server.knex, record.id, [
        { section: 'walls', item: 'Painted walls', handoverCondition: 'Good' },
        { section: 'floor', item: 'Carpet tiles', handoverCondition: 'New' },
        { section: 'windows', item: 'Glazing', handoverCondition: 'Good' }
      ])
    ).map((item) => item.id)
    return { record, items, projectId }
  }
  /** A live connection of the user, and the `created` events of the service it hears. */
  const listen = (username: string, path: string) => live.recordsOf(server, tokens[username], 'HK', path, ['created'])
  const mark = async (itemId: number, deductionCents: number | null, deductionReason: string | null) =>
    api('pm.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${itemId}`, { deteriorated: true, deductionCents, deductionReason, updatedAt: await server.version('hotb-schedule-items', itemId) })
  const deductionsOf = (projectId: number) => server.knex('tenant_project_deposit_deductions').where({ projectId }).orderBy('id')

  it('marks items deteriorated on a takeback only, and turns them once into DAMAGE deductions to the cent, even when asked twice at once', async () => {
    const { record, items, projectId } = await takeback()
    expect((await mark(items[0], 123_456, ' Cracked and stained ')).status).toBe(200)
    expect((await mark(items[1], 5_001, 'Burn marks')).status).toBe(200)
    const handover = await recordWithItems('SCHEDULED')
    const notTakeback = await mark(handover.items[0], 100, 'x')
    expect(notTakeback.status).toBe(400)
    expect(notTakeback.body.data).toMatchObject({ code: 'HOTB_NOT_TAKEBACK' })
    // An item not marked deteriorated cannot be turned.
    const unmarked = await api('pm.hk', 'POST', '/hk/v1/hotb-deductions', { hotbId: record.id, scheduleItemIds: [items[0], items[2]] })
    expect(unmarked.status).toBe(400)
    expect(unmarked.body.data).toMatchObject({ code: 'HOTB_DEDUCTION_ITEM', item: 'Glazing' })
    expect((await api('tenant.acme', 'POST', '/hk/v1/hotb-deductions', { hotbId: record.id, scheduleItemIds: [items[0]] })).status).toBe(403)

    // The deposit ledger's readers hear of the deductions as the ledger's own create tells them; a stranger does not.
    const ledgerReader = await listen('admin', 'tenant-project-deductions')
    const strangers = [await listen('other', 'tenant-project-deductions'), await listen('vendor.alpha', 'tenant-project-deductions')]
    const both = await Promise.all([0, 1].map(() => api('pm.hk', 'POST', '/hk/v1/hotb-deductions', { hotbId: record.id, scheduleItemIds: [items[0], items[1]] })))
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(both.find((answer) => answer.status === 409)!.body.data).toMatchObject({ code: 'HOTB_ITEM_DEDUCTED' })
    const ledger = await deductionsOf(projectId!)
    expect(ledger.map((row: any) => [row.kind, Number(row.amountCents), row.reason, row.createdBy])).toEqual([
      ['DAMAGE', 5_001, 'Carpet tiles: Burn marks', ids['pm.hk']],
      ['DAMAGE', 123_456, 'Painted walls: Cracked and stained', ids['pm.hk']]
    ])
    const won = both.find((answer) => answer.status === 201)!.body
    expect(won).toMatchObject({ hotbId: record.id, projectId })
    for (const row of ledger) await ledgerReader.until((data) => data.id === row.id)
    expect(ledgerReader.events.filter((data) => data.projectId === projectId).map((data) => [data.kind, Number(data.amountCents)])).toEqual([
      ['DAMAGE', 5_001],
      ['DAMAGE', 123_456]
    ])
    for (const stranger of strangers) expect(stranger.events.filter((data) => data.projectId === projectId)).toEqual([])
    // The items say so, and their deterioration is fixed from then on; the same again is refused.
    const listed = (await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${record.id}`)).body.data
    expect(Object.fromEntries(listed.map((item: any) => [item.id, item.deductionId ?? null]))).toEqual({ [items[0]]: expect.any(Number), [items[1]]: expect.any(Number), [items[2]]: null })
    expect((await mark(items[0], 1, 'again')).status).toBe(409)
    expect((await api('pm.hk', 'POST', '/hk/v1/hotb-deductions', { hotbId: record.id, scheduleItemIds: [items[1]] })).status).toBe(409)
    expect((await api('pm.hk', 'DELETE', `/hk/v1/hotb-schedule-items/${items[1]}`)).status).toBe(409)
    expect(await deductionsOf(projectId!)).toHaveLength(2)
  })

  it('keeps the items as the takeback’s deductions list when the tenancy has no deposit, or the deposit ledger is not installed', async () => {
    const bare = await takeback({ deposit: false })
    await mark(bare.items[0], 20_000, 'Scratched')
    const refused = await api('pm.hk', 'POST', '/hk/v1/hotb-deductions', { hotbId: bare.record.id, scheduleItemIds: [bare.items[0]] })
    expect(refused.status).toBe(409)
    expect(refused.body.data).toMatchObject({ code: 'HOTB_NO_DEPOSIT' })
    expect(await server.knex('hotb_schedule_items').where({ id: bare.items[0] }).first('deteriorated', 'deductionCents', 'deductionReason')).toEqual({
      deteriorated: true,
      deductionCents: 20_000,
      deductionReason: 'Scratched'
    })

    const withDeposit = await takeback()
    await mark(withDeposit.items[0], 20_000, 'Scratched')
    const installed = server.app.get('modules')
    server.app.set(
      'modules',
      installed.filter((module: any) => module.name !== 'tenant-projects')
    )
    try {
      const off = await api('pm.hk', 'POST', '/hk/v1/hotb-deductions', { hotbId: withDeposit.record.id, scheduleItemIds: [withDeposit.items[0]] })
      expect(off.status).toBe(409)
      expect(off.body.data).toMatchObject({ code: 'HOTB_NO_DEPOSIT' })
    } finally {
      server.app.set('modules', installed)
    }
    expect(await deductionsOf(withDeposit.projectId!)).toHaveLength(0)
    expect(await server.knex('hotb_item_deductions').where({ hotbId: withDeposit.record.id })).toHaveLength(0)
  })
})
