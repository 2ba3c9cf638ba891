import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import ExcelJS from 'exceljs'
import { exportsService } from '../../../services/exports/exports.js'
import { openRatingTask } from '../services/vendor-rating-tasks/open-rating-task.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { addTenderInvitationCheck } from '../../tenders/module.js'
import { appError } from '../../../errors.js'

/*
 * Vendor performance over real HTTP on real PostgreSQL (issue 12 item 9): completing a project asks
 * its person in charge for a PROJECT_COMPLETED rating, in the completion's transaction; the rating
 * answers the task once; a RANDOM rating is started on any project the rater reads; ratings by
 * vendor with the weighted score and standing; and the denials: vendors (their own ratings too),
 * tenants, staff without the rule, another rater's task, a project the caller does not read, the
 * feature off.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const scores = (value: number) => ({ quality: value, timeliness: value, safety: value, cooperation: value, housekeeping: value })
const complete = async (projectId: string) => {
  await server.knex('projects').where({ id: projectId }).update({ actualCompletionDate: '2026-11-20', dlpDate: '2027-11-20' })
  return api('pm.hk', 'POST', '/hk/v1/projects', { id: projectId, updatedAt: await server.version('projects', projectId) }, { 'x-service-method': 'complete' })
}

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
})
const live = liveSockets()
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('rating tasks', () => {
  it('completing a project asks its person in charge for a PROJECT_COMPLETED rating; the rating answers it once', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const before = await api('pm.hk', 'GET', `/hk/v1/vendor-rating-tasks?projectId=${project.id}`)
    expect(before.body.data).toEqual([])
    expect((await complete(project.id)).status).toBe(200)
    const open = await api('pm.hk', 'GET', `/hk/v1/vendor-rating-tasks?projectId=${project.id}&open=true`)
    expect(open.status).toBe(200)
    expect(open.body.data).toHaveLength(1)
    const task = open.body.data[0]
    expect(task).toMatchObject({
      rateType: 'PROJECT_COMPLETED',
      sourceId: project.id,
      companyId: parties.alpha,
      managedBy: users['pm.hk'],
      doneAt: null,
      projectNumber: project.number,
      companyName: 'Alpha Engineering Ltd'
    })

    const rated = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, taskId: task.id, ...scores(4), quality: 5, comment: '  Good work  ' })
    expect(rated.status).toBe(201)
    // quality 5 → 100 × 30, the rest 4 → 75 × 70: 82.50, Excellent on the default bands.
    expect(rated.body).toMatchObject({
      rateType: 'PROJECT_COMPLETED',
      companyId: parties.alpha,
      ratedBy: users['pm.hk'],
      scoreHundredths: 8250,
      standing: 'EXCELLENT',
      comment: 'Good work',
      taskId: task.id
    })
    const done = await api('pm.hk', 'GET', `/hk/v1/vendor-rating-tasks/${task.id}`)
    expect(done.body).toMatchObject({ ratingId: rated.body.id, doneBy: users['pm.hk'] })
    expect(done.body.doneAt).not.toBeNull()
    expect((await api('pm.hk', 'GET', `/hk/v1/vendor-rating-tasks?projectId=${project.id}&open=true`)).body.data).toEqual([])

    const again = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, taskId: task.id, ...scores(1) })
    expect(again.status).toBe(409)
    expect(again.body.data.code).toBe('RATING_TASK_DONE')
    expect(await server.knex('vendor_ratings').where({ projectId: project.id }).count('* as n').first()).toMatchObject({ n: 1 })
  })

  it('opens one task per project, rate type and event, in the caller’s transaction (nothing when it rolls back)', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const first = await server.knex.transaction((trx) => openRatingTask(trx, { projectId: project.id, rateType: 'WORK_COMPLETED', sourceId: 'claim-1' }))
    const second = await server.knex.transaction((trx) => openRatingTask(trx, { projectId: project.id, rateType: 'WORK_COMPLETED', sourceId: 'claim-1' }))
    expect(second.id).toBe(first.id)
    const other = await server.knex.transaction((trx) => openRatingTask(trx, { projectId: project.id, rateType: 'RETENTION_RECEIVED', sourceId: 'claim-1' }))
    expect(other.id).not.toBe(first.id)
    await expect(
      server.knex.transaction(async (trx) => {
        await openRatingTask(trx, { projectId: project.id, rateType: 'WORK_COMPLETED', sourceId: 'claim-2' })
        throw new Error('the claim failed')
      })
    ).rejects.toThrow('the claim failed')
    expect((await server.knex('vendor_rating_tasks').where({ projectId: project.id }).select('sourceId')).map((task) => task.sourceId)).toEqual(['claim-1', 'claim-1'])
    // The database holds the rule too.
    await expect(server.knex('vendor_rating_tasks').insert({ region: 'HK', projectId: project.id, companyId: parties.alpha, rateType: 'WORK_COMPLETED', sourceId: 'claim-1' })).rejects.toThrow(
      /one_per_event/
    )
    await expect(server.knex('vendor_rating_tasks').insert({ region: 'HK', projectId: project.id, companyId: parties.alpha, rateType: 'RANDOM', sourceId: 'x' })).rejects.toThrow(/rate_type/)
  })

  it('another rater neither sees nor answers the task (own = the project’s person in charge); admin (any) does', async () => {
    const { project } = await createProject(server.knex, { status: 'COMPLETED', managedBy: users.admin }, parties)
    const task = await server.knex.transaction((trx) => openRatingTask(trx, { projectId: project.id, rateType: 'PROJECT_COMPLETED', sourceId: project.id }))
    expect(task.managedBy).toBe(users.admin)
    expect((await api('pm.hk', 'GET', `/hk/v1/vendor-rating-tasks?projectId=${project.id}`)).body.data).toEqual([])
    expect((await api('pm.hk', 'GET', `/hk/v1/vendor-rating-tasks/${task.id}`)).status).toBe(404)
    const refused = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, taskId: task.id, ...scores(3) })
    expect(refused.status).toBe(404)
    expect((await api('admin', 'GET', `/hk/v1/vendor-rating-tasks?projectId=${project.id}`)).body.data).toHaveLength(1)
    expect((await api('admin', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, taskId: task.id, ...scores(3) })).status).toBe(201)
  })
})

describe('ratings', () => {
  it('a RANDOM rating on a project the rater reads; other rate types only through their task; the criteria checked (400 in the caller’s language)', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const random = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(3) })
    expect(random.status).toBe(201)
    expect(random.body).toMatchObject({ rateType: 'RANDOM', scoreHundredths: 5000, standing: 'AVERAGE', comment: null, taskId: null })
    const typed = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, rateType: 'WORK_COMPLETED', ...scores(3) })
    expect(typed.status).toBe(400)
    expect(typed.body.data.code).toBe('RATING_NEEDS_TASK')
    for (const bad of [{ ...scores(3), safety: 6 }, { ...scores(3), safety: 0 }, { ...scores(3), safety: 2.5 }, { quality: 3 }, { ...scores(3), comment: 'x'.repeat(2001) }]) {
      const answer = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...bad }, { 'accept-language': 'zh-CN' })
      expect(answer.status).toBe(400)
    }
    const { project: draft } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    const early = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: draft.id, ...scores(3) })
    expect(early.status).toBe(409)
    expect(early.body.data.code).toBe('RATING_PROJECT_NOT_STARTED')
    // The database refuses a score out of range whatever writes it.
    await expect(
      server.knex('vendor_ratings').insert({ region: 'HK', projectId: project.id, companyId: parties.alpha, rateType: 'RANDOM', ratedBy: users['pm.hk'], ...scores(3), quality: 9, scoreHundredths: 0 })
    ).rejects.toThrow(/criteria/)
  })

  it('refuses a project the caller does not read or is not in charge of (own), before anything else', async () => {
    const { project: others } = await createProject(server.knex, { status: 'ACTIVE', managedBy: users.admin }, parties)
    const notOwn = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: others.id, ...scores(3) })
    expect(notOwn.status).toBe(403)
    // A project outside any site the rater reaches: read through the project's own rules.
    const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Rating outside site', shortName: `RO${Date.now() % 100000}`, buildingIds: [] }, ['id'])
    await server.knex('departments').insert({ region: 'HK', name: 'Rating outside dept', shortName: `ROD${Date.now() % 10000}`, siteIds: [site.id], userIds: [users.admin] })
    const { project: outside } = await createProject(server.knex, { status: 'ACTIVE', siteId: site.id }, parties)
    const unread = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: outside.id, ...scores(3) })
    expect(unread.status).toBe(400)
    expect(unread.body.data.code).toBe('REFERENCE_INVALID')
  })

  it('vendors (their own ratings too), tenants and staff without the rule get 403; the feature off is 404', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const rated = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(2) })
    for (const user of ['vendor.alpha', 'vendor.beta', 'tenant.acme', 'approver.hk']) {
      expect((await api(user, 'GET', '/hk/v1/vendor-ratings')).status).toBe(403)
      expect((await api(user, 'GET', `/hk/v1/vendor-ratings/${rated.body.id}`)).status).toBe(403)
      expect((await api(user, 'GET', '/hk/v1/vendor-performance')).status).toBe(403)
      expect((await api(user, 'GET', '/hk/v1/vendor-rating-tasks')).status).toBe(403)
      expect((await api(user, 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(5) })).status).toBe(403)
    }
    expect((await api('vendor.alpha', 'GET', `/hk/v1/companies/performanceRatingHistory/${parties.alpha}`)).status).toBe(403)
    const bj = await server.knex('regions').where({ code: 'BJ' }).first('features')
    expect(bj.features).not.toContain('VENDOR_PERFORMANCE')
    for (const path of ['vendor-ratings', 'vendor-performance', 'vendor-rating-tasks']) {
      const off = await api('admin', 'GET', `/bj/v1/${path}`)
      expect(off.status).toBe(404)
      expect(off.body.data.code).toBe('FEATURE_DISABLED')
    }
  })

  it('ratings by vendor: the weighted mean of its ratings rounded once, its standing, filters, sorting and paging; the history by the spec’s path', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', companyId: parties.beta }, parties)
    // Beta's own figures from here on are only these: its earlier ratings are cleared for the check.
    await server.knex('vendor_rating_tasks').where({ companyId: parties.beta }).update({ ratingId: null, doneAt: null, doneBy: null })
    await server.knex('vendor_ratings').where({ companyId: parties.beta }).delete()
    for (const value of [1, 1, 2]) expect((await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(value) })).status).toBe(201)
    // (0 + 0 + 25) / 3 = 8.333… → 8.33, Very Poor.
    const list = await api('pm.hk', 'GET', `/hk/v1/vendor-performance?companyId=${parties.beta}`)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total: 1, data: [{ companyId: parties.beta, companyName: 'Beta Builders Ltd', ratings: 3, scoreHundredths: 833, standing: 'VERY_POOR' }] })
    const veryPoor = await api('pm.hk', 'GET', '/hk/v1/vendor-performance?standing=VERY_POOR')
    expect(veryPoor.body.data.map((row: any) => row.companyId)).toContain(parties.beta)
    expect(veryPoor.body.data.every((row: any) => row.standing === 'VERY_POOR')).toBe(true)
    const excellent = await api('pm.hk', 'GET', '/hk/v1/vendor-performance?standing=EXCELLENT')
    expect(excellent.body.data.map((row: any) => row.companyId)).not.toContain(parties.beta)
    const byName = await api('pm.hk', 'GET', `/hk/v1/vendor-performance?${encodeURI('companyName[$ilike]=%beta%')}`)
    expect(byName.body.data.map((row: any) => row.companyName)).toEqual(['Beta Builders Ltd'])
    const sorted = await api('pm.hk', 'GET', `/hk/v1/vendor-performance?${encodeURI('$sort[scoreHundredths]=1&$limit=1')}`)
    expect(sorted.body.data).toHaveLength(1)
    expect(sorted.body.data[0].scoreHundredths).toBeLessThanOrEqual(833)
    expect((await api('pm.hk', 'GET', `/hk/v1/vendor-performance?${encodeURI('$sort[password]=1')}`)).status).toBe(400)
    const history = await api('pm.hk', 'GET', `/hk/v1/companies/performanceRatingHistory/${parties.beta}`)
    expect(history.status).toBe(200)
    expect(history.body.data.map((rating: any) => rating.scoreHundredths)).toEqual([2500, 0, 0])
    // The bands are the region's setting: moved, the same score reads Poor.
    await server.knex('settings').insert({ region: 'HK', key: 'vendorPerformance.bands', value: JSON.stringify({ poor: 5, average: 50, excellent: 80 }) })
    try {
      expect((await api('pm.hk', 'GET', `/hk/v1/vendor-performance?companyId=${parties.beta}`)).body.data[0].standing).toBe('POOR')
    } finally {
      await server.knex('settings').where({ region: 'HK', key: 'vendorPerformance.bands' }).delete()
    }
  })
})

describe('the tender issue and vendor standings', () => {
  /** A tender of pm.hk approved and ready to issue, on the demo's ES site (built in the database, as the tender factories do). */
  async function approvedTender() {
    const prNumber = uniqueNumber('PR-RT')
    const pm = users['pm.hk']
    const approver = users['approver.hk']
    await server
      .knex('purchase_requests')
      .insert({ region: 'HK', number: prNumber, description: 'Rated works', siteId: parties.siteId, amount: 800_000, currency: 'HKD', departmentId: parties.departmentId })
    const [tender] = await server.knex('tenders').insert(
      {
        region: 'HK',
        prNumber,
        prDescription: 'Rated works',
        amount: 800_000,
        currency: 'HKD',
        tenderType: 'TENDER',
        status: 'APPR',
        managedBy: pm,
        approverId: approver,
        approvedBy: approver,
        siteId: parties.siteId,
        departmentId: parties.departmentId,
        termsVersion: 2,
        closingAt: new Date(Date.now() + 16 * 86_400_000),
        lineItemGroups: JSON.stringify([{ id: 'g1', name: 'Works', lineItems: [{ id: 'i1', itemNo: '1', itemDesc: 'Lump sum', itemQty: 1, itemUnit: 'Lot' }] }])
      },
      ['id']
    )
    return tender.id as string
  }
  const issue = async (tenderId: string, body: Record<string, unknown>, user = 'pm.hk', headers: Record<string, string> = {}) =>
    api(user, 'POST', '/hk/v1/tenders', { id: tenderId, updatedAt: await server.version('tenders', tenderId), ...body }, { 'x-service-method': 'issue', ...headers })

  it('inviting a Very Poor vendor needs an override reason, recorded in the audit log with the issue', async () => {
    const [company] = await server.knex('companies').insert({ region: 'HK', name: `Poor Works ${uniqueNumber('C')}`, type: 'C', status: 'ACTIVE' }, ['id', 'name'])
    const { project } = await createProject(server.knex, { status: 'ACTIVE', companyId: company.id }, parties)
    expect((await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(1) })).status).toBe(201)
    const tenderId = await approvedTender()

    const refused = await issue(tenderId, { vendorIds: [parties.alpha, company.id] })
    expect(refused.status).toBe(400)
    expect(refused.body.data).toMatchObject({ code: 'TENDER_INVITE_OVERRIDE_REQUIRED', companyIds: [company.id] })
    expect(refused.body.message).toContain(company.name)
    const zh = await issue(tenderId, { vendorIds: [company.id], overrideReason: '   ' }, 'pm.hk', { 'accept-language': 'zh-CN' })
    expect(zh.status).toBe(400)
    expect(zh.body.message).toContain('极差')
    expect((await server.knex('tenders').where({ id: tenderId }).first('status')).status).toBe('APPR')
    // Someone who may not issue the tender learns nothing of standings: the tender's own answer.
    expect((await issue(tenderId, { vendorIds: [company.id] }, 'vendor.alpha')).status).toBe(404)
    const approver = await issue(tenderId, { vendorIds: [company.id] }, 'approver.hk')
    expect(approver.status).toBe(403)
    // Staff without a tenders grant do not read the tender: the method's own 404, not the standings.
    const stranger = await issue(tenderId, { vendorIds: [company.id] }, 'accounting.hk')
    expect(stranger.status).toBe(404)
    expect(stranger.body.data?.code).not.toBe('TENDER_INVITE_OVERRIDE_REQUIRED')
    expect((await issue(tenderId, { vendorIds: [company.id], overrideReason: 7 })).status).toBe(400)

    const issued = await issue(tenderId, { vendorIds: [parties.alpha, company.id], overrideReason: 'Sole specialist for the chiller plant.' })
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    const audit = await server.knex('audit_log').where({ resource: 'tenders', recordId: tenderId, action: 'tenders.issue' }).orderBy('id')
    const override = audit.find((row: any) => row.after?.overrideReason)
    expect(override?.after).toMatchObject({ overrideReason: 'Sole specialist for the chiller plant.', veryPoorVendors: [{ companyId: company.id, standing: 'VERY_POOR', scoreHundredths: 0 }] })
    expect(override?.userId).toBe(users['pm.hk'])
  })

  it('the override is written in the issue’s transaction: an issue refused after the check keeps no audit row of it', async () => {
    const [company] = await server.knex('companies').insert({ region: 'HK', name: `Poor Again ${uniqueNumber('C')}`, type: 'C', status: 'ACTIVE' }, ['id'])
    const { project } = await createProject(server.knex, { status: 'ACTIVE', companyId: company.id }, parties)
    expect((await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(1) })).status).toBe(201)
    const tenderId = await approvedTender()
    // A later check (registered after the projects module's) refuses this tender's issue.
    addTenderInvitationCheck(server.app, async ({ tender }) => {
      if (tender.id === tenderId) throw appError(409, 'INVALID_TRANSITION', { status: tender.status, action: 'issue' })
    })
    const refused = await issue(tenderId, { vendorIds: [company.id], overrideReason: 'Only one who can.' })
    expect(refused.status).toBe(409)
    expect(await server.knex('audit_log').where({ resource: 'tenders', recordId: tenderId })).toEqual([])
    expect((await server.knex('tenders').where({ id: tenderId }).first('status')).status).toBe('APPR')
    expect(await server.knex('bids').where({ tenderId })).toEqual([])
  })

  it('vendors of any other standing, or without ratings, are invited without a reason', async () => {
    const tenderId = await approvedTender()
    const fresh = (await server.knex('companies').insert({ region: 'HK', name: `Unrated ${uniqueNumber('C')}`, type: 'C', status: 'ACTIVE' }, ['id']))[0].id
    const issued = await issue(tenderId, { vendorIds: [parties.alpha, fresh] })
    expect(issued.status).toBe(200)
  })
})

describe('live events', () => {
  it('a new task reaches its rater (and raters of any project), its rating the region’s readers of ratings; no vendor, tenant or staff without the rule', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const services = ['vendor-rating-tasks', 'vendor-ratings']
    const pm = await live.connect(server, tokens['pm.hk'], 'HK', services)
    const admin = await live.connect(server, tokens.admin, 'HK', services)
    const alpha = await live.connect(server, tokens['vendor.alpha'], 'HK', services)
    const tenant = await live.connect(server, tokens['tenant.acme'], 'HK', services)
    const approver = await live.connect(server, tokens['approver.hk'], 'HK', services)
    expect((await complete(project.id)).status).toBe(200)
    const isTask = (event: any) => event.service === 'vendor-rating-tasks' && event.data.projectId === project.id
    await pm.until(isTask)
    await admin.until(isTask)
    const task = pm.events.find(isTask)!.data
    const rated = await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, taskId: task.id, ...scores(4) })
    expect(rated.status).toBe(201)
    await pm.until((event) => event.service === 'vendor-ratings' && event.data.id === rated.body.id)
    await pm.until((event) => isTask(event) && event.data.doneAt != null)
    await admin.until((event) => event.service === 'vendor-ratings' && event.data.id === rated.body.id)
    expect({ alpha: alpha.events, tenant: tenant.events, approver: approver.events }).toEqual({ alpha: [], tenant: [], approver: [] })
  })
})

describe('export', () => {
  it('the ratings by vendor as a spreadsheet, as the list shows them (score with 2 decimals, standing named); refused to a vendor', async () => {
    if (!(server.app as any).services['exports/:resource']) server.app.configure(exportsService)
    const name = `Export Works ${uniqueNumber('C')}`
    const [company] = await server.knex('companies').insert({ region: 'HK', name, type: 'C', status: 'ACTIVE' }, ['id'])
    const { project } = await createProject(server.knex, { status: 'ACTIVE', companyId: company.id }, parties)
    expect((await api('pm.hk', 'POST', '/hk/v1/vendor-ratings', { projectId: project.id, ...scores(4) })).status).toBe(201)
    const response = await fetch(`${server.url}/hk/v1/exports/vendor-performance?companyId=${company.id}`, { headers: { authorization: `Bearer ${tokens['pm.hk']}`, 'accept-language': 'zh-CN' } })
    expect(response.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as any)
    const sheet = book.worksheets[0]
    expect(sheet.getRow(1).values).toEqual([undefined, '供应商', '评分次数', '分数', '等级', '最近评分'])
    expect((sheet.getRow(2).values as any[]).slice(1, 5)).toEqual([name, 1, '75.00', '一般'])
    const vendor = await fetch(`${server.url}/hk/v1/exports/vendor-performance`, { headers: { authorization: `Bearer ${tokens['vendor.alpha']}` } })
    expect(vendor.status).toBe(403)
  })
})
