import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../../test/server.js'
import { calendarDay, wallClock } from '../../format/format.shared.js'
import { columnsOf, toWorkbook } from './workbook.js'
import { exportsService } from './exports.js'
import { exportableResources } from './exports.shared.js'
import { fieldLabel, languages, serverI18n, type Language } from '../../i18n/messages.js'

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

// Needs the shared test database (backend/vitest.config.ts global setup); skipped without it.

let server: TestServer
const tokens: Record<string, string> = {}

beforeAll(async () => {
  const { startTestServer } = await import('../../../test/server.js')
  server = await startTestServer()
  if (!(server.app as any).services['exports/:resource']) server.app.configure(exportsService)
  for (const username of ['admin', 'pm.hk', 'approver.hk']) tokens[username] = (await server.login(username)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

/** The fields whose labels head a resource's export in a language, by label. */
function fieldsByLabel(resource: string, language: Language) {
  const keys = Object.keys(serverI18n().getResourceBundle(language, 'fields') ?? {})
  const fields = new Set(keys.filter((key) => key.startsWith(`${resource}.`) || key.startsWith('common.')).map((key) => key.slice(key.indexOf('.') + 1)))
  return new Map([...fields].map((field) => [fieldLabel(language, resource, field), field]))
}

async function exportOf(token: string | null, path: string, language: Language = 'en-US') {
  const response = await fetch(`${server.url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language } })
  const bytes = Buffer.from(await response.arrayBuffer())
  if (!response.ok) return { status: response.status, headers: response.headers, body: JSON.parse(bytes.toString('utf8')), rows: [] as any[] }
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as any)
  const sheet = workbook.worksheets[0]
  const header = (sheet.getRow(1).values as any[]).slice(1)
  // Rows keyed by field, read back from the labels that head the columns.
  const byLabel = fieldsByLabel(/exports\/([\w-]+)/.exec(path)![1], language)
  const keys = header.map((label) => byLabel.get(label) ?? label)
  const rows: Record<string, any>[] = []
  sheet.eachRow((row, number) => {
    if (number === 1) return
    rows.push(Object.fromEntries(keys.map((key, index) => [key, row.getCell(index + 1).value])))
  })
  return { status: response.status, headers: response.headers, body: null, rows, header, sheet }
}

describe('exports', () => {
  it('answers the list as the caller sees it, as an .xlsx attachment', async () => {
    const list = await server.api(tokens.admin, 'GET', '/v1/users?$sort[id]=1&$limit=100')
    const result = await exportOf(tokens.admin, '/v1/exports/users?$sort[id]=1')
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const today = calendarDay(new Date(), 'Asia/Hong_Kong')
    expect(result.headers.get('content-disposition')).toBe(`attachment; filename="users-${today}.xlsx"; filename*=UTF-8''users-${today}.xlsx`)
    expect(result.rows.map((row) => row.id)).toEqual(list.body.data.map((user: any) => user.id))
    expect(result.rows.map((row) => row.username)).toEqual(list.body.data.map((user: any) => user.username))
    expect(result.header).not.toContain('password')
    expect(result.header).not.toContain('Password')
    expect(result.header!.slice(0, 4)).toEqual(['ID', 'Username', 'E-mail', 'Name'])
    expect(result.sheet!.getRow(1).getCell(1).font?.bold).toBe(true)
    // Dates are real dates, shown in the region's time (Hong Kong, UTC+8).
    const createdAt = result.rows[0].createdAt
    expect(createdAt).toBeInstanceOf(Date)
    expect(createdAt.getTime() - new Date(list.body.data[0].createdAt).getTime()).toBe(8 * 3600_000)
  })

  it("heads every list's columns with their labels in the caller's language, never a field name", async () => {
    const zh = await exportOf(tokens.admin, '/v1/exports/users?$sort[id]=1', 'zh-CN')
    expect(zh.header).toEqual(expect.arrayContaining(['用户名', '姓名', '最近登录', '创建时间']))
    expect(zh.rows[0].username).toBe('admin')
    for (const resource of exportableResources) {
      for (const language of languages) {
        const result = await exportOf(tokens.admin, `/v1/exports/${resource}`, language)
        expect(result.status, resource).toBe(200)
        const raw = (result.header as string[]).filter((label) => /^[a-z]+([A-Z][a-z]*)*$/.test(label) || (language === 'zh-CN' && !/[\u4e00-\u9fff]|^ID$|^HTML/.test(label)))
        expect(raw, `${resource} in ${language}`).toEqual([])
      }
    }
  }, 120_000)

  it('applies the same filter as the list', async () => {
    const list = await server.api(tokens.admin, 'GET', '/v1/users?userType=401&$sort[username]=-1')
    const result = await exportOf(tokens.admin, '/v1/exports/users?userType=401&$sort[username]=-1')
    expect(list.body.data.length).toBeGreaterThan(0)
    expect(result.rows.map((row) => row.username)).toEqual(list.body.data.map((user: any) => user.username))
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
    const list = await server.api(tokens.admin, 'GET', '/v1/users?$limit=1')
    const result = await exportOf(tokens.admin, '/v1/exports/users')
    expect(list.body.total).toBeGreaterThan(230)
    expect(result.rows).toHaveLength(list.body.total)
    expect(new Set(result.rows.map((row) => row.id)).size).toBe(list.body.total)
    expect(result.headers.get('x-export-rows')).toBe(String(list.body.total))
  })

  it('refuses a caller who may not read the list, like the list does', async () => {
    const list = await server.api(tokens['pm.hk'], 'GET', '/v1/users')
    const result = await exportOf(tokens['pm.hk'], '/v1/exports/users')
    expect(result.status).toBe(list.status)
    expect(result.status).toBe(403)
    expect((await exportOf(tokens['approver.hk'], '/v1/exports/users')).status).toBe(200)
  })

  it('exports a list keyed by code (regions)', async () => {
    const result = await exportOf(tokens.admin, '/v1/exports/regions')
    expect(result.status).toBe(200)
    expect(result.rows.map((row) => row.code)).toEqual(expect.arrayContaining(['GLOBAL', 'HK', 'SG']))
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
