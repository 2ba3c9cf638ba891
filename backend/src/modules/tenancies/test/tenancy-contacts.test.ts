import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestContact } from '../../contacts/module.js'
import { createTenancy, tenantCompany, uniqueName } from '../seeds/factories.js'
import { linkContact } from '../seeds/tenancy-contacts.js'
import { pdfText } from '../../../documents/pdf-text.js'

/*
 * A tenancy's contacts over real HTTP on real PostgreSQL: link with roles, the primary and the
 * call orders arranged, 428 for a stale change, unlink refused for circular, emergency and
 * marketing contacts (and their phones and e-mails kept), the tenant's confirmation, the
 * staleness filter, a merge of two linked contacts, and every denial (another tenancy, a vendor,
 * staff without the right), live events included.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const sockets: Socket[] = []

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, `/hk/v1/${path}`, body, headers)
const expectError = (response: { status: number; body: any }, status: number, code: string) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.data?.code).toBe(code)
}
const link = (user: string, body: Record<string, unknown>) => api(user, 'POST', 'tenancy-contacts', body)
const linksOf = async (tenancyId: number) => (await api('admin', 'GET', `tenancy-contacts?tenancyId=${tenancyId}&$limit=100`)).body.data as any[]

/** A tenancy of a fresh company with three contacts of that company, none linked yet. */
async function freshTenancy(managedBy: number | null = null) {
  const db = server.knex
  const companyId = await tenantCompany(db, uniqueName('Contacts Co'))
  const tenancy = await createTenancy(db, { companyId, tradeName: uniqueName('Trade'), managedBy })
  const contacts = [await createTestContact(db, { companyId }), await createTestContact(db, { companyId }), await createTestContact(db, { companyId })]
  return { tenancyId: tenancy.id, companyId, contacts }
}

beforeAll(async () => {
  server = await startTestServer()
  const db = server.knex
  // A member of staff who reads every tenancy but may not link contacts.
  const approver = await db('security_groups').where({ name: 'Approver' }).first('id', 'permissions')
  const held = typeof approver.permissions === 'string' ? JSON.parse(approver.permissions) : approver.permissions
  await db('security_groups')
    .where({ id: approver.id })
    .update({ permissions: JSON.stringify([...held, { resource: 'tenancies', action: 'read', attribute: 'any' }, { resource: 'tenancies', action: 'detail', attribute: 'any' }]) })
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id
  ids.acmeTenancy = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

describe('linking contacts to a tenancy', () => {
  it('links with roles; the first circular contact becomes primary; emergency orders stay 1..n with the new one where it asked', async () => {
    const { tenancyId, contacts } = await freshTenancy()
    const first = await link('admin', { tenancyId, ccdContactId: contacts[0].id, isCircular: true, workingHourOrder: 1, nonWorkingHourOrder: 1, isMain: true })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ isCircular: true, cPrimary: true, isEmergency: true, workingHourOrder: 1, nonWorkingHourOrder: 1, isMain: true })
    expect(first.body.contact).toMatchObject({ id: contacts[0].id, firstName: contacts[0].firstName })
    // Placed first in office hours, only out of them after the other.
    const second = await link('admin', { tenancyId, ccdContactId: contacts[1].id, isCircular: true, isMarketing: true, workingHourOrder: 1, nonWorkingHourOrder: 5 })
    expect(second.body).toMatchObject({ cPrimary: false, workingHourOrder: 1, nonWorkingHourOrder: 2 })
    const third = await link('admin', { tenancyId, ccdContactId: contacts[2].id, isOthers: true, isLease: true, isFinance: true, oRemarks: 'Accounts payable' })
    expect(third.body).toMatchObject({ isEmergency: false, cPrimary: false, workingHourOrder: null, isOthers: true, isFinance: true })
    const links = await linksOf(tenancyId)
    expect(links.map((row) => [row.ccdContactId, row.cPrimary, row.workingHourOrder, row.nonWorkingHourOrder])).toEqual([
      [contacts[0].id, true, 2, 1],
      [contacts[1].id, false, 1, 2],
      [contacts[2].id, false, null, null]
    ])
    // The primary moves when asked; only a circular contact may be it; a link needs a role; a contact is linked once.
    const moved = await api('admin', 'PATCH', `tenancy-contacts/${second.body.id}`, { cPrimary: true, updatedAt: links[1].updatedAt })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await linksOf(tenancyId)).map((row) => row.cPrimary)).toEqual([false, true, false])
    expectError(await api('admin', 'PATCH', `tenancy-contacts/${third.body.id}`, { cPrimary: true, updatedAt: third.body.updatedAt }), 400, 'PRIMARY_NOT_CIRCULAR')
    expectError(await api('admin', 'PATCH', `tenancy-contacts/${third.body.id}`, { isOthers: false, isLease: false, isFinance: false, updatedAt: third.body.updatedAt }), 400, 'CONTACT_ROLE_REQUIRED')
    expectError(await link('admin', { tenancyId, ccdContactId: contacts[0].id, isOthers: true }), 409, 'CONTACT_ALREADY_LINKED')
  })

  it('answers 428 to a change of a link changed by another user meanwhile, and to one without the version read', async () => {
    const { tenancyId, contacts } = await freshTenancy()
    const linked = (await link('admin', { tenancyId, ccdContactId: contacts[0].id, isOthers: true })).body
    const changed = await api('admin', 'PATCH', `tenancy-contacts/${linked.id}`, { isMain: true, updatedAt: linked.updatedAt })
    expect(changed.status).toBe(200)
    const stale = await api('admin', 'PATCH', `tenancy-contacts/${linked.id}`, { isFinance: true, updatedAt: linked.updatedAt })
    expectError(stale, 428, 'TENANCY_CONTACT_CHANGED')
    expect(stale.body.message).toBe('The tenancy contact has been changed by another user. Please refresh and try again.')
    expectError(await api('admin', 'PATCH', `tenancy-contacts/${linked.id}`, { isFinance: true }), 428, 'UPDATED_AT_REQUIRED')
    expect((await api('admin', 'GET', `tenancy-contacts/${linked.id}`)).body.isFinance).toBe(false)
  })

  it('refuses to unlink a circular, emergency or marketing contact with the spec message, and to delete its phone or e-mail', async () => {
    const { tenancyId, contacts } = await freshTenancy()
    const emergency = (await link('admin', { tenancyId, ccdContactId: contacts[0].id, nonWorkingHourOrder: 1 })).body
    const marketing = (await link('admin', { tenancyId, ccdContactId: contacts[1].id, isMarketing: true })).body
    const other = (await link('admin', { tenancyId, ccdContactId: contacts[2].id, isOthers: true })).body
    for (const locked of [emergency, marketing]) {
      const refused = await api('admin', 'DELETE', `tenancy-contacts/${locked.id}`)
      expectError(refused, 409, 'CONTACT_ROLE_LINKED')
      expect(refused.body.message).toBe('Contact cannot be unlinked while it is an e-circular, emergency or marketing contact.')
    }
    const zh = await server.api(tokens.admin, 'DELETE', `/hk/v1/tenancy-contacts/${emergency.id}`, undefined, { 'accept-language': 'zh-CN' })
    expect(zh.body.message).toBe('该联系人是电子通告、紧急或市场推广联系人，不能取消关联。')
    expect((await api('admin', 'DELETE', `tenancy-contacts/${other.id}`)).status).toBe(200)
    expect((await linksOf(tenancyId)).map((row) => row.id)).toEqual([emergency.id, marketing.id])

    // The emergency contact's phone cannot go; its position can change, and the other contact's phone can go.
    const stored = (await api('admin', 'GET', `ccdcontacts/${contacts[0].id}`)).body
    const withoutPhone = stored.channels.filter((channel: any) => channel.kind !== 'PHONE').concat([{ kind: 'PHONE', type: 'OFFICE', value: '2999 0001' }])
    const refused = await api('admin', 'PATCH', `ccdcontacts/${contacts[0].id}`, { channels: withoutPhone, updatedAt: stored.updatedAt })
    expectError(refused, 409, 'CONTACT_ROLE_LINKED')
    expect((await api('admin', 'PATCH', `ccdcontacts/${contacts[0].id}`, { position: 'Duty manager', updatedAt: stored.updatedAt })).status).toBe(200)
    const free = (await api('admin', 'GET', `ccdcontacts/${contacts[2].id}`)).body
    const replaced = await api('admin', 'PATCH', `ccdcontacts/${contacts[2].id}`, { channels: [{ kind: 'PHONE', type: 'OFFICE', value: '2999 0002' }], updatedAt: free.updatedAt })
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)

    // Once its roles are cleared it may go.
    const current = (await api('admin', 'GET', `tenancy-contacts/${marketing.id}`)).body
    const cleared = await api('admin', 'PATCH', `tenancy-contacts/${marketing.id}`, { isMarketing: false, isOthers: true, updatedAt: current.updatedAt })
    expect(cleared.status).toBe(200)
    expect((await api('admin', 'DELETE', `tenancy-contacts/${marketing.id}`)).status).toBe(200)
  })

  it('keeps every role when two linked contacts are merged (the real link table)', async () => {
    const { tenancyId, contacts } = await freshTenancy()
    const kept = (await link('admin', { tenancyId, ccdContactId: contacts[0].id, isOthers: true })).body
    await link('admin', { tenancyId, ccdContactId: contacts[1].id, isCircular: true, workingHourOrder: 1 })
    const keep = (await api('admin', 'GET', `ccdcontacts/${contacts[0].id}`)).body
    const merged = await api('admin', 'POST', 'ccdcontacts', { id: contacts[0].id, mergeId: contacts[1].id, updatedAt: keep.updatedAt }, { 'x-service-method': 'merge' })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    const links = await linksOf(tenancyId)
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ id: kept.id, ccdContactId: contacts[0].id, isOthers: true, isCircular: true, cPrimary: true, isEmergency: true, workingHourOrder: 1 })
  })
})

describe('who reads, links and confirms', () => {
  it("lets tenant.acme read and confirm its own tenancy's contacts only", async () => {
    const db = server.knex
    const own = await createTestContact(db, { companyId: (await db('tenancies').where({ id: ids.acmeTenancy }).first('companyId')).companyId })
    const ownLink = await linkContact(db, { tenancyId: ids.acmeTenancy, ccdContactId: own.id, isCircular: true })
    const { tenancyId: otherTenancy, contacts } = await freshTenancy()
    const otherLink = (await link('admin', { tenancyId: otherTenancy, ccdContactId: contacts[0].id, isOthers: true })).body

    const mine = await api('tenant.acme', 'GET', `tenancy-contacts?tenancyId=${ids.acmeTenancy}&$limit=100`)
    expect(mine.status).toBe(200)
    expect(mine.body.data.map((row: any) => row.id)).toContain(ownLink.id)
    expect((await api('tenant.acme', 'GET', `tenancy-contacts?tenancyId=${otherTenancy}`)).body.data).toEqual([])
    expectError(await api('tenant.acme', 'GET', `tenancy-contacts/${otherLink.id}`), 404, 'NOT_FOUND')
    // Tenants confirm; they do not link, change or unlink.
    expectError(await link('tenant.acme', { tenancyId: ids.acmeTenancy, ccdContactId: own.id, isOthers: true }), 403, 'FORBIDDEN')
    expectError(await api('tenant.acme', 'PATCH', `tenancy-contacts/${ownLink.id}`, { isMain: true, updatedAt: ownLink.updatedAt }), 403, 'FORBIDDEN')
    expectError(await api('tenant.acme', 'DELETE', `tenancy-contacts/${ownLink.id}`), 403, 'FORBIDDEN')
    expectError(await api('tenant.acme', 'POST', 'tenancy-contacts', { tenancyId: otherTenancy }, { 'x-service-method': 'confirm' }), 404, 'NOT_FOUND')

    const confirmed = await api('tenant.acme', 'POST', 'tenancy-contacts', { tenancyId: ids.acmeTenancy }, { 'x-service-method': 'confirm' })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    const tenancy = (await api('admin', 'GET', `tenancies/${ids.acmeTenancy}`)).body
    expect(tenancy).toMatchObject({ confirmor: 'Tom Cheung (ACME Trading)', confirmedBy: expect.any(Number) })
    expect(Date.now() - new Date(tenancy.confirmedAt).getTime()).toBeLessThan(60_000)
  })

  it('refuses vendors, staff without a tenancies grant, and staff who read but may not link contacts', async () => {
    const { tenancyId, contacts } = await freshTenancy()
    const linked = (await link('admin', { tenancyId, ccdContactId: contacts[0].id, isOthers: true })).body
    expectError(await api('vendor.alpha', 'GET', `tenancy-contacts?tenancyId=${tenancyId}`), 403, 'FORBIDDEN')
    expectError(await api('vendor.alpha', 'POST', 'tenancy-contacts', { tenancyId }, { 'x-service-method': 'confirm' }), 403, 'FORBIDDEN')
    expectError(await api('accounting.hk', 'GET', `tenancy-contacts?tenancyId=${tenancyId}`), 403, 'FORBIDDEN')
    // approver.hk reads every tenancy and its contacts, but links none.
    expect((await api('approver.hk', 'GET', `tenancy-contacts?tenancyId=${tenancyId}`)).body.data.map((row: any) => row.id)).toEqual([linked.id])
    expectError(await link('approver.hk', { tenancyId, ccdContactId: contacts[1].id, isOthers: true }), 403, 'FORBIDDEN')
    expectError(await api('approver.hk', 'DELETE', `tenancy-contacts/${linked.id}`), 403, 'FORBIDDEN')
    // pm.hk links contacts of the tenancies in their charge only; another's is not found.
    expectError(await link('pm.hk', { tenancyId, ccdContactId: contacts[1].id, isOthers: true }), 404, 'NOT_FOUND')
    expect((await api('pm.hk', 'GET', `tenancy-contacts?tenancyId=${tenancyId}`)).body.data).toEqual([])
    const mine = await freshTenancy(ids.pm)
    const ok = await link('pm.hk', { tenancyId: mine.tenancyId, ccdContactId: mine.contacts[0].id, isCircular: true })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body.cPrimary).toBe(true)
  })

  it('filters the tenancy list by stale contacts (never confirmed, or not within the setting’s days)', async () => {
    const { tenancyId } = await freshTenancy()
    const stale = async () => (await api('admin', 'GET', `tenancies?contactsStale=true&id=${tenancyId}`)).body.data.map((row: any) => row.id)
    const fresh = async () => (await api('admin', 'GET', `tenancies?contactsStale=false&id=${tenancyId}`)).body.data.map((row: any) => row.id)
    expect(await stale()).toEqual([tenancyId])
    await server
      .knex('tenancies')
      .where({ id: tenancyId })
      .update({ confirmedAt: new Date(Date.now() - 179 * 86_400_000) })
    expect(await fresh()).toEqual([tenancyId])
    await server
      .knex('tenancies')
      .where({ id: tenancyId })
      .update({ confirmedAt: new Date(Date.now() - 181 * 86_400_000) })
    expect(await stale()).toEqual([tenancyId])
  })

  it("sends a link's live events to staff who read its tenancy, not to another tenancy's tenant nor a vendor", async () => {
    const listen = async (username: string) => {
      const socket = io(server.url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
      sockets.push(socket)
      const client = feathers().configure(socketio(socket))
      await client.service('authentication').create({ strategy: 'jwt', accessToken: tokens[username] })
      const received: any[] = []
      const waiting: Array<() => void> = []
      client.service('tenancy-contacts').on('created', (data: any) => {
        received.push(data)
        waiting.splice(0).forEach((wake) => wake())
      })
      const until = (match: (data: any) => boolean) =>
        new Promise<any>((resolve) => {
          const check = () => (received.find(match) ? resolve(received.find(match)) : waiting.push(check))
          check()
        })
      return { received, until }
    }
    const admin = await listen('admin')
    const tenant = await listen('tenant.acme')
    const vendor = await listen('vendor.alpha')
    const { tenancyId, contacts } = await freshTenancy()
    const other = (await link('admin', { tenancyId, ccdContactId: contacts[0].id, isOthers: true })).body
    await admin.until((event) => event.id === other.id)
    const acmeContact = await createTestContact(server.knex, { companyId: (await server.knex('tenancies').where({ id: ids.acmeTenancy }).first('companyId')).companyId })
    const own = (await link('admin', { tenancyId: ids.acmeTenancy, ccdContactId: acmeContact.id, isOthers: true })).body
    await tenant.until((event) => event.id === own.id)
    expect(tenant.received.map((event) => event.id)).not.toContain(other.id)
    expect(vendor.received).toEqual([])
  })
})

describe('the job asking master accounts to confirm their contacts', () => {
  it('mails each master account of a tenancy whose contacts are stale once per period, with a one-click link, in its language', async () => {
    const db = server.knex
    const { remindContactConfirmations } = await import('../services/tenancy-contacts/confirm-reminders.js')
    const master = await db('users').where({ username: 'tenant.acme' }).first('email')
    const since = Number((await db('mail_messages').max({ id: 'id' }).first())?.id ?? 0)
    const mailsToAcme = async () =>
      (await db('mail_messages').where({ template: 'tenancy.contacts-confirm' }).where('id', '>', since).orderBy('id')).filter((mail: any) => mail.to.includes(master.email))
    await db('tenancies')
      .where({ id: ids.acmeTenancy })
      .update({ confirmedAt: new Date(Date.now() - 200 * 86_400_000), contactsRemindedAt: null })

    expect(await remindContactConfirmations(server.app)).toBeGreaterThanOrEqual(1)
    const [mail, ...more] = await mailsToAcme()
    expect(more).toEqual([])
    expect(mail.language).toBe('en-US')
    expect(mail.subject).toContain('Please confirm the contacts of ACME Trading')
    expect(mail.text).toContain(`/tenants/tenancies/${ids.acmeTenancy}?confirmContacts=1`)
    expect(mail.text).toContain('180 days')

    // Asked already within the period: not again.
    await remindContactConfirmations(server.app)
    expect(await mailsToAcme()).toHaveLength(1)
    // Confirmed within the setting's days: not due, even once the last reminder is old.
    await db('tenancies')
      .where({ id: ids.acmeTenancy })
      .update({ confirmedAt: new Date(Date.now() - 30 * 86_400_000), contactsRemindedAt: new Date(Date.now() - 400 * 86_400_000) })
    await remindContactConfirmations(server.app)
    expect(await mailsToAcme()).toHaveLength(1)
    // The period is the region's setting: at 20 days the same tenancy is due.
    const set = await api('admin', 'PATCH', 'settings/tenancies.contactConfirmDays', { value: 20, updatedAt: null })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    await remindContactConfirmations(server.app)
    const mails = await mailsToAcme()
    expect(mails).toHaveLength(2)
    expect(mails[1].text).toContain('20 days')
    await api('admin', 'PATCH', 'settings/tenancies.contactConfirmDays', { value: 180, updatedAt: (await api('admin', 'GET', 'settings/tenancies.contactConfirmDays')).body.updatedAt })
  })
})

describe('exports of emergency and marketing contacts', () => {
  it('writes the emergency and the marketing contacts as spreadsheets for holders of the export rights only', async () => {
    const ExcelJS = (await import('exceljs')).default
    const { tenancyId, contacts } = await freshTenancy()
    await link('admin', { tenancyId, ccdContactId: contacts[0].id, workingHourOrder: 1, isCircular: true })
    await link('admin', { tenancyId, ccdContactId: contacts[1].id, isMarketing: true })
    const sheet = async (query: string) => {
      const response = await fetch(`${server.url}/hk/v1/exports/tenancy-contacts?${query}&tenancyId=${tenancyId}`, { headers: { authorization: `Bearer ${tokens.admin}` } })
      expect(response.status).toBe(200)
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as any)
      const rows: string[][] = []
      book.worksheets[0].eachRow((row) => rows.push((row.values as any[]).slice(1).map((cell) => String(cell ?? ''))))
      return rows
    }
    const emergency = await sheet('isEmergency=true')
    expect(emergency[0]).toEqual(expect.arrayContaining(['Company name', 'Contact', 'Phone', 'Emergency order (office hours)']))
    expect(emergency).toHaveLength(2)
    expect(emergency[1].join(' ')).toContain(contacts[0].firstName)
    expect(emergency[1].join(' ')).toContain(contacts[0].email)
    const marketing = await sheet('isMarketing=true')
    expect(marketing).toHaveLength(2)
    expect(marketing[1].join(' ')).toContain(contacts[1].firstName)

    // Every role at once takes both rights.
    expect((await api('admin', 'GET', 'exports/tenancy-contacts')).status).toBe(200)
    expectError(await api('approver.hk', 'GET', 'exports/tenancy-contacts'), 403, 'FORBIDDEN')
    for (const user of ['approver.hk', 'pm.hk', 'tenant.acme', 'vendor.alpha']) expect((await api(user, 'GET', 'exports/tenancy-contacts?isEmergency=true')).status).toBe(403)
  })
})

describe('the emergency call tree of a building', () => {
  it('prints the building’s emergency contacts in office-hour and out-of-office order as a PDF, for staff only', async () => {
    const { tenancyId, contacts } = await freshTenancy()
    await link('admin', { tenancyId, ccdContactId: contacts[0].id, workingHourOrder: 1, nonWorkingHourOrder: 2 })
    await link('admin', { tenancyId, ccdContactId: contacts[1].id, nonWorkingHourOrder: 1 })
    const es1 = (await server.knex('buildings').where({ code: 'ES1', region: 'HK' }).first('id')).id
    for (const language of ['en-US', 'zh-CN']) {
      const response = await fetch(`${server.url}/hk/v1/documents/emergency-call-tree/${es1}`, { headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': language } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('pdf')
      const pdf = Buffer.from(await response.arrayBuffer())
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      if (language === 'en-US') {
        const text = pdfText(pdf)
        const [office, outside] = text.split('Out of office hours')
        expect(office).toContain('In office hours')
        // In office hours only the first is called; outside them the second comes first.
        expect(office).toContain(contacts[0].firstName)
        expect(office).not.toContain(contacts[1].firstName)
        expect(outside.indexOf(contacts[1].firstName)).toBeGreaterThan(-1)
        expect(outside.indexOf(contacts[1].firstName)).toBeLessThan(outside.indexOf(contacts[0].firstName))
      }
    }
    for (const user of ['tenant.acme', 'vendor.alpha', 'accounting.hk']) expect((await api(user, 'GET', `documents/emergency-call-tree/${es1}`)).status).toBeGreaterThanOrEqual(403)
  })
})
