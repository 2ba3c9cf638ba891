import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTenancy, createTenancyAccount, tenantCompany, uniqueName } from '../seeds/factories.js'
import { createMove } from '../seeds/move-factories.js'

/*
 * The account, move and confirmation calls of spec tenancies §7 as aliases onto tenancy-accounts,
 * tenancy-contractors, moves and tenancy-contacts,
 * over real HTTP on real PostgreSQL: each answers as the service does, with its rights (a tenant's
 * own tenancy only, a vendor refused), and an account or contractor named in the path that is of
 * another tenancy is not found there, nothing done.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, `/hk/v1/${path}`, body)
const ok = (response: { status: number; body: any }) => expect(response.status, JSON.stringify(response.body)).toBeLessThan(300)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  ids.other = (await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Alias Co')), tradeName: uniqueName('Alias') })).id
  ids.otherSub = (await createTenancyAccount(server.knex, { tenancyId: ids.other, tenancyPerms: ['TenancyRecord'] })).id
})
afterAll(async () => {
  await server?.stop()
})

describe('the spec’s tenancy account calls', () => {
  it('GET tenancies/allTenancyAccounts/{id}: the tenancy’s accounts as a list, to who reads them', async () => {
    const own = await api('tenant.acme', 'GET', `tenancies/allTenancyAccounts/${ids.acme}`)
    ok(own)
    expect(Array.isArray(own.body)).toBe(true)
    expect(own.body.map((row: any) => row.username)).toContain('tenant.acme')
    expect(own.body.every((row: any) => row.tenancyId === ids.acme)).toBe(true)
    const staff = await api('admin', 'GET', `tenancies/allTenancyAccounts/${ids.other}`)
    expect(staff.body.map((row: any) => row.id)).toEqual([ids.otherSub])
    const another = await api('tenant.acme', 'GET', `tenancies/allTenancyAccounts/${ids.other}`)
    expect(another.status).toBeGreaterThanOrEqual(403)
    expect(another.status).toBeLessThan(500)
    expect((await api('vendor.alpha', 'GET', `tenancies/allTenancyAccounts/${ids.acme}`)).status).toBe(403)
  })

  it('POST tenancies/{id}/invite invites the master account, staff only; PUT tenancies/{id}/admin-account edits it', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Invite Co')), tradeName: uniqueName('Invite') })
    expect((await api('admin', 'PUT', `tenancies/${tenancy.id}/admin-account`, { displayName: 'Nobody yet', updatedAt: 'x' })).status).toBe(404)
    const email = `${uniqueName('master').replace(/\W/g, '').toLowerCase()}@example.com`
    const invited = await api('admin', 'POST', `tenancies/${tenancy.id}/invite`, { email, displayName: 'Mia Master' })
    ok(invited)
    expect(invited.body).toMatchObject({ tenancyId: tenancy.id, userType: 601, email })
    expect((await api('tenant.acme', 'POST', `tenancies/${ids.acme}/invite`, { email: 'x.master@example.com', displayName: 'X' })).status).toBe(403)

    const edited = await api('admin', 'PUT', `tenancies/${tenancy.id}/admin-account`, { displayName: 'Mia Master-Lee', updatedAt: await server.version('tenancy-accounts', invited.body.id) })
    ok(edited)
    expect(edited.body).toMatchObject({ id: invited.body.id, displayName: 'Mia Master-Lee' })
    // A tenant does not edit the master account, its own included.
    expect((await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/admin-account`, { displayName: 'Me', updatedAt: 'x' })).status).toBeGreaterThanOrEqual(403)
    expect((await server.knex('users').where({ username: 'tenant.acme' }).first('displayName')).displayName).not.toBe('Me')
  })

  it('PUT tenancies/{id}/sub-accounts adds a sub-account, or edits the one named, never another tenancy’s; POST …/sub-accounts/{subId}/invite sends its invitation again', async () => {
    const email = `${uniqueName('sub').replace(/\W/g, '').toLowerCase()}@example.com`
    const added = await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/sub-accounts`, { email, displayName: 'Sam Sub', tenancyPerms: ['TenancyRecord'] })
    ok(added)
    expect(added.body).toMatchObject({ tenancyId: ids.acme, userType: 621, tenancyPerms: ['TenancyRecord'] })
    const edited = await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/sub-accounts`, {
      id: added.body.id,
      displayName: 'Sam Sub-Account',
      updatedAt: await server.version('tenancy-accounts', added.body.id)
    })
    ok(edited)
    expect(edited.body.displayName).toBe('Sam Sub-Account')
    const resent = await api('tenant.acme', 'POST', `tenancies/${ids.acme}/sub-accounts/${added.body.id}/invite`, { updatedAt: await server.version('tenancy-accounts', added.body.id) })
    ok(resent)

    // Another tenancy's account, named through tenant.acme's tenancy or its own: not found, untouched.
    const version = await server.version('tenancy-accounts', ids.otherSub)
    expect((await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/sub-accounts`, { id: ids.otherSub, displayName: 'Taken', updatedAt: version })).status).toBe(404)
    expect((await api('tenant.acme', 'POST', `tenancies/${ids.acme}/sub-accounts/${ids.otherSub}/invite`, { updatedAt: version })).status).toBe(404)
    expect((await api('tenant.acme', 'PUT', `tenancies/${ids.other}/sub-accounts`, { id: ids.otherSub, displayName: 'Taken', updatedAt: version })).status).toBe(404)
    expect((await server.knex('users').where({ id: ids.otherSub }).first('displayName')).displayName).not.toBe('Taken')
    expect((await api('vendor.alpha', 'PUT', `tenancies/${ids.acme}/sub-accounts`, { email: 'v@example.com', displayName: 'V' })).status).toBe(403)
  })

  it('PUT tenancies/{id}/contractors adds or edits a contractor row; POST …/contractor/{contractorId}/invite invites it, of that tenancy only', async () => {
    const row = { firstName: 'Carl', lastName: 'Contractor', contractorType: 'AC', companyName: 'Cool Air Ltd', mobile: '91234567' }
    const added = await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/contractors`, row)
    ok(added)
    expect(added.body).toMatchObject({ tenancyId: ids.acme, contractorType: 'AC' })
    const email = `${uniqueName('carl').replace(/\W/g, '').toLowerCase()}@example.com`
    const edited = await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/contractors`, { id: added.body.id, userAccount: email, updatedAt: added.body.updatedAt })
    ok(edited)
    expect(edited.body.userAccount).toBe(email)
    const invited = await api('tenant.acme', 'POST', `tenancies/${ids.acme}/contractor/${added.body.id}/invite`, { updatedAt: edited.body.updatedAt })
    ok(invited)
    expect(invited.body.userId).toBeTruthy()

    const theirs = await api('admin', 'POST', 'tenancy-contractors', { tenancyId: ids.other, ...row })
    ok(theirs)
    expect((await api('tenant.acme', 'PUT', `tenancies/${ids.acme}/contractors`, { id: theirs.body.id, companyName: 'Taken' })).status).toBe(404)
    expect((await api('admin', 'POST', `tenancies/${ids.acme}/contractor/${theirs.body.id}/invite`, {})).status).toBe(404)
    expect((await server.knex('tenancy_contractors').where({ id: theirs.body.id }).first('companyName')).companyName).toBe('Cool Air Ltd')
  })
})

describe('the spec’s move and confirmation calls', () => {
  it('GET, POST and PUT tenancies/{id}/move list, record and edit the tenancy’s moves, staff with the right only, never another tenancy’s', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Move Co')), tradeName: uniqueName('Move') })
    const created = await api('admin', 'POST', `tenancies/${tenancy.id}/move`, { kind: 'TEMPORARY_CLOSE', date: '2026-04-01', floor: '10/F', remarks: 'Refit' })
    ok(created)
    expect(created.body).toMatchObject({ tenancyId: tenancy.id, kind: 'TEMPORARY_CLOSE' })
    const listed = await api('admin', 'GET', `tenancies/${tenancy.id}/move`)
    expect(listed.body.map((row: any) => row.id)).toEqual([created.body.id])
    const edited = await api('admin', 'PUT', `tenancies/${tenancy.id}/move`, { id: created.body.id, remarks: 'Refit, phase 2', updatedAt: await server.version('moves', created.body.id) })
    ok(edited)
    expect(edited.body.remarks).toBe('Refit, phase 2')

    const other = await createMove(server.knex, { tenancyId: ids.other, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'theirs' })
    expect((await api('admin', 'PUT', `tenancies/${tenancy.id}/move`, { id: other.id, remarks: 'Taken', updatedAt: await server.version('moves', other.id) })).status).toBe(404)
    expect((await server.knex('tenancy_moves').where({ id: other.id }).first()).remarks).toBe('theirs')
    for (const user of ['tenant.acme', 'vendor.alpha']) expect((await api(user, 'GET', `tenancies/${ids.acme}/move`)).status, user).toBe(403)
    // pm.hk is in charge of neither tenancy.
    expect((await api('pm.hk', 'GET', `tenancies/${tenancy.id}/move`)).status).toBe(404)
  })

  it('POST tenancies/{id}/confirm_contact confirms the tenancy’s contacts for its tenant, not another tenancy’s', async () => {
    const confirmed = await api('tenant.acme', 'POST', `tenancies/${ids.acme}/confirm_contact`, {})
    ok(confirmed)
    expect((await server.knex('tenancies').where({ id: ids.acme }).first('confirmedAt')).confirmedAt).not.toBeNull()
    const other = await api('tenant.acme', 'POST', `tenancies/${ids.other}/confirm_contact`, {})
    expect(other.status).toBeGreaterThanOrEqual(403)
    expect(other.status).toBeLessThan(500)
    expect((await server.knex('tenancies').where({ id: ids.other }).first('confirmedAt')).confirmedAt).toBeNull()
    expect((await api('vendor.alpha', 'POST', `tenancies/${ids.acme}/confirm_contact`, {})).status).toBe(403)
  })
})
