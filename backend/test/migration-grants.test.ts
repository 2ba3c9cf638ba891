import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { grantsByGroup, up } from '../src/modules/tenders/migrations/20261121002210_grants_of_terms_review_handover.js'

// Migration 2210 gives a database seeded before the terms library, tender representatives,
// addendum documents and the change of person in charge the grants a fresh seed now gives.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

type Grant = { resource: string; action: string; attribute: string }
const key = (grant: Grant) => `${grant.resource}:${grant.action}:${grant.attribute}`
const groupRow = (name: string) => server.knex('security_groups').where({ name }).first('id', 'permissions', 'updatedAt')
const grantsOf = async (name: string) => ((await groupRow(name)).permissions as Grant[]).map(key)

/** The groups as a database seeded before those features holds them: without the new grants. */
async function oldState() {
  for (const [name, grants] of Object.entries(grantsByGroup)) {
    const group = await groupRow(name)
    const kept = (group.permissions as Grant[]).filter((held) => !grants.some((grant) => key(grant) === key(held)))
    await server
      .knex('security_groups')
      .where({ id: group.id })
      .update({ permissions: JSON.stringify(kept) })
  }
}

describe('migration 2210: grants for databases seeded before', () => {
  it('matches what the fresh seed gives (the seeded template already holds every grant)', async () => {
    for (const [name, grants] of Object.entries(grantsByGroup)) expect(await grantsOf(name)).toEqual(expect.arrayContaining(grants.map(key)))
  })

  it('adds the missing grants once, keeps the others, and a second run changes nothing', async () => {
    const before = Object.fromEntries(await Promise.all(Object.keys(grantsByGroup).map(async (name) => [name, await grantsOf(name)])))
    await oldState()
    server.app.get('principals').invalidate()
    const admin = (await server.login('admin')).accessToken
    expect((await server.api(admin, 'GET', '/v1/tender-terms')).status).toBe(403)
    const approverBefore = await groupRow('Approver')

    await server.knex.transaction((trx) => up(trx))
    for (const [name, grants] of Object.entries(grantsByGroup)) {
      const held = await grantsOf(name)
      expect(held).toEqual(expect.arrayContaining(grants.map(key)))
      // Nothing lost, nothing twice: the same set as the fresh seed, each grant once.
      expect([...held].sort()).toEqual([...before[name]].sort())
      expect(new Set(held).size).toBe(held.length)
    }
    // A group the migration does not name is left alone.
    expect(await groupRow('Approver')).toEqual(approverBefore)
    // The grant works: after a restart (migrations run before the server caches anyone's groups)
    // the administrator reads the terms library.
    server.app.get('principals').invalidate()
    const again = (await server.login('admin')).accessToken
    expect((await server.api(again, 'GET', '/v1/tender-terms')).status).toBe(200)

    const once = await Promise.all(Object.keys(grantsByGroup).map(groupRow))
    await server.knex.transaction((trx) => up(trx))
    expect(await Promise.all(Object.keys(grantsByGroup).map(groupRow))).toEqual(once)
  })

  it('counts a right held on any record as held: no own copy beside it', async () => {
    const group = await groupRow('Project Manager')
    const widened = (group.permissions as Grant[])
      .map((held) => (held.resource === 'files' && held.action === 'read' ? { ...held, attribute: 'any' } : held))
      .filter((held) => !(held.resource === 'files' && held.action === 'create'))
    await server
      .knex('security_groups')
      .where({ id: group.id })
      .update({ permissions: JSON.stringify(widened) })
    await server.knex.transaction((trx) => up(trx))
    const held = await grantsOf('Project Manager')
    expect(held).toContain('files:read:any')
    expect(held).not.toContain('files:read:own')
    expect(held).toContain('files:create:own')
  })

  it('does nothing on a fresh database, where the migrations run before the seed writes the groups', async () => {
    const trx = await server.knex.transaction()
    try {
      await trx('user_groups').delete()
      await trx('security_groups').delete()
      await up(trx)
      expect(Number((await trx('security_groups').count('* as count').first())?.count)).toBe(0)
    } finally {
      await trx.rollback()
    }
  })
})
