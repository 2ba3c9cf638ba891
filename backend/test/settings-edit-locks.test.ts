import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let pm: string
const tokens: Record<string, string> = {}
/** A tender in pm.hk's charge (pm.hk and admin may update it), a building, a user account, a security group. */
let tender: string
let building: number
let account: number
let group: number
beforeAll(async () => {
  server = await startTestServer()
  // pm.hk also keeps the buildings of HK, so two users may edit one building.
  const [editors] = await server.knex('security_groups').insert(
    {
      name: 'Building Editor',
      domain: 'CMS',
      description: 'Keeps the buildings',
      permissions: JSON.stringify([
        { resource: 'buildings', action: 'read', attribute: 'any' },
        { resource: 'buildings', action: 'update', attribute: 'any' }
      ])
    },
    ['id']
  )
  const pmRow = await server.knex('users').where({ username: 'pm.hk' }).first('id')
  await server.knex('user_groups').insert({ userId: pmRow.id, region: 'HK', groupId: editors.id })
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  admin = tokens.admin
  pm = tokens['pm.hk']
  // A draft: no vendor reads it yet.
  tender = (await server.knex('tenders').where({ managedBy: pmRow.id, region: 'HK', status: 'DRAFT' }).orderBy('id').first('id')).id
  building = (await server.knex('buildings').where({ region: 'HK', code: 'ES3' }).first('id')).id
  account = (await server.knex('users').where({ username: 'approver.hk' }).first('id')).id
  group = (await server.knex('security_groups').where({ name: 'System Admin' }).first('id')).id
})
afterAll(async () => {
  await server?.stop()
})

const secondsLeft = (lock: any) => (new Date(lock.expiresAt).getTime() - Date.now()) / 1000

describe('edit locks', () => {
  it('gives the lock to the first user and answers 423 with the holder to the second', async () => {
    const taken = await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })
    expect(taken.status).toBe(201)
    expect(taken.body).toMatchObject({ id: `tenders:${tender}`, resource: 'tenders', recordId: tender, username: 'admin' })
    expect(secondsLeft(taken.body)).toBeGreaterThan(50)
    expect(secondsLeft(taken.body)).toBeLessThanOrEqual(61)
    const refused = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })
    expect(refused.status).toBe(423)
    expect(refused.body.data).toMatchObject({ code: 'EDIT_LOCKED', username: 'admin' })
    expect(refused.body.message).toBe('This record is being edited by admin.')
    const holder = await server.api(pm, 'GET', `/hk/v1/edit-locks?resource=tenders&recordId=${tender}`)
    expect(holder.status).toBe(200)
    expect(holder.body.data.map((lock: any) => lock.username)).toEqual(['admin'])
  })

  it("renews the holder's lock on a second take and on keep-alive", async () => {
    await server
      .knex('edit_locks')
      .where({ resource: 'tenders', recordId: tender })
      .update({ expiresAt: new Date(Date.now() + 5000) })
    const again = await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })
    expect(again.status).toBe(201)
    expect(secondsLeft(again.body)).toBeGreaterThan(50)
    await server
      .knex('edit_locks')
      .where({ resource: 'tenders', recordId: tender })
      .update({ expiresAt: new Date(Date.now() + 5000) })
    const kept = await server.api(admin, 'PATCH', `/hk/v1/edit-locks/tenders:${tender}`, {})
    expect(kept.status).toBe(200)
    expect(secondsLeft(kept.body)).toBeGreaterThan(50)
    expect((await server.api(pm, 'PATCH', `/hk/v1/edit-locks/tenders:${tender}`, {})).status).toBe(423)
  })

  it('releases only for the holder; then the lock is free', async () => {
    expect((await server.api(pm, 'DELETE', `/hk/v1/edit-locks/tenders:${tender}`)).status).toBe(423)
    const released = await server.api(admin, 'DELETE', `/hk/v1/edit-locks/tenders:${tender}`)
    expect(released.status).toBe(200)
    expect((await server.api(admin, 'GET', `/hk/v1/edit-locks?resource=tenders&recordId=${tender}`)).body.total).toBe(0)
    // Releasing again (a closed tab, a retry) is not an error.
    expect((await server.api(admin, 'DELETE', `/hk/v1/edit-locks/tenders:${tender}`)).body.userId).toBeNull()
    const taken = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })
    expect(taken.status).toBe(201)
    expect(taken.body.username).toBe('pm.hk')
    expect((await server.api(pm, 'DELETE', `/hk/v1/edit-locks/tenders:${tender}`)).status).toBe(200)
  })

  it('treats an expired lock as free', async () => {
    await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: building })
    await server
      .knex('edit_locks')
      .where({ resource: 'buildings', recordId: String(building) })
      .update({ expiresAt: new Date(Date.now() - 1000) })
    expect((await server.api(pm, 'GET', '/hk/v1/edit-locks?resource=buildings')).body.total).toBe(0)
    const taken = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: building })
    expect(taken.status).toBe(201)
    expect(taken.body.username).toBe('pm.hk')
    expect((await server.api(admin, 'PATCH', `/hk/v1/edit-locks/buildings:${building}`, {})).status).toBe(423)
    expect((await server.api(pm, 'DELETE', `/hk/v1/edit-locks/buildings:${building}`)).status).toBe(200)
  })

  it("stops another user's save of a locked record with 423, not the holder's", async () => {
    const es3 = (await server.api(admin, 'GET', `/hk/v1/buildings/${building}`)).body
    expect((await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: es3.id })).status).toBe(201)
    const blocked = await server.api(admin, 'PATCH', `/hk/v1/buildings/${es3.id}`, { hotline: '+852 0000 0000', updatedAt: es3.updatedAt })
    expect(blocked.status).toBe(423)
    expect(blocked.body.data).toMatchObject({ code: 'EDIT_LOCKED', username: 'pm.hk' })
    expect((await server.api(pm, 'DELETE', `/hk/v1/edit-locks/buildings:${es3.id}`)).status).toBe(200)
    expect((await server.api(admin, 'PATCH', `/hk/v1/buildings/${es3.id}`, { hotline: '+852 0000 0000', updatedAt: es3.updatedAt })).status).toBe(200)
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: es3.id })).status).toBe(201)
    const es3Now = (await server.api(admin, 'GET', `/hk/v1/buildings/${es3.id}`)).body
    expect((await server.api(admin, 'PATCH', `/hk/v1/buildings/${es3.id}`, { hotline: '+852 1111 1111', updatedAt: es3Now.updatedAt })).status).toBe(200)
    expect((await server.api(admin, 'DELETE', `/hk/v1/edit-locks/buildings:${es3.id}`)).status).toBe(200)
  })

  it('is for signed-in users only, checks its input and is not audited', async () => {
    expect((await server.api(null, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })).status).toBe(401)
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'Bad Resource', recordId: 2 })).status).toBe(400)
    expect((await server.api(admin, 'PATCH', '/hk/v1/edit-locks/no-colon', {})).status).toBe(400)
    expect((await server.api(admin, 'GET', '/hk/v1/edit-locks')).status).toBe(400)
    // Only records of the services that hold them, by a well-formed id.
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'projects', recordId: 7 })).status).toBe(404)
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: 'x1' })).status).toBe(404)
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: 1 })).status).toBe(404)
    expect(await server.knex('audit_log').where({ resource: 'edit-locks' })).toHaveLength(0)
  })
})

describe('edit locks: only who may update a record locks it, and sees its lock (issue 8, finding 6)', () => {
  const records = () => [
    { resource: 'tenders', recordId: tender },
    { resource: 'buildings', recordId: building },
    { resource: 'users', recordId: account },
    { resource: 'security-groups', recordId: group }
  ]

  it('refuses vendors, tenants and staff without the update right (403, or 404 where they cannot read the record); nothing is locked', async () => {
    for (const name of ['vendor.alpha', 'tenant.acme', 'accounting.hk']) {
      for (const record of records()) {
        const taken = await server.api(tokens[name], 'POST', '/hk/v1/edit-locks', record)
        expect([403, 404], `${name} locks ${record.resource}`).toContain(taken.status)
        const kept = await server.api(tokens[name], 'PATCH', `/hk/v1/edit-locks/${record.resource}:${record.recordId}`, {})
        expect([403, 404], `${name} keeps ${record.resource}`).toContain(kept.status)
      }
    }
    // Who reads a record but may not update it: 403 (every signed-in user reads the region's buildings).
    expect((await server.api(tokens['accounting.hk'], 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: building })).status).toBe(403)
    // Who cannot read it: 404, as for a record that does not exist.
    expect((await server.api(tokens['vendor.alpha'], 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })).status).toBe(404)
    expect(await server.knex('edit_locks')).toHaveLength(0)
  })

  it('hides the locks of records the caller cannot read, and who holds them', async () => {
    for (const record of records()) {
      const taken = await server.api(admin, 'POST', '/hk/v1/edit-locks', record)
      expect(taken.status, `admin locks ${record.resource}`).toBe(201)
    }
    for (const name of ['vendor.alpha', 'vendor.beta', 'tenant.acme', 'accounting.hk']) {
      // Every signed-in user reads the region's buildings, and so their locks.
      for (const record of records().filter((candidate) => candidate.resource !== 'buildings')) {
        const listed = await server.api(tokens[name], 'GET', `/hk/v1/edit-locks?resource=${record.resource}`)
        expect(listed.status).toBe(200)
        expect(listed.body, `${name} lists ${record.resource}`).toMatchObject({ total: 0, data: [] })
        const one = await server.api(tokens[name], 'GET', `/hk/v1/edit-locks?resource=${record.resource}&recordId=${record.recordId}`)
        expect(one.body.total).toBe(0)
        // Releasing someone else's lock does not say whose it is either.
        const release = await server.api(tokens[name], 'DELETE', `/hk/v1/edit-locks/${record.resource}:${record.recordId}`)
        expect([403, 404]).toContain(release.status)
        expect(JSON.stringify(release.body)).not.toContain('admin')
      }
    }
    // Who reads the record sees the lock (the buildings of the region; pm.hk its tender).
    expect((await server.api(tokens['accounting.hk'], 'GET', `/hk/v1/edit-locks?resource=buildings`)).body.data.map((lock: any) => lock.recordId)).toEqual([String(building)])
    expect((await server.api(pm, 'GET', `/hk/v1/edit-locks?resource=tenders`)).body.data.map((lock: any) => lock.username)).toEqual(['admin'])
    for (const record of records()) expect((await server.api(admin, 'DELETE', `/hk/v1/edit-locks/${record.resource}:${record.recordId}`)).status).toBe(200)
  })

  it('lets the editor lock, renew and release what it may update', async () => {
    const taken = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: tender })
    expect(taken.status).toBe(201)
    expect((await server.api(pm, 'PATCH', `/hk/v1/edit-locks/tenders:${tender}`, {})).status).toBe(200)
    expect((await server.api(pm, 'DELETE', `/hk/v1/edit-locks/tenders:${tender}`)).status).toBe(200)
    // A vendor admin edits the accounts of its own company.
    const own = (await server.knex('users').where({ username: 'vendor.alpha' }).first('id')).id
    expect((await server.api(tokens['vendor.alpha'], 'POST', '/hk/v1/edit-locks', { resource: 'users', recordId: own })).status).toBe(201)
    expect((await server.api(tokens['vendor.alpha'], 'DELETE', `/hk/v1/edit-locks/users:${own}`)).status).toBe(200)
  })
})
