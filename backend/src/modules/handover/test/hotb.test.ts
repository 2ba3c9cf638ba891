import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createHotb, createHotbItems, createHotbKeys } from '../seeds/factories.js'
import { createHotbDocument } from '../seeds/document-factories.js'
import type { HotbState } from '../services/hotb/hotb.workflow.js'

/*
 * Handover/takeback over real HTTP on real PostgreSQL: staff create a record from a tenancy (filled
 * from the building's latest template, a takeback from the last completed handover), move it
 * through the workflow, edit its schedule and key lines, and complete a takeback only once its
 * keys are settled (428 naming the open lines, in the caller's language). And the denials, each
 * before any version or state answer: a tenant reading a record before it is scheduled (404), another
 * tenancy's tenant, a sub-account without HandoverTakeback, a vendor, staff in another region,
 * staff without the grant, a stale write (410), approve without the approve grant (403); tenants
 * hear live events of their scheduled records only.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
/** A workflow action (POST with the method's name), on the version stored now unless one is given. */
const act = async (user: string, action: string, id: number, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  api(user, 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id), ...body }, { 'x-service-method': action, ...headers })
const stale = (stamp: string | undefined) => new Date(new Date(stamp!).getTime() - 60_000).toISOString()

/** A tenant account of `tenancyId` (a copy of tenant.acme moved there); as a sub-account with the perms given. */
async function tenantOf(tenancyId: number, { userType, tenancyPerms }: { userType?: number; tenancyPerms?: string[] } = {}) {
  const account = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server
    .knex('users')
    .where({ id: account.id })
    .update({ tenancyId, ...(userType ? { userType } : {}), ...(tenancyPerms ? { tenancyPerms: JSON.stringify(tenancyPerms) } : {}) })
  if (userType) await server.knex('user_groups').where({ userId: account.id }).delete()
  return (await server.login(account.username)).accessToken
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme']) ids[name] = (await server.knex('users').where({ username: name }).first('id')).id
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  ids.es1 = (await server.knex('buildings').where({ region: 'HK', code: 'ES1' }).first('id')).id
  ids.other = (
    await createTenancy(server.knex, {
      companyId: await tenantCompany(server.knex, uniqueName('Hotb other')),
      tradeName: uniqueName('Other'),
      premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }]
    })
  ).id
  tokens.other = await tenantOf(ids.other)
  tokens.subWithout = await tenantOf(ids.acme, { userType: 621, tenancyPerms: ['TenantProject', 'TenancyRecord'] })
  tokens.subWith = await tenantOf(ids.acme, { userType: 621, tenancyPerms: ['HandoverTakeback'] })
  // A copy of pm.hk moved to Singapore: staff of another region.
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

/** A record of ACME's 22/F in the state given, as the service would leave it. */
const record = (status: HotbState, fields: Record<string, unknown> = {}) =>
  createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status, managedBy: ids['pm.hk'], approverId: ids['approver.hk'], name: uniqueName(`Hotb ${status}`), ...fields })

describe('creating a record', () => {
  it('takes the tenancy’s building, site, names and floors held today, the creator as PIC, and fills a handover from the building’s latest template', async () => {
    const created = await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: ids.acme, type: 'HANDOVER', premiseBuildingType: 'bareShell', specialRemark: '  Keys at the office ' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      status: 'DRAFT',
      type: 'HANDOVER',
      tenancyId: ids.acme,
      buildingId: ids.es1,
      tradeName: 'ACME',
      premises: ['22/F'],
      managedBy: ids['pm.hk'],
      createdBy: ids['pm.hk'],
      premiseBuildingType: 'bareShell',
      specialRemark: 'Keys at the office'
    })
    const latest = await server.knex('building_handover_templates').where({ buildingId: ids.es1 }).orderBy('version', 'desc').first()
    expect(created.body).toMatchObject({ templateId: latest.id, templateVersion: latest.version })
    const items = await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${created.body.id}&$limit=100`)
    expect(items.status).toBe(200)
    expect(items.body.data.map((line: any) => line.item)).toEqual(expect.arrayContaining(latest.items.map((line: any) => line.item)))
    expect(items.body.total).toBe(latest.items.length)
    const keys = await api('pm.hk', 'GET', `/hk/v1/hotb-keys?hotbId=${created.body.id}`)
    expect(keys.body.data.map((line: any) => [line.item, line.keys, line.accessCards])).toEqual(latest.keys.map((line: any) => [line.item, line.keys, line.accessCards]))
  })

  it('keeps a record’s lines when the building publishes a new template version, and fills the next record from it', async () => {
    const before = await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: ids.acme, type: 'HANDOVER' })
    const lines = async (id: number) => (await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${id}&$limit=100`)).body.data.map((line: any) => line.item)
    const kept = await lines(before.body.id)
    const item = uniqueName('Signage bracket')
    const published = await api('admin', 'POST', '/hk/v1/building-handover-templates', { buildingId: ids.es1, items: [{ section: 'shopfront', item }], keys: [] })
    expect(published.status).toBe(201)
    expect(published.body.version).toBeGreaterThan(before.body.templateVersion)
    expect(await lines(before.body.id)).toEqual(kept)
    const after = await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: ids.acme, type: 'HANDOVER' })
    expect(after.body.templateVersion).toBe(published.body.version)
    expect(await lines(after.body.id)).toEqual([item])
    const latest = await api('pm.hk', 'GET', `/hk/v1/building-handover-templates?buildingId=${ids.es1}&$latest=true`)
    expect(latest.body.data.map((row: any) => row.version)).toEqual([published.body.version])
  })

  it('lets only the buildings’ keepers publish templates, and handover staff read them', async () => {
    const body = { buildingId: ids.es1, items: [{ section: 'floor', item: 'Carpet' }] }
    for (const user of ['pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) expect((await api(user, 'POST', '/hk/v1/building-handover-templates', body)).status, user).toBe(403)
    expect((await api('pm.hk', 'GET', '/hk/v1/building-handover-templates')).status).toBe(200)
    for (const user of ['tenant.acme', 'vendor.alpha', 'accounting.hk']) expect((await api(user, 'GET', '/hk/v1/building-handover-templates')).status, user).toBe(403)
  })

  it('refuses tenants, vendors, staff without create, staff of another region, and a tenancy of another region', async () => {
    const body = { tenancyId: ids.acme, type: 'HANDOVER' }
    for (const user of ['tenant.acme', 'subWith', 'vendor.alpha', 'approver.hk', 'accounting.hk']) expect((await api(user, 'POST', '/hk/v1/hotb', body)).status, user).toBe(403)
    expect([403, 404]).toContain((await api('staffSg', 'POST', '/hk/v1/hotb', body)).status)
    const sgTenancy = await server.knex('tenancies').where({ region: 'SG' }).first('id')
    if (sgTenancy) expect((await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: sgTenancy.id, type: 'HANDOVER' })).status).toBe(400)
    expect((await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: 999_999, type: 'HANDOVER' })).body.data.code).toBe('HOTB_TENANCY_INVALID')
    expect((await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: ids.acme, type: 'MOVE' })).status).toBe(400)
  })
})

describe('reading records', () => {
  it('shows a tenant its tenancy’s records only once scheduled, unsigned or completed (404 before, like a stranger); staff of the region every state', async () => {
    const name = uniqueName('Visible')
    const made: Record<string, number> = {}
    for (const status of ['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'SCHEDULED', 'UNSIGNED', 'COMPLETED', 'CANCELLED'] as HotbState[])
      made[status] = (await record(status, { name: `${name} ${status}` })).id
    const listed = async (user: string) => {
      const { status, body } = await api(user, 'GET', `/hk/v1/hotb?name[$ilike]=${encodeURIComponent(`%${name}%`)}&$limit=50`)
      expect(status, user).toBe(200)
      return body.data.map((row: any) => row.status).sort()
    }
    const all = Object.keys(made).sort()
    for (const staff of ['admin', 'pm.hk', 'approver.hk']) expect(await listed(staff)).toEqual(all)
    for (const tenant of ['tenant.acme', 'subWith']) {
      expect(await listed(tenant)).toEqual(['COMPLETED', 'SCHEDULED', 'UNSIGNED'])
      for (const [status, id] of Object.entries(made)) {
        const got = await api(tenant, 'GET', `/hk/v1/hotb/${id}`)
        expect(got.status, `${tenant} ${status}`).toBe(['SCHEDULED', 'UNSIGNED', 'COMPLETED'].includes(status) ? 200 : 404)
      }
    }
    // Another tenancy's master: as if they did not exist. Without any hotb rule (a sub-account without HandoverTakeback, a vendor, staff without the grant): refused.
    expect(await listed('other')).toEqual([])
    expect((await api('other', 'GET', `/hk/v1/hotb/${made.SCHEDULED}`)).status).toBe(404)
    for (const refused of ['subWithout', 'vendor.alpha', 'accounting.hk']) {
      expect((await api(refused, 'GET', '/hk/v1/hotb')).status, refused).toBe(403)
      expect((await api(refused, 'GET', `/hk/v1/hotb/${made.SCHEDULED}`)).status, refused).toBe(403)
    }
    expect([403, 404]).toContain((await api('staffSg', 'GET', `/hk/v1/hotb/${made.SCHEDULED}`)).status)
    expect((await api('admin', 'GET', `/sg/v1/hotb/${made.SCHEDULED}`)).status).toBe(404)
  })

  it('keeps staff’s own words and people from the tenant: the AM remark, the last reason, who runs and approves it', async () => {
    const scheduled = await record('SCHEDULED')
    await server
      .knex('hotb')
      .where({ id: scheduled.id })
      .update({ amRemark: 'Landlord to waive rent-free period', statusReason: 'Internal', remarkToTenant: 'Bring ID', specialRemark: 'Keys at the office' })
    const staffView = (await api('pm.hk', 'GET', `/hk/v1/hotb/${scheduled.id}`)).body
    expect(staffView).toMatchObject({ amRemark: 'Landlord to waive rent-free period', managedBy: ids['pm.hk'], approverId: ids['approver.hk'] })
    const tenantViews = [(await api('tenant.acme', 'GET', `/hk/v1/hotb/${scheduled.id}`)).body, (await api('tenant.acme', 'GET', `/hk/v1/hotb?id=${scheduled.id}`)).body.data[0]]
    for (const seen of tenantViews) {
      expect(seen).toMatchObject({ id: scheduled.id, remarkToTenant: 'Bring ID', specialRemark: 'Keys at the office' })
      for (const hidden of ['amRemark', 'statusReason', 'managedBy', 'approverId', 'createdBy']) expect(seen, hidden).not.toHaveProperty(hidden)
    }
  })

  it('reads a record’s lines with the record: a tenant’s only once scheduled', async () => {
    const draft = await record('DRAFT')
    const scheduled = await record('SCHEDULED')
    const [draftItem] = await createHotbItems(server.knex, draft.id, [{ section: 'floor', item: 'Carpet' }])
    const [scheduledItem] = await createHotbItems(server.knex, scheduled.id, [{ section: 'floor', item: 'Carpet' }])
    const [draftKey] = await createHotbKeys(server.knex, draft.id, [{ item: 'Door', keys: 1 }])
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb-schedule-items/${draftItem.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb-keys/${draftKey.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb-schedule-items/${scheduledItem.id}`)).status).toBe(200)
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${draft.id}`)).body.data).toEqual([])
    expect((await api('other', 'GET', `/hk/v1/hotb-schedule-items/${scheduledItem.id}`)).status).toBe(404)
    expect((await api('subWithout', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${scheduled.id}`)).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/hotb-keys?hotbId=${scheduled.id}`)).status).toBe(403)
    expect((await api('approver.hk', 'GET', `/hk/v1/hotb-schedule-items/${draftItem.id}`)).status).toBe(200)
  })
})

describe('the workflow', () => {
  it('lists whom a record can be submitted to (hotb approve) and handed to (hotb update), to staff who run records only', async () => {
    const approvers = await api('pm.hk', 'GET', '/hk/v1/hotb-approvers')
    expect(approvers.status).toBe(200)
    const names = approvers.body.data.map((user: any) => user.username)
    expect(names).toEqual(expect.arrayContaining(['approver.hk', 'admin']))
    expect(names).not.toContain('pm.hk')
    const pics = (await api('pm.hk', 'GET', '/hk/v1/hotb-approvers?role=pic')).body.data.map((user: any) => user.username)
    expect(pics).toEqual(expect.arrayContaining(['pm.hk', 'admin']))
    expect(pics).not.toContain('approver.hk')
    for (const user of ['tenant.acme', 'vendor.alpha', 'accounting.hk', 'approver.hk']) expect((await api(user, 'GET', '/hk/v1/hotb-approvers')).status, user).toBe(403)
  })

  it('runs a handover from draft to completed: submit to an approver, approve, arrange, complete', async () => {
    const created = await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: ids.acme, type: 'HANDOVER' })
    const id = created.body.id
    expect((await act('pm.hk', 'submit', id, { approverId: ids['tenant.acme'] })).status).toBe(400)
    const notApprover = await act('pm.hk', 'submit', id, { approverId: ids['pm.hk'] })
    expect(notApprover.status).toBe(400)
    expect(notApprover.body.data).toMatchObject({ code: 'HOTB_USER_INVALID', field: 'approverId' })
    const submitted = await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ status: 'WAPPR', approverId: ids['approver.hk'] })
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb/${id}`)).status).toBe(404)
    // Approving without the grant: 403, before any version answer.
    expect((await act('pm.hk', 'approve', id)).status).toBe(403)
    expect((await act('pm.hk', 'approve', id, { updatedAt: stale(await server.version('hotb', id)) })).status).toBe(403)
    expect((await api('pm.hk', 'POST', '/hk/v1/hotb', { id }, { 'x-service-method': 'approve' })).status).toBe(403)
    // Another approver, not the one chosen: 403 for approve and reject, before any version answer.
    const otherApprover = await createTestAccount(server.knex, { like: 'approver.hk' })
    tokens.otherApprover = (await server.login(otherApprover.username)).accessToken
    expect((await act('otherApprover', 'approve', id)).status).toBe(403)
    expect((await act('otherApprover', 'approve', id, { updatedAt: stale(await server.version('hotb', id)) })).status).toBe(403)
    expect((await act('otherApprover', 'reject', id, { reason: 'Not mine' })).status).toBe(403)
    // A stale or missing version from the approver: 410, 428.
    expect((await act('approver.hk', 'approve', id, { updatedAt: stale(await server.version('hotb', id)) })).status).toBe(410)
    expect((await api('approver.hk', 'POST', '/hk/v1/hotb', { id }, { 'x-service-method': 'approve' })).status).toBe(428)
    const approved = await act('approver.hk', 'approve', id)
    expect(approved.body.status).toBe('APPR')
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb/${id}`)).status).toBe(404)
    expect((await act('approver.hk', 'arrange', id, { scheduledAt: '2027-01-04T10:00:00+08:00' })).status).toBe(403)
    const arranged = await act('pm.hk', 'arrange', id, {
      scheduledAt: '2027-01-04T10:00:00+08:00',
      tenantContactName: 'Tom Cheung',
      tenantContactEmail: 'tom@example.com',
      additionalEmails: ['ops@example.com']
    })
    expect(arranged.body).toMatchObject({ status: 'SCHEDULED', tenantContactName: 'Tom Cheung', additionalEmails: ['ops@example.com'] })
    expect(new Date(arranged.body.scheduledAt).toISOString()).toBe('2027-01-04T02:00:00.000Z')
    expect((await api('tenant.acme', 'GET', `/hk/v1/hotb/${id}`)).body.status).toBe('SCHEDULED')
    // The tenant reads it now, and still may not act on it: 403, stale version or not.
    expect((await act('tenant.acme', 'complete', id)).status).toBe(403)
    expect((await act('tenant.acme', 'complete', id, { updatedAt: stale(await server.version('hotb', id)) })).status).toBe(403)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Mine', updatedAt: await server.version('hotb', id) })).status).toBe(403)
    // Someone who does not read it is told it does not exist.
    expect((await act('other', 'complete', id)).status).toBe(404)
    expect((await act('subWithout', 'complete', id)).status).toBe(403)
    expect((await act('vendor.alpha', 'complete', id)).status).toBe(403)
    expect((await act('accounting.hk', 'complete', id)).status).toBe(403)
    // The signed document on file: a scheduled record completes with it (hotb-documents.test.ts).
    await createHotbDocument(server.knex, { hotbId: id, kind: 'SIGNED' })
    const completed = await act('pm.hk', 'complete', id, { actualDate: '2027-01-04' })
    expect(completed.body).toMatchObject({ status: 'COMPLETED', actualDate: '2027-01-04' })
    expect((await act('pm.hk', 'cancel', id, { reason: 'Too late' })).status).toBe(409)
  })

  it('rejects, resets, requests a change, changes the PIC and cancels; only the PIC or updateOthers edits', async () => {
    const { id } = await record('WAPPR')
    expect((await act('approver.hk', 'reject', id)).status).toBe(400)
    const rejected = await act('approver.hk', 'reject', id, { reason: 'Wrong floor' })
    expect(rejected.body).toMatchObject({ status: 'REJECTED', statusReason: 'Wrong floor' })
    expect((await act('approver.hk', 'resetToDraft', id)).status).toBe(403)
    expect((await act('pm.hk', 'resetToDraft', id)).body.status).toBe('DRAFT')
    await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })
    await act('approver.hk', 'approve', id)
    const changed = await act('pm.hk', 'requestChange', id, { reason: 'Add the store room' })
    expect(changed.body).toMatchObject({ status: 'DRAFT', statusReason: 'Add the store room' })
    expect((await act('pm.hk', 'changePic', id, { managedBy: ids['tenant.acme'] })).status).toBe(400)
    expect((await act('pm.hk', 'changePic', id, { managedBy: ids.admin })).body).toMatchObject({ status: 'DRAFT', managedBy: ids.admin })
    // pm.hk is no longer in charge and may not update others' records; the administrator may.
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Renamed', updatedAt: await server.version('hotb', id) })).status).toBe(403)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Renamed', updatedAt: stale(await server.version('hotb', id)) })).status).toBe(403)
    const renamed = await api('admin', 'PATCH', `/hk/v1/hotb/${id}`, { name: ' Renamed ', remarkToTenant: 'Bring ID', updatedAt: await server.version('hotb', id) })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Renamed', remarkToTenant: 'Bring ID' })
    expect((await api('admin', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Again', updatedAt: stale(await server.version('hotb', id)) })).status).toBe(410)
    expect((await api('admin', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Again' })).status).toBe(428)
    expect((await act('pm.hk', 'cancel', id, { reason: 'Lease ended' })).body).toMatchObject({ status: 'CANCELLED', statusReason: 'Lease ended' })
    expect((await api('admin', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Late', updatedAt: await server.version('hotb', id) })).status).toBe(409)
    expect((await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })).status).toBe(409)
  })
})

describe('schedule items and key lines', () => {
  it('are edited by whoever may edit the record, while it is editable', async () => {
    const { id } = await record('DRAFT')
    const created = await api('pm.hk', 'POST', '/hk/v1/hotb-schedule-items', { hotbId: id, section: 'walls', item: 'Feature wall', condition: 'Good' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ hotbId: id, section: 'walls', position: 0, status: 'DRAFT', tenancyId: ids.acme, region: 'HK' })
    const second = await api('pm.hk', 'POST', '/hk/v1/hotb-schedule-items', { hotbId: id, section: 'walls', item: 'Partition' })
    expect(second.body.position).toBe(1)
    const patched = await api('pm.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${created.body.id}`, { condition: 'Scratched', remarks: 'Left corner', updatedAt: created.body.updatedAt })
    expect(patched.body).toMatchObject({ condition: 'Scratched', remarks: 'Left corner' })
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${created.body.id}`, { condition: 'Fair', updatedAt: created.body.updatedAt })).status).toBe(410)
    // Readers who may not edit: 403 (before the version); strangers: 404; no rule: 403.
    expect((await api('approver.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${created.body.id}`, { condition: 'Fair', updatedAt: created.body.updatedAt })).status).toBe(403)
    expect((await api('approver.hk', 'POST', '/hk/v1/hotb-schedule-items', { hotbId: id, section: 'walls', item: 'X' })).status).toBe(403)
    expect((await api('tenant.acme', 'POST', '/hk/v1/hotb-schedule-items', { hotbId: id, section: 'walls', item: 'X' })).status).toBe(404)
    expect((await api('vendor.alpha', 'POST', '/hk/v1/hotb-schedule-items', { hotbId: id, section: 'walls', item: 'X' })).status).toBe(403)
    expect((await api('pm.hk', 'DELETE', `/hk/v1/hotb-schedule-items/${second.body.id}`)).status).toBe(200)
    const key = await api('pm.hk', 'POST', '/hk/v1/hotb-keys', { hotbId: id, item: 'Main door', keys: 3, keysHandedOver: 3 })
    expect(key.status).toBe(201)
    // A handover's key line takes no outcome.
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb-keys/${key.body.id}`, { outcome: 'LOST', chargeCents: 100, updatedAt: key.body.updatedAt })).body.data.code).toBe('HOTB_KEY_SETTLEMENT')
    // Not editable once waiting for approval (409); the lines follow the record's status.
    await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })
    const after = await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items/${created.body.id}`)
    expect(after.body.status).toBe('WAPPR')
    const refused = await api('pm.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${created.body.id}`, { condition: 'Fair', updatedAt: after.body.updatedAt })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('HOTB_NOT_EDITABLE')
    // A scheduled record's lines: the tenant reads them and may not change them (403).
    await act('approver.hk', 'approve', id)
    await act('pm.hk', 'arrange', id, { scheduledAt: '2027-02-01T09:00:00Z' })
    const line = await api('tenant.acme', 'GET', `/hk/v1/hotb-schedule-items/${created.body.id}`)
    expect(line.status).toBe(200)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/hotb-schedule-items/${created.body.id}`, { condition: 'Fair', updatedAt: line.body.updatedAt })).status).toBe(403)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/hotb-schedule-items/${created.body.id}`, { condition: 'Fair', updatedAt: stale(line.body.updatedAt) })).status).toBe(403)
  })
})

describe('a takeback', () => {
  it('starts from the tenancy’s last completed handover and completes only once every key handed over is settled (428 naming the open lines, in the caller’s language)', async () => {
    const tenancy = await createTenancy(server.knex, {
      companyId: await tenantCompany(server.knex, uniqueName('Takeback co')),
      tradeName: uniqueName('TB'),
      premises: [{ floor: '15/F', effectiveDate: dayFromToday(-400) }]
    })
    const handover = await createHotb(server.knex, {
      tenancyId: tenancy.id,
      premises: ['15/F'],
      status: 'COMPLETED',
      type: 'HANDOVER',
      managedBy: ids['pm.hk'],
      completedAt: new Date(Date.now() - 86_400_000)
    })
    await createHotbItems(server.knex, handover.id, [
      { section: 'floor', item: 'Carpet', condition: 'New', remarks: 'Grey' },
      { section: 'windows', item: 'Blinds', condition: 'Good' }
    ])
    await createHotbKeys(server.knex, handover.id, [
      { item: 'Main door', keys: 3, keysHandedOver: 3 },
      { item: 'Cards', accessCards: 5 },
      { item: 'Safe', keys: 1, keysHandedOver: 1 },
      { item: 'Spare', keys: 2 }
    ])
    const created = await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: tenancy.id, type: 'TAKEBACK' })
    expect(created.status).toBe(201)
    const id = created.body.id
    expect(created.body).toMatchObject({ type: 'TAKEBACK', sourceHotbId: handover.id, premises: ['15/F'], templateId: null })
    const items = (await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items?hotbId=${id}`)).body.data
    expect(items.map((line: any) => [line.item, line.handoverCondition, line.handoverRemarks, line.condition])).toEqual([
      ['Carpet', 'New', 'Grey', null],
      ['Blinds', 'Good', null, null]
    ])
    const keys = (await api('pm.hk', 'GET', `/hk/v1/hotb-keys?hotbId=${id}`)).body.data
    expect(keys.map((line: any) => [line.item, line.keys, line.keysHandedOver, line.accessCards, line.outcome])).toEqual([
      ['Main door', 3, 3, 0, null],
      ['Cards', 0, 0, 5, null],
      ['Safe', 1, 1, 0, null],
      ['Spare', 2, 0, 0, null]
    ])
    await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })
    await act('approver.hk', 'approve', id)
    await act('pm.hk', 'arrange', id, { scheduledAt: '2027-03-01T09:00:00Z' })
    const open = await act('pm.hk', 'complete', id)
    expect(open.status).toBe(428)
    expect(open.body.data).toMatchObject({ code: 'HOTB_KEYS_OPEN', lines: 'Main door, Cards, Safe' })
    expect(open.body.data.open.map((line: any) => line.problem)).toEqual(['NO_OUTCOME', 'NO_OUTCOME', 'NO_OUTCOME'])
    expect(open.body.message).toContain('Main door, Cards, Safe')
    const chinese = await act('pm.hk', 'complete', id, {}, { 'accept-language': 'zh-CN' })
    expect(chinese.status).toBe(428)
    expect(chinese.body.message).toContain('尚未处理：Main door, Cards, Safe')
    // Somebody who may not complete hears 403, not what is open.
    expect((await act('approver.hk', 'complete', id)).status).toBe(403)
    expect((await act('tenant.acme', 'complete', id)).status).toBe(404)
    const settle = async (line: any, body: Record<string, unknown>) => api('pm.hk', 'PATCH', `/hk/v1/hotb-keys/${line.id}`, { ...body, updatedAt: await server.version('hotb-keys', line.id) })
    expect((await settle(keys[0], { outcome: 'RETURNED' })).body).toMatchObject({ outcome: 'RETURNED', chargeCents: null, waiverReason: null })
    expect((await settle(keys[1], { outcome: 'LOST' })).body.outcome).toBe('LOST')
    expect((await settle(keys[2], { outcome: 'WAIVED', waiverReason: '  ' })).body.waiverReason).toBeNull()
    const still = await act('pm.hk', 'complete', id)
    expect(still.body.data.open.map((line: any) => [line.item, line.problem])).toEqual([
      ['Cards', 'NO_CHARGE'],
      ['Safe', 'NO_REASON']
    ])
    expect((await settle(keys[1], { chargeCents: -5 })).status).toBe(400)
    expect((await settle(keys[1], { chargeCents: 25_000 })).body).toMatchObject({ outcome: 'LOST', chargeCents: 25_000 })
    // Marked unsigned: the outcomes may still be recorded there, the schedule not.
    expect((await act('pm.hk', 'unsigned', id)).body.status).toBe('UNSIGNED')
    const item = await api('pm.hk', 'GET', `/hk/v1/hotb-schedule-items/${items[0].id}`)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb-schedule-items/${items[0].id}`, { condition: 'Worn', updatedAt: item.body.updatedAt })).status).toBe(409)
    expect((await settle(keys[2], { item: 'Safe box', outcome: 'WAIVED', waiverReason: 'x' })).status).toBe(409)
    expect((await settle(keys[2], { outcome: 'WAIVED', waiverReason: 'Safe left behind by the landlord' })).body.outcome).toBe('WAIVED')
    const completed = await act('pm.hk', 'complete', id)
    expect(completed.status).toBe(200)
    expect(completed.body.status).toBe('COMPLETED')
    expect(completed.body.actualDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('live events', () => {
  const connect = (username: string) => live.recordsOf(server, tokens[username], 'HK', 'hotb')

  it('reach the tenant once its record is scheduled, never before; staff hear every change; others nothing', async () => {
    const staff = await connect('pm.hk')
    const tenant = await connect('tenant.acme')
    const denied = [await connect('other'), await connect('subWithout'), await connect('vendor.alpha'), await connect('accounting.hk')]
    const created = await api('pm.hk', 'POST', '/hk/v1/hotb', { tenancyId: ids.acme, type: 'HANDOVER' })
    const id = created.body.id
    await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })
    await act('approver.hk', 'approve', id)
    await staff.until((data) => data.id === id && data.status === 'APPR')
    await act('pm.hk', 'arrange', id, { scheduledAt: '2027-04-01T09:00:00Z' })
    await tenant.until((data) => data.id === id && data.status === 'SCHEDULED')
    await staff.until((data) => data.id === id && data.status === 'SCHEDULED')
    expect(tenant.events.filter((data) => data.id === id).map((data) => data.status)).toEqual(['SCHEDULED'])
    // The event carries what the tenant reads: not who runs the record.
    expect(tenant.events.find((data) => data.id === id)).not.toHaveProperty('managedBy')
    for (const connection of denied) expect(connection.events.filter((data) => data.id === id)).toEqual([])
  })
})
