import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createHotb } from '../seeds/factories.js'

/*
 * A completed handover proposes the tenancy's move-in record, a completed takeback its move-out
 * (issue 31 §9; spec tenancies §5 "needs either remarks or the corresponding handover/takeback"):
 * the move names its record instead of remarks, and the name is checked through the record's own
 * rules: of the same tenancy, completed, of the move's kind, readable by the caller, once.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk']) tokens[name] = (await server.login(name)).accessToken
  ids.pm = (await server.knex('users').where({ username: 'pm.hk' }).first('id')).id
  const company = await tenantCompany(server.knex, uniqueName('Moving Co'))
  ids.tenancy = (await createTenancy(server.knex, { companyId: company, tradeName: uniqueName('Mover'), premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }] })).id
  ids.other = (await createTenancy(server.knex, { companyId: company, tradeName: uniqueName('Other mover'), premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }] })).id
})
afterAll(async () => {
  await server?.stop()
})

const hotb = (fields: Parameters<typeof createHotb>[1]) => createHotb(server.knex, { premises: ['10/F'], managedBy: ids.pm, name: uniqueName('Moving'), ...fields })
const move = (fields: Record<string, unknown>) => api('admin', 'POST', '/hk/v1/moves', { tenancyId: ids.tenancy, kind: 'MOVE_IN', date: '2027-01-05', floor: '10/F', remarks: null, ...fields })

describe('a move named after its handover or takeback', () => {
  it('records the move in of a completed handover and the move out of a completed takeback, once each', async () => {
    const handover = await hotb({ tenancyId: ids.tenancy, status: 'COMPLETED', actualDate: '2027-01-05' })
    const movedIn = await move({ handoverId: handover.id, businessDate: '2027-01-10' })
    expect(movedIn.status).toBe(201)
    expect(movedIn.body).toMatchObject({ kind: 'MOVE_IN', handoverId: handover.id, remarks: null })
    // The same handover twice: 409, one move per record.
    const again = await move({ handoverId: handover.id })
    expect(again.status).toBe(409)
    expect(again.body.data.code).toBe('MOVE_HANDOVER_TAKEN')

    const takeback = await hotb({ tenancyId: ids.tenancy, type: 'TAKEBACK', status: 'COMPLETED', actualDate: '2028-01-05' })
    const movedOut = await move({ kind: 'MOVE_OUT', date: '2028-01-05', handoverId: takeback.id, businessDate: '2028-01-04' })
    expect(movedOut.status).toBe(201)
  })

  it('refuses a record of another tenancy, not completed, of the other kind, and a temporary close naming one (400)', async () => {
    const otherTenancy = await hotb({ tenancyId: ids.other, status: 'COMPLETED' })
    const scheduled = await hotb({ tenancyId: ids.tenancy, status: 'SCHEDULED' })
    const takeback = await hotb({ tenancyId: ids.tenancy, type: 'TAKEBACK', status: 'COMPLETED' })
    for (const [fields, why] of [
      [{ handoverId: otherTenancy.id }, 'another tenancy'],
      [{ handoverId: scheduled.id }, 'not completed'],
      [{ handoverId: takeback.id }, 'a takeback for a move in'],
      [{ kind: 'TEMPORARY_CLOSE', handoverId: takeback.id, remarks: 'Closed' }, 'a temporary close']
    ] as const) {
      const answer = await move(fields)
      expect(answer.status, why).toBe(400)
      expect(answer.body.data.code, why).toBe('MOVE_HANDOVER_INVALID')
    }
    // Changing a move's record is checked the same way.
    const created = await move({ remarks: 'Moved in early' })
    const changed = await server.api(tokens.admin, 'PATCH', `/hk/v1/moves/${created.body.id}`, { handoverId: scheduled.id, updatedAt: created.body.updatedAt })
    expect(changed.body.data.code).toBe('MOVE_HANDOVER_INVALID')
  })

  it('holds the link in the database: a row naming no record is refused', async () => {
    await expect(
      server.knex('tenancy_moves').insert({ region: 'HK', tenancyId: ids.tenancy, kind: 'MOVE_IN', status: 'RECORDED', date: '2027-01-01', floor: '10/F', handoverId: 2_000_000_000 })
    ).rejects.toThrow(/tenancy_moves_handover_id_foreign/)
  })
})
