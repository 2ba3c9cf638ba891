import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createAwardedPurchase, createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'

/*
 * Projects over real HTTP on real PostgreSQL (spec §3 to §6): raised from an awarded tender's
 * purchase order or contract read through its own rules, the workflow with its mails and its
 * 400/409/410 answers, and who reads what: another vendor's project, a draft for the vendor, staff
 * outside the project's site, a tenant; live events through the same rules.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const action = (user: string, name: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => api(user, 'POST', '/hk/v1/projects', body, { 'x-service-method': name, ...headers })
const version = async (id: string) => (await server.version('projects', id))!
const live = liveSockets()

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha', 'alpha.site', 'alpha.office', 'vendor.beta', 'tenant.acme']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  // A staff member of a site of their own: a department that names its users keeps its sites to them.
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Outside site', shortName: uniqueNumber('OS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const pm = await server.knex('users').where({ username: 'pm.hk' }).first()
  const { id: _id, ...person } = pm
  const [outsider] = await server.knex('users').insert({ ...person, username: 'pm.outside', email: 'pm.outside@example.com' }, ['id'])
  await server.knex('user_groups').insert({ userId: outsider.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Outside department', shortName: 'OSD', siteIds: [site.id], userIds: [outsider.id] })
  users.outsideSite = site.id
  tokens['pm.outside'] = (await server.login('pm.outside')).accessToken
  users['pm.outside'] = outsider.id
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('creating a project', () => {
  it('raises a DRAFT project from an awarded purchase order, with its vendor, site, number and money in cents', async () => {
    const po = await createAwardedPurchase(server.knex, { amount: 86_543.21, retentionPercent: 7.5 }, parties)
    const { status, body } = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: po.id, type: 'Renovation', projectLocation: 'Tower 2, 12/F' })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      status: 'DRAFT',
      numberType: 'PO',
      number: po.number,
      purchaseOrderId: po.id,
      contractId: null,
      companyId: parties.alpha,
      siteId: parties.siteId,
      tenderId: po.tenderId,
      managedBy: users['pm.hk'],
      totalAmountCents: 8_654_321,
      deductionCents: 0,
      retentionPercent: 7.5,
      availableForWorkPermits: false
    })
    expect(body.id).toMatch(/^[a-z0-9]{24}$/)
  })

  it('raises one from a contract with its revision', async () => {
    const contract = await createAwardedPurchase(server.knex, { kind: 'CONTRACT', revisionNum: 2 }, parties)
    const { status, body } = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'CONTRACT', contractId: contract.id })
    expect(status).toBe(201)
    expect(body).toMatchObject({ numberType: 'CONTRACT', contractId: contract.id, number: contract.number, revisionNum: 2 })
  })

  it('refuses a purchase order the caller cannot read (400 REFERENCE_INVALID), one not awarded, and a second project on one number (409)', async () => {
    const others = await createAwardedPurchase(server.knex, { managedBy: users['approver.hk'] }, parties)
    const unreadable = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: others.id })
    expect(unreadable.status).toBe(400)
    expect(unreadable.body.data.code).toBe('REFERENCE_INVALID')
    const missing = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: 2_000_000_000 })
    expect(missing.body.data.code).toBe('REFERENCE_INVALID')
    const notAwarded = await createAwardedPurchase(server.knex, { tenderStatus: 'REVIEW' }, parties)
    const refused = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: notAwarded.id })
    expect(refused.status).toBe(400)
    expect(refused.body.data.code).toBe('PROJECT_PURCHASE_NOT_AWARDED')
    const po = await createAwardedPurchase(server.knex, {}, parties)
    expect((await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: po.id })).status).toBe(201)
    const twice = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: po.id })
    expect(twice.status).toBe(409)
    expect(twice.body.data.code).toBe('PROJECT_NUMBER_IN_USE')
    const mixed = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', contractId: po.id })
    expect(mixed.status).toBe(400)
  })

  it('is staff’s: a vendor and a tenant are refused (403) before anything is read', async () => {
    const po = await createAwardedPurchase(server.knex, {}, parties)
    for (const user of ['vendor.alpha', 'tenant.acme']) expect((await api(user, 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: po.id })).status).toBe(403)
  })

  it('answers the project meta of numbers: latest revision, awarded, used', async () => {
    const number = uniqueNumber('CT')
    const first = await createAwardedPurchase(server.knex, { kind: 'CONTRACT', number, revisionNum: 0 }, parties)
    await server.knex('contracts').insert({ ...(await server.knex('contracts').where({ id: first.id }).first()), id: undefined, revisionNum: 1 })
    const { status, body } = await api('pm.hk', 'GET', `/hk/v1/project-meta?numberType=CONTRACT&numbers=${encodeURIComponent(number)}`)
    expect(status).toBe(200)
    expect(body).toHaveLength(2)
    expect(body.map((meta: any) => [meta.revisionNum, meta.latestRevision, meta.isAwarded, meta.isUsed])).toEqual([
      [0, 1, true, false],
      [1, 1, true, false]
    ])
    expect((await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'CONTRACT', contractId: first.id })).status).toBe(201)
    const after = await api('pm.hk', 'GET', `/hk/v1/project-meta?numberType=CONTRACT&numbers=${encodeURIComponent(number)}`)
    expect(after.body.find((meta: any) => meta.id === first.id).isUsed).toBe(true)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-meta?numberType=CONTRACT&numbers=${encodeURIComponent(number)}`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', '/hk/v1/project-meta?numberType=XX&numbers=1')).status).toBe(400)
    // The spec's own calls answer the same.
    const spec = await api('pm.hk', 'GET', `/hk/v1/projects/project-meta?numberType=CONTRACT&numbers=${encodeURIComponent(number)}`)
    expect(spec.body).toEqual(after.body)
    const latest = await api('pm.hk', 'GET', `/hk/v1/projects/by-numbers/latest?numberType=CONTRACT&numberIds=${encodeURIComponent(number)}`)
    expect(latest.body).toEqual(after.body)
  })
})

describe('the project workflow', () => {
  it('activates a draft: the vendor’s accounts with project access are invited by mail, each in their language, and the vendor now reads it', async () => {
    await server.knex('users').where({ username: 'alpha.site' }).update({ language: 'zh-CN' })
    const { project } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(404)
    const before = new Date()
    const { status, body } = await action('pm.hk', 'activate', { id: project.id, updatedAt: await version(project.id) })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'ACTIVE', availableForWorkPermits: true })
    const mails = await server.knex('mail_messages').where({ template: 'project.invitation' }).where('createdAt', '>=', before)
    const to = mails.flatMap((mail: any) => mail.to)
    expect(to.sort()).toEqual(['alpha.site@example.com', 'vendor.alpha@example.com'])
    expect(mails.find((mail: any) => mail.to.includes('alpha.site@example.com')).subject).toContain('项目邀请')
    expect(mails.find((mail: any) => mail.to.includes('vendor.alpha@example.com')).subject).toContain('Project invitation')
    expect((await api('vendor.alpha', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(200)
    expect((await api('alpha.site', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(200)
    // A sub-account without the Projects toggle holds no project rule at all.
    expect((await api('alpha.office', 'GET', '/hk/v1/projects')).status).toBe(403)
  })

  it('completes only with the actual completion date (400 in the caller’s language), then takes permits until the dlp date', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const refused = await action('pm.hk', 'complete', { id: project.id, updatedAt: await version(project.id) })
    expect(refused.status).toBe(400)
    expect(refused.body.data.code).toBe('PROJECT_COMPLETION_DATE_REQUIRED')
    expect(refused.body.message).toBe('Actual completion date is required before completing the project.')
    const zh = await action('pm.hk', 'complete', { id: project.id, updatedAt: await version(project.id) }, { 'accept-language': 'zh-CN' })
    expect(zh.body.message).toBe('完成项目前必须填写实际竣工日期。')
    const dated = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { actualCompletionDate: '2026-11-20', dlpDate: '2027-11-20', updatedAt: await version(project.id) })
    expect(dated.status).toBe(200)
    const done = await action('pm.hk', 'complete', { id: project.id, updatedAt: dated.body.updatedAt })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ status: 'COMPLETED', availableForWorkPermits: true })
    await server.knex('projects').where({ id: project.id }).update({ dlpDate: '2026-01-31' })
    expect((await api('pm.hk', 'GET', `/hk/v1/projects/${project.id}`)).body.availableForWorkPermits).toBe(false)
    // Completed is terminal: no way out.
    const again = await action('pm.hk', 'cancel', { id: project.id, updatedAt: await version(project.id) })
    expect(again.status).toBe(409)
  })

  it('takes the spec’s PATCH projects/{id} {status} as the workflow’s action', async () => {
    const { project } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    const moved = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { status: 'ACTIVE', updatedAt: await version(project.id) })
    expect(moved.status).toBe(200)
    expect(moved.body.status).toBe('ACTIVE')
    const all = await api('pm.hk', 'GET', `/hk/v1/projects/all?id=${project.id}`)
    expect(all.body).toMatchObject({ total: 1, count: 1 })
  })

  it('cancels a draft or an active project, and a cancelled one is no longer edited', async () => {
    for (const status of ['DRAFT', 'ACTIVE'] as const) {
      const { project } = await createProject(server.knex, { status }, parties)
      const cancelled = await action('pm.hk', 'cancel', { id: project.id, updatedAt: await version(project.id) })
      expect(cancelled.body.status).toBe('CANCELLED')
      const edit = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { onHold: true, updatedAt: cancelled.body.updatedAt })
      expect(edit.status).toBe(409)
    }
  })

  it('answers a stale write 410 and one without a version 428', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const read = await version(project.id)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { onHold: true, updatedAt: read })).status).toBe(200)
    const stale = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { onHold: false, updatedAt: read })
    expect(stale.status).toBe(410)
    expect((await action('pm.hk', 'cancel', { id: project.id, updatedAt: read })).status).toBe(410)
    expect((await action('pm.hk', 'cancel', { id: project.id })).status).toBe(428)
  })

  it('keeps the deduction within the amount and with its reason, and completion after commencement', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 1000 }, parties)
    const over = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { deductionCents: 100_001, deductionReason: 'Defects', updatedAt: await version(project.id) })
    expect(over.body.data.code).toBe('PROJECT_DEDUCTION_TOO_HIGH')
    const noReason = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { deductionCents: 500, updatedAt: await version(project.id) })
    expect(noReason.body.data.code).toBe('PROJECT_DEDUCTION_REASON_REQUIRED')
    const badPercent = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { retentionPercent: 5.555, updatedAt: await version(project.id) })
    expect(badPercent.status).toBe(400)
    const ok = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { deductionCents: 12_345, deductionReason: 'Defects', retentionPercent: '10.25', updatedAt: await version(project.id) })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ deductionCents: 12_345, retentionPercent: 10.25 })
    const backwards = await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { actualCommencementDate: '2026-10-01', actualCompletionDate: '2026-09-01', updatedAt: ok.body.updatedAt })
    expect(backwards.body.data.code).toBe('PROJECT_COMPLETION_BEFORE_COMMENCEMENT')
  })

  it('changes the person in charge with that permission only, to a staff member of the region', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const pmTry = await action('pm.hk', 'changeManager', { id: project.id, managedBy: users['approver.hk'], updatedAt: await version(project.id) })
    expect(pmTry.status).toBe(403)
    const vendorUser = await action('admin', 'changeManager', { id: project.id, managedBy: users['vendor.alpha'], updatedAt: await version(project.id) })
    expect(vendorUser.status).toBe(400)
    const changed = await action('admin', 'changeManager', { id: project.id, managedBy: users['approver.hk'], updatedAt: await version(project.id) })
    expect(changed.status).toBe(200)
    expect(changed.body.managedBy).toBe(users['approver.hk'])
    // No longer in pm.hk's charge: managing it is refused.
    const manage = await action('pm.hk', 'cancel', { id: project.id, updatedAt: changed.body.updatedAt })
    expect(manage.status).toBe(403)
  })
})

describe('who reads projects', () => {
  it('a vendor reads its own company’s activated projects only; another vendor’s are not found', async () => {
    const { project: alphaDraft } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    const { project: betaActive } = await createProject(server.knex, { status: 'ACTIVE', companyId: parties.beta }, parties)
    const list = await api('vendor.alpha', 'GET', '/hk/v1/projects?$limit=100')
    expect(list.status).toBe(200)
    expect(list.body.data.every((project: any) => project.companyId === parties.alpha && project.status !== 'DRAFT')).toBe(true)
    expect(list.body.data.some((project: any) => project.id === alphaDraft.id)).toBe(false)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/projects/${betaActive.id}`)).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `/hk/v1/projects/${betaActive.id}`)).status).toBe(200)
    // Writes are staff's: the vendor is refused before the record is looked at.
    expect((await action('vendor.beta', 'cancel', { id: betaActive.id, updatedAt: await version(betaActive.id) })).status).toBe(403)
    expect((await api('vendor.beta', 'PATCH', `/hk/v1/projects/${betaActive.id}`, { onHold: true, updatedAt: await version(betaActive.id) })).status).toBe(403)
  })

  it('staff read the projects of their location’s sites only', async () => {
    const { project: outside } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users['pm.outside'] }, parties)
    const { project: es } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    expect((await api('pm.hk', 'GET', `/hk/v1/projects/${outside.id}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', '/hk/v1/projects?$limit=100')).body.data.some((project: any) => project.id === outside.id)).toBe(false)
    expect((await action('pm.hk', 'cancel', { id: outside.id, updatedAt: await version(outside.id) })).status).toBe(404)
    expect((await api('pm.outside', 'GET', `/hk/v1/projects/${outside.id}`)).status).toBe(200)
    expect((await api('pm.hk', 'GET', `/hk/v1/projects/${es.id}`)).status).toBe(200)
    // A department that lists nobody is open to the region's staff: the ES site's projects reach pm.outside too.
    expect((await api('pm.outside', 'GET', `/hk/v1/projects/${es.id}`)).status).toBe(200)
  })

  it('exports the list as the caller reads it, and a region without the feature has no projects (404)', async () => {
    const response = await fetch(`${server.url}/hk/v1/exports/projects?status=ACTIVE`, { headers: { authorization: `Bearer ${tokens['pm.hk']}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('spreadsheet')
    expect((await api('tenant.acme', 'GET', '/hk/v1/exports/projects')).status).toBe(403)
    // BJ has HONGKONG_LAND_PROJECTS off.
    expect((await api('admin', 'GET', '/bj/v1/projects')).status).toBe(404)
  })

  it('a tenant holds no project rule: 403', async () => {
    expect((await api('tenant.acme', 'GET', '/hk/v1/projects')).status).toBe(403)
  })

  it('the demo has a project in every status', async () => {
    const { body } = await api('admin', 'GET', '/hk/v1/projects?$limit=100&number[$ilike]=%25-PJ-01%25')
    expect(new Set(body.data.map((project: any) => project.status))).toEqual(new Set(['DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED']))
  })

  it('sends live events to the readers only: the vendor of the project once active, not another vendor, a tenant or staff outside the site', async () => {
    const { project } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users['pm.outside'] }, parties)
    const alpha = await live.connect(server, tokens['vendor.alpha'], 'HK', ['projects'])
    const beta = await live.connect(server, tokens['vendor.beta'], 'HK', ['projects'])
    const outsider = await live.connect(server, tokens['pm.outside'], 'HK', ['projects'])
    const pm = await live.connect(server, tokens['pm.hk'], 'HK', ['projects'])
    const tenant = await live.connect(server, tokens['tenant.acme'], 'HK', ['projects'])
    await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { onHold: true, updatedAt: await version(project.id) })
    await pm.until((event) => event.data.id === project.id && event.data.onHold === true)
    await api('pm.outside', 'PATCH', `/hk/v1/projects/${away.id}`, { onHold: true, updatedAt: await version(away.id) })
    await outsider.until((event) => event.data.id === away.id && event.data.onHold === true)
    await action('pm.hk', 'activate', { id: project.id, updatedAt: await version(project.id) })
    await alpha.until((event) => event.data.id === project.id && event.data.status === 'ACTIVE')
    await pm.until((event) => event.data.id === project.id && event.data.status === 'ACTIVE')
    // The draft's edit never reached the vendor; nothing reached the others.
    expect(alpha.events.filter((event) => event.data.id === project.id).map((event) => event.data.status)).toEqual(['ACTIVE'])
    expect({ beta: beta.events, tenant: tenant.events }).toEqual({ beta: [], tenant: [] })
    // Staff outside the away project's site (pm.hk) never heard of it.
    expect(pm.events.some((event) => event.data.id === away.id)).toBe(false)
  })
})
