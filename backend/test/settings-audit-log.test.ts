import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let startedAt: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  startedAt = new Date(Date.now() - 1000).toISOString()
  const building = (await server.api(admin, 'POST', '/hk/v1/buildings', { code: 'AUD1', name: 'Audit One' }, { 'x-cms-action': 'settings.building.create' })).body
  await server.api(admin, 'POST', '/hk/v1/buildings', { code: 'AUD2', name: 'Audit Two' }, { 'x-cms-action': 'settings.building.create' })
  await server.api(admin, 'PATCH', `/hk/v1/buildings/${building.id}`, { name: 'Audit One A', updatedAt: building.updatedAt }, { 'x-cms-action': 'settings.building.update' })
  await server.api(admin, 'POST', '/hk/v1/companies', { name: 'Audit Co', type: 'O' })
  await server.api(admin, 'POST', '/sg/v1/buildings', { code: 'AUDSG', name: 'Audit Singapore' })
})
afterAll(async () => {
  await server?.stop()
})

describe('audit log', () => {
  it("lists the region's writes, newest first, filtered by resource, action, user and time", async () => {
    const { status, body } = await server.api(admin, 'GET', '/hk/v1/audit-log?resource=buildings')
    expect(status).toBe(200)
    expect(body.total).toBe(3)
    expect(body.data.map((row: any) => row.action)).toEqual(['settings.building.update', 'settings.building.create', 'settings.building.create'])
    expect(body.data[0]).toMatchObject({ region: 'HK', username: 'admin', resource: 'buildings' })
    expect(body.data[0].before.name).toBe('Audit One')
    expect(body.data[0].after.name).toBe('Audit One A')
    const updates = await server.api(admin, 'GET', '/hk/v1/audit-log?action[$ilike]=%25update')
    expect(updates.body.data.map((row: any) => row.action)).toEqual(['settings.building.update'])
    const byRecord = await server.api(admin, 'GET', `/hk/v1/audit-log?resource=buildings&recordId=${body.data[0].recordId}`)
    expect(byRecord.body.total).toBe(2)
    expect((await server.api(admin, 'GET', '/hk/v1/audit-log?username[$ilike]=adm%25')).body.total).toBe(4)
    expect((await server.api(admin, 'GET', `/hk/v1/audit-log?at[$gte]=${encodeURIComponent(startedAt)}`)).body.total).toBe(4)
    expect((await server.api(admin, 'GET', `/hk/v1/audit-log?at[$lte]=${encodeURIComponent(startedAt)}`)).body.total).toBe(0)
    const oldestFirst = await server.api(admin, 'GET', '/hk/v1/audit-log?$sort[at]=1&$limit=1')
    expect(oldestFirst.body.data[0].action).toBe('settings.building.create')
  })

  it("names an entry's fields in the reader's language, as the record's screens do, keeping the key where no name exists", async () => {
    const [update] = (await server.api(admin, 'GET', '/hk/v1/audit-log?resource=buildings&action=settings.building.update')).body.data
    expect(update.fieldLabels).toBeUndefined()
    const english = (await server.api(admin, 'GET', `/hk/v1/audit-log/${update.id}`, undefined, { 'accept-language': 'en-US' })).body
    expect(english.fieldLabels).toMatchObject({ name: 'Name', code: 'Code', updatedAt: 'Updated at' })
    const chinese = (await server.api(admin, 'GET', `/hk/v1/audit-log/${update.id}`, undefined, { 'accept-language': 'zh-CN' })).body
    expect(chinese.fieldLabels).toMatchObject({ name: '名称', code: '代码' })
    // Every field of the entry is named, and in Chinese none of them is the English name.
    const fields = new Set([...Object.keys(chinese.before), ...Object.keys(chinese.after)])
    expect(new Set(Object.keys(chinese.fieldLabels))).toEqual(fields)
    for (const field of fields) if (english.fieldLabels[field] !== field) expect(chinese.fieldLabels[field], field).not.toBe(english.fieldLabels[field])
  })

  it('keeps regions apart and refuses filters it does not know', async () => {
    const sg = await server.api(admin, 'GET', '/sg/v1/audit-log')
    expect(sg.body.data.map((row: any) => row.after.code)).toEqual(['AUDSG'])
    expect((await server.api(admin, 'GET', `/hk/v1/audit-log/${sg.body.data[0].id}`)).status).toBe(404)
    expect((await server.api(admin, 'GET', `/sg/v1/audit-log/${sg.body.data[0].id}`)).status).toBe(200)
    expect((await server.api(admin, 'GET', '/hk/v1/audit-log?after=x')).status).toBe(400)
    expect((await server.api(admin, 'GET', '/hk/v1/audit-log?at[$gte]=yesterday')).status).toBe(400)
  })

  it('is read-only, and reading it is not audited', async () => {
    expect((await server.api(admin, 'POST', '/hk/v1/audit-log', { action: 'x', resource: 'y' })).status).toBe(405)
    const before = await server.knex('audit_log').count({ count: '*' })
    await server.api(admin, 'GET', '/hk/v1/audit-log')
    expect(await server.knex('audit_log').count({ count: '*' })).toEqual(before)
  })

  it('is for those with the audit-log permission only', async () => {
    for (const username of ['pm.hk', 'vendor.alpha', 'tenant.acme']) {
      const { accessToken } = await server.login(username)
      expect((await server.api(accessToken, 'GET', '/hk/v1/audit-log')).status).toBe(403)
      expect((await server.api(accessToken, 'GET', '/hk/v1/audit-report')).status).toBe(403)
    }
  })
})

describe('audit report', () => {
  it('counts writes per day, resource and action in a date range, paged', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date())
    const range = `at[$gte]=${encodeURIComponent(startedAt)}&at[$lte]=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`
    const { status, body } = await server.api(admin, 'GET', `/hk/v1/audit-report?${range}`)
    expect(status).toBe(200)
    expect(body.total).toBe(3)
    expect(body.data).toEqual([
      { day: today, resource: 'buildings', action: 'settings.building.create', count: 2 },
      { day: today, resource: 'buildings', action: 'settings.building.update', count: 1 },
      { day: today, resource: 'companies', action: 'companies.create', count: 1 }
    ])
    const paged = await server.api(admin, 'GET', `/hk/v1/audit-report?${range}&$limit=1&$skip=1`)
    expect(paged.body).toMatchObject({ total: 3, limit: 1, skip: 1 })
    expect(paged.body.data).toHaveLength(1)
    expect(paged.body.data[0].action).toBe('settings.building.update')
    const companies = await server.api(admin, 'GET', `/hk/v1/audit-report?${range}&resource=companies`)
    expect(companies.body.data.map((row: any) => row.count)).toEqual([1])
    expect((await server.api(admin, 'GET', '/hk/v1/audit-report?$sort[day]=1')).status).toBe(400)
  })

  it('counts writes per day and resource, or per day and action, for the activity chart', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date())
    const range = `at[$gte]=${encodeURIComponent(startedAt)}&at[$lte]=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`
    const byResource = await server.api(admin, 'GET', `/hk/v1/audit-report?${range}&by=resource&$limit=500`)
    expect(byResource.body).toMatchObject({ total: 2, limit: 500 })
    expect(byResource.body.data).toEqual([
      { day: today, resource: 'buildings', action: '', count: 3 },
      { day: today, resource: 'companies', action: '', count: 1 }
    ])
    const byAction = await server.api(admin, 'GET', `/hk/v1/audit-report?${range}&resource=buildings&by=action`)
    expect(byAction.body.data).toEqual([
      { day: today, resource: '', action: 'settings.building.create', count: 2 },
      { day: today, resource: '', action: 'settings.building.update', count: 1 }
    ])
    // The list itself stays paged as any list; an unknown grouping is refused.
    expect((await server.api(admin, 'GET', `/hk/v1/audit-report?${range}&$limit=500`)).body.limit).toBe(100)
    expect((await server.api(admin, 'GET', `/hk/v1/audit-report?by=user`)).status).toBe(400)
    expect((await server.api((await server.login('pm.hk')).accessToken, 'GET', '/hk/v1/audit-report?by=resource')).status).toBe(403)
  })
})
