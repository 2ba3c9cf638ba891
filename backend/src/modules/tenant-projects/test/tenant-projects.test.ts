import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createTenantProject } from '../seeds/factories.js'

/*
 * Tenant projects over real HTTP on real PostgreSQL: a tenant creates one from its tenancy (the
 * floors its premises hold today; refused while floor information is missing or expired, when the
 * premises changed since the form opened, without the terms), moves it through the workflow with
 * staff, and the denials: another tenancy's tenant, a sub-account without TenantProject, vendors,
 * staff out of turn, a region with tenant projects off, a closed project, a stale write.
 */

let server: TestServer
const tokens: Record<string, string> = {}
let acmeTenancy: number
let otherTenancy: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)
/** A workflow action (POST with the method's name), on the version stored now. */
const act = async (user: string, action: string, id: number, body: Record<string, unknown> = {}) =>
  server.api(tokens[user], 'POST', '/hk/v1/tenant-projects', { id, updatedAt: await server.version('tenant-projects', id), ...body }, { 'x-service-method': action })

/** A tenant master account of `tenancyId` (a copy of tenant.acme moved there), and a sub-account of ACME with the perms given. */
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
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  otherTenancy = (
    await createTenancy(server.knex, {
      companyId: await tenantCompany(server.knex, uniqueName('Projects other')),
      tradeName: uniqueName('Other'),
      premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }]
    })
  ).id
  tokens.other = await tenantOf(otherTenancy)
  tokens.subWithout = await tenantOf(acmeTenancy, { userType: 621, tenancyPerms: [] })
  tokens.subWith = await tenantOf(acmeTenancy, { userType: 621, tenancyPerms: ['TenantProject'] })
})
afterAll(async () => {
  await server?.stop()
})

const draft = (tenancyId: number, fields: Record<string, unknown> = {}) => ({
  tenancyId,
  type: 'Fitout',
  projectName: uniqueName('Fit-out'),
  projectLocation: ['Main office'],
  isAccept: true,
  ...fields
})

describe('creating a tenant project', () => {
  it('takes the floors its tenancy’s premises hold today, as a draft available for work permits', async () => {
    const created = await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'DRAFT', tenancyId: otherTenancy, floors: ['10/F'], isAccept: true, availableForWorkPermits: true })
  })

  it('refuses another tenancy (403), vendors (403), a sub-account without TenantProject (403), and lets one with it', async () => {
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))).status).toBe(403)
    expect((await api('vendor.alpha', 'POST', '/hk/v1/tenant-projects', draft(acmeTenancy))).status).toBe(403)
    expect((await api('subWithout', 'POST', '/hk/v1/tenant-projects', draft(acmeTenancy))).status).toBe(403)
    expect((await api('subWith', 'POST', '/hk/v1/tenant-projects', draft(acmeTenancy))).status).toBe(201)
  })

  it('refuses a tenancy whose floor information is missing or expired, naming the building’s hotline (409)', async () => {
    const building = await server.knex('buildings').where({ region: 'HK', code: 'ES1' }).first('id', 'hotline')
    const hotline = building.hotline ?? ''
    for (const premises of [[], [{ floor: '10/F', effectiveDate: dayFromToday(-400), endDate: dayFromToday(-1) }]]) {
      const tenancy = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('No floors')), tradeName: uniqueName('NF'), premises })
      const token = await tenantOf(tenancy.id)
      const refused = await server.api(token, 'POST', '/hk/v1/tenant-projects', draft(tenancy.id))
      expect(refused.status).toBe(409)
      expect(refused.body.data).toMatchObject({ code: 'TENANT_PROJECT_FLOOR_INFO', hotline })
      expect(refused.body.message).toContain('hotline')
    }
  })

  it('asks for a refresh when the premises changed since the form read them (410), and refuses terms not accepted and floors not held (400)', async () => {
    const tenancy = await server.knex('tenancies').where({ id: otherTenancy }).first('updatedAt')
    const stale = new Date(new Date(tenancy.updatedAt).getTime() - 60_000).toISOString()
    const changed = await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy, { tenancyUpdatedAt: stale }))
    expect(changed.status).toBe(410)
    expect(changed.body.data.code).toBe('TENANT_PROJECT_PREMISES_CHANGED')
    expect((await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy, { tenancyUpdatedAt: new Date(tenancy.updatedAt).toISOString() }))).status).toBe(201)
    const terms = await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy, { isAccept: false }))
    expect(terms.status).toBe(400)
    expect(terms.body.data.code).toBe('TENANT_PROJECT_TERMS_NOT_ACCEPTED')
    const floors = await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy, { floors: ['10/F', '11/F'] }))
    expect(floors.status).toBe(400)
    expect(floors.body.data).toMatchObject({ code: 'TENANT_PROJECT_FLOOR_NOT_HELD', floors: '11/F' })
  })

  it('is off where the region has no tenant projects (404)', async () => {
    expect((await api('admin', 'GET', '/sg/v1/tenant-projects')).status).toBe(404)
  })
})

describe('reading tenant projects', () => {
  it('gives staff of the region every project, a tenant its own tenancy’s only, a vendor nothing', async () => {
    const name = uniqueName('Readers')
    const mine = await createTenantProject(server.knex, { tenancyId: otherTenancy, projectName: `${name} mine` })
    const acmes = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: `${name} ACME` })
    const listed = async (user: string) => {
      const { status, body } = await api(user, 'GET', `/hk/v1/tenant-projects?projectName[$ilike]=${encodeURIComponent(`%${name}%`)}`)
      expect(status).toBe(200)
      return body.data.map((row: any) => row.id)
    }
    for (const staff of ['admin', 'pm.hk', 'approver.hk']) expect(await listed(staff)).toEqual(expect.arrayContaining([mine.id, acmes.id]))
    expect(await listed('other')).toContain(mine.id)
    expect(await listed('other')).not.toContain(acmes.id)
    expect(await listed('tenant.acme')).not.toContain(mine.id)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenant-projects/${mine.id}`)).status).toBe(404)
    // Without TenantProject a sub-account reads only the projects whose accounts list it (tenant-project-people.test.ts): not this one.
    expect((await api('subWithout', 'GET', `/hk/v1/tenant-projects/${acmes.id}`)).status).toBe(404)
    expect((await api('subWith', 'GET', `/hk/v1/tenant-projects/${acmes.id}`)).status).toBe(200)
    expect((await api('vendor.alpha', 'GET', '/hk/v1/tenant-projects')).status).toBe(403)
  })

  it('filters by time (updated within a day, a week... a month) and by a fragment of the names', async () => {
    const name = uniqueName('Timed')
    const fresh = await createTenantProject(server.knex, { tenancyId: otherTenancy, projectName: `${name} fresh` })
    const old = await createTenantProject(server.knex, { tenancyId: otherTenancy, projectName: `${name} old`, updatedAt: new Date(Date.now() - 10 * 86_400_000) })
    const ids = async (query: string) => (await api('pm.hk', 'GET', `/hk/v1/tenant-projects?projectName[$ilike]=${encodeURIComponent(`%${name}%`)}&${query}`)).body.data.map((row: any) => row.id)
    expect(await ids('$since=week')).toEqual([fresh.id])
    expect((await ids('$since=twoWeeks')).sort()).toEqual([fresh.id, old.id].sort())
    expect((await ids('$since=all')).sort()).toEqual([fresh.id, old.id].sort())
    expect((await api('pm.hk', 'GET', '/hk/v1/tenant-projects?$since=year')).status).toBe(400)
  })
})

describe('the tenant project workflow', () => {
  it('is submitted by the tenant, accepted and completed by staff, each in turn', async () => {
    const { id } = (await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))).body
    expect((await act('pm.hk', 'accept', id)).status).toBe(409)
    expect((await act('pm.hk', 'submit', id)).status).toBe(403)
    expect((await act('other', 'submit', id)).body.status).toBe('SUBMITTED')
    expect((await act('other', 'accept', id)).status).toBe(403)
    expect((await act('approver.hk', 'accept', id)).status).toBe(403)
    // Readers who may not act learn 403 whatever version they send, never whether their copy is current.
    const stale = new Date(Date.parse(String(await server.version('tenant-projects', id))) - 1000).toISOString()
    expect((await act('other', 'accept', id, { updatedAt: stale })).status).toBe(403)
    expect((await act('approver.hk', 'accept', id, { updatedAt: stale })).status).toBe(403)
    expect((await act('pm.hk', 'accept', id, { updatedAt: stale })).status).toBe(410)
    expect((await act('tenant.acme', 'accept', id)).status).toBe(404)
    const accepted = await act('pm.hk', 'accept', id)
    expect(accepted.body).toMatchObject({ status: 'IN_PROGRESS', availableForWorkPermits: true })
    const completed = await act('pm.hk', 'complete', id)
    expect(completed.body).toMatchObject({ status: 'COMPLETED', availableForWorkPermits: false })
    expect((await act('other', 'withdraw', id, { reason: 'Too late' })).status).toBe(409)
  })

  it('is withdrawn by the tenant with a reason, then refuses every change with its status (409); only a draft is deleted', async () => {
    const { id, updatedAt } = (await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))).body
    expect((await act('other', 'withdraw', id)).status).toBe(400)
    const withdrawn = await act('other', 'withdraw', id, { reason: 'Lease not renewed' })
    expect(withdrawn.body).toMatchObject({ status: 'WITHDRAWN', statusReason: 'Lease not renewed', availableForWorkPermits: false })
    const patched = await api('other', 'PATCH', `/hk/v1/tenant-projects/${id}`, { projectName: 'Again', updatedAt: withdrawn.body.updatedAt })
    expect(patched.status).toBe(409)
    expect(patched.body.data).toMatchObject({ code: 'TENANT_PROJECT_CLOSED', status: 'WITHDRAWN' })
    expect((await api('other', 'DELETE', `/hk/v1/tenant-projects/${id}`)).status).toBe(409)
    expect(updatedAt).toBeDefined()

    const submitted = (await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))).body
    await act('other', 'submit', submitted.id)
    const refused = await api('other', 'DELETE', `/hk/v1/tenant-projects/${submitted.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('TENANT_PROJECT_NOT_DRAFT')
    const cancelled = await act('pm.hk', 'cancel', submitted.id, { reason: 'Works not approved' })
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', statusReason: 'Works not approved' })

    const kept = (await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))).body
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/tenant-projects/${kept.id}`)).status).toBe(404)
    expect((await api('other', 'DELETE', `/hk/v1/tenant-projects/${kept.id}`)).status).toBe(200)
    expect((await api('other', 'GET', `/hk/v1/tenant-projects/${kept.id}`)).status).toBe(404)
  })

  it('keeps what the second editor typed from overwriting the first: a stale save answers 410', async () => {
    const project = (await api('other', 'POST', '/hk/v1/tenant-projects', draft(otherTenancy))).body
    const first = await api('other', 'PATCH', `/hk/v1/tenant-projects/${project.id}`, { projectName: 'First', updatedAt: project.updatedAt })
    expect(first.status).toBe(200)
    const second = await api('pm.hk', 'PATCH', `/hk/v1/tenant-projects/${project.id}`, { projectName: 'Second', updatedAt: project.updatedAt })
    expect(second.status).toBe(410)
    expect((await api('pm.hk', 'GET', `/hk/v1/tenant-projects/${project.id}`)).body.projectName).toBe('First')
  })

  it('follows its tenancy’s renaming in the list', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: otherTenancy, projectName: uniqueName('Renamed') })
    const tradeName = uniqueName('New trade')
    await server.knex('tenancies').where({ id: otherTenancy }).update({ tradeName })
    expect((await api('pm.hk', 'GET', `/hk/v1/tenant-projects/${project.id}`)).body.tradeName).toBe(tradeName)
  })
})

describe('the spec’s tenant_projects calls', () => {
  it('create, read, list, edit, move by status and delete through the service, with its rules', async () => {
    const created = await api('other', 'POST', '/hk/v1/tenant_projects', draft(otherTenancy))
    expect(created.status).toBe(201)
    const { id } = created.body
    expect((await api('other', 'GET', `/hk/v1/tenant_projects/${id}/status`)).body).toEqual({ id, status: 'DRAFT' })
    const listed = await api('other', 'GET', `/hk/v1/tenant_projects/all?id=${id}`)
    expect(listed.body).toMatchObject({ total: 1, count: 1 })
    const edited = await api('other', 'PUT', `/hk/v1/tenant_projects/${id}`, { projectName: 'Renamed by PUT', updatedAt: created.body.updatedAt })
    expect(edited.body.projectName).toBe('Renamed by PUT')
    // PATCH {status}: the workflow's action leading there, with its rules (staff do not submit a tenant's project).
    expect((await api('pm.hk', 'PATCH', `/hk/v1/tenant_projects/${id}`, { status: 'SUBMITTED', updatedAt: edited.body.updatedAt })).status).toBe(403)
    const submitted = await api('other', 'PATCH', `/hk/v1/tenant_projects/${id}`, { status: 'SUBMITTED', updatedAt: edited.body.updatedAt })
    expect(submitted.body.status).toBe('SUBMITTED')
    expect((await api('other', 'DELETE', `/hk/v1/tenant_projects/${id}`)).status).toBe(409)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenant_projects/${id}`)).status).toBe(404)
  })
})
