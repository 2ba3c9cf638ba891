import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTenancy, createTenancyAccount, tenantCompany, uniqueName } from '../seeds/factories.js'

/*
 * A tenancy's accounts over real HTTP on real PostgreSQL (spec §3, §5, §6, §7): the master
 * account and its sub-admins manage their own tenancy's accounts and nothing else; nobody gives
 * perms they lack; a vendor, a sub-account without SubAdmin, another tenancy are refused;
 * invitations reuse the users service's mail and token; 428 for someone already a tenancy user.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
let passwordHash: string
let serial = 0

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const act = async (user: string, action: string, id: number) =>
  api(user, 'POST', '/hk/v1/tenancy-accounts', { id, updatedAt: (await server.knex('users').where({ id }).first('updatedAt')).updatedAt }, { 'x-service-method': action })
const invite = (user: string, extra: Record<string, unknown> = {}) => {
  serial += 1
  return api(user, 'POST', '/hk/v1/tenancy-accounts', { email: `tacc.${serial}.${Date.now()}@example.com`, displayName: `Sub ${serial}`, ...extra })
}
const lastMail = (address: string) =>
  server
    .knex('mail_messages')
    .where({ template: 'account.invite' })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
    .orderBy('id', 'desc')
    .first()

/** A signed-in account of a tenancy, with the demo password. */
async function account(name: string, tenancyId: number, tenancyPerms: string[], userType = 621) {
  const created = await createTenancyAccount(server.knex, { tenancyId, username: `${name}.${Date.now()}`, tenancyPerms, passwordHash, userType })
  ids[name] = created.id
  tokens[name] = (await server.login(created.username)).accessToken
  return created
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'tenant.acme', 'vendor.alpha', 'contractor.acme', 'project.acme']) {
    const { accessToken, user } = await server.login(name)
    tokens[name] = accessToken
    ids[name] = user.id
  }
  const acme = await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId', 'password')
  ids.acme = acme.tenancyId
  passwordHash = acme.password
  // Another tenancy of another company, with its own master account.
  const other = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Other Co')), tradeName: uniqueName('Other') })
  ids.other = other.id
  const otherMaster = await createTenancyAccount(server.knex, { tenancyId: other.id, username: `other.master.${Date.now()}`, userType: 601, passwordHash })
  await server.knex('user_groups').insert({ userId: otherMaster.id, region: 'HK', groupId: (await server.knex('security_groups').where({ name: 'Tenant Admin' }).first('id')).id })
  ids['other.master'] = otherMaster.id
  tokens['other.master'] = (await server.login(otherMaster.username)).accessToken
  ids.otherSub = (await createTenancyAccount(server.knex, { tenancyId: other.id, tenancyPerms: ['TenancyRecord'] })).id
  await account('subadmin', ids.acme, ['SubAdmin', 'TenancyRecord'])
  await account('records', ids.acme, ['TenancyRecord'])
})
afterAll(async () => {
  await server?.stop()
})

describe('listing a tenancy’s accounts', () => {
  it('shows the master account its tenancy’s master and sub-accounts, with their state, never contractors', async () => {
    const { status, body } = await api('tenant.acme', 'GET', '/hk/v1/tenancy-accounts?$sort[id]=1')
    expect(status).toBe(200)
    const names = body.data.map((row: any) => row.username)
    expect(names).toContain('tenant.acme')
    expect(names).toContain('project.acme')
    expect(names).not.toContain('contractor.acme')
    expect(body.data.every((row: any) => row.tenancyId === ids.acme)).toBe(true)
    const project = body.data.find((row: any) => row.username === 'project.acme')
    expect(project).toMatchObject({ status: 'ACTIVE', tenancyPerms: ['TenantProject'], invitationExpired: false })
    expect(project).not.toHaveProperty('password')
    expect(project).not.toHaveProperty('groupIds')
  })

  it('answers 404 to a tenant naming another tenancy, and to another tenancy’s account', async () => {
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancy-accounts?tenancyId=${ids.other}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancy-accounts/${ids.otherSub}`)).status).toBe(404)
    expect((await api('subadmin', 'GET', `/hk/v1/tenancy-accounts/${ids.otherSub}`)).status).toBe(404)
    expect((await api('other.master', 'GET', `/hk/v1/tenancy-accounts/${ids['project.acme']}`)).status).toBe(404)
    const theirs = await api('other.master', 'GET', '/hk/v1/tenancy-accounts')
    expect(theirs.status).toBe(200)
    expect(theirs.body.data.map((row: any) => row.id)).not.toContain(ids['project.acme'])
  })

  it('refuses vendors, sub-accounts without SubAdmin, contractors and staff without the right (403)', async () => {
    for (const user of ['vendor.alpha', 'project.acme', 'records', 'contractor.acme', 'pm.hk']) {
      expect((await api(user, 'GET', '/hk/v1/tenancy-accounts')).status, user).toBe(403)
      expect((await invite(user)).status, user).toBe(403)
    }
    expect((await api('vendor.alpha', 'GET', `/hk/v1/tenancy-accounts/${ids['project.acme']}`)).status).toBe(403)
    // A write on a record the caller cannot read answers 404, as an unknown id (audited-write.ts).
    expect((await act('vendor.alpha', 'lock', ids['project.acme'])).status).toBe(404)
  })

  it('lets staff with the right list any tenancy of the region, naming it (400 without)', async () => {
    expect((await api('admin', 'GET', '/hk/v1/tenancy-accounts')).status).toBe(400)
    const { status, body } = await api('admin', 'GET', `/hk/v1/tenancy-accounts?tenancyId=${ids.other}`)
    expect(status).toBe(200)
    expect(body.data.map((row: any) => row.id).sort()).toEqual([ids['other.master'], ids.otherSub].sort())
    // A tenancy of HK is not found from BJ.
    expect((await api('admin', 'GET', `/bj/v1/tenancy-accounts?tenancyId=${ids.other}`)).status).toBe(404)
  })
})

describe('inviting', () => {
  it('invites a sub-account of the master’s tenancy with the users service’s invitation mail', async () => {
    const email = `tacc.mail.${Date.now()}@example.com`
    const created = await api('tenant.acme', 'POST', '/hk/v1/tenancy-accounts', { email, displayName: 'Sam Lee', tenancyPerms: ['TenantProject'] })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ tenancyId: ids.acme, userType: 621, status: 'INVITED', tenancyPerms: ['TenantProject'], username: email, regions: ['HK'] })
    const stored = await server.knex('users').where({ id: created.body.id }).first()
    expect(stored).toMatchObject({ domain: 'TMS', companyId: (await server.knex('tenancies').where({ id: ids.acme }).first('companyId')).companyId })
    expect(await server.knex('user_groups').where({ userId: created.body.id })).toEqual([])
    const mail = await lastMail(email)
    expect(mail.text).toContain('/pub/resetpwd')
    const token = await server.knex('auth_tokens').where({ userId: created.body.id, purpose: 'invite' }).first()
    const days = (new Date(token.expiresAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    // Resending sends another mail.
    const before = Number(
      (
        await server
          .knex('mail_messages')
          .whereRaw('"to" @> ?::jsonb', [JSON.stringify([email])])
          .count('* as count')
      )[0].count
    )
    expect((await act('tenant.acme', 'invite', created.body.id)).status).toBe(200)
    const after = Number(
      (
        await server
          .knex('mail_messages')
          .whereRaw('"to" @> ?::jsonb', [JSON.stringify([email])])
          .count('* as count')
      )[0].count
    )
    expect(after).toBe(before + 1)
  })

  it('answers 409 for an e-mail another account of the tenancy uses, 428 for a tenancy user elsewhere until confirmed', async () => {
    const used = await invite('tenant.acme', { email: 'PROJECT.acme@example.com' })
    expect(used.status).toBe(409)
    expect(used.body.data.code).toBe('EMAIL_USED')
    const otherEmail = (await server.knex('users').where({ id: ids.otherSub }).first('email', 'username')) as any
    const asked = await invite('tenant.acme', { email: otherEmail.email })
    expect(asked.status).toBe(428)
    expect(asked.body.data.code).toBe('TENANCY_USER_CONFIRM')
    expect(await server.knex('users').where({ tenancyId: ids.acme, email: otherEmail.email }).first()).toBeUndefined()
    const confirmed = await invite('tenant.acme', { email: otherEmail.email, confirm: true })
    expect(confirmed.status).toBe(201)
    // The person's other account keeps its username; this one is named after the tenancy.
    expect(confirmed.body.username).toBe(otherEmail.username === otherEmail.email ? `${otherEmail.email}.t${ids.acme}` : otherEmail.email)
  })

  it('lets only staff invite a tenancy’s master account, once', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Master Co')), tradeName: uniqueName('Master') })
    expect((await invite('tenant.acme', { userType: 601 })).status).toBe(403)
    const master = await invite('admin', { tenancyId: tenancy.id, userType: 601 })
    expect(master.status).toBe(201)
    expect(master.body).toMatchObject({ userType: 601, tenancyPerms: ['TenantProject', 'HandoverTakeback', 'TenancyRecord', 'SubAdmin', 'StandaloneWorkPermits'] })
    const groups = await server.knex('user_groups').join('security_groups', 'security_groups.id', 'user_groups.groupId').where({ userId: master.body.id }).select('name', 'region')
    expect(groups).toEqual([{ name: 'Tenant Admin', region: 'HK' }])
    const again = await invite('admin', { tenancyId: tenancy.id, userType: 601 })
    expect(again.status).toBe(409)
    expect(again.body.data.code).toBe('MASTER_ACCOUNT_EXISTS')
    // Staff without the right cannot, even naming the tenancy.
    expect((await invite('pm.hk', { tenancyId: tenancy.id })).status).toBe(403)
    // A tenant naming another tenancy is not found.
    expect((await invite('tenant.acme', { tenancyId: tenancy.id })).status).toBe(404)
  })
})

describe('nobody gives perms they lack', () => {
  it('lets a SubAdmin give the perms it holds, never SubAdmin nor one it lacks', async () => {
    const ok = await invite('subadmin', { tenancyPerms: ['TenancyRecord'] })
    expect(ok.status).toBe(201)
    for (const perms of [['SubAdmin'], ['TenantProject'], ['TenancyRecord', 'HandoverTakeback']]) {
      const refused = await invite('subadmin', { tenancyPerms: perms })
      expect(refused.status, perms.join()).toBe(403)
      expect(refused.body.data).toMatchObject({ code: 'FIELD_FORBIDDEN', field: 'tenancyPerms' })
    }
    const patched = await api('subadmin', 'PATCH', `/hk/v1/tenancy-accounts/${ok.body.id}`, { tenancyPerms: ['TenancyRecord', 'SubAdmin'], updatedAt: ok.body.updatedAt })
    expect(patched.status).toBe(403)
    expect((await server.knex('users').where({ id: ok.body.id }).first('tenancyPerms')).tenancyPerms).toEqual(['TenancyRecord'])
  })

  it('keeps a SubAdmin off its own account, the master account and accounts holding perms it lacks', async () => {
    const self = await server.knex('users').where({ id: ids.subadmin }).first('updatedAt')
    expect((await api('subadmin', 'PATCH', `/hk/v1/tenancy-accounts/${ids.subadmin}`, { tenancyPerms: ['SubAdmin', 'TenancyRecord', 'TenantProject'], updatedAt: self.updatedAt })).status).toBe(403)
    expect((await act('subadmin', 'disable', ids.subadmin)).status).toBe(403)
    expect((await act('subadmin', 'lock', ids['tenant.acme'])).status).toBe(403)
    expect((await act('subadmin', 'lock', ids['project.acme'])).status).toBe(403)
    expect((await server.knex('users').where({ id: ids['project.acme'] }).first('lockedAt')).lockedAt).toBeNull()
    // Nor through the users service: a sub-account holds no `users` right at all.
    expect((await api('subadmin', 'GET', '/hk/v1/users')).status).toBe(403)
    expect((await api('subadmin', 'PATCH', `/hk/v1/users/${ids.subadmin}`, { tenancyPerms: ['SubAdmin', 'TenantProject'], updatedAt: self.updatedAt })).status).toBe(404)
    expect((await server.knex('users').where({ id: ids.subadmin }).first('tenancyPerms')).tenancyPerms).toEqual(['SubAdmin', 'TenancyRecord'])
  })

  it('lets the master change a sub-account’s perms, which asks that user to sign in again, but never its own', async () => {
    const sub = await account('regrant', ids.acme, ['TenancyRecord'])
    const before = await server.knex('users').where({ id: sub.id }).first('permissionVersion', 'updatedAt')
    const patched = await api('tenant.acme', 'PATCH', `/hk/v1/tenancy-accounts/${sub.id}`, {
      tenancyPerms: ['TenancyRecord', 'HandoverTakeback'],
      displayName: ' New Name ',
      updatedAt: before.updatedAt
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ tenancyPerms: ['TenancyRecord', 'HandoverTakeback'], displayName: 'New Name' })
    expect((await server.knex('users').where({ id: sub.id }).first('permissionVersion')).permissionVersion).toBe(before.permissionVersion + 1)
    // A stale version answers 410 and changes nothing.
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/tenancy-accounts/${sub.id}`, { tenancyPerms: [], updatedAt: before.updatedAt })).status).toBe(410)
    const master = await server.knex('users').where({ id: ids['tenant.acme'] }).first('updatedAt')
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/tenancy-accounts/${ids['tenant.acme']}`, { tenancyPerms: [], updatedAt: master.updatedAt })).status).toBe(403)
    expect((await act('tenant.acme', 'lock', ids['tenant.acme'])).status).toBe(403)
    // Another tenancy's master cannot reach it.
    expect((await api('other.master', 'PATCH', `/hk/v1/tenancy-accounts/${sub.id}`, { displayName: 'x', updatedAt: patched.body.updatedAt })).status).toBe(404)
  })
})

describe('lock, unlock, disable, enable', () => {
  it('runs the account workflow for the master account, and answers 404 for another tenancy', async () => {
    const sub = await account('states', ids.acme, ['TenantProject'])
    const locked = await act('tenant.acme', 'lock', sub.id)
    expect(locked.status).toBe(200)
    expect(locked.body.status).toBe('LOCKED')
    expect((await server.login(sub.username).catch((error: Error) => error)) instanceof Error).toBe(true)
    expect((await act('tenant.acme', 'lock', sub.id)).status).toBe(409)
    expect((await act('tenant.acme', 'unlock', sub.id)).body.status).toBe('ACTIVE')
    expect((await act('tenant.acme', 'disable', sub.id)).body.status).toBe('DISABLED')
    expect((await act('tenant.acme', 'enable', sub.id)).body.status).toBe('ACTIVE')
    expect((await act('tenant.acme', 'lock', ids.otherSub)).status).toBe(404)
    expect((await act('other.master', 'disable', sub.id)).status).toBe(404)
    const audit = await server
      .knex('audit_log')
      .where({ resource: 'tenancy-accounts', recordId: String(sub.id) })
      .orderBy('id')
      .select('action')
    expect(audit.map((row: any) => row.action)).toEqual(['tenancy-accounts.lock', 'tenancy-accounts.unlock', 'tenancy-accounts.disable', 'tenancy-accounts.enable'])
  })
})

describe('a sub-account sees only what its perms allow', () => {
  it('reads its tenancy record with TenancyRecord, not without, and never another tenancy’s', async () => {
    expect((await api('records', 'GET', `/hk/v1/tenancies/${ids.acme}`)).status).toBe(200)
    expect((await api('records', 'GET', `/hk/v1/tenancies/${ids.other}`)).status).toBe(404)
    const list = await api('records', 'GET', '/hk/v1/tenancies')
    expect(list.body.data.map((row: any) => row.id)).toEqual([ids.acme])
    expect((await api('project.acme', 'GET', `/hk/v1/tenancies/${ids.acme}`)).status).toBe(403)
    expect((await api('project.acme', 'GET', '/hk/v1/tenancies')).status).toBe(403)
  })
})
