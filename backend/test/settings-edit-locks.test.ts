import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let pm: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  pm = (await server.login('pm.hk')).accessToken
})
afterAll(async () => { await server?.stop() })

const secondsLeft = (lock: any) => (new Date(lock.expiresAt).getTime() - Date.now()) / 1000

describe('edit locks', () => {
  it('gives the lock to the first user and answers 423 with the holder to the second', async () => {
    const taken = await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: 1 })
    expect(taken.status).toBe(201)
    expect(taken.body).toMatchObject({ id: 'tenders:1', resource: 'tenders', recordId: '1', username: 'admin' })
    expect(secondsLeft(taken.body)).toBeGreaterThan(50)
    expect(secondsLeft(taken.body)).toBeLessThanOrEqual(61)
    const refused = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: '1' })
    expect(refused.status).toBe(423)
    expect(refused.body.data).toMatchObject({ code: 'EDIT_LOCKED', username: 'admin' })
    expect(refused.body.message).toBe('This record is being edited by admin.')
    const holder = await server.api(pm, 'GET', '/hk/v1/edit-locks?resource=tenders&recordId=1')
    expect(holder.status).toBe(200)
    expect(holder.body.data.map((lock: any) => lock.username)).toEqual(['admin'])
  })

  it('renews the holder\'s lock on a second take and on keep-alive', async () => {
    await server.knex('edit_locks').where({ resource: 'tenders', recordId: '1' }).update({ expiresAt: new Date(Date.now() + 5000) })
    const again = await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: 1 })
    expect(again.status).toBe(201)
    expect(secondsLeft(again.body)).toBeGreaterThan(50)
    await server.knex('edit_locks').where({ resource: 'tenders', recordId: '1' }).update({ expiresAt: new Date(Date.now() + 5000) })
    const kept = await server.api(admin, 'PATCH', '/hk/v1/edit-locks/tenders:1', {})
    expect(kept.status).toBe(200)
    expect(secondsLeft(kept.body)).toBeGreaterThan(50)
    expect((await server.api(pm, 'PATCH', '/hk/v1/edit-locks/tenders:1', {})).status).toBe(423)
  })

  it('releases only for the holder; then the lock is free', async () => {
    expect((await server.api(pm, 'DELETE', '/hk/v1/edit-locks/tenders:1')).status).toBe(423)
    const released = await server.api(admin, 'DELETE', '/hk/v1/edit-locks/tenders:1')
    expect(released.status).toBe(200)
    expect((await server.api(admin, 'GET', '/hk/v1/edit-locks?resource=tenders&recordId=1')).body.total).toBe(0)
    // Releasing again (a closed tab, a retry) is not an error.
    expect((await server.api(admin, 'DELETE', '/hk/v1/edit-locks/tenders:1')).body.userId).toBeNull()
    const taken = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: 1 })
    expect(taken.status).toBe(201)
    expect(taken.body.username).toBe('pm.hk')
  })

  it('treats an expired lock as free', async () => {
    await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'projects', recordId: 7 })
    await server.knex('edit_locks').where({ resource: 'projects', recordId: '7' }).update({ expiresAt: new Date(Date.now() - 1000) })
    expect((await server.api(pm, 'GET', '/hk/v1/edit-locks?resource=projects')).body.total).toBe(0)
    const taken = await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'projects', recordId: 7 })
    expect(taken.status).toBe(201)
    expect(taken.body.username).toBe('pm.hk')
    expect((await server.api(admin, 'PATCH', '/hk/v1/edit-locks/projects:7', {})).status).toBe(423)
  })

  it('stops another user\'s save of a locked record with 423, not the holder\'s', async () => {
    const es3 = (await server.api(admin, 'GET', '/hk/v1/buildings?code=ES3')).body.data[0]
    expect((await server.api(pm, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: es3.id })).status).toBe(201)
    const blocked = await server.api(admin, 'PATCH', `/hk/v1/buildings/${es3.id}`, { hotline: '+852 0000 0000', updatedAt: es3.updatedAt })
    expect(blocked.status).toBe(423)
    expect(blocked.body.data).toMatchObject({ code: 'EDIT_LOCKED', username: 'pm.hk' })
    expect((await server.api(pm, 'DELETE', `/hk/v1/edit-locks/buildings:${es3.id}`)).status).toBe(200)
    expect((await server.api(admin, 'PATCH', `/hk/v1/buildings/${es3.id}`, { hotline: '+852 0000 0000', updatedAt: es3.updatedAt })).status).toBe(200)
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'buildings', recordId: es3.id })).status).toBe(201)
    const es3Now = (await server.api(admin, 'GET', `/hk/v1/buildings/${es3.id}`)).body
    expect((await server.api(admin, 'PATCH', `/hk/v1/buildings/${es3.id}`, { hotline: '+852 1111 1111', updatedAt: es3Now.updatedAt })).status).toBe(200)
  })

  it('is for signed-in users only, checks its input and is not audited', async () => {
    expect((await server.api(null, 'POST', '/hk/v1/edit-locks', { resource: 'tenders', recordId: 2 })).status).toBe(401)
    expect((await server.api(admin, 'POST', '/hk/v1/edit-locks', { resource: 'Bad Resource', recordId: 2 })).status).toBe(400)
    expect((await server.api(admin, 'PATCH', '/hk/v1/edit-locks/no-colon', {})).status).toBe(400)
    expect((await server.api(admin, 'GET', '/hk/v1/edit-locks')).status).toBe(400)
    const { accessToken } = await server.login('tenant.acme')
    expect((await server.api(accessToken, 'POST', '/hk/v1/edit-locks', { resource: 'tenancies', recordId: 1 })).status).toBe(201)
    expect(await server.knex('audit_log').where({ resource: 'edit-locks' })).toHaveLength(0)
  })
})
