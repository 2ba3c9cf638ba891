import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createTenantProject, createTenantProjectAccount, createTenantProjectContractor } from '../seeds/factories.js'

/*
 * A tenant project's people over real HTTP on real PostgreSQL (issue 29 item 3; spec §3, §5, §6,
 * §7): the accounts (invite with the platform's invitation mail and one-time link, confirmation for
 * an existing tenancy user, one main contractor), who reads a project (staff of the region, the
 * tenancy's TenantProject accounts, the users its accounts list, nobody else), the contractor rows
 * (the spec's rules, E.164 mobiles, OTHER last, the set valid only if every row is, refused with
 * external systems), and every denial: another tenant, a sub-account without TenantProject, a
 * contractor not on the project, staff of another region, a closed project, a stale write.
 */

let server: TestServer
const tokens: Record<string, string> = {}
let acmeTenancy: number
let otherTenancy: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)
const call = (user: string, path: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', path, body, { 'x-service-method': method })

/** A copy of `like` moved to `tenancyId`, with the user type and perms given (no groups for a sub-account). */
async function tenantOf(tenancyId: number, { userType, tenancyPerms, like = 'tenant.acme' }: { userType?: number; tenancyPerms?: string[]; like?: string } = {}) {
  const account = await createTestAccount(server.knex, { like })
  await server
    .knex('users')
    .where({ id: account.id })
    .update({ tenancyId, ...(userType ? { userType } : {}), ...(tenancyPerms ? { tenancyPerms: JSON.stringify(tenancyPerms) } : {}) })
  if (userType) await server.knex('user_groups').where({ userId: account.id }).delete()
  return { id: account.id as number, username: account.username as string, token: (await server.login(account.username)).accessToken as string }
}

/** The one-time link of the newest invitation mail to an address (the mail outbox), as its token. */
async function invitationToken(address: string) {
  let text = ''
  await expect
    .poll(async () => {
      const mail = await server
        .knex('mail_messages')
        .where({ template: 'account.invite' })
        .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
        .orderBy('id', 'desc')
        .first()
      text = mail?.text ?? ''
      return text
    })
    .toMatch(/\/pub\/resetpwd/)
  return new URL(/https?:\/\/\S+\/pub\/resetpwd\S*/.exec(text)![0]).searchParams.get('token')!
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha', 'contractor.acme']) tokens[name] = (await server.login(name)).accessToken
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  otherTenancy = (
    await createTenancy(server.knex, {
      companyId: await tenantCompany(server.knex, uniqueName('People other')),
      tradeName: uniqueName('Other'),
      premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }]
    })
  ).id
  tokens.other = (await tenantOf(otherTenancy)).token
  tokens.subWithout = (await tenantOf(acmeTenancy, { userType: 621, tenancyPerms: [] })).token
  tokens.subWith = (await tenantOf(acmeTenancy, { userType: 621, tenancyPerms: ['TenantProject'] })).token
  // Staff of another region: a project manager whose groups are Singapore's only.
  const sg = await createTestAccount(server.knex, { like: 'pm.hk' })
  await server
    .knex('users')
    .where({ id: sg.id })
    .update({ regions: ['SG'], defaultRegion: 'SG' })
  await server.knex('user_groups').where({ userId: sg.id }).update({ region: 'SG' })
  tokens.pmSg = (await server.login(sg.username)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const person = (fields: Record<string, unknown> = {}) => ({
  email: `${uniqueName('main')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}@contractor.example.com`,
  contactFirstName: 'Kelvin',
  contactLastName: 'Chan',
  phone: '9123 4567',
  accessType: 'CONTRACTOR',
  isContractorAdmin: true,
  ...fields
})

describe('inviting the main contractor', () => {
  it('mails a one-time link; the contractor signs in with it and reads this project only, with its people', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Invited'), status: 'SUBMITTED' })
    const otherOfTenancy = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Not theirs') })
    const invited = person()
    const created = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...invited })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ projectId: project.id, email: invited.email, accessType: 'CONTRACTOR', isContractorAdmin: true, phone: '+85291234567' })
    expect(created.body.invitedAt).toBeTruthy()
    expect(created.body.userId).toBeGreaterThan(0)
    const user = await server.knex('users').where({ id: created.body.userId }).first('userType', 'tenancyId')
    expect(user).toMatchObject({ userType: 662, tenancyId: acmeTenancy })

    const token = await invitationToken(invited.email)
    expect((await server.api(null, 'PATCH', `/v1/password-resets/${token}`, { password: 'Welcome#2026x' })).status).toBe(200)
    // One time: the link does not set a password twice.
    expect((await server.api(null, 'PATCH', `/v1/password-resets/${token}`, { password: 'Another#2026x' })).status).toBeGreaterThanOrEqual(400)
    tokens.invited = (await server.login(invited.email, 'Welcome#2026x')).accessToken

    const listed = await api('invited', 'GET', '/hk/v1/tenant-projects?$limit=100')
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((row: any) => row.id)).toEqual([project.id])
    expect((await api('invited', 'GET', `/hk/v1/tenant-projects/${project.id}`)).status).toBe(200)
    expect((await api('invited', 'GET', `/hk/v1/tenant-projects/${otherOfTenancy.id}`)).status).toBe(404)
    const accounts = await api('invited', 'GET', `/hk/v1/tenant-project-accounts?projectId=${project.id}`)
    expect(accounts.body.data.map((row: any) => row.email)).toEqual([invited.email])
    expect((await api('invited', 'GET', `/hk/v1/tenant-project-accounts?projectId=${otherOfTenancy.id}`)).body.data).toEqual([])
    // A listed contractor reads; it does not change the project or its people.
    expect((await api('invited', 'PATCH', `/hk/v1/tenant-project-accounts/${created.body.id}`, { contactLastName: 'X', updatedAt: created.body.updatedAt })).status).toBe(403)
    expect((await api('invited', 'PATCH', `/hk/v1/tenant-projects/${project.id}`, { projectName: 'X', updatedAt: await server.version('tenant-projects', project.id) })).status).toBe(403)
    expect((await api('invited', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person({ isContractorAdmin: false }) })).status).toBe(403)

    // Taken off the project, it reads nothing any more.
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/tenant-project-accounts/${created.body.id}`)).status).toBe(200)
    expect((await api('invited', 'GET', `/hk/v1/tenant-projects/${project.id}`)).status).toBe(404)
    expect((await api('invited', 'GET', '/hk/v1/tenant-projects')).body.data).toEqual([])
  })

  it('asks to confirm an e-mail that is already a user of the tenancy (409), then lists that user', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Confirm') })
    const existing = await server.knex('users').where({ username: 'contractor.acme' }).first('id', 'email')
    const body = { projectId: project.id, ...person({ email: existing.email }) }
    const asked = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', body)
    expect(asked.status).toBe(409)
    expect(asked.body.data).toMatchObject({ code: 'TENANT_PROJECT_ACCOUNT_CONFIRM', email: existing.email })
    expect(asked.body.message).toContain('already a user of this tenancy')
    const confirmed = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { ...body, confirm: true })
    expect(confirmed.status).toBe(201)
    expect(confirmed.body.userId).toBe(existing.id)
    expect((await api('contractor.acme', 'GET', `/hk/v1/tenant-projects/${project.id}`)).status).toBe(200)
    // The same e-mail twice on one project, and a user of another tenancy, are refused.
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { ...body, confirm: true })).body.data.code).toBe('TENANT_PROJECT_ACCOUNT_EXISTS')
    const outsider = await server.knex('users').where({ username: 'vendor.alpha' }).first('email')
    const taken = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person({ email: outsider.email, isContractorAdmin: false }) })
    expect(taken.status).toBe(409)
    expect(taken.body.data.code).toBe('TENANT_PROJECT_ACCOUNT_EMAIL_TAKEN')
  })

  it('keeps one main contractor per project (409), a tenant account never one (400), and a stale save answers 410', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('One main') })
    const first = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person() })
    expect(first.status).toBe(201)
    const second = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person() })
    expect(second.status).toBe(409)
    expect(second.body.data.code).toBe('TENANT_PROJECT_MAIN_CONTRACTOR_EXISTS')
    const tenantAdmin = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person({ accessType: 'TENANT' }) })
    expect(tenantAdmin.status).toBe(400)
    const badPhone = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person({ isContractorAdmin: false, phone: '12' }) })
    expect(badPhone.body.data).toMatchObject({ code: 'TENANT_PROJECT_PHONE_INVALID', field: 'phone' })
    const helper = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person({ isContractorAdmin: false, accessType: 'TENANT' }) })
    expect(helper.status).toBe(201)
    const promoted = await api('pm.hk', 'PATCH', `/hk/v1/tenant-project-accounts/${helper.body.id}`, { accessType: 'CONTRACTOR', isContractorAdmin: true, updatedAt: helper.body.updatedAt })
    expect(promoted.body.data.code).toBe('TENANT_PROJECT_MAIN_CONTRACTOR_EXISTS')
    const edited = await api('pm.hk', 'PATCH', `/hk/v1/tenant-project-accounts/${first.body.id}`, { altPhone: '+852 2123 4567', updatedAt: first.body.updatedAt })
    expect(edited.status).toBe(200)
    expect(edited.body.altPhone).toBe('+85221234567')
    const stale = await api('tenant.acme', 'PATCH', `/hk/v1/tenant-project-accounts/${first.body.id}`, { contactFirstName: 'Late', updatedAt: first.body.updatedAt })
    expect(stale.status).toBe(410)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/tenant-project-accounts/${first.body.id}`, { contactFirstName: 'Late' })).status).toBe(428)
    // Sent again only while the invitation has not been taken up.
    const again = await call('tenant.acme', '/hk/v1/tenant-project-accounts', 'invite', { id: first.body.id, updatedAt: edited.body.updatedAt })
    expect(again.status).toBe(200)
    expect(again.body.invitedAt).toBeTruthy()
  })
})

describe('who reads and writes a project’s people', () => {
  it('gives staff of the region and the tenancy’s TenantProject accounts the project and its people; nobody else', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Readers'), status: 'IN_PROGRESS' })
    const account = await createTenantProjectAccount(server.knex, {
      projectId: project.id,
      email: `${uniqueName('r')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}@x.example.com`
    })
    const row = await createTenantProjectContractor(server.knex, { projectId: project.id })
    for (const reader of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'subWith']) {
      expect((await api(reader, 'GET', `/hk/v1/tenant-projects/${project.id}`)).status, reader).toBe(200)
      expect((await api(reader, 'GET', `/hk/v1/tenant-project-accounts/${account.id}`)).status, reader).toBe(200)
      expect(
        (await api(reader, 'GET', `/hk/v1/tenant-project-contractors?projectId=${project.id}`)).body.data.map((one: any) => one.id),
        reader
      ).toEqual([row.id])
    }
    // Another tenant, a sub-account without TenantProject, a contractor of the tenancy not on the project: not found.
    for (const outsider of ['other', 'subWithout', 'contractor.acme']) {
      expect((await api(outsider, 'GET', `/hk/v1/tenant-projects/${project.id}`)).status, outsider).toBe(404)
      expect((await api(outsider, 'GET', `/hk/v1/tenant-project-accounts/${account.id}`)).status, outsider).toBe(404)
      expect((await api(outsider, 'GET', `/hk/v1/tenant-project-contractors/${row.id}`)).status, outsider).toBe(404)
      expect((await api(outsider, 'GET', `/hk/v1/tenant-project-accounts?projectId=${project.id}`)).body.data, outsider).toEqual([])
      const write = await api(outsider, 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person({ isContractorAdmin: false }) })
      expect(write.status, outsider).toBe(404)
    }
    // A vendor has no tenant project rule at all (403 first); staff of another region do not reach Hong Kong's.
    expect((await api('vendor.alpha', 'GET', '/hk/v1/tenant-project-accounts')).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/tenant-project-contractors/${row.id}`)).status).toBe(403)
    expect((await api('pmSg', 'GET', `/hk/v1/tenant-project-accounts/${account.id}`)).status).toBeGreaterThanOrEqual(403)
    expect((await api('pmSg', 'GET', `/hk/v1/tenant-projects/${project.id}`)).status).toBeGreaterThanOrEqual(403)
    // Read only: the approver reads the people and changes nothing.
    const refused = await api('approver.hk', 'PATCH', `/hk/v1/tenant-project-contractors/${row.id}`, { lastName: 'X', updatedAt: new Date(row.updatedAt).toISOString() })
    expect(refused.status).toBe(403)
  })

  it('refuses every change of a closed project’s people with its status (409)', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Closed'), status: 'WITHDRAWN' })
    const account = await createTenantProjectAccount(server.knex, { projectId: project.id, email: 'closed@x.example.com' })
    const added = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...person() })
    expect(added.status).toBe(409)
    expect(added.body.data).toMatchObject({ code: 'TENANT_PROJECT_CLOSED', status: 'WITHDRAWN' })
    expect((await api('pm.hk', 'PATCH', `/hk/v1/tenant-project-accounts/${account.id}`, { contactLastName: 'X', updatedAt: new Date(account.updatedAt).toISOString() })).body.data.code).toBe(
      'TENANT_PROJECT_CLOSED'
    )
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/tenant-project-accounts/${account.id}`)).status).toBe(409)
    const rows = await call('tenant.acme', '/hk/v1/tenant-project-contractors', 'replace', { projectId: project.id, rows: [] })
    expect(rows.body.data.code).toBe('TENANT_PROJECT_CLOSED')
  })
})

describe('a project’s contractor rows', () => {
  const row = (fields: Record<string, unknown> = {}) => ({
    firstName: 'Kelvin',
    lastName: 'Chan',
    contractorType: 'MAIN',
    companyName: 'Chan Builders',
    mobile: '9123 4567',
    userAccount: '',
    officeTel: '',
    ...fields
  })

  it('are checked by the spec’s rules, stored with E.164 mobiles and listed with OTHER last', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Rows') })
    const invalid = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row({ userAccount: 'not-an-email', firstName: ' ', mobile: 'abc' }) })
    expect(invalid.status).toBe(400)
    expect(invalid.body.data.fields).toEqual(['userAccount', 'firstName', 'mobile'])
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row({ contractorType: 'PLUMBER' }) })).body.data.fields).toEqual(['contractorType'])
    const other = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row({ contractorType: 'OTHER', lastName: 'Aaron' }) })
    expect(other.status).toBe(201)
    const main = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row({ userAccount: 'Main@Chan.example.com' }) })
    expect(main.body).toMatchObject({ mobile: '+85291234567', userAccount: 'main@chan.example.com', officeTel: null })
    const electrical = await api('pm.hk', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row({ contractorType: 'ELECTRICAL', mobile: '+852 6123 4567' }) })
    expect(electrical.status).toBe(201)
    const listed = await api('tenant.acme', 'GET', `/hk/v1/tenant-project-contractors?projectId=${project.id}`)
    expect(listed.body.data.map((one: any) => one.contractorType)).toEqual(['MAIN', 'ELECTRICAL', 'OTHER'])
    // A stale save answers 410; the spec's GET project_contractors/{projectId} is the same list.
    const edited = await api('tenant.acme', 'PATCH', `/hk/v1/tenant-project-contractors/${main.body.id}`, { companyName: 'Chan Builders Ltd', updatedAt: main.body.updatedAt })
    expect(edited.status).toBe(200)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/tenant-project-contractors/${main.body.id}`, { companyName: 'Late', updatedAt: main.body.updatedAt })).status).toBe(410)
    expect((await api('tenant.acme', 'GET', `/hk/v1/project_contractors/${project.id}`)).body.map((one: any) => one.contractorType)).toEqual(['MAIN', 'ELECTRICAL', 'OTHER'])
  })

  it('replace the whole set only when every row is valid, and refuse edits when the project has external systems', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Set') })
    await createTenantProjectContractor(server.knex, { projectId: project.id })
    const refused = await call('tenant.acme', '/hk/v1/tenant-project-contractors', 'replace', { projectId: project.id, rows: [row(), row({ mobile: '' })] })
    expect(refused.status).toBe(400)
    expect(refused.body.data.rows).toEqual([{ row: 1, fields: ['mobile'] }])
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenant-project-contractors?projectId=${project.id}`)).body.data).toHaveLength(1)
    const replaced = await server.api(tokens['tenant.acme'], 'PUT', `/hk/v1/project_contractors/${project.id}`, {
      rows: [row({ contractorType: 'OTHER' }), row({ contractorType: 'SECURITY' })],
      domain: 'TMS'
    })
    expect(replaced.status).toBeLessThan(300)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenant-project-contractors?projectId=${project.id}`)).body.data.map((one: any) => one.contractorType)).toEqual(['SECURITY', 'OTHER'])
    // Only staff set the external systems flag (a tenant's own grant writes the project's information).
    const version = await server.version('tenant-projects', project.id)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/tenant-projects/${project.id}`, { hasExternalSystems: true, updatedAt: version })).status).toBe(403)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/tenant-projects/${project.id}`, { hasExternalSystems: true, updatedAt: version })).body.hasExternalSystems).toBe(true)
    const blocked = await call('tenant.acme', '/hk/v1/tenant-project-contractors', 'replace', { projectId: project.id, rows: [row()] })
    expect(blocked.status).toBe(409)
    expect(blocked.body.data.code).toBe('TENANT_PROJECT_EXTERNAL_SYSTEMS')
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row() })).body.data.code).toBe('TENANT_PROJECT_EXTERNAL_SYSTEMS')
  })

  it('are refused to another tenant, a sub-account without TenantProject and a listed contractor', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Rows denied') })
    const contractor = await server.knex('users').where({ username: 'contractor.acme' }).first('id', 'email')
    await createTenantProjectAccount(server.knex, { projectId: project.id, email: contractor.email, userId: contractor.id })
    for (const [caller, status] of [
      ['other', 404],
      ['subWithout', 404],
      ['contractor.acme', 403]
    ] as const) {
      expect((await api(caller, 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row() })).status, caller).toBe(status)
    }
    expect((await api('subWith', 'POST', '/hk/v1/tenant-project-contractors', { projectId: project.id, ...row() })).status).toBe(201)
  })
})

describe('odd requests and the spec’s invite', () => {
  it('answers ids that are not records with 404 or 400, never a server error', async () => {
    for (const path of ['tenant-project-accounts', 'tenant-project-contractors']) {
      for (const id of ['abc', '0', '99999999999', '2147483647']) {
        const read = await api('tenant.acme', 'GET', `/hk/v1/${path}/${id}`)
        expect([400, 404], `${path}/${id} ${read.status}`).toContain(read.status)
        const write = await api('tenant.acme', 'PATCH', `/hk/v1/${path}/${id}`, { updatedAt: new Date().toISOString() })
        expect([400, 404], `${path}/${id} ${write.status}`).toContain(write.status)
      }
    }
    expect((await call('tenant.acme', '/hk/v1/tenant-project-accounts', 'invite', { id: 2147483647, updatedAt: new Date().toISOString() })).status).toBe(404)
    expect((await call('tenant.acme', '/hk/v1/tenant-project-contractors', 'replace', { projectId: 2147483647, rows: [] })).status).toBe(404)
  })

  it('sends the main contractor’s invitation again through POST tenant_projects/{id}/invite, as the service rules it', async () => {
    const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Spec invite') })
    const invited = person()
    const created = await api('tenant.acme', 'POST', '/hk/v1/tenant-project-accounts', { projectId: project.id, ...invited })
    expect(created.status).toBe(201)
    expect((await api('other', 'POST', `/hk/v1/tenant_projects/${project.id}/invite`, {})).status).toBe(404)
    const again = await api('tenant.acme', 'POST', `/hk/v1/tenant_projects/${project.id}/invite`, {})
    expect(again.status).toBeLessThan(300)
    await expect
      .poll(async () =>
        Number(
          (
            await server
              .knex('mail_messages')
              .where({ template: 'account.invite' })
              .whereRaw('"to" @> ?::jsonb', [JSON.stringify([invited.email])])
              .count('* as count')
          )[0].count
        )
      )
      .toBe(2)
  })
})
