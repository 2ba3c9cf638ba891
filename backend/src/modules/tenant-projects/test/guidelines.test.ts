import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { setStamp } from '../services/guidelines/guidelines.shared.js'

/*
 * The region's fit-out guidelines over real HTTP on real PostgreSQL (spec tenant projects §3
 * "Guideline", §7 Guidelines): staff save the next version as drafts and publish a type at once;
 * the version counts up; a published version stays readable as it was while the next is drafted;
 * tenants read the published versions only, vendors nothing, staff of another region none of Hong
 * Kong's; a stale save or publish is 410, bad input 400.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const call = (user: string, method: string, body: Record<string, unknown>, region = 'hk') => api(user, 'POST', `/${region}/v1/guidelines`, body, { 'x-service-method': method })

const section = (itemId: string, ...lines: string[]) => ({ itemId, order: Number.parseInt(itemId, 10), sectionContent: lines.map((value, index) => ({ order: index + 1, value })) })
const listOf = async (user: string, query: string, region = 'hk') => {
  const found = await api(user, 'GET', `/${region}/v1/guidelines?${query}&$limit=100`)
  expect(found.status).toBe(200)
  return found.body.data as any[]
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'contractor.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  // Staff of another region: a project manager whose groups are Beijing's only.
  const bj = await createTestAccount(server.knex, { like: 'pm.hk' })
  await server
    .knex('users')
    .where({ id: bj.id })
    .update({ regions: ['BJ'], defaultRegion: 'BJ' })
  await server.knex('user_groups').where({ userId: bj.id }).update({ region: 'BJ' })
  tokens.pmBj = (await server.login(bj.username)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('editing and publishing', () => {
  it('saves drafts, publishes them as version 1 then 2, and keeps version 1 readable as it was', async () => {
    // A region that has no post-fit-out guidelines yet (the demo publishes Hong Kong's; this file's database is its own).
    await server.knex('tenant_project_guidelines').where({ region: 'HK', type: 'POST_FIT_OUT' }).delete()
    expect(await listOf('pm.hk', 'type=POST_FIT_OUT')).toEqual([])
    const first = await call('pm.hk', 'save', { type: 'POST_FIT_OUT', items: [section('1', 'Letters', 'Submit the completion letter.'), section('2', 'Defects', 'Make good within 14 days.')] })
    expect(first.status).toBe(200)
    expect(first.body.map((row: any) => [row.itemId, row.status, row.version])).toEqual([
      ['1', 'DRAFT', 1],
      ['2', 'DRAFT', 1]
    ])
    // A draft is not the tenants' to read.
    expect(await listOf('tenant.acme', 'type=POST_FIT_OUT')).toEqual([])
    expect((await api('tenant.acme', 'GET', `/hk/v1/guidelines/${first.body[0].id}`)).status).toBe(404)

    const published = await call('pm.hk', 'publishDrafts', { type: 'POST_FIT_OUT', updatedAt: setStamp(first.body) })
    expect(published.status).toBe(200)
    expect(published.body.map((row: any) => [row.itemId, row.status, row.version, row.isCurrent])).toEqual([
      ['1', 'PUBLISHED', 1, true],
      ['2', 'PUBLISHED', 1, true]
    ])
    expect((await listOf('tenant.acme', 'type=POST_FIT_OUT&isCurrent=true')).map((row) => row.sectionContent[1].value)).toEqual(['Submit the completion letter.', 'Make good within 14 days.'])

    // The next version: line 2 of item 1 changed, item 2 dropped, item 3 added, lines renumbered in their order.
    const second = await call('approver.hk', 'save', {
      type: 'POST_FIT_OUT',
      updatedAt: setStamp(published.body),
      items: [
        {
          ...section('1', 'Letters'),
          sectionContent: [
            { order: 5, value: 'Submit the completion letter with the FS 251.' },
            { order: 1, value: 'Letters' }
          ]
        },
        section('3', 'Insurance', 'Keep the insurance until the refund.')
      ]
    })
    expect(second.status).toBe(200)
    expect(second.body.map((row: any) => [row.itemId, row.status, row.version])).toEqual([
      ['1', 'DRAFT', 2],
      ['3', 'DRAFT', 2]
    ])
    expect(second.body[0].sectionContent).toEqual([
      { order: 1, value: 'Letters' },
      { order: 2, value: 'Submit the completion letter with the FS 251.' }
    ])
    // While the draft exists, version 1 is what tenants read, unchanged.
    const stillOne = await listOf('tenant.acme', 'type=POST_FIT_OUT&isCurrent=true')
    expect(stillOne.map((row) => [row.itemId, row.version, row.sectionContent[1].value])).toEqual([
      ['1', 1, 'Submit the completion letter.'],
      ['2', 1, 'Make good within 14 days.']
    ])
    // A published row is never written: the current one is edited through the drafts (409 while they exist), an old one never.
    const onPublished = await api('pm.hk', 'PATCH', `/hk/v1/guidelines/${published.body[0].id}`, { order: 9, updatedAt: published.body[0].updatedAt })
    expect(onPublished.status).toBe(409)
    expect(onPublished.body.data.code).toBe('GUIDELINE_DRAFT_EXISTS')

    const again = await call('pm.hk', 'publishDrafts', { type: 'POST_FIT_OUT', updatedAt: setStamp(second.body) })
    expect(again.status).toBe(200)
    expect(again.body.map((row: any) => [row.itemId, row.version])).toEqual([
      ['1', 2],
      ['3', 2]
    ])
    expect((await listOf('tenant.acme', 'type=POST_FIT_OUT&isCurrent=true')).map((row) => [row.itemId, row.version])).toEqual([
      ['1', 2],
      ['3', 2]
    ])
    // Every published version stays readable as it was (spec alias and the service).
    const versionOne = await listOf('tenant.acme', 'type=POST_FIT_OUT&version=1')
    expect(versionOne.map((row) => [row.itemId, row.status, row.sectionContent[1].value])).toEqual([
      ['1', 'PUBLISHED', 'Submit the completion letter.'],
      ['2', 'PUBLISHED', 'Make good within 14 days.']
    ])
    const oldPatch = await api('pm.hk', 'PATCH', `/hk/v1/guidelines/${published.body[0].id}`, { order: 9, updatedAt: versionOne[0].updatedAt })
    expect(oldPatch.status).toBe(409)
    expect(oldPatch.body.data.code).toBe('GUIDELINE_PUBLISHED')
    // Nothing left to publish.
    expect((await call('pm.hk', 'publishDrafts', { type: 'POST_FIT_OUT', updatedAt: setStamp(again.body) })).status).toBe(409)
    // Every write is audited.
    expect(await server.knex('audit_log').where({ resource: 'guidelines', action: 'guidelines.publishDrafts' }).count('* as n').first()).toMatchObject({ n: expect.anything() })
  })

  it('patching the current published item starts the next version as a copy of the set with that item changed', async () => {
    const saved = await call('admin', 'save', { type: 'GREEN_FIT_OUT', items: [section('1', 'Energy', 'LED lighting throughout.'), section('2', 'Water', 'Low-flow taps.')] })
    const published = await call('admin', 'publishDrafts', { type: 'GREEN_FIT_OUT', updatedAt: setStamp(saved.body) })
    const water = published.body.find((row: any) => row.itemId === '2')
    const patched = await api('admin', 'PATCH', `/hk/v1/guidelines/${water.id}`, {
      sectionContent: [
        { order: 1, value: 'Water' },
        { order: 2, value: 'Low-flow taps and dual-flush cisterns.' }
      ],
      updatedAt: water.updatedAt
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ itemId: '2', status: 'DRAFT', version: 2 })
    expect(patched.body.id).not.toBe(water.id)
    const drafts = await listOf('admin', 'type=GREEN_FIT_OUT&status=DRAFT')
    expect(drafts.map((row) => [row.itemId, row.version, row.sectionContent[1].value])).toEqual([
      ['1', 2, 'LED lighting throughout.'],
      ['2', 2, 'Low-flow taps and dual-flush cisterns.']
    ])
    // The draft row then patches as any record: on the version read (428 without, 410 when stale).
    expect((await api('admin', 'PATCH', `/hk/v1/guidelines/${patched.body.id}`, { order: 3 })).status).toBe(428)
    expect((await api('admin', 'PATCH', `/hk/v1/guidelines/${patched.body.id}`, { order: 3, updatedAt: new Date(Date.parse(patched.body.updatedAt) - 1000).toISOString() })).status).toBe(410)
    expect((await api('admin', 'PATCH', `/hk/v1/guidelines/${patched.body.id}`, { order: 3, updatedAt: patched.body.updatedAt })).status).toBe(200)
    expect((await listOf('tenant.acme', 'type=GREEN_FIT_OUT&isCurrent=true')).map((row) => row.sectionContent[1].value)).toEqual(['LED lighting throughout.', 'Low-flow taps.'])
  })

  it('answers the spec calls: GET guidelines/{id}?type=, PUT guidelines, PATCH guidelines?type=', async () => {
    const [current] = await listOf('pm.hk', 'type=FIT_OUT&isCurrent=true')
    expect((await api('tenant.acme', 'GET', `/hk/v1/guidelines/${current.id}?type=FIT_OUT`)).body).toMatchObject({ id: current.id, itemId: '1', status: 'PUBLISHED' })
    expect((await api('tenant.acme', 'GET', `/hk/v1/guidelines/${current.id}?type=POST_FIT_OUT`)).status).toBe(404)
    // The demo's draft of version 2: saved again through PUT, then published through PATCH.
    const drafts = await listOf('pm.hk', 'type=FIT_OUT&status=DRAFT')
    expect(drafts.map((row) => row.version)).toEqual([2, 2, 2, 2])
    const items = drafts.map(({ itemId, order, sectionContent }) => ({ type: 'FIT_OUT', itemId, order, sectionContent }))
    items[0].sectionContent = [...items[0].sectionContent, { order: 9, value: 'Allow five working days for a resubmission.' }]
    const put = await api('pm.hk', 'PUT', `/hk/v1/guidelines?type=FIT_OUT&updatedAt=${encodeURIComponent(setStamp(drafts)!)}`, items)
    expect(put.status).toBe(200)
    const patch = await api('pm.hk', 'PATCH', '/hk/v1/guidelines?type=FIT_OUT', { updatedAt: setStamp(put.body) })
    expect(patch.status).toBe(200)
    expect(patch.body.map((row: any) => [row.itemId, row.status, row.version])).toEqual([
      ['1', 'PUBLISHED', 2],
      ['2', 'PUBLISHED', 2],
      ['3', 'PUBLISHED', 2],
      ['4', 'PUBLISHED', 2]
    ])
    const read = await listOf('contractor.acme', 'type=FIT_OUT&isCurrent=true')
    expect(read[0].sectionContent.at(-1).value).toBe('Allow five working days for a resubmission.')
    expect(read[3].sectionContent[1].value).toContain('20:00')
  })
})

describe('who reads and writes', () => {
  it('lets tenants read the published versions only, and write nothing', async () => {
    for (const tenant of ['tenant.acme', 'contractor.acme']) {
      const rows = await listOf(tenant, 'type=FIT_OUT')
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((row) => row.status === 'PUBLISHED')).toBe(true)
      expect(await listOf(tenant, 'status=DRAFT')).toEqual([])
      expect((await call(tenant, 'save', { type: 'FIT_OUT', items: [section('1', 'Mine')] })).status).toBe(403)
      expect((await call(tenant, 'publishDrafts', { type: 'FIT_OUT', updatedAt: rows[0].updatedAt })).status).toBe(403)
      expect((await api(tenant, 'PATCH', `/hk/v1/guidelines/${rows[0].id}`, { order: 1, updatedAt: rows[0].updatedAt })).status).toBe(403)
    }
  })

  it('gives vendors nothing (403)', async () => {
    expect((await api('vendor.alpha', 'GET', '/hk/v1/guidelines')).status).toBe(403)
    expect((await call('vendor.alpha', 'save', { type: 'FIT_OUT', items: [section('1', 'Mine')] })).status).toBe(403)
  })

  it("shows staff of another region their region's guidelines, none of Hong Kong's", async () => {
    const beijing = await listOf('pmBj', 'type=FIT_OUT', 'bj')
    expect(beijing.length).toBeGreaterThan(0)
    expect(beijing.every((row) => row.region === 'BJ')).toBe(true)
    const hongKong = await listOf('pm.hk', 'type=FIT_OUT&isCurrent=true')
    expect((await api('pmBj', 'GET', `/bj/v1/guidelines/${hongKong[0].id}`)).status).toBe(404)
    expect((await api('pmBj', 'GET', '/hk/v1/guidelines')).status).toBeGreaterThanOrEqual(403)
    expect((await api('pmBj', 'PATCH', `/bj/v1/guidelines/${hongKong[0].id}`, { order: 1, updatedAt: hongKong[0].updatedAt })).status).toBe(404)
  })
})

describe('stale and bad writes', () => {
  it('answers a save or publish on a stale set 410, and one without its stamp 428', async () => {
    const saved = await call('pm.hk', 'save', { type: 'POST_FIT_OUT', updatedAt: setStamp(await listOf('pm.hk', 'type=POST_FIT_OUT&isCurrent=true')), items: [section('1', 'Letters', 'v3')] })
    expect(saved.status).toBe(200)
    const stamp = setStamp(saved.body)
    // Another editor saves first.
    expect((await call('approver.hk', 'save', { type: 'POST_FIT_OUT', updatedAt: stamp, items: [section('1', 'Letters', 'v3 by the approver')] })).status).toBe(200)
    const stale = await call('pm.hk', 'save', { type: 'POST_FIT_OUT', updatedAt: stamp, items: [section('1', 'Letters', 'v3 by the PM')] })
    expect(stale.status).toBe(410)
    expect(stale.body.data.code).toBe('STALE_WRITE')
    expect((await call('pm.hk', 'publishDrafts', { type: 'POST_FIT_OUT', updatedAt: stamp })).status).toBe(410)
    expect((await call('pm.hk', 'publishDrafts', { type: 'POST_FIT_OUT' })).status).toBe(428)
    expect((await call('pm.hk', 'save', { type: 'POST_FIT_OUT', items: [section('1', 'Letters')] })).status).toBe(428)
    const drafts = await listOf('pm.hk', 'type=POST_FIT_OUT&status=DRAFT')
    expect(drafts[0].sectionContent[1].value).toBe('v3 by the approver')
  })

  it('answers bad input 400, never 5xx', async () => {
    const bad: unknown[] = [
      { type: 'NOPE', items: [section('1', 'x')] },
      { type: 'FIT_OUT', items: [] },
      { type: 'FIT_OUT', items: [section('1', 'x'), section('1', 'y')] },
      { type: 'FIT_OUT', items: [{ itemId: '1; DROP', order: 1, sectionContent: [{ order: 1, value: 'x' }] }] },
      { type: 'FIT_OUT', items: [{ itemId: '1', order: 1, sectionContent: [] }] },
      { type: 'FIT_OUT', items: [{ itemId: '1', order: 1, sectionContent: [{ order: 1, value: '   ' }] }] },
      { type: 'FIT_OUT', items: [{ itemId: '1', order: -1, sectionContent: [{ order: 1, value: 'x' }] }] },
      { type: 'FIT_OUT', items: [{ itemId: '1', order: 1, sectionContent: [{ order: 1, value: 'x'.repeat(2001) }] }] },
      { type: 'FIT_OUT', items: 'all' },
      { type: 'FIT_OUT', items: [section('1', 'x')], extra: true }
    ]
    for (const body of bad) {
      const answer = await call('pm.hk', 'save', body as Record<string, unknown>)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    expect((await call('pm.hk', 'publishDrafts', { type: 'x' })).status).toBe(400)
    for (const query of ['type=NOPE', 'version=abc', 'secret=1', '$sort[createdBy]=1', 'status[$like]=x']) {
      expect((await api('pm.hk', 'GET', `/hk/v1/guidelines?${query}`)).status, query).toBe(400)
    }
    expect((await api('pm.hk', 'GET', '/hk/v1/guidelines/abc')).status).toBeLessThan(500)
    expect((await api('pm.hk', 'GET', '/hk/v1/guidelines/99999999999')).status).toBeLessThan(500)
    expect((await api('pm.hk', 'PATCH', '/hk/v1/guidelines/abc', { order: 1, updatedAt: 'x' })).status).toBeLessThan(500)
    const [row] = await listOf('pm.hk', 'type=FIT_OUT&isCurrent=true')
    expect((await api('pm.hk', 'PATCH', `/hk/v1/guidelines/${row.id}`, { sectionContent: 'x', updatedAt: row.updatedAt })).status).toBe(400)
  })
})
