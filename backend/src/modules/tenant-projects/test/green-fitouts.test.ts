import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { outsiders } from './outsiders.js'
import { createTestAccount, createTestGroup } from '../../../../../seeds/account-factories.js'
import { uniqueName } from '../../tenancies/module.js'
import { createGreenFitout, createGreenFolder, createTenantProject } from '../module.js'

/*
 * The green fit-out over real HTTP on real PostgreSQL (issue 30 items 9 to 12): every call (the
 * scheme's table, the folders' table, comments, the letter's preview and sending, the tenant's
 * uploads, the points record, the portfolio, the spec's GET tenancies/{id}/green-fitouts), the
 * mails, and the denials: points changed on a locked folder (409), a tenant of another tenancy,
 * a sub-account without TenantProject, staff of another region, staff without read points, a
 * region with GREEN_FIT_OUT off, a stale write (410).
 */

let server: TestServer
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
let acmeTenancy: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path.startsWith('/') ? path : `/hk/v1/${path}`, body)
const act = (user: string, path: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', `/hk/v1/${path}`, body, { 'x-service-method': method })
const mailsTo = (template: string, address: string) =>
  server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])

async function fitOut() {
  return (await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Green'), status: 'IN_PROGRESS', floors: ['22/F'] })).id as number
}
const folderOf = async (id: number) => (await api('admin', 'GET', `green-fitout-folders/${id}`)).body
const fitoutOf = async (id: number) => (await api('admin', 'GET', `green-fitouts/${id}`)).body

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const strangers = await outsiders(server, 'approver.hk', 'Green')
  Object.assign(tokens, { other: strangers.other, subWithout: strangers.subWithout, approverSg: strangers.staffSg })
  // An approver whose group lacks `readPoints` (a copy of the demo group: the demo's stays as it is).
  const group = await createTestGroup(server.knex, { like: 'Approver' })
  const held = (await server.knex('security_groups').where({ id: group.id }).first('permissions')).permissions as any[]
  await server
    .knex('security_groups')
    .where({ id: group.id })
    .update({ permissions: JSON.stringify(held.filter((grant) => !(grant.resource === 'green-fitouts' && grant.action === 'readPoints'))) })
  const blind = await createTestAccount(server.knex, { like: 'approver.hk', groups: [group] })
  tokens.noPoints = (await server.login(blind.username)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('green fit-out', () => {
  it('is started, its folders handed in, scored and decided, completed as recognised, and its letter sent; the total is the accepted folders’ points', async () => {
    const projectId = await fitOut()
    const created = await api('pm.hk', 'POST', 'green-fitouts', { projectId })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'DRAFT', onHold: false, totalPoints: 0 })
    const id = created.body.id
    expect((await api('pm.hk', 'POST', 'green-fitouts', { projectId })).body.data.code).toBe('GREEN_FITOUT_EXISTS')
    expect((await api('tenant.acme', 'POST', 'green-fitouts', { projectId })).status).toBe(403)

    // Folders (ADD_FORDER), one of each of three categories; a second of the same title is refused.
    const add = (category: string, title: string, pointsClaimed: number) => api('pm.hk', 'POST', 'green-fitout-folders', { greenFitoutId: id, category, title, pointsClaimed })
    const energy = (await add('ENERGY_USE', 'LED lighting', 8)).body
    const water = (await add('WATER_USE', 'Low-flow taps', 4)).body
    const materials = (await add('MATERIALS_ASPECTS', 'Recycled carpet', 5)).body
    expect(energy).toMatchObject({ status: 'DRAFT', pointsClaimed: 8, pointsAwarded: null })
    expect((await add('ENERGY_USE', 'led LIGHTING', 1)).body.data.code).toBe('GREEN_FOLDER_EXISTS')
    expect((await add('SOLAR', 'Panels', 1)).status).toBe(400)

    // The tenant may change its claim on an undecided folder, nothing else of it.
    const claimed = await api('tenant.acme', 'PATCH', `green-fitout-folders/${materials.id}`, { pointsClaimed: 6, updatedAt: materials.updatedAt })
    expect(claimed.body).toMatchObject({ pointsClaimed: 6, title: 'Recycled carpet' })
    expect((await api('tenant.acme', 'PATCH', `green-fitout-folders/${materials.id}`, { title: 'Mine now', updatedAt: claimed.body.updatedAt })).status).toBe(403)
    Object.assign(materials, claimed.body)

    // Reviewers decide nothing before the start; started, the tenant hears of it.
    expect((await act('approver.hk', 'green-fitout-folders', 'approve', { id: energy.id, updatedAt: energy.updatedAt })).body.data.code).toBe('INVALID_TRANSITION')
    const started = await act('pm.hk', 'green-fitouts', 'start', { id, updatedAt: created.body.updatedAt })
    expect(started.status).toBe(200)
    expect(started.body.status).toBe('UNDER_REVIEW')
    await expect.poll(async () => (await mailsTo('green-fitout.step', 'tenant.acme@example.com')).length).toBeGreaterThan(0)

    // The tenant uploads into its DRAFT folder and hands it in; the reviewers hear of it.
    const form = new FormData()
    form.append('folderId', String(energy.id))
    form.append('description', 'Lighting layout')
    form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 layout'))], { type: 'application/pdf' }), 'layout.pdf')
    const upload = await fetch(`${server.url}/hk/v1/green-fitout-folder-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['tenant.acme']}` }, body: form })
    expect(upload.status).toBe(201)
    expect((await api('pm.hk', 'GET', `green-fitout-folder-files?folderId=${energy.id}`)).body.total).toBe(1)
    const submitted = await act('tenant.acme', 'green-fitout-folders', 'submit', { id: energy.id, updatedAt: energy.updatedAt })
    expect(submitted.status).toBe(200)
    expect(submitted.body.status).toBe('COMPLETED')
    await expect.poll(async () => (await mailsTo('green-fitout.folder-submitted', 'approver.hk@example.com')).length).toBeGreaterThan(0)
    // The tenant decides nothing.
    expect((await act('tenant.acme', 'green-fitout-folders', 'approve', { id: energy.id, updatedAt: submitted.body.updatedAt })).status).toBe(403)

    // Points (UPDATE_POINTS), then approve (APPROVE): every change recorded, who and old → new.
    const scored = await act('approver.hk', 'green-fitout-folders', 'updatePoints', { id: energy.id, points: 6, updatedAt: submitted.body.updatedAt })
    expect(scored.body).toMatchObject({ status: 'COMPLETED', pointsAwarded: 6 })
    expect((await fitoutOf(id)).totalPoints).toBe(0)
    const approved = await act('approver.hk', 'green-fitout-folders', 'approve', { id: energy.id, points: 7, updatedAt: scored.body.updatedAt })
    expect(approved.body).toMatchObject({ status: 'ACCEPTED', pointsAwarded: 7 })
    const waterApproved = await act('approver.hk', 'green-fitout-folders', 'approve', { id: water.id, updatedAt: water.updatedAt })
    expect(waterApproved.body).toMatchObject({ status: 'ACCEPTED', pointsAwarded: 4 })
    const rejected = await act('approver.hk', 'green-fitout-folders', 'reject', { id: materials.id, reason: 'No declaration', updatedAt: materials.updatedAt })
    expect(rejected.body).toMatchObject({ status: 'REJECTED', reason: 'No declaration' })
    expect((await fitoutOf(id)).totalPoints).toBe(11)
    const ledger = await api('approver.hk', 'GET', `green-fitout-points?greenFitoutId=${id}&$sort[id]=1`)
    expect(ledger.body.data.map((row: any) => [row.folderId, row.oldPoints, row.newPoints, row.userId])).toEqual([
      [energy.id, null, 6, users['approver.hk']],
      [energy.id, 6, 7, users['approver.hk']],
      [water.id, null, 4, users['approver.hk']]
    ])

    // Locked: a decided folder's points stay (409), through the service and in the database alike.
    expect((await act('approver.hk', 'green-fitout-folders', 'updatePoints', { id: energy.id, points: 9, updatedAt: approved.body.updatedAt })).body.data.code).toBe('GREEN_FOLDER_LOCKED')
    expect((await act('approver.hk', 'green-fitout-folders', 'updatePoints', { id: materials.id, points: 2, updatedAt: rejected.body.updatedAt })).body.data.code).toBe('GREEN_FOLDER_LOCKED')
    expect((await api('pm.hk', 'PATCH', `green-fitout-folders/${energy.id}`, { pointsClaimed: 20, updatedAt: approved.body.updatedAt })).body.data.code).toBe('GREEN_FOLDER_LOCKED')
    await expect(server.knex('green_fitout_folders').where({ id: energy.id }).update({ pointsAwarded: 30 })).rejects.toMatchObject({ constraint: 'green_fitout_folders_locked' })
    await expect(server.knex('green_fitout_points').where({ folderId: energy.id }).update({ newPoints: 30 })).rejects.toMatchObject({ constraint: 'green_fitout_points_append_only' })
    const lockedUpload = new FormData()
    lockedUpload.append('folderId', String(materials.id))
    lockedUpload.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 again'))], { type: 'application/pdf' }), 'again.pdf')
    expect((await fetch(`${server.url}/hk/v1/green-fitout-folder-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['tenant.acme']}` }, body: lockedUpload })).status).toBe(409)

    // On hold: the tenant hands the rejected folder in again; staff resume; the reviewers decide while not on hold only.
    const held = await act('pm.hk', 'green-fitouts', 'hold', { id, updatedAt: (await fitoutOf(id)).updatedAt })
    expect(held.body).toMatchObject({ status: 'UNDER_REVIEW', onHold: true })
    expect((await fetch(`${server.url}/hk/v1/green-fitout-folder-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['tenant.acme']}` }, body: lockedUpload })).status).toBe(201)
    const again = await act('tenant.acme', 'green-fitout-folders', 'submit', { id: materials.id, updatedAt: rejected.body.updatedAt })
    expect(again.body.status).toBe('COMPLETED')
    expect((await act('approver.hk', 'green-fitout-folders', 'approve', { id: materials.id, points: 3, updatedAt: again.body.updatedAt })).body.data.code).toBe('INVALID_TRANSITION')
    expect((await act('approver.hk', 'green-fitouts', 'complete', { id, updatedAt: held.body.updatedAt })).body.data.code).toBe('INVALID_TRANSITION')
    const resumed = await act('pm.hk', 'green-fitouts', 'resume', { id, updatedAt: held.body.updatedAt })
    expect(resumed.body.onHold).toBe(false)
    const materialsOk = await act('approver.hk', 'green-fitout-folders', 'approve', { id: materials.id, points: 3, updatedAt: again.body.updatedAt })
    expect(materialsOk.body.status).toBe('ACCEPTED')

    // Comments (the comment sub-tab): staff with `comment`; not the tenant.
    expect((await act('pm.hk', 'green-fitouts', 'comment', { id, folderId: water.id, comment: 'Keep the aerator spec sheets', updatedAt: resumed.body.updatedAt })).status).toBe(200)
    expect((await act('tenant.acme', 'green-fitouts', 'comment', { id, comment: 'Mine', updatedAt: resumed.body.updatedAt })).status).toBe(403)

    // Completed: complied (every folder decided) and recognised (14 ≥ the threshold of 10 set for the region here).
    const setting = await server.knex('settings').where({ region: 'HK', key: 'tenantProjects.greenFitout.recognitionPoints' }).first()
    if (setting)
      await server
        .knex('settings')
        .where({ id: setting.id })
        .update({ value: JSON.stringify(10) })
    else await server.knex('settings').insert({ region: 'HK', key: 'tenantProjects.greenFitout.recognitionPoints', value: JSON.stringify(10) })
    try {
      const completed = await act('approver.hk', 'green-fitouts', 'complete', { id, updatedAt: resumed.body.updatedAt })
      expect(completed.status).toBe(200)
      expect(completed.body).toMatchObject({ status: 'COMPLETED', complied: true, recognised: true, thresholdPoints: 10, totalPoints: 14 })
      // The letter: previewed in the caller's language, sent, then resent (history SEND, RESEND).
      const preview = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/green-fitouts', { id, updatedAt: completed.body.updatedAt }, { 'x-service-method': 'preview', 'accept-language': 'zh-CN' })
      expect(preview.body.letter.subject).toContain('14')
      expect(preview.body.letter.subject).toContain('获认可')
      const sent = await act('pm.hk', 'green-fitouts', 'send', { id, updatedAt: completed.body.updatedAt })
      expect(sent.body.sentCount).toBe(1)
      await act('pm.hk', 'green-fitouts', 'send', { id, updatedAt: sent.body.updatedAt })
      await expect.poll(async () => (await mailsTo('green-fitout.result', 'tenant.acme@example.com')).length).toBeGreaterThan(1)
      const history = await api('tenant.acme', 'GET', `green-fitout-histories?greenFitoutId=${id}&$sort[id]=1&$limit=100`)
      expect(history.body.data.map((row: any) => row.actionType)).toEqual(
        expect.arrayContaining(['ADD', 'ADD_FORDER', 'START_LETTER', 'SEND', 'UPDATE_POINTS', 'APPROVE', 'REJECT', 'ON_HOLD', 'RESUME', 'COMPLETE', 'RESEND'])
      )
      // A completed scheme takes no more folders, points or uploads.
      expect((await add('INNOVATIONS', 'Too late', 1)).body.data.code).toBe('GREEN_FITOUT_CLOSED')
    } finally {
      await server.knex('settings').where({ region: 'HK', key: 'tenantProjects.greenFitout.recognitionPoints' }).delete()
      if (setting) await server.knex('settings').insert(setting)
    }

    // The tenant reads its project's scheme with its points and total; the portfolio and the spec's tenancy list show it.
    const seen = await api('tenant.acme', 'GET', `green-fitouts/${id}`)
    expect(seen.body.totalPoints).toBe(14)
    expect((await api('tenant.acme', 'GET', `green-fitout-folders?greenFitoutId=${id}`)).body.data.map((folder: any) => folder.pointsAwarded)).toEqual([7, 4, 3])
    const tenancyList = await api('tenant.acme', 'GET', `/hk/v1/tenancies/${acmeTenancy}/green-fitouts`)
    expect(tenancyList.status).toBe(200)
    expect(tenancyList.body.map((row: any) => row.id)).toContain(id)
    const portfolio = await api('admin', 'GET', `green-fitout-portfolio?projectId=${projectId}`)
    expect(portfolio.body.data).toEqual([expect.objectContaining({ id, totalPoints: 14, acceptedCount: 3, recognised: true })])
  })

  it('refuses a stale write (410), a missing version (428), and sorts the portfolio by score', async () => {
    const low = await createGreenFitout(server.knex, { projectId: await fitOut() })
    const high = await createGreenFitout(server.knex, { projectId: await fitOut() })
    await createGreenFolder(server.knex, low, { title: 'A', status: 'ACCEPTED', pointsAwarded: 2 })
    await createGreenFolder(server.knex, high, { title: 'B', status: 'ACCEPTED', pointsAwarded: 9 })
    await createGreenFolder(server.knex, high, { title: 'C', status: 'COMPLETED', pointsAwarded: 50 })
    const folder = await createGreenFolder(server.knex, low, { title: 'D', status: 'COMPLETED', pointsClaimed: 3 })
    const stale = new Date(new Date(folder.updatedAt).getTime() - 1000).toISOString()
    expect((await act('approver.hk', 'green-fitout-folders', 'updatePoints', { id: folder.id, points: 1 })).status).toBe(428)
    expect((await act('approver.hk', 'green-fitout-folders', 'updatePoints', { id: folder.id, points: 1, updatedAt: stale })).status).toBe(410)
    expect((await folderOf(folder.id)).pointsAwarded).toBeNull()
    const sorted = await api('admin', 'GET', `green-fitout-portfolio?id[$in]=${low.id}&id[$in]=${high.id}&$sort[totalPoints]=-1`)
    expect(sorted.body).toHaveProperty('data')
    expect(sorted.body.data.map((row: any) => [row.id, row.totalPoints])).toEqual([
      [high.id, 9],
      [low.id, 2]
    ])
  })

  it('is denied to a tenant of another tenancy, a sub-account without TenantProject, staff of another region, a vendor, and where the feature is off', async () => {
    const projectId = await fitOut()
    const fitout = await createGreenFitout(server.knex, { projectId })
    const folder = await createGreenFolder(server.knex, fitout, { title: 'Mine', pointsClaimed: 2 })
    expect((await api('other', 'GET', `green-fitouts/${fitout.id}`)).status).toBe(404)
    expect((await api('other', 'GET', `green-fitout-folders?greenFitoutId=${fitout.id}`)).body.total).toBe(0)
    expect((await act('other', 'green-fitout-folders', 'submit', { id: folder.id, updatedAt: folder.updatedAt })).status).toBe(404)
    // Authorization before any other answer: a stale or missing version tells another tenancy nothing either.
    expect((await act('other', 'green-fitout-folders', 'submit', { id: folder.id, updatedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(404)
    expect((await act('other', 'green-fitout-folders', 'submit', { id: folder.id })).status).toBe(404)
    expect((await act('other', 'green-fitouts', 'start', { id: fitout.id })).status).toBe(404)
    expect((await api('subWithout', 'GET', `green-fitouts?projectId=${projectId}`)).body.total ?? 0).toBe(0)
    expect((await act('subWithout', 'green-fitout-folders', 'submit', { id: folder.id, updatedAt: folder.updatedAt })).status).toBe(404)
    expect((await api('approverSg', 'GET', `/sg/v1/green-fitouts/${fitout.id}`)).status).toBe(404)
    expect((await api('approverSg', 'GET', `/hk/v1/green-fitouts/${fitout.id}`)).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', `green-fitouts/${fitout.id}`)).status).toBe(403)
    // BJ runs tenant projects without GREEN_FIT_OUT: off in the API.
    const off = await api('admin', 'GET', '/bj/v1/green-fitouts')
    expect(off.status).toBe(404)
    expect(off.body.data.code).toBe('FEATURE_DISABLED')
    expect((await api('admin', 'GET', '/bj/v1/green-fitout-portfolio')).status).toBe(404)
  })

  it('keeps the points from staff without read points: none answered, no points record, no portfolio', async () => {
    const fitout = await createGreenFitout(server.knex, { projectId: await fitOut() })
    const folder = await createGreenFolder(server.knex, fitout, { title: 'Scored', status: 'ACCEPTED', pointsClaimed: 5, pointsAwarded: 5 })
    const read = await api('noPoints', 'GET', `green-fitouts/${fitout.id}`)
    expect(read.status).toBe(200)
    expect(read.body).not.toHaveProperty('totalPoints')
    const folders = await api('noPoints', 'GET', `green-fitout-folders?greenFitoutId=${fitout.id}`)
    expect(folders.body.data[0]).toMatchObject({ id: folder.id, status: 'ACCEPTED' })
    expect(folders.body.data[0]).not.toHaveProperty('pointsAwarded')
    expect(folders.body.data[0]).not.toHaveProperty('pointsClaimed')
    expect((await api('noPoints', 'GET', `green-fitout-points?greenFitoutId=${fitout.id}`)).status).toBe(403)
    expect((await api('noPoints', 'GET', 'green-fitout-portfolio')).status).toBe(403)
    expect((await api('approver.hk', 'GET', `green-fitouts/${fitout.id}`)).body.totalPoints).toBe(5)
  })
})
