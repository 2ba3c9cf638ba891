import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/server.js'
import { createTestCompanyRow as createTestCompany, createTestVendor } from '../../../../seeds/vendor-factories.js'
import { up as grantCompanyProfile } from '../../../../migrations/20261127030000_vendor_admin_company_profile.js'

/*
 * The vendor settings (issue 11 item 10) and the staff account admin's company field (item 11),
 * on real PostgreSQL over HTTP: a vendor master account manages only its own company's
 * sub-accounts, up to the cap; a sub-account's toggles decide its rights (contacts included) and
 * it cannot raise them; internal (staff) usernames are refused; the company an administrator gives
 * an account must be one it reads.
 */

let server: TestServer
const tokens: Record<string, string> = {}
let alphaCompany: number
let betaCompany: number
let serial = 0

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'vendor.beta', 'pm.hk']) tokens[name] = (await server.login(name)).accessToken
  const companyOf = async (username: string) => (await server.knex('users').where({ username }).first('companyId')).companyId as number
  betaCompany = await companyOf('vendor.beta')
})
// Each test's "Alpha" is a fresh vendor company and its master account: its cap is its own.
beforeEach(async () => {
  const fresh = await createTestVendor(server.knex)
  tokens['vendor.alpha'] = (await server.login(fresh.username)).accessToken
  alphaCompany = fresh.companyId
})
afterAll(async () => {
  await server?.stop()
})

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, `/hk/v1/${path}`, body)
const newSub = (extra: Record<string, unknown> = {}) => {
  serial += 1
  return { username: `vs.sub.${serial}`, email: `vs.sub.${serial}@example.com`, displayName: `Sub ${serial}`, userType: 421, ...extra }
}
const row = (id: number) => server.knex('users').where({ id }).first()
/** Signs a sub-account in (the demo password, set straight in the database as after its invite). */
async function signIn(id: number) {
  const { password } = await server.knex('users').where({ username: 'vendor.alpha' }).first('password')
  await server.knex('users').where({ id }).update({ password, passwordChangedAt: new Date() })
  const { username } = await row(id)
  return (await server.login(username)).accessToken
}

describe('internal (staff) usernames', () => {
  it('refuses a vendor username or e-mail in the staff domain with the spec message, for the vendor and the administrator', async () => {
    for (const [user, body, field] of [
      ['vendor.alpha', newSub({ username: 'someone@portal.example.com' }), 'username'],
      ['vendor.alpha', newSub({ email: 'someone@hk.portal.example.com' }), 'email'],
      ['admin', newSub({ username: 'Staff@HK.Portal.Example.com', companyId: alphaCompany }), 'username']
    ] as const) {
      const response = await api(user, 'POST', 'users', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.data).toMatchObject({ code: 'INTERNAL_USERNAME', field })
      expect(response.body.message).toContain('Internal usernames are not allowed')
    }
    expect(await server.knex('users').where('username', 'ilike', '%portal.example.com')).toHaveLength(0)
    // A look-alike outside the domain is an ordinary name.
    expect((await api('vendor.alpha', 'POST', 'users', newSub({ username: 'someone@notportal.example.com' }))).status).toBe(201)
    // Nor may a vendor account's e-mail move into it later.
    const sub = (await api('vendor.alpha', 'POST', 'users', newSub())).body
    const moved = await api('vendor.alpha', 'PATCH', `users/${sub.id}`, { email: 'x@portal.example.com', updatedAt: sub.updatedAt })
    expect(moved.status).toBe(400)
    expect(moved.body.data.code).toBe('INTERNAL_USERNAME')
    // Staff accounts live there.
    expect((await api('admin', 'POST', 'users', { username: 'new.staff@portal.example.com', email: 'new.staff@portal.example.com', displayName: 'S', userType: 521 })).status).toBe(201)
  })
})

describe('a vendor master account manages its own company only', () => {
  it('cannot lock, disable, re-invite, edit or read another company’s sub-account (404/403), and changes nothing', async () => {
    const sub = (await api('vendor.alpha', 'POST', 'users', newSub({ vendorPerms: ['Tenders'] }))).body
    const before = await row(sub.id)
    for (const action of ['lock', 'disable', 'invite']) {
      const response = await server.api(tokens['vendor.beta'], 'POST', '/hk/v1/users', { id: sub.id, updatedAt: sub.updatedAt }, { 'x-service-method': action })
      expect([403, 404], action).toContain(response.status)
    }
    expect((await api('vendor.beta', 'PATCH', `users/${sub.id}`, { vendorPerms: ['Tenders', 'Projects'], updatedAt: sub.updatedAt })).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `users/${sub.id}`)).status).toBe(404)
    const list = await api('vendor.beta', 'GET', 'users?$limit=100')
    expect(list.body.data.every((user: any) => user.companyId === betaCompany)).toBe(true)
    expect(await row(sub.id)).toEqual(before)
    // Its own master does it.
    const disabled = await server.api(tokens['vendor.alpha'], 'POST', '/hk/v1/users', { id: sub.id, updatedAt: sub.updatedAt }, { 'x-service-method': 'disable' })
    expect(disabled.status).toBe(200)
    expect(disabled.body.status).toBe('DISABLED')
  })

  it('cannot lock or disable its own account (409, in the caller’s words), nor can an administrator', async () => {
    for (const user of ['vendor.alpha', 'admin']) {
      const username = user === 'admin' ? 'admin' : (await server.knex('users').where({ companyId: alphaCompany }).orderBy('id').first('username')).username
      const own = await server.knex('users').where({ username }).first('id', 'updatedAt', 'enabled', 'lockedAt')
      for (const action of ['lock', 'disable']) {
        const response = await server.api(tokens[user], 'POST', '/hk/v1/users', { id: own.id, updatedAt: own.updatedAt }, { 'x-service-method': action })
        expect(response.status, `${user} ${action}`).toBe(409)
        expect(response.body.data).toMatchObject({ code: 'OWN_ACCOUNT_STATE' })
      }
      expect(await server.knex('users').where({ username }).first('id', 'updatedAt', 'enabled', 'lockedAt')).toEqual(own)
    }
  })

  it('answers the cap as "n of limit" for its own company only', async () => {
    const own = await api('vendor.alpha', 'GET', 'sub-account-quotas/own')
    expect(own.status).toBe(200)
    const count = await server.knex('users').where({ companyId: alphaCompany }).whereIn('userType', [421, 441, 461]).count('* as count')
    expect(own.body).toEqual({ companyId: alphaCompany, used: Number(count[0].count), limit: 6 })
    expect((await api('vendor.alpha', 'GET', `sub-account-quotas/${betaCompany}`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', `sub-account-quotas/${alphaCompany}`)).status).toBe(403)
    expect((await api('admin', 'GET', `sub-account-quotas/${betaCompany}`)).body.companyId).toBe(betaCompany)
    expect((await server.api(null, 'GET', `/hk/v1/sub-account-quotas/${betaCompany}`)).status).toBe(401)
    expect((await api('admin', 'GET', 'sub-account-quotas/999999')).status).toBe(404)
  })

  it('refuses the 7th sub-account of a fresh company naming the limit, and creates up to it', async () => {
    const company = await createTestCompany(server.knex)
    const created = await api('admin', 'POST', 'users', newSub({ userType: 401, companyId: company.id, regions: ['HK'] }))
    expect(created.status).toBe(201)
    for (let i = 0; i < 6; i += 1) expect((await api('admin', 'POST', 'users', newSub({ companyId: company.id }))).status).toBe(201)
    const seventh = await api('admin', 'POST', 'users', newSub({ companyId: company.id }))
    expect(seventh.status).toBe(409)
    expect(seventh.body.data).toMatchObject({ code: 'SUB_ACCOUNT_LIMIT', limit: 6 })
    expect(seventh.body.message).toContain('(6)')
    // Moving a sub-account of another company in counts too.
    const other = (await api('vendor.alpha', 'POST', 'users', newSub())).body
    const moved = await api('admin', 'PATCH', `users/${other.id}`, { companyId: company.id, updatedAt: other.updatedAt })
    expect(moved.status).toBe(409)
    expect((await row(other.id)).companyId).toBe(alphaCompany)
  })
})

describe("a sub-account's toggles", () => {
  // A mobile number of its own (9 and seven digits): the contacts refuse a duplicate.
  const mobile = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`
  const contact = async () => ({ firstName: 'Toggle', lastName: `Test ${serial}`, channels: [{ kind: 'PHONE', type: 'MOBILE', value: mobile() }] })

  it('without "admin vendor contacts" it cannot read or write the company contacts; with it, it can (own company only)', async () => {
    const without = (await api('vendor.alpha', 'POST', 'users', newSub({ vendorPerms: ['Tenders'] }))).body
    const token = await signIn(without.id)
    expect((await server.api(token, 'POST', '/hk/v1/ccdcontacts', await contact())).status).toBe(403)
    expect((await server.api(token, 'GET', '/hk/v1/ccdcontacts')).status).toBe(403)

    const withContacts = (await api('vendor.alpha', 'POST', 'users', newSub({ vendorPerms: ['AdminVendorContacts'] }))).body
    const token2 = await signIn(withContacts.id)
    const made = await server.api(token2, 'POST', '/hk/v1/ccdcontacts', await contact())
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.companyId).toBe(alphaCompany)
    expect((await server.api(token2, 'POST', '/hk/v1/ccdcontacts', { ...(await contact()), companyId: betaCompany })).status).toBe(403)
    // Tenders are not among its toggles.
    expect((await server.api(token2, 'GET', '/hk/v1/tenders')).status).toBe(403)
  })

  it('a sub-account cannot raise its own toggles nor write its company profile', async () => {
    const sub = (await api('vendor.alpha', 'POST', 'users', newSub({ vendorPerms: ['ReceiveECirculars'] }))).body
    const token = await signIn(sub.id)
    const current = await row(sub.id)
    const raised = await server.api(token, 'PATCH', `/hk/v1/users/${sub.id}`, { vendorPerms: [...['Tenders', 'Projects', 'AdminVendorContacts', 'ReceiveECirculars']], updatedAt: current.updatedAt })
    expect([403, 404]).toContain(raised.status)
    expect((await row(sub.id)).vendorPerms).toEqual(['ReceiveECirculars'])
    const company = await server.api(token, 'GET', `/hk/v1/companies/${alphaCompany}`)
    expect(company.status).toBe(200)
    expect((await server.api(token, 'PATCH', `/hk/v1/companies/${alphaCompany}`, { phone: '+852 0000 0000', updatedAt: company.body.updatedAt })).status).toBe(403)
  })
})

describe('the company profile of a vendor master account', () => {
  it('writes its own company’s mailing name, e-mail and phone; never its name, type or status, nor another company', async () => {
    const company = (await api('vendor.alpha', 'GET', `companies/${alphaCompany}`)).body
    const ok = await api('vendor.alpha', 'PATCH', `companies/${alphaCompany}`, { mailingName: 'Alpha Eng.', phone: '+852 2111 2222', updatedAt: company.updatedAt })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect([ok.body.mailingName, ok.body.phone, ok.body.name]).toEqual(['Alpha Eng.', '+852 2111 2222', company.name])
    for (const change of [{ name: 'Alpha Renamed' }, { type: 'O' }, { status: 'INACTIVE' }]) {
      const refused = await api('vendor.alpha', 'PATCH', `companies/${alphaCompany}`, { ...change, updatedAt: ok.body.updatedAt })
      expect(refused.status, JSON.stringify(change)).toBe(403)
      expect(refused.body.data.code).toBe('FIELD_FORBIDDEN')
    }
    expect((await server.knex('companies').where({ id: alphaCompany }).first()).name).toBe(company.name)
    const beta = await server.knex('companies').where({ id: betaCompany }).first()
    expect([403, 404]).toContain((await api('vendor.alpha', 'PATCH', `companies/${betaCompany}`, { phone: '1', updatedAt: beta.updatedAt })).status)
  })
})

describe('migration 20261127030000 for a database seeded before', () => {
  it('gives Vendor Admin companies update own once, as the fresh seed does', async () => {
    const grant = (p: any) => p.resource === 'companies' && p.action === 'update' && p.attribute === 'own'
    const group = () => server.knex('security_groups').where({ name: 'Vendor Admin' }).first('id', 'permissions')
    const seeded = await group()
    expect(seeded.permissions.filter(grant)).toHaveLength(1)
    await server
      .knex('security_groups')
      .where({ id: seeded.id })
      .update({ permissions: JSON.stringify(seeded.permissions.filter((p: any) => !grant(p))) })
    await server.knex.transaction((trx) => grantCompanyProfile(trx))
    await server.knex.transaction((trx) => grantCompanyProfile(trx))
    const after = await group()
    expect(after.permissions.filter(grant)).toHaveLength(1)
    expect(after.permissions).toHaveLength(seeded.permissions.length)
  })
})

describe("the administrator's company field", () => {
  it('ties a vendor sub-account to its company; a company it cannot read (another region, none) is 400 REFERENCE_INVALID', async () => {
    const loose = (await api('admin', 'POST', 'users', newSub())).body
    expect(loose.companyId).toBeNull()
    const tied = await api('admin', 'PATCH', `users/${loose.id}`, { companyId: alphaCompany, updatedAt: loose.updatedAt })
    expect(tied.status, JSON.stringify(tied.body)).toBe(200)
    expect(tied.body.companyId).toBe(alphaCompany)
    // Its "own" records are now its company's: it must sign in again.
    expect((await row(loose.id)).permissionVersion).toBe(loose.permissionVersion + 1)
    // Now its master account sees and manages it.
    expect((await api('vendor.alpha', 'GET', `users/${loose.id}`)).status).toBe(200)

    const sgCompany = await createTestCompany(server.knex, { region: 'SG', type: 'C' })
    for (const companyId of [sgCompany.id, 999_999]) {
      const refused = await api('admin', 'PATCH', `users/${loose.id}`, { companyId, updatedAt: tied.body.updatedAt })
      expect(refused.status, String(companyId)).toBe(400)
      expect(refused.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'companyId' })
      const created = await api('admin', 'POST', 'users', newSub({ companyId }))
      expect(created.status).toBe(400)
      expect(created.body.data.code).toBe('REFERENCE_INVALID')
    }
    expect((await row(loose.id)).companyId).toBe(alphaCompany)
    // Edited from another region, the company it already has comes back unchanged: no refusal.
    const before = await row(loose.id)
    expect((await api('admin', 'PATCH', `users/${loose.id}`, { regions: ['HK', 'SG'], updatedAt: before.updatedAt })).status).toBe(200)
    const kept = await row(loose.id)
    const fromSg = await server.api(tokens.admin, 'PATCH', `/sg/v1/users/${loose.id}`, { displayName: 'Edited in SG', companyId: alphaCompany, updatedAt: kept.updatedAt })
    expect(fromSg.status, JSON.stringify(fromSg.body)).toBe(200)
    // A vendor master account cannot move one of its accounts to another company.
    const current = await row(loose.id)
    const moved = await api('vendor.alpha', 'PATCH', `users/${loose.id}`, { companyId: betaCompany, updatedAt: current.updatedAt })
    expect(moved.status).toBe(403)
    expect(moved.body.data).toMatchObject({ code: 'FIELD_FORBIDDEN', field: 'companyId' })
  })
})
