import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { createAbility } from '../src/abilities/define-rules.js'
import { createTestAccount, createTestGroup, type TestAccount, type TestGroup } from '../../seeds/account-factories.js'
import { startTestServer, type TestServer } from './server.js'

/*
 * Rights change live (issue 27 item 20): when an administrator changes a user's groups, perms or
 * toggles, that user's open sessions hear it on their live connection and renew their token under
 * the new rights (authentication `renew`), instead of meeting "permission updated, sign in again"
 * at the next request; a renewal that does not hold (session ended, account locked, a forged or
 * expired token) is refused, and that dialog stays the fallback.
 */

let server: TestServer
let admin: string
const sockets: Socket[] = []

beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

/** A copy of pm.hk in a copy of the Project Manager group, signed in. */
async function manager(): Promise<{ group: TestGroup; account: TestAccount; accessToken: string; rules: any[] }> {
  const group = await createTestGroup(server.knex, { like: 'Project Manager' })
  const account = await createTestAccount(server.knex, { like: 'pm.hk', groups: [group] })
  const { accessToken, rules } = await server.login(account.username)
  return { group, account, accessToken, rules }
}

/** The browser's live connection: socket.io in HK signed in with the token; counts the 'rights' messages and the users events. */
async function live(accessToken: string) {
  const socket = io(server.url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken })
  let rights = 0
  const waiters: Array<() => void> = []
  socket.on('rights', () => {
    rights += 1
    for (const wake of waiters.splice(0)) wake()
  })
  return {
    client,
    rights: () => rights,
    /** Resolves at the first 'rights' message (none is missed: counted from the connection on). */
    told: () => (rights ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)))
  }
}

const renew = (accessToken: unknown, headers: Record<string, string> = {}) => server.api(null, 'POST', '/v1/authentication', { strategy: 'renew', accessToken }, headers)
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())

async function grantUsersReadAny(group: TestGroup) {
  const stored = (await server.api(admin, 'GET', `/hk/v1/security-groups/${group.id}`)).body
  const permissions = [...stored.permissions, { resource: 'users', action: 'read', attribute: 'any' }]
  const patched = await server.api(admin, 'PATCH', `/hk/v1/security-groups/${group.id}`, { permissions, updatedAt: stored.updatedAt })
  expect(patched.status, JSON.stringify(patched.body)).toBe(200)
}

describe('a change of rights reaches the open session', () => {
  it("tells the member's live connection at once; the old token then renews, same session and expiry, with the new rules", async () => {
    const { group, accessToken, rules } = await manager()
    expect(createAbility(rules).can('read', 'users')).toBe(false)
    const connection = await live(accessToken)

    await grantUsersReadAny(group)
    await connection.told()

    // The old token is refused with the fallback's code until renewed.
    const stale = await server.api(accessToken, 'GET', '/hk/v1/users?$limit=1')
    expect(stale.status).toBe(403)
    expect(stale.body.data.code).toBe('PERMISSION_UPDATED')

    const renewed = await renew(accessToken, { 'x-region': 'HK' })
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201)
    expect(renewed.body.region).toBe('HK')
    expect(createAbility(renewed.body.rules).can('read', 'users')).toBe(true)
    const before = payloadOf(accessToken)
    const after = payloadOf(renewed.body.accessToken)
    expect(after.sid).toBe(before.sid)
    expect(after.sub).toBe(before.sub)
    expect(after.pv).toBe(before.pv + 1)
    expect(Math.abs(after.exp - before.exp)).toBeLessThanOrEqual(1)
    expect((await server.api(renewed.body.accessToken, 'GET', '/hk/v1/users?$limit=1')).status).toBe(200)

    // The live connection signed in again with the renewed token hears events under the new rights.
    const again = await live(renewed.body.accessToken)
    const heard = new Promise((resolve) => again.client.service('users').on('patched', resolve))
    const someone = (await server.api(admin, 'GET', '/hk/v1/users?username=accounting.hk')).body.data[0]
    expect((await server.api(admin, 'PATCH', `/hk/v1/users/${someone.id}`, { phone: '+852 2000 0001', updatedAt: someone.updatedAt })).status).toBe(200)
    await heard
  })

  it("tells only the connections whose user's rights changed, once a user's own groups change", async () => {
    const { account, accessToken } = await manager()
    const other = await manager()
    const changed = await live(accessToken)
    const unchanged = await live(other.accessToken)
    const stored = (await server.api(admin, 'GET', `/hk/v1/users/${account.id}`)).body
    const accounting = (await server.api(admin, 'GET', '/hk/v1/security-groups?name=Accounting')).body.data[0]
    const patched = await server.api(admin, 'PATCH', `/hk/v1/users/${account.id}`, { groupIds: [...stored.groupIds, accounting.id], updatedAt: stored.updatedAt })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    await changed.told()
    // The other member's rights stand: its token works, and nothing was said to it (its own change would have come first).
    expect((await server.api(other.accessToken, 'GET', '/hk/v1/buildings?$limit=1')).status).toBe(200)
    expect(unchanged.rights()).toBe(0)
    expect((await renew(accessToken)).status).toBe(201)
  })
})

describe('a renewal that does not hold is refused as a sign-in would be (the dialog is the fallback)', () => {
  it('refuses a token of an ended session, of a locked account, a forged or missing token', async () => {
    const ended = await manager()
    expect((await server.api(ended.accessToken, 'DELETE', '/v1/authentication')).status).toBe(200)
    expect((await renew(ended.accessToken)).status).toBe(401)

    const locked = await manager()
    await server.knex('users').where({ id: locked.account.id }).update({ lockedAt: new Date() })
    await server.app.get('invalidation').publish({ kind: 'user', id: locked.account.id })
    expect((await renew(locked.accessToken)).status).toBe(401)

    const forged = await manager()
    const [header, body] = forged.accessToken.split('.')
    const raised = Buffer.from(JSON.stringify({ ...payloadOf(forged.accessToken), sub: '1' })).toString('base64url')
    expect((await renew(`${header}.${raised}.${forged.accessToken.split('.')[2]}`)).status).toBe(401)
    expect((await renew(`${header}.${body}.invalid`)).status).toBe(401)
    for (const token of [undefined, '', 42, { accessToken: 'x' }]) expect((await renew(token)).status).toBe(401)
  })

  it('gives no more than the session had: a renewed token names the same session, which a sign-out still ends', async () => {
    const { group, accessToken } = await manager()
    await grantUsersReadAny(group)
    const renewed = (await renew(accessToken)).body.accessToken
    expect((await server.api(renewed, 'DELETE', '/v1/authentication')).status).toBe(200)
    expect((await server.api(renewed, 'GET', '/hk/v1/buildings?$limit=1')).status).toBe(401)
    expect((await renew(renewed)).status).toBe(401)
    expect((await renew(accessToken)).status).toBe(401)
  })
})
