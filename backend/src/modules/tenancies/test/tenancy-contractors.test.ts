import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTenancy, createTenancyAccount, tenantCompany, uniqueName } from '../seeds/factories.js'

/*
 * A tenancy's contractors over real HTTP on real PostgreSQL (spec §3, §5, §7, §9): the row rules
 * the browser applies are applied again (400); rows list by type with OTHER last; invite makes the
 * user account the tenancy's contractor through the users service's invitation; another tenancy,
 * a vendor and a sub-account without the right are refused.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const row = (extra: Record<string, unknown> = {}) => ({ userAccount: '', firstName: 'Ken', lastName: 'Ho', contractorType: 'AC', companyName: 'Cool Air Ltd', mobile: '+852 9000 1111', ...extra })
const version = async (id: number) => (await server.knex('tenancy_contractors').where({ id }).first('updatedAt')).updatedAt

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'tenant.acme', 'vendor.alpha', 'project.acme', 'contractor.acme']) tokens[name] = (await server.login(name)).accessToken
  const acme = await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId', 'password')
  ids.acme = acme.tenancyId
  const other = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Other Co')), tradeName: uniqueName('Other') })
  ids.other = other.id
  const sub = await createTenancyAccount(server.knex, { tenancyId: acme.tenancyId, username: `swp.${Date.now()}`, tenancyPerms: ['StandaloneWorkPermits'], passwordHash: acme.password })
  tokens.swp = (await server.login(sub.username)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('tenancy contractors', () => {
  it('lists the demo’s main contractor to the master account, by type with OTHER last', async () => {
    for (const [contractorType, lastName] of [
      ['OTHER', 'Aaron'],
      ['SECURITY', 'Sec'],
      ['AC', 'Air']
    ]) {
      expect((await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row({ contractorType, lastName }))).status).toBe(201)
    }
    const { status, body } = await api('tenant.acme', 'GET', '/hk/v1/tenancy-contractors')
    expect(status).toBe(200)
    const types = body.data.map((contractor: any) => contractor.contractorType)
    expect(types[0]).toBe('MAIN')
    expect(types[types.length - 1]).toBe('OTHER')
    expect(types.indexOf('AC')).toBeLessThan(types.indexOf('SECURITY'))
    expect(body.data[0]).toMatchObject({ firstName: 'Connie', userAccount: 'contractor.acme@example.com', tenancyId: ids.acme })
  })

  it('applies the row rules again on the server (400 naming the fields)', async () => {
    const bad = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row({ userAccount: 'not-an-email', firstName: ' ', mobile: '12ab' }))
    expect(bad.status).toBe(400)
    expect(bad.body.data).toMatchObject({ code: 'CONTRACTOR_ROW_INVALID', fields: ['userAccount', 'firstName', 'mobile'] })
    const created = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row({ officeTel: 'ext. 12' }))
    expect(created.status).toBe(201)
    const patched = await api('tenant.acme', 'PATCH', `/hk/v1/tenancy-contractors/${created.body.id}`, { mobile: '', updatedAt: created.body.updatedAt })
    expect(patched.status).toBe(400)
    expect((await server.knex('tenancy_contractors').where({ id: created.body.id }).first('mobile')).mobile).toBe('+852 9000 1111')
  })

  it('invites the row’s user account as the tenancy’s contractor, with the users service’s invitation mail', async () => {
    const email = `ken.${Date.now()}@example.com`
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row())).status).toBe(201)
    const created = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row({ userAccount: email }))
    const noAccount = (await api('tenant.acme', 'GET', '/hk/v1/tenancy-contractors')).body.data.find((contractor: any) => !contractor.userAccount)
    const missing = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', { id: noAccount.id, updatedAt: noAccount.updatedAt }, { 'x-service-method': 'invite' })
    expect(missing.status).toBe(400)
    expect(missing.body.data.code).toBe('CONTRACTOR_ACCOUNT_MISSING')
    const invited = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', { id: created.body.id, updatedAt: created.body.updatedAt }, { 'x-service-method': 'invite' })
    expect(invited.status).toBe(200)
    expect(invited.body.lastInviteAt).toBeTruthy()
    const user = await server.knex('users').where({ id: invited.body.userId }).first()
    expect(user).toMatchObject({ username: email, userType: 662, tenancyId: ids.acme, domain: 'TMS' })
    const mails = await server
      .knex('mail_messages')
      .where({ template: 'account.invite' })
      .whereRaw('"to" @> ?::jsonb', [JSON.stringify([email])])
    expect(mails).toHaveLength(1)
    // Again: the same account, a second mail.
    const again = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', { id: created.body.id, updatedAt: invited.body.updatedAt }, { 'x-service-method': 'invite' })
    expect(again.status).toBe(200)
    expect(again.body.userId).toBe(user.id)
    expect(
      await server
        .knex('mail_messages')
        .where({ template: 'account.invite' })
        .whereRaw('"to" @> ?::jsonb', [JSON.stringify([email])])
    ).toHaveLength(2)
  })

  it('refuses vendors, contractors and sub-accounts without the right; another tenancy’s rows are not found', async () => {
    for (const user of ['vendor.alpha', 'project.acme', 'contractor.acme']) {
      expect((await api(user, 'GET', '/hk/v1/tenancy-contractors')).status, user).toBe(403)
      expect((await api(user, 'POST', '/hk/v1/tenancy-contractors', row())).status, user).toBe(403)
    }
    // StandaloneWorkPermits reads the contractors (to pick one for a permit) and changes nothing.
    expect((await api('swp', 'GET', '/hk/v1/tenancy-contractors')).status).toBe(200)
    expect((await api('swp', 'POST', '/hk/v1/tenancy-contractors', row())).status).toBe(403)
    const theirs = await api('admin', 'POST', '/hk/v1/tenancy-contractors', row({ tenancyId: ids.other }))
    expect(theirs.status).toBe(201)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancy-contractors/${theirs.body.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancy-contractors?tenancyId=${ids.other}`)).status).toBe(404)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/tenancy-contractors/${theirs.body.id}`, { firstName: 'X', updatedAt: await version(theirs.body.id) })).status).toBe(404)
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/tenancy-contractors/${theirs.body.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row({ tenancyId: ids.other }))).status).toBe(404)
    expect(await server.knex('tenancy_contractors').where({ id: theirs.body.id }).first()).toMatchObject({ firstName: 'Ken' })
    // The master removes its own.
    const own = await api('tenant.acme', 'POST', '/hk/v1/tenancy-contractors', row())
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/tenancy-contractors/${own.body.id}`)).status).toBe(200)
  })
})
