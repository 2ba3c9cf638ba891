import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../../test/server.js'
import { calendarDay, wallClock } from '../../format/format.shared.js'
import { columnsOf, toWorkbook } from './workbook.js'
import { exportsService } from './exports.js'
import { exportColumnsOf, exportableResources } from './exports.shared.js'
import { internalFields } from './export-columns.shared.js'
import { fieldLabel, languages, valueLabel, type Language } from '../../i18n/messages.js'
import { sharedModules } from '../../modules/index.shared.js'
import { openApiDocument } from '../../openapi.js'
import { dataValidator } from '../../validators.js'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { createQueue, type Queue } from '../../jobs/queue.js'
import { runExportJob } from './export-jobs.js'
import { fileStorage } from '../../storage/create-storage.js'
import { StorageNotFound } from '../../storage/file-storage.js'

describe('wallClock', () => {
  it("shows an instant as the region's clock does", () => {
    const instant = new Date('2026-01-31T20:30:00Z')
    expect(wallClock(instant, 'Asia/Hong_Kong').toISOString()).toBe('2026-02-01T04:30:00.000Z')
    expect(wallClock(instant, 'UTC').toISOString()).toBe('2026-01-31T20:30:00.000Z')
    expect(wallClock(instant, 'Not/AZone').toISOString()).toBe('2026-01-31T20:30:00.000Z')
    expect(calendarDay(instant, 'Asia/Hong_Kong')).toBe('2026-02-01')
  })
})

describe('toWorkbook', () => {
  it('writes a bold header of the keys without secrets, typed cells and formatted dates', async () => {
    const rows = [
      { id: 1, name: 'A', password: 'hash', enabled: true, createdAt: new Date('2026-01-02T03:04:05Z'), regions: ['HK', 'SG'], meta: { a: 1 } },
      { id: 2, name: 'B', extra: 'late key', updatedAt: '2026-05-06T07:08:09.000Z' }
    ]
    expect(columnsOf(rows)).toEqual(['id', 'name', 'enabled', 'createdAt', 'regions', 'meta', 'extra', 'updatedAt'])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await toWorkbook('users', rows, 'UTC')) as any)
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('users')
    expect(sheet.getRow(1).values).toEqual([undefined, 'id', 'name', 'enabled', 'createdAt', 'regions', 'meta', 'extra', 'updatedAt'])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    const first = sheet.getRow(2)
    expect(first.getCell(1).value).toBe(1)
    expect(first.getCell(3).value).toBe(true)
    expect(first.getCell(4).value).toEqual(new Date('2026-01-02T03:04:05Z'))
    expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect(first.getCell(5).value).toBe('HK, SG')
    expect(first.getCell(6).value).toBe('{"a":1}')
    expect(sheet.getRow(3).getCell(8).value).toEqual(new Date('2026-05-06T07:08:09Z'))
  })

  it('keeps a formula-looking text as text', async () => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await toWorkbook('x', [{ name: '=HYPERLINK("http://evil")' }])) as any)
    expect(workbook.worksheets[0].getRow(2).getCell(1).value).toBe('=HYPERLINK("http://evil")')
  })
})

describe('value names', () => {
  it('are the names the list screens show, in both languages', async () => {
    const { existsSync, readFileSync } = await import('node:fs')
    const screen = (path: string) => JSON.parse(readFileSync(new URL(`../../../../frontend/src/${path}`, import.meta.url), 'utf8'))
    for (const language of languages) {
      const common = screen(`locales/${language}/common.json`)
      const users = screen(`locales/${language}/users.json`)
      for (const [state, name] of Object.entries(common.status)) expect(valueLabel(language, 'any', 'status', state)).toBe(name)
      for (const [feature, name] of Object.entries(common.features)) expect(valueLabel(language, 'regions', 'features', feature)).toBe(name)
      for (const [type, name] of Object.entries(users.userTypes)) expect(valueLabel(language, 'users', 'userType', type)).toBe(name)
      for (const [state, name] of Object.entries(users.status)) expect(valueLabel(language, 'users', 'status', state)).toBe(name)
      // The audit screens' names of resources, actions and security events, the platform's and every module's.
      for (const folder of ['', ...sharedModules.map((module) => `modules/${module.name}/`)]) {
        const permissions = existsSync(new URL(`../../../../frontend/src/${folder}locales/${language}/permissions.json`, import.meta.url))
          ? screen(`${folder}locales/${language}/permissions.json`)
          : { resources: {}, actions: {} }
        for (const [resource, name] of Object.entries(permissions.resources)) expect(valueLabel(language, 'audit-log', 'resource', resource)).toBe(name)
        for (const [action, name] of Object.entries(permissions.actions)) expect(valueLabel(language, 'audit-report', 'auditAction', action)).toBe(name)
      }
      for (const [service, byMethod] of Object.entries(screen(`locales/${language}/audit-log.json`).actions))
        for (const [method, name] of Object.entries(byMethod as Record<string, string>)) expect(valueLabel(language, 'audit-log', 'auditAction', `${service}.${method}`)).toBe(name)
    }
  })
})

// Needs the shared test database (backend/vitest.config.ts global setup); skipped without it.

let server: TestServer
const tokens: Record<string, string> = {}
const sockets: Socket[] = []
let queue: Queue | undefined

beforeAll(async () => {
  const { startTestServer } = await import('../../../test/server.js')
  server = await startTestServer()
  if (!(server.app as any).services['exports/:resource']) server.app.configure(exportsService)
  for (const username of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha', 'tenant.acme']) tokens[username] = (await server.login(username)).accessToken
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await queue?.stop()
  await server?.stop()
})

interface Sheet {
  name: string
  header: string[]
  rows: any[][]
  numFmts: (string | undefined)[][]
  about: Array<[string, string]>
  frozen: boolean
  bold: boolean
}

async function exportOf(token: string | null, path: string, language: Language = 'en-US') {
  const response = await fetch(`${server.url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language } })
  const bytes = Buffer.from(await response.arrayBuffer())
  if (!response.headers.get('content-type')?.includes('spreadsheetml')) {
    return { status: response.status, headers: response.headers, body: JSON.parse(bytes.toString('utf8') || 'null'), sheet: undefined as unknown as Sheet }
  }
  return { status: response.status, headers: response.headers, body: null, sheet: await readWorkbook(bytes) }
}

async function readWorkbook(bytes: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as any)
  const [list, about] = workbook.worksheets
  const header = (list.getRow(1).values as any[]).slice(1)
  const rows: any[][] = []
  const numFmts: (string | undefined)[][] = []
  list.eachRow((row, number) => {
    if (number === 1) return
    rows.push(header.map((_label, index) => row.getCell(index + 1).value))
    numFmts.push(header.map((_label, index) => row.getCell(index + 1).numFmt))
  })
  const aboutRows: Array<[string, string]> = []
  about.eachRow((row) => aboutRows.push([String(row.getCell(1).value ?? ''), String(row.getCell(2).value ?? '')]))
  return { name: list.name, header, rows, numFmts, about: aboutRows, frozen: list.views[0]?.state === 'frozen', bold: Boolean(list.getRow(1).getCell(1).font?.bold) }
}

const column = (sheet: Sheet, label: string) => {
  const index = sheet.header.indexOf(label)
  if (index < 0) throw new Error(`no column ${label} in ${sheet.header.join(' | ')}`)
  return index
}

describe('exports', () => {
  it("writes the list's columns in its order, labelled and formatted as on screen, as an .xlsx attachment", async () => {
    const list = await server.api(tokens.admin, 'GET', '/v1/users?$sort[username]=1&$limit=100')
    const result = await exportOf(tokens.admin, '/v1/exports/users?$sort[username]=1')
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const today = calendarDay(new Date(), 'Asia/Hong_Kong')
    expect(result.headers.get('content-disposition')).toBe(`attachment; filename="users-${today}.xlsx"; filename*=UTF-8''users-${today}.xlsx`)
    const { sheet } = result
    expect(sheet.header).toEqual(['Username', 'Name', 'E-mail', 'User type', 'Status', 'Last login'])
    expect(sheet.bold).toBe(true)
    expect(sheet.name).toBe('Users')
    expect(sheet.frozen).toBe(true)
    expect(sheet.rows.map((row) => row[0])).toEqual(list.body.data.map((user: any) => user.username))
    const admin = sheet.rows[sheet.rows.findIndex((row) => row[0] === 'admin')]
    const adminRecord = list.body.data.find((user: any) => user.username === 'admin')
    expect(admin[3]).toBe('Staff admin')
    expect(admin[4]).toBe('Active')
    // A real date on Hong Kong's clock (UTC+8), shown in the spec's format.
    expect(admin[5]).toEqual(wallClock(new Date(adminRecord.lastLoginAt), 'Asia/Hong_Kong'))
    expect(sheet.numFmts[sheet.rows.indexOf(admin)][5]).toBe('dd mmm yy, hh:mm')
    const alpha = sheet.rows.find((row) => row[0] === 'vendor.alpha')!
    expect(alpha[3]).toBe('Vendor admin')
  })

  it("speaks the caller's language: labels, status names, type names and date formats in zh-CN", async () => {
    const { sheet } = await exportOf(tokens.admin, '/v1/exports/users?$sort[username]=1', 'zh-CN')
    expect(sheet.header).toEqual(['用户名', '姓名', '电子邮箱', '用户类型', '状态', '最近登录'])
    const index = sheet.rows.findIndex((row) => row[0] === 'admin')
    expect(sheet.rows[index].slice(3, 5)).toEqual(['员工管理员', '正常'])
    expect(sheet.numFmts[index][5]).toBe('yyyy"年"mm"月"dd"日" hh:mm')
    expect(sheet.about.map(([label]) => label)).toEqual(expect.arrayContaining(['导出人', '导出时间', '地区', '行数']))
  })

  it('names the filters applied, who exported it and when, in the reader’s language', async () => {
    const query = '/v1/exports/users?userType[$in][]=501&userType[$in][]=521&displayName[$ilike]=%25a%25&enabled=true&$sort[username]=-1'
    const en = await exportOf(tokens.admin, query)
    const about = Object.fromEntries(en.sheet.about)
    expect(about['User type']).toBe('any of Staff admin, Staff user')
    expect(about.Name).toBe('contains “a”')
    expect(about.Enabled).toBe('Yes')
    expect(about['Exported by']).toMatch(/\(admin\)$/)
    expect(about['Exported at']).toMatch(/^\d{2} [A-Z][a-z]{2} \d{2}, \d{2}:\d{2}$/)
    expect(about.Region).toMatch(/\(HK\)$/)
    expect(about['Sorted by']).toBe('Username descending')
    expect(about.List).toBe('Users')
    expect(about.Rows).toBe(String(en.sheet.rows.length))
    const zh = Object.fromEntries((await exportOf(tokens.admin, query, 'zh-CN')).sheet.about)
    expect(zh['用户类型']).toBe('员工管理员, 员工用户 之一')
    expect(zh['姓名']).toBe('包含“a”')
    expect(zh['列表']).toBe('用户')
    expect(zh['启用']).toBe('是')
    expect(zh['导出时间']).toMatch(/^\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}$/)
  })

  it('writes money as numbers with two decimals and ids of other records as their names', async () => {
    const departments = await exportOf(tokens.admin, '/v1/exports/departments')
    const threshold = column(departments.sheet, 'ITQ threshold')
    const withThreshold = departments.sheet.rows.findIndex((row) => typeof row[threshold] === 'number')
    expect(withThreshold).toBeGreaterThanOrEqual(0)
    expect(departments.sheet.numFmts[withThreshold][threshold]).toMatch(/^#,##0\.00 "[A-Z]{3}"$/)

    const list = await server.api(tokens.admin, 'GET', '/v1/locations?$limit=100&$sort[id]=1')
    const buildings = await server.api(tokens.admin, 'GET', '/v1/buildings?$limit=100')
    const locations = await exportOf(tokens.admin, '/v1/exports/locations?$sort[id]=1')
    const building = column(locations.sheet, 'Building')
    expect(list.body.data.length).toBeGreaterThan(0)
    expect(locations.sheet.rows.map((row) => row[building])).toEqual(list.body.data.map((location: any) => buildings.body.data.find((item: any) => item.id === location.buildingId)?.code ?? null))
  })

  it('names audited actions and resources as the audit log does', async () => {
    const building = (await server.api(tokens.admin, 'GET', '/v1/buildings?$limit=1&$sort[id]=1')).body.data[0]
    const patch = await server.api(tokens.admin, 'PATCH', `/v1/buildings/${building.id}`, { hotline: '2345 6789', updatedAt: building.updatedAt })
    expect(patch.status).toBe(200)
    const query = `/v1/exports/audit-log?resource=buildings&recordId=${building.id}&$sort[id]=-1`
    const en = await exportOf(tokens.admin, query)
    expect(en.sheet.rows[0].slice(2, 4)).toEqual(['Edit', 'Buildings'])
    expect(Object.fromEntries(en.sheet.about).Resource).toBe('Buildings')
    const zh = await exportOf(tokens.admin, query, 'zh-CN')
    expect(zh.sheet.rows[0].slice(2, 4)).toEqual(['编辑', '大厦'])
  })

  it('heads every list with its declared columns in both languages, never a field name, a secret or JSON', async () => {
    const exportColumns = exportColumnsOf(sharedModules)
    for (const resource of exportableResources(sharedModules)) {
      for (const field of exportColumns[resource].map((item) => item.key)) expect(internalFields as readonly string[], `${resource}.${field}`).not.toContain(field)
      for (const language of languages) {
        const result = await exportOf(tokens.admin, `/v1/exports/${resource}`, language)
        expect(result.status, resource).toBe(200)
        expect(result.sheet.header).toEqual(exportColumns[resource].map((item) => fieldLabel(language, resource, item.label ?? item.key)))
        const raw = result.sheet.header.filter((label) => /^[a-z]+([A-Z][a-z]*)*$/.test(label) || (language === 'zh-CN' && !/[\u4e00-\u9fff]|^ID$|^HTML/.test(label)))
        expect(raw, `${resource} in ${language}`).toEqual([])
        for (const forbidden of ['failedLogins', 'permissionVersion', 'password']) expect(result.sheet.header).not.toContain(fieldLabel(language, resource, forbidden))
        const json = result.sheet.rows.flat().filter((value) => typeof value === 'string' && /^[[{]/.test(value))
        expect(json, `${resource} in ${language}`).toEqual([])
      }
    }
  }, 120_000)

  it('exports a list keyed by code (regions), its features by name', async () => {
    const { sheet } = await exportOf(tokens.admin, '/v1/exports/regions?$sort[code]=1')
    const hk = sheet.rows.find((row) => row[0] === 'HK')!
    expect(hk[column(sheet, 'Features')]).toContain('Tenders')
    expect(hk[column(sheet, 'Features')]).not.toContain('TENDERS')
    expect(hk[column(sheet, 'Enabled')]).toBe('Enabled')
  })

  it("names what the screens name, not its code: a setting's source, a region, a site's buildings", async () => {
    await server.knex('settings').insert({ region: 'HK', key: 'exports.jobThreshold', value: JSON.stringify(5000) })
    await server.knex('regions').insert({ code: 'ZZ', name: 'Zed Land', sortOrder: 99 })
    try {
      const sources = async (language: Language) => {
        const { sheet } = await exportOf(tokens.admin, '/hk/v1/exports/settings?$sort[key]=1', language)
        return new Set(sheet.rows.map((row) => row[column(sheet, fieldLabel(language, 'settings', 'source'))]))
      }
      // A value of HK's own (the row above), one inherited from GLOBAL (the seed's AD mock), built-in defaults.
      expect([...(await sources('en-US'))].sort()).toEqual(['Built-in default', 'Global', 'Hong Kong'])
      expect([...(await sources('zh-CN'))].sort()).toEqual(['全球', '系统默认', '香港'].sort())

      const regions = async (language: Language) => {
        const { sheet } = await exportOf(tokens.admin, '/v1/exports/regions?$sort[code]=1', language)
        return Object.fromEntries(sheet.rows.map((row) => [row[0], row[column(sheet, fieldLabel(language, 'regions', 'name'))]]))
      }
      expect(await regions('zh-CN')).toMatchObject({ HK: '香港', SG: '新加坡', GLOBAL: '全球', ZZ: 'Zed Land' })
      expect(await regions('en-US')).toMatchObject({ HK: 'Hong Kong', GLOBAL: 'Global', ZZ: 'Zed Land' })
      expect(Object.fromEntries((await exportOf(tokens.admin, '/hk/v1/exports/users', 'zh-CN')).sheet.about)['地区']).toBe('香港 (HK)')

      const sites = (await server.api(tokens.admin, 'GET', '/hk/v1/sites?$limit=100&$sort[name]=1')).body.data
      const buildings = (await server.api(tokens.admin, 'GET', '/hk/v1/buildings?$limit=100')).body.data
      const withBuildings = sites.find((site: any) => site.buildingIds.length > 1)
      expect(withBuildings).toBeDefined()
      const { sheet } = await exportOf(tokens.admin, '/hk/v1/exports/sites?$sort[name]=1')
      const row = sheet.rows.find((cells) => cells[0] === withBuildings.name)!
      const names = withBuildings.buildingIds.map((id: number) => buildings.find((building: any) => building.id === id).name)
      expect(row[column(sheet, fieldLabel('en-US', 'sites', 'buildingIds'))].split(', ').sort()).toEqual(names.sort())
    } finally {
      await server.knex('regions').where({ code: 'ZZ' }).delete()
      await server.knex('settings').where({ region: 'HK', key: 'exports.jobThreshold' }).delete()
    }
  })

  it('pages through long lists', async () => {
    const extra = Array.from({ length: 230 }, (_, i) => ({
      username: `bulk.${i}`,
      email: `bulk.${i}@example.com`,
      displayName: `Bulk ${i}`,
      userType: 521,
      regions: ['HK'],
      defaultRegion: 'HK'
    }))
    await server.knex('users').insert(extra)
    // Written beside the service, the rows reach its cached reads once the table's change is heard (db/table-cache.ts): asked until then.
    await expect.poll(async () => (await server.api(tokens.admin, 'GET', '/v1/users?$limit=1')).body.total, { timeout: 15_000 }).toBeGreaterThan(230)
    const list = await server.api(tokens.admin, 'GET', '/v1/users?$limit=1')
    const result = await exportOf(tokens.admin, '/v1/exports/users')
    expect(result.sheet.rows).toHaveLength(list.body.total)
    expect(new Set(result.sheet.rows.map((row) => row[0])).size).toBe(list.body.total)
    expect(result.headers.get('x-export-rows')).toBe(String(list.body.total))
  })

  it('refuses a caller who may not read the list, like the list does; a vendor exports only what it reads', async () => {
    const list = await server.api(tokens['pm.hk'], 'GET', '/v1/users')
    const result = await exportOf(tokens['pm.hk'], '/v1/exports/users')
    expect(result.status).toBe(list.status)
    expect(result.status).toBe(403)
    expect((await exportOf(tokens['approver.hk'], '/v1/exports/users')).status).toBe(200)
    // A vendor administrator reads its own company's accounts: the export holds those and no other.
    const vendorList = await server.api(tokens['vendor.alpha'], 'GET', '/v1/users?$sort[username]=1&$limit=100')
    const vendorExport = await exportOf(tokens['vendor.alpha'], '/v1/exports/users?$sort[username]=1')
    expect(vendorExport.status).toBe(200)
    expect(vendorExport.sheet.rows.map((row) => row[0])).toEqual(vendorList.body.data.map((user: any) => user.username))
    expect(vendorExport.sheet.rows.map((row) => row[0])).not.toContain('admin')
    expect(vendorExport.sheet.rows.map((row) => row[0])).not.toContain('vendor.beta')
    for (const resource of ['audit-log', 'mail-messages', 'security-groups']) {
      const list = await server.api(tokens['vendor.alpha'], 'GET', `/v1/${resource}`)
      expect(list.status, resource).toBe(403)
      expect((await exportOf(tokens['vendor.alpha'], `/v1/exports/${resource}`)).status, resource).toBe(403)
    }
  })

  it('exports the companies lists with their types named, and a tenant its own tenancies (issue 27 item 18)', async () => {
    const [contractor] = (await server.api(tokens.admin, 'GET', '/hk/v1/ccdcompanies?type=C&$limit=1&$sort[name]=1')).body.data
    for (const [language, typeName] of [
      ['en-US', 'Contractor (C)'],
      ['zh-CN', '承办商 (C)']
    ] as const) {
      for (const resource of ['ccdcompanies', 'companies']) {
        const { status, sheet } = await exportOf(tokens.admin, `/hk/v1/exports/${resource}?$sort[name]=1`, language)
        expect(status, resource).toBe(200)
        const row = sheet.rows.find((cells) => cells[0] === contractor.name)!
        expect(row[column(sheet, fieldLabel(language, resource, 'type'))], `${resource} in ${language}`).toBe(typeName)
      }
    }
    const own = await server.api(tokens['tenant.acme'], 'GET', '/hk/v1/tenancies?$sort[companyName]=1&$limit=100')
    expect(own.body.total).toBeGreaterThan(0)
    const tenant = await exportOf(tokens['tenant.acme'], '/hk/v1/exports/tenancies?$sort[companyName]=1')
    expect(tenant.status).toBe(200)
    expect(tenant.sheet.rows.map((row) => row[column(tenant.sheet, 'Trade name')] || null)).toEqual(own.body.data.map((tenancy: any) => tenancy.tradeName || null))
  })

  it('answers 404 for a resource that is not exportable', async () => {
    expect((await exportOf(tokens.admin, '/v1/exports/files')).status).toBe(404)
    expect((await exportOf(tokens.admin, '/v1/exports/nothing')).status).toBe(404)
    expect((await exportOf(tokens.admin, '/v1/exports/authentication')).status).toBe(404)
  })

  it('answers 401 without a token', async () => {
    expect((await exportOf(null, '/v1/exports/users')).status).toBe(401)
  })
})

/** A browser's live connection, signed in, collecting export-job events. */
async function connect(username: string) {
  const socket = io(server.url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken: tokens[username] })
  const events: any[] = []
  client.service('export-jobs').on('patched', (job: any) => events.push(job))
  return events
}

describe('export jobs', () => {
  it('runs a long list as a queued job, tells its progress to the requester only, and hands the file to the requester only', async () => {
    queue = createQueue(server.databaseUrl, { schema: 'pgboss_exports' })
    server.app.set('queue', queue)
    await queue.work('exports.build', ({ jobId }) => runExportJob(server.app, jobId))
    await queue.start()
    // Lists longer than 150 rows in HK run as jobs (pages of 100: progress is told more than once).
    await server.knex('settings').insert({ region: 'HK', key: 'exports.jobThreshold', value: JSON.stringify(150) })
    const adminEvents = await connect('admin')
    const approverEvents = await connect('approver.hk')

    // Its own rows: more than the threshold, over two pages.
    await server
      .knex('users')
      .insert(Array.from({ length: 180 }, (_, i) => ({ username: `jobexp.${i}`, email: `jobexp.${i}@example.com`, displayName: `Job ${i}`, userType: 521, regions: ['HK'], defaultRegion: 'HK' })))
    const list = '/v1/exports/users?username[$ilike]=jobexp%25&$sort[username]=1'
    const answer = await fetch(`${server.url}${list}`, { headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': 'zh-CN' } })
    expect(answer.status).toBe(202)
    const body = await answer.json()
    const { job } = body
    expect(job).toMatchObject({ resource: 'users', status: 'QUEUED', total: 180 })
    // The answer is the one the API document describes.
    const documented = openApiDocument(server.app).components.schemas.ExportJobAnswer
    const matches = dataValidator.compile(documented)
    expect(matches(body), JSON.stringify(matches.errors)).toBe(true)
    expect(job).not.toHaveProperty('storageKey')

    await expect.poll(() => adminEvents.find((event) => event.id === job.id && event.status === 'DONE'), { timeout: 30_000 }).toBeTruthy()
    const progress = adminEvents.filter((event) => event.id === job.id && event.status === 'RUNNING' && event.done > 0)
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.map((event) => event.done)).toEqual([...progress.map((event) => event.done)].sort((a, b) => a - b))
    expect(approverEvents.filter((event) => event.id === job.id)).toEqual([])

    // Another user, even one who may read the same list, learns nothing of the job or its file.
    expect((await server.api(tokens['approver.hk'], 'GET', `/v1/export-jobs/${job.id}`)).status).toBe(404)
    expect((await server.api(tokens['approver.hk'], 'GET', `/v1/export-files/${job.id}`)).status).toBe(404)
    expect((await server.api(null, 'GET', `/v1/export-files/${job.id}`)).status).toBe(401)
    expect((await server.api(tokens.admin, 'GET', `/v1/export-jobs/${job.id}`)).body).toMatchObject({ status: 'DONE', rowCount: job.total })

    const file = await exportOf(tokens.admin, `/v1/export-files/${job.id}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('users-')
    expect(file.sheet.header[0]).toBe('用户名')
    expect(file.sheet.rows).toHaveLength(job.total)

    // A week later the file is gone, when the next long export starts.
    const row = await server.knex('export_jobs').where({ id: job.id }).first()
    await server
      .knex('export_jobs')
      .where({ id: job.id })
      .update({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
    const next = await fetch(`${server.url}${list}`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(next.status).toBe(202)
    expect((await server.api(tokens.admin, 'GET', `/v1/export-files/${job.id}`)).status).toBe(404)
    await expect(fileStorage(server.app).get(row.storageKey)).rejects.toThrow(StorageNotFound)

    // Short lists stay immediate.
    expect((await exportOf(tokens.admin, '/v1/exports/regions')).status).toBe(200)
    await server.knex('settings').where({ region: 'HK', key: 'exports.jobThreshold' }).delete()
  }, 60_000)
})
