import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allSettingDefaults, getSetting } from '../src/settings-values.js'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const KEY = 'vendor.maxSubAccounts'

describe('settings: the fallback chain region → GLOBAL → default', () => {
  it('answers every known key with its default while nobody has set it', async () => {
    const { status, body } = await server.api(admin, 'GET', '/hk/v1/settings?$limit=100')
    expect(status).toBe(200)
    expect(body.total).toBe(Object.keys(allSettingDefaults()).length)
    const setting = body.data.find((s: any) => s.key === KEY)
    expect(setting).toMatchObject({ id: KEY, value: 6, defaultValue: 6, source: 'default', region: 'HK', updatedAt: null })
  })

  it('lets GLOBAL set a value every region inherits, and a region override it for itself', async () => {
    const global = await server.api(admin, 'PATCH', `/global/v1/settings/${KEY}`, { value: 8, updatedAt: null })
    expect(global.status).toBe(200)
    expect(global.body).toMatchObject({ value: 8, source: 'GLOBAL', region: 'GLOBAL' })
    const hkInherits = await server.api(admin, 'GET', `/hk/v1/settings/${KEY}`)
    expect(hkInherits.body).toMatchObject({ value: 8, source: 'GLOBAL', updatedAt: null })

    const hk = await server.api(admin, 'PATCH', `/hk/v1/settings/${KEY}`, { value: 4, updatedAt: null })
    expect(hk.status).toBe(200)
    expect(hk.body).toMatchObject({ value: 4, source: 'HK', region: 'HK' })
    expect(hk.body.updatedAt).toBeTruthy()
    expect((await server.api(admin, 'GET', `/hk/v1/settings/${KEY}`)).body.value).toBe(4)
    expect((await server.api(admin, 'GET', `/sg/v1/settings/${KEY}`)).body).toMatchObject({ value: 8, source: 'GLOBAL' })
    // The server's own reading agrees with what the API shows.
    expect(await getSetting(server.knex, 'HK', KEY)).toBe(4)
    expect(await getSetting(server.knex, 'SG', KEY)).toBe(8)
    expect(await getSetting(server.knex, 'BJ', 'upload.maxSizeMb')).toBe(10)
  })

  it('filters by key and source', async () => {
    const auth = await server.api(admin, 'GET', '/hk/v1/settings?key[$ilike]=auth.%25&$sort[key]=-1')
    expect(auth.body.data.length).toBeGreaterThan(1)
    expect(auth.body.data.every((s: any) => s.key.startsWith('auth.'))).toBe(true)
    expect(auth.body.data[0].key > auth.body.data[1].key).toBe(true)
    const own = await server.api(admin, 'GET', '/hk/v1/settings?source=HK')
    expect(own.body.data.map((s: any) => s.key)).toEqual([KEY])
    expect((await server.api(admin, 'GET', '/hk/v1/settings?value=4')).status).toBe(400)
  })
})

describe('settings: saving', () => {
  it('answers 410 for a stale save and 428 for one without the version read', async () => {
    const current = (await server.api(admin, 'GET', '/hk/v1/settings/upload.maxCount')).body
    const first = await server.api(admin, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 30, updatedAt: current.updatedAt })
    expect(first.status).toBe(200)
    // Read before the first save (inherited, no version): now stale.
    const stale = await server.api(admin, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 40, updatedAt: null })
    expect(stale.status).toBe(410)
    expect(stale.body.data.code).toBe('STALE_WRITE')
    expect((await server.api(admin, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 40 })).status).toBe(428)
    const second = await server.api(admin, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 40, updatedAt: first.body.updatedAt })
    expect(second.status).toBe(200)
    expect(second.body.value).toBe(40)
  })

  it('checks the value against the type of the default', async () => {
    const save = (key: string, value: unknown) => server.api(admin, 'PATCH', `/hk/v1/settings/${key}`, { value, updatedAt: null })
    expect((await save('upload.maxSizeMb', 'ten')).status).toBe(400)
    expect((await save('upload.maxSizeMb', -1)).status).toBe(400)
    expect((await save('auth.forceTwoFactor', 1)).status).toBe(400)
    expect((await save('upload.types', ['pdf', ' '])).status).toBe(400)
    expect((await save('upload.types', 'pdf')).status).toBe(400)
    const types = await save('upload.types', ['pdf', 'xlsx'])
    expect(types.status).toBe(200)
    expect(types.body.value).toEqual(['pdf', 'xlsx'])
    expect((await save('auth.forceTwoFactor', false)).body).toMatchObject({ value: false, source: 'HK' })
    expect((await save('no.such.key', 1)).status).toBe(404)
    expect((await server.api(admin, 'GET', '/hk/v1/settings/no.such.key')).status).toBe(404)
  })

  it('records the save in the audit log of the region', async () => {
    await server.api(admin, 'PATCH', '/hk/v1/settings/tender.validityDays', { value: 90, updatedAt: null }, { 'x-cms-action': 'settings.system.update' })
    const rows = await server.knex('audit_log').where({ resource: 'settings', recordId: 'tender.validityDays' })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ region: 'HK', action: 'settings.system.update' })
    expect(rows[0].after.value).toBe(90)
  })

  it('keeps people without the settings permission out', async () => {
    for (const username of ['pm.hk', 'vendor.alpha', 'tenant.acme']) {
      const { accessToken } = await server.login(username)
      expect((await server.api(accessToken, 'GET', '/hk/v1/settings')).status).toBe(403)
      expect((await server.api(accessToken, 'PATCH', `/hk/v1/settings/${KEY}`, { value: 1, updatedAt: null })).status).toBe(403)
    }
  })
})
