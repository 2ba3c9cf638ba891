import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

/*
 * Issue 8 finding 1: a vendor or tenant master account made itself System Admin through the
 * users service. Only an administrator (users create/update `any`) sets groups, regions, user
 * type, domain, source, company or tenancy; a master account manages the sub-accounts of its own
 * company or tenancy; a refused field answers 403 and changes nothing.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
let systemAdminGroup: number

beforeAll(async () => {
  server = await startTestServer()
  // A staff user whose group lets it edit its own account only (users read/update own).
  const [group] = await server.knex('security_groups').insert(
    {
      name: 'Own account',
      domain: 'CMS',
      permissions: JSON.stringify([
        { resource: 'users', action: 'read', attribute: 'own' },
        { resource: 'users', action: 'update', attribute: 'own' }
      ])
    },
    ['id']
  )
  const accounting = await server.knex('users').where({ username: 'accounting.hk' }).first('id')
  await server.knex('user_groups').insert({ userId: accounting.id, groupId: group.id, region: 'HK' })
  for (const name of ['admin', 'vendor.alpha', 'vendor.beta', 'tenant.acme', 'pm.hk', 'accounting.hk']) {
    const { accessToken, user } = await server.login(name)
    tokens[name] = accessToken
    ids[name] = user.id
  }
  systemAdminGroup = (await server.knex('security_groups').where({ name: 'System Admin' }).first('id')).id
})
afterAll(async () => {
  await server?.stop()
})

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)
const row = (id: number) => server.knex('users').where({ id }).first()
const groupsOf = async (id: number) => (await server.knex('user_groups').where({ userId: id }).orderBy(['region', 'groupId'])).map((g: any) => `${g.region}:${g.groupId}`)
const auditRows = (id: number) => server.knex('audit_log').where({ resource: 'users', recordId: String(id) })
let serial = 0
const newAccount = (extra: Record<string, unknown> = {}) => {
  serial += 1
  return { username: `sub.${serial}`, email: `sub.${serial}@example.com`, displayName: `Sub account ${serial}`, userType: 421, ...extra }
}

/** A refused write: 403 FIELD_FORBIDDEN naming the field, or 400 where the schema has no such field. */
function refused(response: { status: number; body: any }, field?: string) {
  if (response.status === 400) {
    expect(response.body.data?.code ?? response.body.name).toBeTruthy()
    return
  }
  expect(response.status).toBe(403)
  expect(response.body.data.code).toBe('FIELD_FORBIDDEN')
  if (field) expect(response.body.data.field).toBe(field)
}

describe('a master account cannot raise its own rights', () => {
  for (const username of ['vendor.alpha', 'tenant.acme']) {
    it(`${username}: PATCH of its own groups, regions, user type, company or tenancy is refused and changes nothing`, async () => {
      const id = ids[username]
      const before = await row(id)
      const groupsBefore = await groupsOf(id)
      const attempts: Array<[Record<string, unknown>, string]> = [
        [{ groupIds: [systemAdminGroup] }, 'groupIds'],
        [{ regions: ['GLOBAL', 'HK', 'SG', 'BJ', 'MO'] }, 'regions'],
        [{ defaultRegion: 'BJ' }, 'defaultRegion'],
        [{ userType: 501 }, 'userType'],
        [{ companyId: before.companyId === 1 ? 2 : 1 }, 'companyId'],
        [{ tenancyId: 999 }, 'tenancyId'],
        [{ domain: 'CMS', source: 'AD' }, 'domain'],
        [{ vendorPerms: ['Tenders'] }, 'vendorPerms'],
        [{ tenancyPerms: ['SubAdmin'] }, 'tenancyPerms']
      ]
      for (const [change, field] of attempts) {
        const response = await api(username, 'PATCH', `/hk/v1/users/${id}`, { ...change, updatedAt: before.updatedAt })
        expect([400, 403], `${username} ${JSON.stringify(change)}`).toContain(response.status)
        if (['groupIds', 'regions', 'defaultRegion', 'vendorPerms', 'tenancyPerms'].includes(field)) refused(response, field)
      }
      const after = await row(id)
      expect(after).toEqual(before)
      expect(await groupsOf(id)).toEqual(groupsBefore)
      expect(await auditRows(id)).toHaveLength(0)
      // Still no staff data: the escalation did not happen.
      expect((await api(username, 'GET', '/hk/v1/security-groups')).status).toBe(403)
      expect((await api(username, 'GET', '/hk/v1/audit-log')).status).toBe(403)
    })
  }

  it('still lets a master account change its own profile', async () => {
    const before = await row(ids['vendor.alpha'])
    const response = await api('vendor.alpha', 'PATCH', `/hk/v1/users/${before.id}`, { displayName: 'Alan Lee (Alpha)', phone: '+852 2111 0000', defaultRegion: 'SG', updatedAt: before.updatedAt })
    expect(response.status).toBe(200)
    const after = await row(before.id)
    expect([after.displayName, after.phone, after.defaultRegion]).toEqual(['Alan Lee (Alpha)', '+852 2111 0000', 'SG'])
    expect(after.permissionVersion).toBe(before.permissionVersion)
  })

  it('refuses a staff user holding users update own its own groups and regions, not its profile', async () => {
    const id = ids['accounting.hk']
    const before = await row(id)
    refused(await api('accounting.hk', 'PATCH', `/hk/v1/users/${id}`, { groupIds: [systemAdminGroup], updatedAt: before.updatedAt }), 'groupIds')
    refused(await api('accounting.hk', 'PATCH', `/hk/v1/users/${id}`, { regions: ['HK', 'SG'], updatedAt: before.updatedAt }), 'regions')
    expect(await row(id)).toEqual(before)
    const ok = await api('accounting.hk', 'PATCH', `/hk/v1/users/${id}`, { displayName: 'Carol Chan', updatedAt: before.updatedAt })
    expect(ok.status).toBe(200)
    // Another account is not its own: not found.
    const other = await row(ids['pm.hk'])
    expect((await api('accounting.hk', 'PATCH', `/hk/v1/users/${other.id}`, { displayName: 'x', updatedAt: other.updatedAt })).status).toBe(404)
  })
})

describe('a master account creates only sub-accounts of its own company or tenancy', () => {
  it('vendor.alpha cannot create a staff, tenant or master account, nor one with groups, regions or another company', async () => {
    const usersBefore = (await server.knex('users').count('* as count'))[0].count
    const alpha = await row(ids['vendor.alpha'])
    const beta = await row(ids['vendor.beta'])
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ userType: 501 }, 'userType'],
      [{ userType: 521 }, 'userType'],
      [{ userType: 401 }, 'userType'],
      [{ userType: 601 }, 'userType'],
      [{ userType: 621 }, 'userType'],
      [{ groupIds: [systemAdminGroup] }, 'groupIds'],
      [{ userType: 501, groupIds: [systemAdminGroup] }, 'userType'],
      [{ regions: ['GLOBAL'] }, 'regions'],
      [{ defaultRegion: 'BJ' }, 'defaultRegion'],
      [{ companyId: beta.companyId }, 'companyId'],
      [{ source: 'AD' }, 'source'],
      [{ tenancyId: 1 }, 'tenancyId'],
      [{ tenancyPerms: ['SubAdmin'] }, 'tenancyPerms']
    ]
    for (const [extra, field] of attempts) {
      const response = await api('vendor.alpha', 'POST', '/hk/v1/users', newAccount({ email: alpha.email, ...extra }))
      expect(response.status, JSON.stringify(extra)).toBe(403)
      refused(response, field)
    }
    expect((await server.knex('users').count('* as count'))[0].count).toBe(usersBefore)
    expect(await server.knex('mail_messages').where({ template: 'account.invite' })).toHaveLength(0)
  })

  it('tenant.acme cannot create a staff, vendor or master account, nor one of another tenancy', async () => {
    const usersBefore = (await server.knex('users').count('* as count'))[0].count
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ userType: 501 }, 'userType'],
      [{ userType: 401 }, 'userType'],
      [{ userType: 421 }, 'userType'],
      [{ userType: 601 }, 'userType'],
      [{ userType: 621, tenancyId: 999 }, 'tenancyId'],
      [{ userType: 621, companyId: 1 }, 'companyId'],
      [{ userType: 621, groupIds: [systemAdminGroup] }, 'groupIds'],
      [{ userType: 621, regions: ['HK', 'SG'] }, 'regions'],
      [{ userType: 621, vendorPerms: ['Tenders'] }, 'vendorPerms']
    ]
    for (const [extra, field] of attempts) {
      const response = await api('tenant.acme', 'POST', '/hk/v1/users', newAccount(extra))
      expect(response.status, JSON.stringify(extra)).toBe(403)
      refused(response, field)
    }
    expect((await server.knex('users').count('* as count'))[0].count).toBe(usersBefore)
  })

  it('vendor.alpha creates a 421 of its company with toggles; its rights follow the toggles', async () => {
    const alpha = await row(ids['vendor.alpha'])
    const created = await api('vendor.alpha', 'POST', '/hk/v1/users', newAccount({ username: 'alpha.bids', roleName: 'Contractor Sub', vendorPerms: ['Tenders', 'ReceiveECirculars'] }))
    expect(created.status).toBe(201)
    const sub = await row(created.body.id)
    expect(sub.companyId).toBe(alpha.companyId)
    expect(sub.userType).toBe(421)
    expect(sub.regions).toEqual(alpha.regions)
    expect(sub.defaultRegion).toBe('HK')
    expect(sub.vendorPerms).toEqual(['Tenders', 'ReceiveECirculars'])
    expect(await groupsOf(sub.id)).toEqual([])

    await server.knex('users').where({ id: sub.id }).update({ password: alpha.password, passwordChangedAt: new Date() })
    const login = await server.login('alpha.bids')
    expect(login.rules).toEqual(
      expect.arrayContaining([
        { action: 'save', subject: 'bids', conditions: { companyId: alpha.companyId } },
        { action: 'receive', subject: 'e-circulars', conditions: { companyId: alpha.companyId } }
      ])
    )
    expect((await server.api(login.accessToken, 'GET', '/hk/v1/tenders')).status).toBe(200)
    expect((await server.api(login.accessToken, 'GET', '/hk/v1/bids')).status).toBe(200)
    expect((await server.api(login.accessToken, 'GET', '/hk/v1/users')).status).toBe(403)
    expect((await server.api(login.accessToken, 'GET', '/sg/v1/tenders')).status).toBe(200)

    // The master turns tenders off: the sub-account must log in again, and then has no tenders.
    const patched = await api('vendor.alpha', 'PATCH', `/hk/v1/users/${sub.id}`, { vendorPerms: ['ReceiveECirculars'], updatedAt: sub.updatedAt })
    expect(patched.status).toBe(200)
    expect((await server.api(login.accessToken, 'GET', '/hk/v1/tenders')).status).toBe(403)
    const again = await server.login('alpha.bids')
    expect((await server.api(again.accessToken, 'GET', '/hk/v1/tenders')).status).toBe(403)
    expect((await server.api(again.accessToken, 'GET', '/hk/v1/bids')).status).toBe(403)

    // Neither the master nor the sub-account may give it groups or another type.
    const current = await row(sub.id)
    refused(await api('vendor.alpha', 'PATCH', `/hk/v1/users/${sub.id}`, { groupIds: [systemAdminGroup], updatedAt: current.updatedAt }), 'groupIds')
    // The sub-account holds no users rights: its own account is not found for a write, as any other.
    expect((await server.api(again.accessToken, 'PATCH', `/hk/v1/users/${sub.id}`, { vendorPerms: ['Tenders'], updatedAt: current.updatedAt })).status).toBe(404)
    expect(await row(sub.id)).toEqual(current)
    // Another company's master does not even find it.
    expect((await api('vendor.beta', 'PATCH', `/hk/v1/users/${sub.id}`, { vendorPerms: ['Tenders'], updatedAt: current.updatedAt })).status).toBe(404)
  })

  it('tenant.acme creates an account of its tenancy with tenancy perms, and cannot give itself perms', async () => {
    const acme = await row(ids['tenant.acme'])
    const created = await api('tenant.acme', 'POST', '/hk/v1/users', newAccount({ userType: 621, tenancyPerms: ['TenantProject', 'HandoverTakeback'] }))
    expect(created.status).toBe(201)
    const sub = await row(created.body.id)
    expect([sub.tenancyId, sub.companyId, sub.domain]).toEqual([acme.tenancyId, acme.companyId, 'TMS'])
    expect(sub.tenancyPerms).toEqual(['TenantProject', 'HandoverTakeback'])
    expect(sub.regions).toEqual(acme.regions)
    expect(await groupsOf(sub.id)).toEqual([])
    refused(await api('tenant.acme', 'PATCH', `/hk/v1/users/${sub.id}`, { userType: 601, updatedAt: sub.updatedAt }))
    expect(await row(sub.id)).toEqual(sub)
  })
})

describe('the sub-account cap of a vendor company', () => {
  it('holds under concurrent creates: exactly the cap (default 6) are created', async () => {
    const beta = await row(ids['vendor.beta'])
    await server.knex('settings').where({ key: 'vendor.maxSubAccounts' }).delete()
    const responses = await Promise.all(Array.from({ length: 9 }, () => api('vendor.beta', 'POST', '/hk/v1/users', newAccount())))
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 409, 409, 409])
    for (const response of responses.filter((r) => r.status === 409)) expect(response.body.data).toMatchObject({ code: 'SUB_ACCOUNT_LIMIT', limit: 6 })
    const count = await server.knex('users').where({ companyId: beta.companyId }).whereIn('userType', [421, 441, 461]).count('* as count')
    expect(Number(count[0].count)).toBe(6)
  })

  it('reads the cap from the setting of the company region, for administrators too', async () => {
    const beta = await row(ids['vendor.beta'])
    await server.knex('settings').insert({ region: 'HK', key: 'vendor.maxSubAccounts', value: JSON.stringify(7) })
    expect((await api('vendor.beta', 'POST', '/hk/v1/users', newAccount({ userType: 441 }))).status).toBe(201)
    const over = await api('vendor.beta', 'POST', '/hk/v1/users', newAccount({ userType: 461 }))
    expect(over.status).toBe(409)
    expect(over.body.data.limit).toBe(7)
    const byAdmin = await api('admin', 'POST', '/hk/v1/users', newAccount({ companyId: beta.companyId }))
    expect(byAdmin.status).toBe(409)
  })
})

describe('an administrator still sets groups and regions', () => {
  it('sets groups and regions of an account', async () => {
    const approver = (await server.knex('security_groups').where({ name: 'Approver' }).first('id')).id
    const id = ids['pm.hk']
    const before = await row(id)
    const response = await api('admin', 'PATCH', `/hk/v1/users/${id}`, { groupIds: [approver], regions: ['HK', 'SG'], defaultRegion: 'SG', updatedAt: before.updatedAt })
    expect(response.status).toBe(200)
    expect(response.body.groupIds).toEqual([approver])
    const after = await row(id)
    expect(after.regions).toEqual(['HK', 'SG'])
    expect(after.permissionVersion).toBe(before.permissionVersion + 1)
    expect(await groupsOf(id)).toEqual([`HK:${approver}`])
  })

  it('answers 400 GROUP_INVALID for an unknown group or one of the other domain, and changes nothing', async () => {
    const tenantGroup = (await server.knex('security_groups').where({ name: 'Tenant Admin' }).first('id')).id
    const id = ids['pm.hk']
    const before = await row(id)
    const groupsBefore = await groupsOf(id)
    for (const groupIds of [[999_999], [tenantGroup], [2_147_483_648]]) {
      const response = await api('admin', 'PATCH', `/hk/v1/users/${id}`, { groupIds, displayName: 'changed', updatedAt: before.updatedAt })
      expect(response.status, JSON.stringify(groupIds)).toBe(400)
      if (groupIds[0] !== 2_147_483_648) expect(response.body.data.code).toBe('GROUP_INVALID')
    }
    expect(await row(id)).toEqual(before)
    expect(await groupsOf(id)).toEqual(groupsBefore)
    const created = await api('admin', 'POST', '/hk/v1/users', { username: 'staff.unknown.group', email: 'x@example.com', displayName: 'X', userType: 521, groupIds: [999_999] })
    expect(created.status).toBe(400)
    expect(created.body.data.code).toBe('GROUP_INVALID')
    expect(await server.knex('users').where({ username: 'staff.unknown.group' })).toHaveLength(0)
  })

  it('creates an account of any type with groups', async () => {
    const created = await api('admin', 'POST', '/hk/v1/users', {
      username: 'staff.new',
      email: 'staff.new@example.com',
      displayName: 'New Staff',
      userType: 521,
      regions: ['HK'],
      groupIds: [systemAdminGroup]
    })
    expect(created.status).toBe(201)
    expect(await groupsOf(created.body.id)).toEqual([`HK:${systemAdminGroup}`])
  })
})
