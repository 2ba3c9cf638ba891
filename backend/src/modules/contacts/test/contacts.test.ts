import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { startTestServer, type TestServer } from '../../../../test/server.js'

let server: TestServer
const tokens: Record<string, string> = {}
let alpha: number
let beta: number
let acme: number

const phone = (value: string, type = 'MOBILE') => ({ kind: 'PHONE', type, value })
const email = (value: string) => ({ kind: 'EMAIL', type: 'WORK', value })
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, `/hk/v1/${path}`, body, headers)
const newContact = (user: string, body: Record<string, unknown>) => api(user, 'POST', 'ccdcontacts', body)
const expectError = (response: { status: number; body: any }, status: number, code: string) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.data?.code).toBe(code)
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  const id = async (name: string) => (await server.knex('companies').where({ region: 'HK', name }).first('id')).id as number
  alpha = await id('Alpha Engineering Ltd')
  beta = await id('Beta Builders Ltd')
  acme = await id('ACME Trading')
})
const sockets: Socket[] = []
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

/** A browser's live connection in Hong Kong: the contacts events it receives, and a wait for one. */
async function listen(username: string) {
  const socket = io(server.url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken: tokens[username] })
  const received: any[] = []
  const waiting: Array<() => void> = []
  for (const event of ['created', 'patched', 'removed']) {
    client.service('ccdcontacts').on(event, (data: any) => {
      received.push({ event, ...data })
      waiting.splice(0).forEach((wake) => wake())
    })
  }
  const until = (match: (data: any) => boolean) =>
    new Promise<any>((resolve) => {
      const check = () => {
        const hit = received.find(match)
        if (hit) resolve(hit)
        else waiting.push(check)
      }
      check()
    })
  return { received, until }
}

describe('companies of the central contacts database', () => {
  it('creates a company with its contacts in one write; without a contact it is refused', async () => {
    const created = await api('admin', 'POST', 'ccdcompanies', {
      name: 'Harbour Consultants',
      type: 'PC',
      mailingName: 'Harbour',
      parentCompanyId: acme,
      addressLine1: '1 Harbour Road',
      contacts: [{ firstName: 'Hannah', lastName: 'Ng', prefix: 'Ms', roleType: 'PR', channels: [phone('9000 0001'), email('Hannah.Ng@Harbour.example.com')] }]
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ name: 'Harbour Consultants', parentCompanyId: acme, parentCompanyName: 'ACME Trading', contactCount: 1 })
    expect(created.body.contacts[0].channels.map((c: any) => c.normalized)).toEqual(['+85290000001', 'hannah.ng@harbour.example.com'])
    expect((await api('admin', 'POST', 'ccdcompanies', { name: 'Lonely Ltd', type: 'O', contacts: [] })).status).toBe(400)
    expectError(await api('admin', 'POST', 'ccdcompanies', { name: 'harbour consultants', type: 'O', contacts: [{ firstName: 'X', channels: [phone('9000 0009')] }] }), 409, 'DUPLICATE')
  })

  it('gives companies of types C, T and D the default tenant address text', async () => {
    const created = await api('admin', 'POST', 'ccdcompanies', { name: 'Dragon Shop', type: 'T', contacts: [{ firstName: 'Derek', channels: [phone('9000 0002')] }] })
    expect(created.body.addressLine1).toBe('c/o Tenancy Management Office')
    const office = await api('admin', 'POST', 'ccdcompanies', { name: 'Office Co', type: 'O', contacts: [{ firstName: 'Olive', channels: [phone('9000 0003')] }] })
    expect(office.body.addressLine1).toBeNull()
    // The text is a setting of the region.
    const set = await api('admin', 'PATCH', 'settings/contacts.defaultTenantAddress', { value: ['Tenancy Office', 'One Exchange Square'], updatedAt: null })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const contractor = await api('admin', 'POST', 'ccdcompanies', { name: 'Delta Works', type: 'C', contacts: [{ firstName: 'Dan', channels: [phone('9000 0005')] }] })
    expect([contractor.body.addressLine1, contractor.body.addressLine2, contractor.body.addressLine3]).toEqual(['Tenancy Office', 'One Exchange Square', null])
  })

  it('is for staff with the permission only', async () => {
    expect((await api('approver.hk', 'GET', 'ccdcompanies')).status).toBe(200)
    expect((await api('approver.hk', 'POST', 'ccdcompanies', { name: 'No Co', type: 'O', contacts: [{ firstName: 'N', channels: [phone('9000 0004')] }] })).status).toBe(403)
    for (const user of ['vendor.alpha', 'tenant.acme', 'accounting.hk']) expect((await api(user, 'GET', 'ccdcompanies')).status).toBe(403)
  })
})

describe('contacts', () => {
  it("stores '+852 9123 4567', '91234567' and '852-9123-4567' as one number: the second contact is refused, naming the clash", async () => {
    const first = await newContact('admin', { companyId: acme, firstName: 'Mary', lastName: 'Lee', channels: [phone('+852 9123 4567'), email('Mary.Lee@Example.com')] })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.channels[0]).toMatchObject({ normalized: '+85291234567', value: '+852 9123 4567', priority: 1, isPrimary: true })
    for (const spelling of ['91234567', '852-9123-4567']) {
      const clash = await newContact('admin', { companyId: acme, firstName: 'Other', channels: [phone(spelling)] })
      expectError(clash, 409, 'DUPLICATE_PHONE')
      expect(clash.body.data).toMatchObject({ field: 'phone', value: spelling, contactId: first.body.id, contactName: 'Mary Lee' })
      expect(clash.body.message).toContain(spelling)
    }
    const sameMail = await newContact('admin', { companyId: acme, firstName: 'Other', channels: [phone('9123 0000'), email(' mary.lee@EXAMPLE.com')] })
    expectError(sameMail, 409, 'DUPLICATE_EMAIL')
    const zh = await server.api(tokens.admin, 'POST', '/hk/v1/ccdcontacts', { companyId: acme, firstName: 'Other', channels: [phone('91234567')] }, { 'accept-language': 'zh-CN' })
    expect(zh.body.message).toBe('电话号码 91234567 已保存给另一位联系人。')
  })

  it('requires two different phone numbers and a local one', async () => {
    expectError(await newContact('admin', { companyId: acme, firstName: 'Twice', channels: [phone('9200 0001'), phone('+85292000001', 'OFFICE')] }), 400, 'PHONES_SAME')
    expectError(await newContact('admin', { companyId: acme, firstName: 'Abroad', channels: [phone('+65 6123 4567')] }), 400, 'LOCAL_PHONE_REQUIRED')
    expectError(await newContact('admin', { companyId: acme, firstName: 'Bad', channels: [phone('9200 0002'), email('a@b.c;d@e.f')] }), 400, 'EMAIL_INVALID')
  })

  it('patches with the version read (428 without, 410 when stale) and keeps at least one contact per company', async () => {
    const company = await api('admin', 'POST', 'ccdcompanies', { name: 'Solo Ltd', type: 'O', contacts: [{ firstName: 'Sam', channels: [phone('9300 0001')] }] })
    const sam = company.body.contacts[0]
    expectError(await api('admin', 'PATCH', `ccdcontacts/${sam.id}`, { position: 'Boss' }), 428, 'UPDATED_AT_REQUIRED')
    const patched = await api('admin', 'PATCH', `ccdcontacts/${sam.id}`, { position: 'Boss', updatedAt: sam.updatedAt })
    expect(patched.status).toBe(200)
    expectError(await api('admin', 'PATCH', `ccdcontacts/${sam.id}`, { position: 'Chief', updatedAt: sam.updatedAt }), 410, 'STALE_WRITE')
    expectError(await api('admin', 'DELETE', `ccdcontacts/${sam.id}`), 409, 'LAST_CONTACT')
    expectError(await api('admin', 'PATCH', `ccdcontacts/${sam.id}`, { companyId: acme, updatedAt: patched.body.updatedAt }), 409, 'LAST_CONTACT')
    const second = await newContact('admin', { companyId: company.body.id, firstName: 'Sue', channels: [phone('9300 0002')] })
    expect((await api('admin', 'DELETE', `ccdcontacts/${sam.id}`)).status).toBe(200)
    expect((await api('admin', 'GET', `ccdcontacts/${second.body.id}`)).body.companyName).toBe('Solo Ltd')
  })

  it('lets a vendor read and edit only its own company’s contacts', async () => {
    const list = await api('vendor.alpha', 'GET', 'ccdcontacts?$limit=100')
    expect(list.status).toBe(200)
    expect(list.body.total).toBeGreaterThan(0)
    expect(new Set(list.body.data.map((c: any) => c.companyId))).toEqual(new Set([alpha]))
    const betaContact = (await api('admin', 'GET', `ccdcontacts?companyId=${beta}`)).body.data[0]
    expectError(await api('vendor.alpha', 'GET', `ccdcontacts/${betaContact.id}`), 404, 'NOT_FOUND')
    expectError(await api('vendor.alpha', 'PATCH', `ccdcontacts/${betaContact.id}`, { position: 'Mine', updatedAt: betaContact.updatedAt }), 404, 'NOT_FOUND')
    expect((await newContact('vendor.alpha', { companyId: beta, firstName: 'Sneaky', channels: [phone('9400 0001')] })).status).toBe(403)
    const own = await newContact('vendor.alpha', { firstName: 'Victor', lastName: 'Yu', channels: [phone('9400 0002')] })
    expect(own.status, JSON.stringify(own.body)).toBe(201)
    expect(own.body.companyId).toBe(alpha)
    const edited = await api('vendor.alpha', 'PATCH', `ccdcontacts/${own.body.id}`, { position: 'Site Agent', updatedAt: own.body.updatedAt })
    expect(edited.body.position).toBe('Site Agent')
    expect((await api('vendor.alpha', 'PATCH', `ccdcontacts/${own.body.id}`, { companyId: beta, updatedAt: edited.body.updatedAt })).status).toBe(403)
    // Beta's number is taken, but Alpha is not told whose it is.
    const clash = await newContact('vendor.alpha', { firstName: 'Copy', channels: [phone(betaContact.channels[0].value)] })
    expectError(clash, 409, 'DUPLICATE_PHONE')
    expect(clash.body.data.contactName).toBeUndefined()
    expect((await api('vendor.alpha', 'DELETE', `ccdcontacts/${own.body.id}`)).status).toBe(403)
  })

  it('refuses tenants and staff without the permission (403)', async () => {
    for (const user of ['tenant.acme', 'accounting.hk', 'pm.hk']) expectError(await api(user, 'GET', 'ccdcontacts'), 403, 'FORBIDDEN')
    expect((await newContact('approver.hk', { companyId: acme, firstName: 'Read', channels: [phone('9500 0001')] })).status).toBe(403)
  })

  it('finds contacts by name, company, phone fragment in any spelling or e-mail', async () => {
    const names = async (q: string) => (await api('admin', 'GET', `ccdcontacts?q=${encodeURIComponent(q)}&$limit=50`)).body.data.map((c: any) => `${c.firstName} ${c.lastName}`)
    expect(await names('9123 4567')).toContain('Mary Lee')
    expect(await names('+852 9123')).toContain('Mary Lee')
    expect(await names('mary.lee@')).toContain('Mary Lee')
    expect(await names('acme trad')).toEqual(expect.arrayContaining(['Alice Cheung', 'Andy Lam', 'Mary Lee']))
    expect(await names('albert')).toEqual(['Albert Au'])
    expect(await names('MARY.Lee@')).toEqual(['Mary Lee'])
    // LIKE's wildcards in a search are plain characters.
    expect(await names('mary_lee@')).toEqual([])
    expect(await names('%lee')).toEqual([])
    // A phone fragment matches whole, not by its last digits alone (the index's lookup).
    expect((await newContact('admin', { companyId: acme, firstName: 'Tail', lastName: 'One', channels: [phone('9555 1357')] })).status).toBe(201)
    expect((await newContact('admin', { companyId: acme, firstName: 'Tail', lastName: 'Two', channels: [phone('9666 1357')] })).status).toBe(201)
    expect(await names('9555 1357')).toEqual(['Tail One'])
    expect(await names('+852 9666-1357')).toEqual(['Tail Two'])
    expect(await names('1357')).toEqual(expect.arrayContaining(['Tail One', 'Tail Two']))
    // The search text is the index's: not in the answer.
    const [mary] = (await api('admin', 'GET', `ccdcontacts?q=mary`)).body.data
    expect(mary).toMatchObject({ firstName: 'Mary', companyName: 'ACME Trading' })
    expect(mary).not.toHaveProperty('searchText')
    expect((await api('vendor.alpha', 'GET', 'ccdcontacts?q=mary')).body.data).toEqual([])
  })

  it('shows duplicate candidates before saving, with their reasons, among the contacts the caller reads', async () => {
    const found = await api('admin', 'GET', `ccdcontact-duplicates?firstName=mary&lastName=LEE&companyId=${acme}&phone=852-9123-4567&email=x@y.com`)
    expect(found.status).toBe(200)
    expect(found.body.data).toEqual([expect.objectContaining({ firstName: 'Mary', lastName: 'Lee', reasons: ['PHONE', 'NAME'] })])
    expect((await api('vendor.alpha', 'GET', 'ccdcontact-duplicates?phone=91234567')).body.data).toEqual([])
    // As the form asks: every number and e-mail typed so far, without a company yet.
    const asked = await api(
      'admin',
      'GET',
      `ccdcontact-duplicates?firstName=Winnie&lastName=Wong&phone[]=${encodeURIComponent('+85291234567')}&phone[]=${encodeURIComponent('+85221110000')}&email[]=a%40b.com`
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.data.map((hit: any) => hit.reasons)).toEqual([['PHONE']])
  })

  it('is found by the global search (name, company, e-mail, phone) by those who may read it', async () => {
    const hits = async (user: string, q: string) => (await api(user, 'GET', `search?q=${encodeURIComponent(q)}`)).body.data.filter((hit: any) => hit.resource === 'ccdcontacts')
    expect((await hits('admin', 'mary.lee@example')).map((hit: any) => hit.title)).toEqual(['Mary'])
    expect((await hits('admin', '9123 4567')).map((hit: any) => hit.title)).toEqual(['Mary'])
    expect(await hits('vendor.alpha', 'mary')).toEqual([])
    expect((await hits('vendor.alpha', 'albert')).map((hit: any) => hit.detail)).toEqual(['Alpha Engineering Ltd'])
  })

  it("sends live events to staff who read contacts and to the contact's own vendor only", async () => {
    const admin = await listen('admin')
    const alphaSide = await listen('vendor.alpha')
    const betaSide = await listen('vendor.beta')
    const tenant = await listen('tenant.acme')
    const forAlpha = (await newContact('admin', { companyId: alpha, firstName: 'Live', lastName: 'Alpha', channels: [phone('9700 0001')] })).body
    await Promise.all([admin.until((e) => e.id === forAlpha.id), alphaSide.until((e) => e.id === forAlpha.id)])
    const forBeta = (await newContact('admin', { companyId: beta, firstName: 'Live', lastName: 'Beta', channels: [phone('9700 0002')] })).body
    await Promise.all([admin.until((e) => e.id === forBeta.id), betaSide.until((e) => e.id === forBeta.id)])
    // Events reach one connection in order: once this later one is in, Beta's would have been too.
    const later = (await newContact('admin', { companyId: alpha, firstName: 'Later', channels: [phone('9700 0003')] })).body
    await alphaSide.until((e) => e.id === later.id)
    expect(alphaSide.received.map((e) => e.id)).not.toContain(forBeta.id)
    expect(betaSide.received.map((e) => e.id)).not.toContain(forAlpha.id)
    expect(tenant.received).toEqual([])
  })

  it('exports contacts for holders of the export right only', async () => {
    expect((await api('admin', 'GET', 'exports/ccdcontacts')).status).toBe(200)
    expectError(await api('approver.hk', 'GET', 'exports/ccdcontacts'), 403, 'FORBIDDEN')
  })

  it('merges two contacts: every link and role moves to the kept one, one audit row is written', async () => {
    const db = server.knex
    // A table of another module linking contacts to records with roles (a tenancy's contact
    // roles): one link per record and contact, its roles as flags.
    await db.schema.createTable('test_contact_roles', (t) => {
      t.increments('id')
      t.integer('tenancy_ref').notNullable()
      t.integer('ccd_contact_id').notNullable().references('ccd_contacts.id')
      t.boolean('is_circular').notNullable().defaultTo(false)
      t.boolean('is_emergency').notNullable().defaultTo(false)
      t.boolean('is_marketing').notNullable().defaultTo(false)
      t.unique(['tenancy_ref', 'ccd_contact_id'])
    })
    const keep = (await newContact('admin', { companyId: acme, firstName: 'Kim', lastName: 'Ho', channels: [phone('9600 0001'), email('kim@acme.example.com')] })).body
    const other = (await newContact('admin', { companyId: acme, firstName: 'Kim', lastName: 'Ho', position: 'Buyer', channels: [phone('9600 0002', 'OFFICE'), email('kim.ho@acme.example.com')] })).body
    await db('test_contact_roles').insert([
      { tenancyRef: 1, ccdContactId: keep.id, isCircular: true },
      { tenancyRef: 1, ccdContactId: other.id, isEmergency: true },
      { tenancyRef: 2, ccdContactId: other.id, isMarketing: true }
    ])
    const auditBefore = Number((await db('audit_log').where({ resource: 'ccdcontacts' }).count('* as n').first())!.n)
    const merge = (user: string, body: Record<string, unknown>) => api(user, 'POST', 'ccdcontacts', body, { 'x-service-method': 'merge' })
    expectError(await merge('admin', { id: keep.id, mergeId: other.id, updatedAt: '2000-01-01T00:00:00.000Z' }), 410, 'STALE_WRITE')
    expect((await merge('approver.hk', { id: keep.id, mergeId: other.id, updatedAt: keep.updatedAt })).status).toBe(403)
    expectError(await merge('vendor.alpha', { id: keep.id, mergeId: other.id, updatedAt: keep.updatedAt }), 404, 'NOT_FOUND')

    const merged = await merge('admin', { id: keep.id, mergeId: other.id, updatedAt: keep.updatedAt })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    expect(merged.body.position).toBe('Buyer')
    expect(merged.body.channels.map((c: any) => [c.kind, c.normalized, c.priority, c.isPrimary])).toEqual([
      ['PHONE', '+85296000001', 1, true],
      ['PHONE', '+85296000002', 2, false],
      ['EMAIL', 'kim@acme.example.com', 1, true],
      ['EMAIL', 'kim.ho@acme.example.com', 2, false]
    ])
    const roles = await db('test_contact_roles').orderBy('tenancyRef').select('tenancyRef', 'ccdContactId', 'isCircular', 'isEmergency', 'isMarketing')
    expect(roles).toEqual([
      { tenancyRef: 1, ccdContactId: keep.id, isCircular: true, isEmergency: true, isMarketing: false },
      { tenancyRef: 2, ccdContactId: keep.id, isCircular: false, isEmergency: false, isMarketing: true }
    ])
    expect((await api('admin', 'GET', `ccdcontacts/${other.id}`)).status).toBe(404)
    const rows = await db('audit_log').where({ resource: 'ccdcontacts' }).orderBy('id')
    expect(rows.length - auditBefore).toBe(1)
    const row = rows[rows.length - 1]
    expect(row).toMatchObject({ action: 'ccdcontacts.merge', recordId: String(keep.id) })
    expect(row.after.merged).toMatchObject({ id: other.id, links: { 'test_contact_roles.ccd_contact_id': 2 } })
    // The merged contact's numbers are the kept one's now: nobody else may take them.
    expectError(await newContact('admin', { companyId: acme, firstName: 'Late', channels: [phone('96000002')] }), 409, 'DUPLICATE_PHONE')
    await db.schema.dropTable('test_contact_roles')
  })

  it('answers a search fast at 30,000 contacts (trigram index)', async () => {
    const db = server.knex
    await db.raw(
      `INSERT INTO ccd_contacts (region, company_id, first_name, last_name, channels, search_text)
       SELECT 'HK', ?, 'Bulk' || g, 'Person' || g, '[]'::jsonb, lower('bulk' || g || ' person' || g || ' acme trading +8526' || lpad(g::text, 7, '0') || ' bulk' || g || '@bulk.example.com')
         FROM generate_series(1, 30000) g`,
      [acme]
    )
    await db.raw('ANALYZE ccd_contacts')
    const started = performance.now()
    const found = await api('admin', 'GET', `ccdcontacts?q=${encodeURIComponent('6002 9999')}`)
    const elapsed = performance.now() - started
    expect(found.body.data.map((c: any) => c.firstName)).toEqual(['Bulk29999'])
    expect(elapsed).toBeLessThan(1000)
    const plan = (await db.raw(`EXPLAIN SELECT id FROM ccd_contacts WHERE region = 'HK' AND search_text ILIKE '%60029999%'`)).rows.map((r: any) => r['QUERY PLAN']).join('\n')
    expect(plan).toContain('ccd_contacts_search_trgm')
  })
})
