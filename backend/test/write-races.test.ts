import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { up as caseInsensitiveUnique } from '../../migrations/20261123000500_case_insensitive_unique.js'

/*
 * Issue 8 findings 9 and 14: uniqueness and versions hold under concurrent writes, and a write
 * answers nothing about a record the caller may not read, before any version check.
 */
let server: TestServer
const tokens: Record<string, string> = {}
let alpha: number
let esSite: number
let awardedTender: string
let openTender: any
let alphaBid: any
const UNKNOWN = 'a'.repeat(24)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'vendor.alpha', 'vendor.beta', 'tenant.acme', 'pm.hk']) tokens[name] = (await server.login(name)).accessToken
  const db = server.knex
  alpha = (await db('companies').where({ name: 'Alpha Engineering Ltd' }).first('id')).id
  esSite = (await db('sites').where({ region: 'HK', shortName: 'ES' }).first('id')).id
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id
  const groups = [{ id: 'g1', lineItems: [{ id: 'i1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' }] }]
  awardedTender = (
    await db('tenders').insert(
      {
        region: 'HK',
        prNumber: 'PR-RACE-1',
        tenderType: 'TENDER',
        status: 'AWARDED',
        managedBy: pm,
        siteId: esSite,
        lineItemGroups: JSON.stringify(groups),
        awardedAt: new Date()
      },
      ['id']
    )
  )[0].id
  const [bid] = await db('bids').insert({ region: 'HK', tenderId: awardedTender, companyId: alpha, status: 'SUBMITTED', content: JSON.stringify({ rates: { i1: 1000 } }) }, ['id'])
  await db('tenders').where({ id: awardedTender }).update({ recommendedBidId: bid.id })
  // The seeded ISSUED tender that invites Alpha only (open for bids).
  openTender = await db('tenders').where({ prNumber: 'PR-ES-0011' }).first()
  alphaBid = await db('bids').where({ tenderId: openTender.id, companyId: alpha }).first()
})
afterAll(async () => {
  await server?.stop()
})

/** `count` spellings of one text, each in its own letter case. */
const caseVariants = (text: string, count = 10) =>
  Array.from({ length: count }, (_unused, n) => {
    let bit = 0
    return text.replace(/[a-z]/gi, (char) => ((n >> bit++) & 1 ? char.toUpperCase() : char.toLowerCase()))
  })

/**
 * The database itself refuses a copy of a stored row with `column` in another letter case (other
 * columns of the rule's scope unchanged, other unique columns of the row made unique), so no
 * path around the service's check (a race, a job, a script) can store one either.
 */
async function copyInOtherCase(table: string, column: string, id: number, uniqueElsewhere: string[] = []) {
  const { rows } = await server.knex.raw(`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name <> 'id'`, [table])
  const names: string[] = rows.map((row: any) => row.name)
  const values = names.map((name) =>
    name === column ? `CASE WHEN "${name}" = upper("${name}") THEN lower("${name}") ELSE upper("${name}") END` : uniqueElsewhere.includes(name) ? `"${name}" || '-copy'` : `"${name}"`
  )
  return server.knex.raw(`INSERT INTO "${table}" (${names.map((name) => `"${name}"`).join(', ')}) SELECT ${values.join(', ')} FROM "${table}" WHERE id = ?`, [id])
}

/** Sends every body at once; answers the statuses sorted and the answers. */
async function race(path: string, bodies: unknown[], user = 'admin') {
  const answers = await Promise.all(bodies.map((body) => server.api(tokens[user], 'POST', path, body)))
  return { statuses: answers.map((answer) => answer.status).sort(), answers }
}

describe('uniqueness ignoring letter case holds under concurrent creates (one 201, nine 409 DUPLICATE)', () => {
  const cases: Array<{ name: string; path: string; table: string; column: string; text: string; body: (value: string, n: number) => Record<string, unknown>; field: string }> = [
    {
      name: 'purchase order numbers',
      path: '/hk/v1/purchase-orders',
      table: 'purchase_orders',
      column: 'number',
      text: 'po-race-abcd',
      field: 'number',
      body: (number) => ({ number, tenderId: awardedTender, companyId: alpha, siteId: esSite, amount: 1000 })
    },
    {
      name: 'contract numbers',
      path: '/hk/v1/contracts',
      table: 'contracts',
      column: 'number',
      text: 'c-race-abcd',
      field: 'number',
      body: (number) => ({ number, tenderId: awardedTender, companyId: alpha, siteId: esSite, amount: 1000 })
    },
    { name: 'security group names', path: '/hk/v1/security-groups', table: 'security_groups', column: 'name', text: 'race group', field: 'name', body: (name) => ({ name, permissions: [] }) },
    {
      name: 'usernames',
      path: '/hk/v1/users',
      table: 'users',
      column: 'username',
      text: 'race.user',
      field: 'username',
      body: (username, n) => ({ username, email: `race${n}@example.com`, displayName: 'Race User', userType: 401 })
    },
    { name: 'building codes', path: '/hk/v1/buildings', table: 'buildings', column: 'code', text: 'racebldg', field: 'code', body: (code) => ({ code, name: 'Race Building' }) },
    { name: 'site names', path: '/hk/v1/sites', table: 'sites', column: 'name', text: 'race site', field: 'name', body: (name, n) => ({ name, shortName: `RS${n}` }) },
    { name: 'site short names', path: '/hk/v1/sites', table: 'sites', column: 'short_name', text: 'rsite', field: 'shortName', body: (shortName, n) => ({ name: `Race short ${n}`, shortName }) },
    { name: 'location codes', path: '/hk/v1/locations', table: 'locations', column: 'code', text: 'raceloc', field: 'code', body: (code) => ({ code }) },
    { name: 'department names', path: '/hk/v1/departments', table: 'departments', column: 'name', text: 'race department', field: 'name', body: (name, n) => ({ name, shortName: `RD${n}` }) },
    { name: 'company names', path: '/hk/v1/companies', table: 'companies', column: 'name', text: 'race company', field: 'name', body: (name) => ({ name, type: 'O' }) }
  ]
  for (const { name, path, table, column, text, body, field } of cases) {
    it(name, async () => {
      const { statuses, answers } = await race(path, caseVariants(text).map(body))
      expect(statuses, JSON.stringify(answers.filter((answer) => answer.status !== 409).map((answer) => answer.body))).toEqual([201, ...Array(9).fill(409)])
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body.data, JSON.stringify(refused.body)).toMatchObject({ code: 'DUPLICATE', field })
      }
      const stored = await server.knex(table).whereRaw(`lower(${column}) = ?`, [text]).select('id')
      expect(stored).toHaveLength(1)
      const otherUnique = table === 'sites' ? ['name', 'short_name'].filter((name) => name !== column) : []
      await expect(copyInOtherCase(table, column, stored[0].id, otherUnique)).rejects.toMatchObject({ code: '23505' })
    })
  }

  it("a rename onto another record's code in another case answers 409 too, and the same code in another region is fine", async () => {
    const first = (await server.api(tokens.admin, 'POST', '/hk/v1/buildings', { code: 'RENAME1', name: 'One' })).body
    const second = (await server.api(tokens.admin, 'POST', '/hk/v1/buildings', { code: 'RENAME2', name: 'Two' })).body
    const renamed = await server.api(tokens.admin, 'PATCH', `/hk/v1/buildings/${second.id}`, { code: 'rename1', updatedAt: second.updatedAt })
    expect(renamed.status).toBe(409)
    expect(renamed.body.data).toMatchObject({ code: 'DUPLICATE', field: 'code' })
    expect((await server.api(tokens.admin, 'POST', '/sg/v1/buildings', { code: 'rename1', name: 'One in SG' })).status).toBe(201)
    expect(first.code).toBe('RENAME1')
  })
})

describe('the migration to case-insensitive indexes', () => {
  it('keeps the oldest of existing duplicates and renames the later ones, with an audit row each', async () => {
    const db = server.knex
    await db.raw('DROP INDEX buildings_code_ci_unique')
    const [older] = await db('buildings').insert({ region: 'HK', code: 'DUPE1', name: 'Older' }, ['id'])
    const [later] = await db('buildings').insert({ region: 'HK', code: 'dupe1', name: 'Later' }, ['id'])
    await caseInsensitiveUnique(db)
    expect((await db('buildings').where({ id: older.id }).first()).code).toBe('DUPE1')
    expect((await db('buildings').where({ id: later.id }).first()).code).toBe(`dupe1 #${later.id}`)
    const audit = await db('audit_log').where({ resource: 'buildings', recordId: String(later.id), action: 'migration.case-insensitive-unique' })
    expect(audit.map((row: any) => [row.before, row.after])).toEqual([[{ code: 'dupe1' }, { code: `dupe1 #${later.id}` }]])
    await expect(copyInOtherCase('buildings', 'code', older.id)).rejects.toMatchObject({ code: '23505' })
  })
})

describe('custom methods carry the version they read', () => {
  const save = (body: Record<string, unknown>, user = 'vendor.alpha') =>
    server.api(tokens[user], 'POST', '/hk/v1/bids', { id: alphaBid.id, content: { rates: { i1: 100 } }, ...body }, { 'x-service-method': 'save' })

  it('bids.save without updatedAt answers 428 UPDATED_AT_REQUIRED and changes nothing', async () => {
    const before = await server.knex('bids').where({ id: alphaBid.id }).first()
    const missing = await save({})
    expect(missing.status, JSON.stringify(missing.body)).toBe(428)
    expect(missing.body.data.code).toBe('UPDATED_AT_REQUIRED')
    expect(await server.knex('bids').where({ id: alphaBid.id }).first()).toEqual(before)
    // The spec alias passes the caller's version through, or answers the same.
    expect((await server.api(tokens['vendor.alpha'], 'PUT', `/hk/v1/bids/${alphaBid.id}`, { content: { rates: { i1: 1 } } })).status).toBe(428)
    expect((await server.api(tokens['vendor.alpha'], 'PATCH', `/hk/v1/bids/${alphaBid.id}`, { reason: 'Busy' }, { 'x-cms-action': 'bids.decline' })).status).toBe(428)
    expect(await server.knex('bids').where({ id: alphaBid.id }).first()).toEqual(before)
  })

  it('10 concurrent bids.save with the same updatedAt: one 200, nine 410 STALE_WRITE', async () => {
    const updatedAt = await server.version('bids', alphaBid.id)
    const answers = await Promise.all(Array.from({ length: 10 }, (_unused, n) => save({ updatedAt, content: { rates: { i1: 100 + n } } })))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, ...Array(9).fill(410)])
    const winner = answers.find((answer) => answer.status === 200)!
    const stored = await server.knex('bids').where({ id: alphaBid.id }).first()
    expect(stored.content.rates.i1).toBe(winner.body.content.rates.i1)
    for (const stale of answers.filter((answer) => answer.status === 410)) expect(stale.body.data.code).toBe('STALE_WRITE')
  })

  it('a tender action without updatedAt answers 428 too, through the spec alias PATCH {status} as well', async () => {
    const draft = await server.knex('tenders').where({ status: 'DRAFT', region: 'HK' }).first()
    const missing = await server.api(
      tokens['pm.hk'],
      'POST',
      '/hk/v1/tenders',
      { id: openTender.id, closingAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: 'More time' },
      { 'x-service-method': 'extend' }
    )
    expect(missing.status).toBe(428)
    expect((await server.api(tokens['pm.hk'], 'PATCH', `/hk/v1/tenders/${draft.id}`, { status: 'CANCELLED' })).status).toBe(428)
    expect((await server.knex('tenders').where({ id: draft.id }).first()).status).toBe('DRAFT')
  })
})

describe('authorization comes before any existence or version answer', () => {
  /** Every way of writing one id: no version, a stale one, the current one (read by the test). */
  async function answersFor(user: string, send: (id: string | number, updatedAt: unknown) => Promise<{ status: number; body: any }>, id: string | number, path: string) {
    const current = await server.version(path, id)
    return Promise.all([send(id, undefined), send(id, '2000-01-01T00:00:00.000Z'), send(id, current)])
  }

  const probes: Array<{
    name: string
    path: string
    existing: () => Promise<string | number>
    missing: string | number
    send: (user: string) => (id: string | number, updatedAt: unknown) => Promise<{ status: number; body: any }>
  }> = [
    {
      name: 'tenders (custom method)',
      path: 'tenders',
      existing: async () => openTender.id,
      missing: UNKNOWN,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'POST', '/hk/v1/tenders', { id, updatedAt, approverId: 1 }, { 'x-service-method': 'submit' })
    },
    {
      name: 'tenders (patch)',
      path: 'tenders',
      existing: async () => openTender.id,
      missing: UNKNOWN,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'PATCH', `/hk/v1/tenders/${id}`, { updatedAt, validityDays: 30 })
    },
    {
      name: 'bids (custom method)',
      path: 'bids',
      existing: async () => alphaBid.id,
      missing: UNKNOWN,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'POST', '/hk/v1/bids', { id, updatedAt, content: { rates: { i1: 1 } } }, { 'x-service-method': 'save' })
    },
    {
      name: 'buildings of another region',
      path: 'buildings',
      existing: async () => (await server.knex('buildings').where({ region: 'SG' }).first('id')).id,
      missing: 999_999,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'PATCH', `/hk/v1/buildings/${id}`, { updatedAt, name: 'Taken' })
    },
    {
      name: 'users',
      path: 'users',
      existing: async () => (await server.knex('users').where({ username: 'admin' }).first('id')).id,
      missing: 999_999,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'PATCH', `/hk/v1/users/${id}`, { updatedAt, displayName: 'Taken' })
    },
    {
      name: 'users (custom method)',
      path: 'users',
      existing: async () => (await server.knex('users').where({ username: 'admin' }).first('id')).id,
      missing: 999_999,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'POST', '/hk/v1/users', { id, updatedAt }, { 'x-service-method': 'lock' })
    },
    {
      name: 'security groups',
      path: 'security-groups',
      existing: async () => (await server.knex('security_groups').where({ name: 'System Admin' }).first('id')).id,
      missing: 999_999,
      send: (user) => (id, updatedAt) => server.api(tokens[user], 'PATCH', `/hk/v1/security-groups/${id}`, { updatedAt, description: 'Taken' })
    }
  ]
  for (const user of ['tenant.acme', 'vendor.beta']) {
    for (const { name, path, existing, missing, send } of probes) {
      it(`${user}: ${name}: an unreadable id answers 404 like a missing one, with or without updatedAt, stale or fresh`, async () => {
        const id = await existing()
        const before = await server.knex(path.replace(/-/g, '_')).where({ id }).first()
        const answers = [...(await answersFor(user, send(user), id, path)), ...(await answersFor(user, send(user), missing, path))]
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(404)
        // Alike but for the request id each answer carries.
        expect(new Set(answers.map(({ body: { requestId: _id, ...body } }) => JSON.stringify(body))).size).toBe(1)
        expect(await server.knex(path.replace(/-/g, '_')).where({ id }).first()).toEqual(before)
      })
    }
  }

  it('a readable record the caller may not change answers 403 whatever the version, before 428 or 410', async () => {
    const building = await server.knex('buildings').where({ region: 'HK' }).first()
    const send = (updatedAt: unknown) => server.api(tokens['tenant.acme'], 'PATCH', `/hk/v1/buildings/${building.id}`, { updatedAt, name: 'Taken' })
    for (const updatedAt of [undefined, '2000-01-01T00:00:00.000Z', await server.version('buildings', building.id)]) {
      const answer = await send(updatedAt)
      expect(answer.status, JSON.stringify(answer.body)).toBe(403)
    }
  })
})
