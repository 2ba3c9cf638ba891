import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTenancy, createTenancyAccount, tenantCompany, uniqueName } from '../seeds/factories.js'

/*
 * The tenant dashboard's one call, GET tenant-tasks, over real HTTP on real PostgreSQL (issue 11
 * item 9): what each tenant must do, within its rights only. A company with three tenancies (one
 * with stale contacts, one confirmed, one inactive), its master account, a sub-admin, a
 * TenantProject-only sub-account and two open invitations (one expired); another company's master.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()
const DAY = 86_400_000

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const tasks = (user: string) => api(user, 'GET', '/hk/v1/tenant-tasks')

async function signedIn(name: string, tenancyId: number, tenancyPerms: string[], userType: number, passwordHash: string) {
  const created = await createTenancyAccount(server.knex, { tenancyId, username: `${name}.${Date.now()}`, tenancyPerms, passwordHash, userType })
  if (userType === 601) {
    const group = await server.knex('security_groups').where({ name: 'Tenant Admin' }).first('id')
    await server.knex('user_groups').insert({ userId: created.id, region: 'HK', groupId: group.id })
  }
  ids[name] = created.id
  tokens[name] = (await server.login(created.username)).accessToken
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  const { password } = await server.knex('users').where({ username: 'tenant.acme' }).first('password')
  const company = await tenantCompany(server.knex, uniqueName('Tasks Co'))
  ids.stale = (await createTenancy(server.knex, { companyId: company, tradeName: uniqueName('Stale') })).id
  ids.confirmed = (await createTenancy(server.knex, { companyId: company, tradeName: uniqueName('Fresh'), extra: { confirmedAt: new Date(), confirmor: 'Someone' } })).id
  ids.inactive = (await createTenancy(server.knex, { companyId: company, tradeName: uniqueName('Closed'), status: 'INACTIVE' })).id
  await signedIn('master', ids.stale, [], 601, password)
  await signedIn('subadmin', ids.stale, ['SubAdmin', 'TenancyRecord'], 621, password)
  await signedIn('project', ids.stale, ['TenantProject'], 621, password)
  ids.invited = (await createTenancyAccount(server.knex, { tenancyId: ids.stale, displayName: 'Invited Today' })).id
  ids.expired = (await createTenancyAccount(server.knex, { tenancyId: ids.stale, displayName: 'Invited Long Ago', invitedAt: new Date(Date.now() - 10 * DAY) })).id
  const other = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Other Tasks Co')), tradeName: uniqueName('Elsewhere') })
  ids.otherTenancy = other.id
  await signedIn('other', other.id, [], 601, password)
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('GET tenant-tasks', () => {
  it('gives the master account its company’s stale contacts, its tenancy’s open invitations and its tenancy records', async () => {
    const { status, body } = await tasks('master')
    expect(status).toBe(200)
    // The confirmed and the inactive tenancy need nothing; the other company's never shows.
    expect(body.contacts).toMatchObject({ count: 1, days: 180, items: [{ tenancyId: ids.stale, confirmedAt: null, buildingCode: 'ES1' }] })
    expect(body.invitations.count).toBe(2)
    expect(body.invitations.expired).toBe(1)
    expect(body.invitations.items.map((item: any) => [item.id, item.expired])).toEqual([
      [ids.expired, true],
      [ids.invited, false]
    ])
    expect(body.invitations.items[0]).not.toHaveProperty('password')
    expect(body.tenancies.count).toBe(3)
    expect(body.tenancies.items.map((item: any) => item.id).sort()).toEqual([ids.stale, ids.confirmed, ids.inactive].sort())
  })

  it('gives a sub-admin with TenancyRecord its own tenancy only, with the invitations it manages', async () => {
    const { status, body } = await tasks('subadmin')
    expect(status).toBe(200)
    expect(body.contacts.items.map((item: any) => item.tenancyId)).toEqual([ids.stale])
    expect(body.invitations.count).toBe(2)
    expect(body.tenancies).toMatchObject({ count: 1, items: [{ id: ids.stale }] })
  })

  it('gives a TenantProject-only sub-account no contacts, invitations or tenancy part', async () => {
    const { status, body } = await tasks('project')
    expect(status).toBe(200)
    expect(body).toEqual({ contacts: null, invitations: null, tenancies: null })
  })

  it('gives another tenancy’s master its own tasks and nothing of the first company', async () => {
    const { body } = await tasks('other')
    expect(body.contacts.items.map((item: any) => item.tenancyId)).toEqual([ids.otherTenancy])
    expect(body.invitations).toEqual({ count: 0, expired: 0, items: [] })
    expect(body.tenancies).toMatchObject({ count: 1, items: [{ id: ids.otherTenancy }] })
  })

  it('refuses vendors, staff and anonymous callers, and any filter', async () => {
    expect((await tasks('vendor.alpha')).status).toBe(403)
    expect((await tasks('admin')).status).toBe(403)
    expect((await server.api(null, 'GET', '/hk/v1/tenant-tasks')).status).toBe(401)
    expect((await api('master', 'GET', '/hk/v1/tenant-tasks?tenancyId=1')).status).toBe(400)
  })

  it('drops the contacts task once the tenant confirms them, and tells the master account’s open dashboard live', async () => {
    const master = await live.connect(server, tokens.master, 'HK', ['tenancies'])
    const other = await live.connect(server, tokens.other, 'HK', ['tenancies'])
    const confirmed = await api('subadmin', 'POST', '/hk/v1/tenancy-contacts', { tenancyId: ids.stale }, { 'x-service-method': 'confirm' })
    expect(confirmed.status).toBe(200)
    expect((await tasks('master')).body.contacts).toMatchObject({ count: 0, items: [] })
    await master.until((event) => event.data.id === ids.stale && event.data.confirmedAt != null)
    expect(other.events.filter((event) => event.data.id === ids.stale)).toEqual([])
    await server.knex('tenancies').where({ id: ids.stale }).update({ confirmedAt: null, confirmor: null, confirmedBy: null })
  })

  it('tells the tenancy’s managers live when a sub-account is invited and when it takes the invitation up; nobody of another tenancy', async () => {
    const master = await live.connect(server, tokens.master, 'HK', ['tenancy-accounts'])
    const other = await live.connect(server, tokens.other, 'HK', ['tenancy-accounts'])
    const email = `live.${Date.now()}@example.com`
    const invited = await api('master', 'POST', '/hk/v1/tenancy-accounts', { email, displayName: 'Live Sub', tenancyPerms: ['TenantProject'] })
    expect(invited.status).toBe(201)
    await master.until((event) => event.data.id === invited.body.id && event.data.status === 'INVITED')
    expect((await tasks('master')).body.invitations.count).toBe(3)

    const mail = await server
      .knex('mail_messages')
      .where({ template: 'account.invite' })
      .whereRaw('"to" @> ?::jsonb', [JSON.stringify([email])])
      .orderBy('id', 'desc')
      .first()
    const token = decodeURIComponent(/\/pub\/resetpwd\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1])
    expect((await server.api(null, 'PATCH', `/v1/password-resets/${token}`, { password: 'Accepted#2026x' })).status).toBe(200)
    await master.until((event) => event.data.id === invited.body.id && event.data.status === 'ACTIVE')
    expect((await tasks('master')).body.invitations.count).toBe(2)
    expect(other.events.filter((event) => event.data.id === invited.body.id)).toEqual([])
  })
})
