import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { uniqueName } from '../../tenancies/module.js'
import { createHotb } from '../seeds/factories.js'

/*
 * The spec's handover/takeback calls (spec hotb §7) as aliases onto the service: the list with its
 * count, the basic information saved by PUT, the PIC changed by PUT .../updatedBy, a status asked
 * by PATCH moved by the workflow's action; each with the service's own rules (who, the version).
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) {
    const { accessToken, user } = await server.login(name)
    tokens[name] = accessToken
    ids[name] = user.id
  }
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
})
afterAll(async () => {
  await server?.stop()
})

const draft = () => createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status: 'DRAFT', managedBy: ids['pm.hk'], name: uniqueName('Spec hotb') })

describe('the spec’s hotb calls', () => {
  it('lists with a count, saves the basic information by PUT, changes the PIC by PUT updatedBy', async () => {
    const { id } = await draft()
    const all = await api('pm.hk', 'GET', `/hk/v1/hotb/all?id=${id}`)
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ count: 1, total: 1, data: [{ id }] })

    const renamed = await api('pm.hk', 'PUT', `/hk/v1/hotb/${id}`, { basicInfo: { name: 'Renamed by the spec', specialRemark: 'Mind the lift' }, updatedAt: await server.version('hotb', id) })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Renamed by the spec', specialRemark: 'Mind the lift' })
    // Its version is the one read: a stale one is 410, and nothing is saved.
    const stale = await api('pm.hk', 'PUT', `/hk/v1/hotb/${id}`, { basicInfo: { name: 'Lost' }, updatedAt: '2020-01-01T00:00:00.000Z' })
    expect(stale.status).toBe(410)

    const handedOver = await api('pm.hk', 'PUT', `/hk/v1/hotb/${id}/updatedBy`, { managedBy: ids.admin })
    expect(handedOver.status).toBe(200)
    expect(handedOver.body.managedBy).toBe(ids.admin)
  })

  it('moves a record to the status asked through the workflow’s action, as its own call would', async () => {
    const { id } = await draft()
    const submitted = await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { status: 'WAPPR', approverId: ids['approver.hk'] })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ status: 'WAPPR', approverId: ids['approver.hk'] })
    // Only the approver approves; a status no single action leads to needs the action named.
    expect((await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { status: 'APPR' })).status).toBe(403)
    expect((await api('approver.hk', 'PATCH', `/hk/v1/hotb/${id}`, { status: 'DRAFT' })).status).toBe(400)
    const changed = await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { status: 'DRAFT', reason: 'Wrong floor' }, { 'x-cms-action': 'hotb.requestChange' })
    expect(changed.body).toMatchObject({ status: 'DRAFT', statusReason: 'Wrong floor' })
    // A tenant reads no draft: as for a record that does not exist.
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/hotb/${id}`, { status: 'WAPPR', approverId: ids['approver.hk'] })).status).toBe(404)
    // Without a status the PATCH is the service's own.
    const patched = await api('pm.hk', 'PATCH', `/hk/v1/hotb/${id}`, { name: 'Own patch', updatedAt: await server.version('hotb', id) })
    expect(patched.body.name).toBe('Own patch')
  })
})

describe('the spec’s hotb log and PDF calls', () => {
  /** A spec PDF call (POST /pdf, binary reply), as `user`. */
  const pdf = async (user: string, body: unknown) => {
    const response = await fetch(`${server.url}/hk/v1/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
  }

  it('answers PATCH hotb/log/{id} through the record’s read, writing nothing (the audit log is its history)', async () => {
    const { id } = await draft()
    const before = await server.version('hotb', id)
    const logged = await api('pm.hk', 'PATCH', `/hk/v1/hotb/log/${id}`, { action: 'PRINT' })
    expect(logged.status).toBe(200)
    expect(logged.body).toEqual({ id, updatedAt: before })
    expect(await server.version('hotb', id)).toBe(before)
    // A draft is not the tenant's: 404, as for no record; a vendor has no hotb rule: 403.
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/hotb/log/${id}`, {})).status).toBe(404)
    expect((await api('vendor.alpha', 'PATCH', `/hk/v1/hotb/log/${id}`, {})).status).toBe(403)
    expect((await api('pm.hk', 'PATCH', '/hk/v1/hotb/log/999999999', {})).status).toBe(404)
  })

  it('renders POST /pdf of a hotbSchedule or keyHotb as the documents service does, for the record’s readers only', async () => {
    const scheduled = await createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status: 'SCHEDULED', managedBy: ids['pm.hk'], name: uniqueName('Spec pdf') })
    const schedule = await pdf('pm.hk', { type: 'hotbSchedule', id: scheduled.id })
    expect(schedule.status).toBe(200)
    expect(schedule.type).toContain('application/pdf')
    expect(schedule.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const keys = await pdf('tenant.acme', { type: 'keyHotb', data: { id: scheduled.id } })
    expect(keys.status).toBe(200)
    expect(keys.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const { id: draftId } = await draft()
    expect((await pdf('tenant.acme', { type: 'hotbSchedule', hotbId: draftId })).status).toBe(404)
    expect((await pdf('vendor.alpha', { type: 'hotbSchedule', id: scheduled.id })).status).toBe(403)
    expect((await pdf('pm.hk', { type: 'hotbSchedule' })).status).toBe(404)
    // Not a handover type: not this alias.
    expect((await pdf('pm.hk', { type: 'tenderSummary', id: scheduled.id })).status).toBe(404)
  })
})
