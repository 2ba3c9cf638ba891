import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestContact } from '../../contacts/module.js'
import { createTenancy, tenantCompany, uniqueName } from '../seeds/factories.js'

/*
 * The per-building emergency call tree as a spreadsheet (issue 11 item 5), over real HTTP on real
 * PostgreSQL: a sheet for office hours and one for outside them, in the reader's language, with
 * the rows the PDF prints, read with the caller's own rights (staff in charge see their tenancies
 * only), and the same denials as the PDF.
 */

let server: TestServer
const tokens: Record<string, string> = {}
let es1: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, `/hk/v1/${path}`, body)

/** The call tree's workbook as `user` downloads it: each sheet's name and rows of text. */
async function workbook(user: string, language = 'en-US') {
  const response = await fetch(`${server.url}/hk/v1/documents/emergency-call-tree/${es1}?format=xlsx`, {
    headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language }
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('spreadsheetml')
  expect(response.headers.get('content-disposition')).toContain('emergency-call-tree-ES1.xlsx')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await response.arrayBuffer()) as any)
  return book.worksheets.map((sheet) => {
    const rows: string[][] = []
    sheet.eachRow((row) => rows.push((row.values as any[]).slice(1).map((cell) => String(cell ?? ''))))
    return { name: sheet.name, rows }
  })
}

/** A tenancy in ES1 with two emergency contacts: the first called first in office hours, the second first outside them. */
async function tenancyWithEmergencyContacts(managedBy: number | null) {
  const db = server.knex
  const companyName = uniqueName('Call Tree Co')
  const companyId = await tenantCompany(db, companyName)
  const tenancy = await createTenancy(db, { companyId, tradeName: uniqueName('Trade'), managedBy })
  const contacts = [await createTestContact(db, { companyId }), await createTestContact(db, { companyId })]
  for (const [contact, orders] of [
    [contacts[0], { workingHourOrder: 1, nonWorkingHourOrder: 2 }],
    [contacts[1], { nonWorkingHourOrder: 1 }]
  ] as const) {
    const linked = await api('admin', 'POST', 'tenancy-contacts', { tenancyId: tenancy.id, ccdContactId: contact.id, ...orders })
    expect(linked.status, JSON.stringify(linked.body)).toBe(201)
  }
  return { companyName, contacts }
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  es1 = (await server.knex('buildings').where({ code: 'ES1', region: 'HK' }).first('id')).id
})
afterAll(async () => {
  await server?.stop()
})

describe('the emergency call tree as a spreadsheet', () => {
  it('holds a sheet per order, office hours first, in the reader’s language, each contact in the order to call it', async () => {
    const { companyName, contacts } = await tenancyWithEmergencyContacts(null)
    const [office, outside] = await workbook('admin')
    expect(office.name).toBe('In office hours')
    expect(outside.name).toBe('Out of office hours')
    expect(office.rows[0]).toEqual(['Tenancy', 'Order', 'Contact', 'Phone', 'E-mail'])
    const ours = (sheet: { rows: string[][] }) => sheet.rows.filter((row) => row[0].startsWith(companyName))
    // In office hours only the first is called; outside them the second comes first.
    expect(ours(office).map((row) => [row[1], row[2]])).toEqual([['1', expect.stringContaining(contacts[0].firstName)]])
    expect(ours(outside).map((row) => [row[1], row[2]])).toEqual([
      ['1', expect.stringContaining(contacts[1].firstName)],
      ['2', expect.stringContaining(contacts[0].firstName)]
    ])
    expect(ours(office)[0][4]).toBe(contacts[0].email)

    const chinese = await workbook('admin', 'zh-CN')
    expect(chinese.map((sheet) => sheet.name)).toEqual(['办公时间', '非办公时间'])
    expect(chinese[0].rows[0]).toEqual(['租户', '顺序', '联系人', '电话', '电邮'])
    expect(chinese[1].rows.filter((row) => row[0].startsWith(companyName))).toHaveLength(2)
  })

  it('shows staff in charge only the tenancies they read, as the PDF does', async () => {
    const pm = (await server.knex('users').where({ username: 'pm.hk' }).first('id')).id
    const theirs = await tenancyWithEmergencyContacts(pm)
    const others = await tenancyWithEmergencyContacts(null)
    const [office, outside] = await workbook('pm.hk')
    const companies = [...office.rows, ...outside.rows].map((row) => row[0])
    expect(companies.filter((name) => name.startsWith(theirs.companyName))).toHaveLength(3)
    expect(companies.some((name) => name.startsWith(others.companyName))).toBe(false)
  })

  it('is refused to tenants, vendors and staff without tenancy rights, and a format it has not is not found', async () => {
    for (const user of ['tenant.acme', 'vendor.alpha', 'accounting.hk']) {
      const response = await api(user, 'GET', `documents/emergency-call-tree/${es1}?format=xlsx`)
      expect(response.status, user).toBeGreaterThanOrEqual(403)
      expect(response.status, user).toBeLessThan(500)
    }
    expect((await api('tenant.acme', 'GET', `documents/emergency-call-tree/${es1}?format=xlsx`)).status).toBe(403)
    expect((await api('admin', 'GET', `documents/emergency-call-tree/${es1}?format=docx`)).status).toBe(404)
  })
})
