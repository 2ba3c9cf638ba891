import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTenancy, dayFromToday, uniqueName } from '../seeds/factories.js'
import { createMove } from '../seeds/move-factories.js'

/*
 * Move-in/out records over real HTTP on real PostgreSQL: each call (list, get, create, edit,
 * reopen, remove), the rules (floor of the building, remarks or handover, dates, the database's
 * CHECK), the versions (428/410), and the denials: staff without a moves grant, tenants, vendors,
 * another region, a second reopen; live events reach staff holding the grant only.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const reopen = async (user: string, id: number, reopenDate: string) =>
  api(user, 'POST', '/hk/v1/moves', { id, updatedAt: await server.version('moves', id), reopenDate }, { 'x-service-method': 'reopen' })

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.acme = (await server.knex('companies').where({ name: 'ACME Trading', region: 'HK' }).first('id')).id
  ids.tenancy = (await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Moves') })).id
  // tenant.acme's own tenancy: even there a tenant reads no moves.
  ids.tenantTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  // A tenancy in pm.hk's charge: a Project Manager records its moves.
  ids.pm = (await server.knex('users').where({ username: 'pm.hk' }).first('id')).id
  ids.pmTenancy = (await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('PM moves'), managedBy: ids.pm })).id
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('move-in/out records', () => {
  it('records a move in on a floor of the building, with its commencement and duration, and lists the tenancy’s moves newest first', async () => {
    const created = await api('admin', 'POST', '/hk/v1/moves', {
      tenancyId: ids.tenancy,
      kind: 'MOVE_IN',
      date: '2026-02-20',
      floor: '10/F',
      premises: 'Units 1001-1003',
      remarks: ' Fit-out done ',
      businessDate: '2026-03-02'
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ region: 'HK', status: 'RECORDED', date: '2026-02-20', floor: '10/F', remarks: 'Fit-out done', businessDate: '2026-03-02', duration: 10, handoverId: null })
    await createMove(server.knex, { tenancyId: ids.tenancy, kind: 'MOVE_OUT', date: '2026-06-30', floor: '10/F', remarks: 'Handed back' })
    const listed = await api('admin', 'GET', `/hk/v1/moves?tenancyId=${ids.tenancy}`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((move: any) => move.kind)).toEqual(['MOVE_OUT', 'MOVE_IN'])
    expect((await api('admin', 'GET', `/hk/v1/moves/${created.body.id}`)).body.duration).toBe(10)
    expect(
      await server
        .knex('audit_log')
        .where({ resource: 'moves', recordId: String(created.body.id), action: 'moves.create' })
        .first()
    ).toBeTruthy()
  })

  it('refuses a floor the building does not have, no remarks nor handover, and dates out of order (400)', async () => {
    const base = { tenancyId: ids.tenancy, kind: 'MOVE_IN', date: '2026-02-20', floor: '10/F', remarks: 'r' }
    expect((await api('admin', 'POST', '/hk/v1/moves', { ...base, floor: '99/F' })).body.data.code).toBe('MOVE_FLOOR_INVALID')
    expect((await api('admin', 'POST', '/hk/v1/moves', { ...base, remarks: '   ' })).body.data.code).toBe('MOVE_REMARKS_REQUIRED')
    expect((await api('admin', 'POST', '/hk/v1/moves', { ...base, businessDate: '2026-02-19' })).body.data.code).toBe('MOVE_BUSINESS_DATE_INVALID')
    // A corresponding handover stands for the remarks, but only a real one (handover/test/hotb-moves.test.ts): no made-up id.
    expect((await api('admin', 'POST', '/hk/v1/moves', { ...base, remarks: null, handoverId: 2_000_000_000 })).body.data.code).toBe('MOVE_HANDOVER_INVALID')
    // The database holds the rule whatever writes the row.
    await expect(server.knex('tenancy_moves').insert({ region: 'HK', tenancyId: ids.tenancy, kind: 'MOVE_IN', status: 'RECORDED', date: '2026-01-01', floor: '10/F', remarks: ' ' })).rejects.toThrow(
      /tenancy_moves_remarks_or_handover/
    )
  })

  it('edits a move with the version read (428 without, 410 stale) and keeps the rules on the result', async () => {
    const move = await createMove(server.knex, { tenancyId: ids.tenancy, kind: 'MOVE_OUT', date: dayFromToday(30), floor: '10/F', remarks: 'Notice given' })
    expect((await api('admin', 'PATCH', `/hk/v1/moves/${move.id}`, { remarks: 'x' })).status).toBe(428)
    expect((await api('admin', 'PATCH', `/hk/v1/moves/${move.id}`, { remarks: 'x', updatedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(410)
    const cleared = await api('admin', 'PATCH', `/hk/v1/moves/${move.id}`, { remarks: '', updatedAt: await server.version('moves', move.id) })
    expect(cleared.body.data.code).toBe('MOVE_REMARKS_REQUIRED')
    const edited = await api('admin', 'PATCH', `/hk/v1/moves/${move.id}`, { floor: '11/F', businessDate: dayFromToday(25), updatedAt: await server.version('moves', move.id) })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ floor: '11/F', duration: 5, kind: 'MOVE_OUT' })
  })

  it('closes temporarily and reopens once, on a day not before the close; a move in cannot be reopened (409)', async () => {
    const closed = await api('admin', 'POST', '/hk/v1/moves', { tenancyId: ids.tenancy, kind: 'TEMPORARY_CLOSE', date: '2026-03-28', floor: '10/F', remarks: 'Renovation' })
    expect(closed.body).toMatchObject({ status: 'CLOSED', reopenDate: null, duration: null })
    expect((await reopen('admin', closed.body.id, '2026-03-27')).body.data.code).toBe('MOVE_REOPEN_DATE_INVALID')
    const reopened = await reopen('admin', closed.body.id, '2026-04-02')
    expect(reopened.status).toBe(200)
    expect(reopened.body).toMatchObject({ status: 'REOPENED', reopenDate: '2026-04-02', duration: 5 })
    const again = await reopen('admin', closed.body.id, '2026-04-03')
    expect(again.status).toBe(409)
    expect(again.body.data.code).toBe('INVALID_TRANSITION')
    const moveIn = await createMove(server.knex, { tenancyId: ids.tenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })
    expect((await reopen('admin', moveIn.id, '2026-01-06')).status).toBe(409)
  })

  it('removes a move', async () => {
    const move = await createMove(server.knex, { tenancyId: ids.tenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'typo' })
    expect((await api('admin', 'DELETE', `/hk/v1/moves/${move.id}`)).status).toBe(200)
    expect(await server.knex('tenancy_moves').where({ id: move.id }).first()).toBeUndefined()
  })
})

describe('move-in/out denials', () => {
  it('refuses staff without a moves grant, tenants (their own tenancy too) and vendors (403), for every call', async () => {
    const move = await createMove(server.knex, { tenancyId: ids.tenantTenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })
    for (const user of ['accounting.hk', 'tenant.acme', 'vendor.alpha']) {
      expect((await api(user, 'GET', `/hk/v1/moves?tenancyId=${ids.tenantTenancy}`)).status).toBe(403)
      expect((await api(user, 'GET', `/hk/v1/moves/${move.id}`)).status).toBe(403)
      expect((await api(user, 'POST', '/hk/v1/moves', { tenancyId: ids.tenantTenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })).status).toBe(403)
      expect((await api(user, 'PATCH', `/hk/v1/moves/${move.id}`, { remarks: 'x', updatedAt: await server.version('moves', move.id) })).status).toBe(403)
      expect((await api(user, 'DELETE', `/hk/v1/moves/${move.id}`)).status).toBe(403)
      expect((await reopen(user, move.id, '2026-02-01')).status).toBe(403)
    }
    expect((await server.knex('tenancy_moves').where({ id: move.id }).first()).remarks).toBe('r')
  })

  it('lets a Project Manager record and reopen the moves of tenancies in their charge, not remove them, and not reach another tenancy’s (404)', async () => {
    const created = await api('pm.hk', 'POST', '/hk/v1/moves', { tenancyId: ids.pmTenancy, kind: 'TEMPORARY_CLOSE', date: '2026-03-01', floor: '10/F', remarks: 'Refit' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect((await api('pm.hk', 'GET', `/hk/v1/moves?tenancyId=${ids.pmTenancy}`)).body.data.map((row: any) => row.id)).toContain(created.body.id)
    const patched = await api('pm.hk', 'PATCH', `/hk/v1/moves/${created.body.id}`, { remarks: 'Refit, phase 2', updatedAt: await server.version('moves', created.body.id) })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect((await reopen('pm.hk', created.body.id, '2026-03-10')).body.status).toBe('REOPENED')
    expect((await api('pm.hk', 'DELETE', `/hk/v1/moves/${created.body.id}`)).status).toBe(403)

    const other = await createMove(server.knex, { tenancyId: ids.tenantTenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })
    expect((await api('pm.hk', 'GET', `/hk/v1/moves?tenancyId=${ids.tenantTenancy}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `/hk/v1/moves/${other.id}`)).status).toBe(404)
    expect((await api('pm.hk', 'POST', '/hk/v1/moves', { tenancyId: ids.tenantTenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })).status).toBe(404)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/moves/${other.id}`, { remarks: 'x', updatedAt: await server.version('moves', other.id) })).status).toBe(404)
    expect((await server.knex('tenancy_moves').where({ id: other.id }).first()).remarks).toBe('r')
  })

  it('answers 404 for a tenancy or move of another region, and asks for the tenancy of a list', async () => {
    const move = await createMove(server.knex, { tenancyId: ids.tenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })
    expect((await api('admin', 'GET', `/bj/v1/moves?tenancyId=${ids.tenancy}`)).status).toBe(404)
    expect((await api('admin', 'GET', `/bj/v1/moves/${move.id}`)).status).toBe(404)
    expect((await api('admin', 'POST', '/bj/v1/moves', { tenancyId: ids.tenancy, kind: 'MOVE_IN', date: '2026-01-05', floor: '10/F', remarks: 'r' })).status).toBe(404)
    expect((await api('admin', 'PATCH', `/bj/v1/moves/${move.id}`, { remarks: 'x', updatedAt: await server.version('moves', move.id) })).status).toBe(404)
    expect((await api('admin', 'GET', '/hk/v1/moves')).status).toBe(400)
  })
})

describe('move-in/out live events', () => {
  const connect = (username: string) => live.recordsOf(server, tokens[username], 'HK', 'moves')

  it('reach staff with the moves grant who read the tenancy, not staff without it or in charge of others, tenants or vendors', async () => {
    const admin = await connect('admin')
    const pm = await connect('pm.hk')
    const denied = [await connect('accounting.hk'), await connect('tenant.acme'), await connect('vendor.alpha')]
    const remarks = uniqueName('live')
    // pm.hk hears of the tenancy in their charge, and of nothing else.
    const theirs = await api('admin', 'POST', '/hk/v1/moves', { tenancyId: ids.pmTenancy, kind: 'TEMPORARY_CLOSE', date: '2026-05-01', floor: '10/F', remarks })
    await pm.until((data) => data.id === theirs.body.id)
    const created = await api('admin', 'POST', '/hk/v1/moves', { tenancyId: ids.tenantTenancy, kind: 'TEMPORARY_CLOSE', date: '2026-05-01', floor: '10/F', remarks })
    await admin.until((data) => data.id === created.body.id)
    await reopen('admin', created.body.id, '2026-05-03')
    await admin.until((data) => data.id === created.body.id && data.status === 'REOPENED')
    // A later event to the admin went out after any the others could have had.
    for (const connection of denied) expect(connection.events).toEqual([])
    expect(pm.events.map((data) => data.id)).not.toContain(created.body.id)
  })
})
