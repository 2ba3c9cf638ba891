import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { exportsService } from '../../../services/exports/exports.js'
import { claimDocumentUrl } from '../claims/documents/claim-document.shared.js'
import { claimCertificateUrl } from '../claims/documents/certificate.shared.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { createChangeOrder } from '../seeds/change-orders.js'

/*
 * Issue 27 item 8, the outside review's case over real HTTP on real PostgreSQL: vendor.alpha names
 * vendor.beta (another company) the main contractor of its project and invites it, with no staff
 * step. vendor.beta then reads what the site needs (the project, its contractors, its documents)
 * and nothing of its money: claims, their versions, PDFs and certificates, the schedule of values,
 * the retention calendar and their exports and live events answer as for a project it never heard
 * of (404 or an empty list, never a 403 that says the record exists). The appointment is in the
 * project's history and mailed to its person in charge.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const live = liveSockets()
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const method = (user: string, name: string, body: Record<string, unknown>) => api(user, 'POST', '/hk/v1/project-submissions', body, { 'x-service-method': name })

async function download(user: string, path: string) {
  const response = await fetch(`${server.url}/hk/v1/${path}`, { headers: { authorization: `Bearer ${tokens[user]}` } })
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) }
}

/** The data rows of an export (the first sheet under its header), or the status when it is no sheet. */
async function exportRows(user: string, path: string): Promise<{ status: number; rows: unknown[][] }> {
  const answer = await download(user, path)
  if (!answer.type.includes('spreadsheetml')) return { status: answer.status, rows: [] }
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(answer.bytes as any)
  const rows: unknown[][] = []
  workbook.worksheets[0].eachRow((row, index) => {
    if (index > 1) rows.push(row.values as unknown[])
  })
  return { status: answer.status, rows }
}

/** vendor.alpha appoints vendor.beta the project's main contractor, as the review did: a MAIN row with beta's address, invited. */
async function appointBeta(projectId: string) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', {
    projectId,
    contractorType: 'MAIN',
    companyName: 'Beta Builders Ltd',
    firstName: 'Betty',
    lastName: 'Wong',
    phone: '+852 9000 2222',
    email: 'vendor.beta@example.com'
  })
  expect(created.status).toBe(201)
  const invited = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', { id: created.body.id, updatedAt: created.body.updatedAt }, { 'x-service-method': 'invite' })
  expect(invited.status).toBe(200)
  expect(invited.body.primaryContactUserId).toBe(users['vendor.beta'])
  return invited.body
}

let project: any
let claimId: string
let neverSeen: any

beforeAll(async () => {
  server = await startTestServer()
  if (!(server.app as any).services['exports/:resource']) server.app.configure(exportsService)
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  project = (await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)).project
  // A claim submitted (version 1, its PDF) and rejected (its certificate), before the appointment.
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
    projectId: project.id,
    completionType: 'PARTIAL',
    invoiceNumber: uniqueNumber('MC'),
    invoiceAmountCents: 1_000_000,
    invoiceDate: '2026-11-20',
    completionAmountCents: 1_000_000
  })
  expect(created.status).toBe(201)
  claimId = created.body.id
  const submitted = await method('vendor.alpha', 'submit', { id: claimId, updatedAt: created.body.updatedAt })
  expect(submitted.status).toBe(200)
  expect((await method('pm.hk', 'reject', { id: claimId, updatedAt: submitted.body.updatedAt, reason: 'Invoice date is wrong' })).status).toBe(200)
  expect((await download('vendor.alpha', claimDocumentUrl(claimId, 1))).status).toBe(200)
  expect((await download('vendor.alpha', claimCertificateUrl(claimId, 1))).status).toBe(200)
  // The same kind of project, of which vendor.beta is nothing: the answers it gets there are the stranger's.
  neverSeen = (await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)).project
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('the main contractor of another company', () => {
  it('is appointed by the vendor alone, and the project’s history and its person in charge know it', async () => {
    expect((await api('vendor.beta', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(404)
    const since = new Date()
    const main = await appointBeta(project.id)
    // Readable on the project: the contractor row names the other company.
    const rows = await api('pm.hk', 'GET', `/hk/v1/project-contractors?projectId=${project.id}`)
    expect(rows.body.data.find((row: any) => row.id === main.id)).toMatchObject({ contractorType: 'MAIN', contactCompanyName: 'Beta Builders Ltd' })
    const audit = await server.knex('audit_log').where({ resource: 'projects', recordId: String(project.id), action: 'projects.appointMainContractor' })
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ userId: users['vendor.alpha'], region: 'HK' })
    expect(audit[0].after).toMatchObject({ mainContractorUserId: users['vendor.beta'], mainContractorCompanyId: parties.beta, mainContractorCompanyName: 'Beta Builders Ltd' })
    const mails = await server.knex('mail_messages').where({ template: 'project.main-contractor-appointed' }).where('createdAt', '>=', since)
    expect(mails.map((mail: any) => mail.to)).toEqual([['pm.hk@example.com']])
    expect(mails[0].subject).toBe(`Another company is main contractor on project ${project.number}`)
    expect(mails[0].text).toContain('Beta Builders Ltd')
    expect(mails[0].text).toContain(`/projects/${project.id}`)
    // Inviting the same person again is no new appointment.
    const again = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', { id: main.id, updatedAt: await server.version('project-contractors', main.id) }, { 'x-service-method': 'invite' })
    expect(again.status).toBe(200)
    expect(await server.knex('audit_log').where({ resource: 'projects', recordId: String(project.id), action: 'projects.appointMainContractor' })).toHaveLength(1)
  })

  it('reads what the site needs: the project, its contractors and its documents', async () => {
    expect((await api('vendor.beta', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(200)
    expect((await api('vendor.beta', 'GET', '/hk/v1/projects?$limit=100')).body.data.some((one: any) => one.id === project.id)).toBe(true)
    const contractors = await api('vendor.beta', 'GET', `/hk/v1/project-contractors?projectId=${project.id}`)
    expect(contractors.status).toBe(200)
    expect(contractors.body.data.map((row: any) => row.contractorType)).toEqual(['MAIN'])
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-contractors/${contractors.body.data[0].id}`)).status).toBe(200)
    const folder = await api('vendor.alpha', 'POST', '/hk/v1/project-folders', { projectId: project.id, name: `Site ${uniqueNumber('F')}` })
    expect(folder.status).toBe(201)
    const folders = await api('vendor.beta', 'GET', `/hk/v1/project-folders?projectId=${project.id}`)
    expect(folders.status).toBe(200)
    expect(folders.body.data.map((row: any) => row.id)).toContain(folder.body.id)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-folders/${folder.body.id}`)).status).toBe(200)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-documents?projectId=${project.id}`)).status).toBe(200)
    // Reading is all: the contractors stay the vendor's to keep.
    const version = await server.version('project-contractors', contractors.body.data[0].id)
    expect((await api('vendor.beta', 'PATCH', `/hk/v1/project-contractors/${contractors.body.data[0].id}`, { firstName: 'Eve', updatedAt: version })).status).toBe(403)
  })

  it('gets 404 on the claims, their versions, PDFs and certificates, as on a project it never heard of', async () => {
    const other = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
      projectId: neverSeen.id,
      completionType: 'PARTIAL',
      invoiceNumber: uniqueNumber('NS'),
      invoiceAmountCents: 1_000_000,
      invoiceDate: '2026-11-20',
      completionAmountCents: 1_000_000
    })
    expect(other.status).toBe(201)
    for (const id of [claimId, other.body.id, 'aaaaaaaaaaaaaaaaaaaaaaaa']) {
      expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions/${id}`)).status, id).toBe(404)
      expect((await download('vendor.beta', claimDocumentUrl(id, 1))).status, id).toBe(404)
      expect((await download('vendor.beta', claimCertificateUrl(id, 1))).status, id).toBe(404)
      expect((await api('vendor.beta', 'PATCH', `/hk/v1/project-submissions/${id}`, { invoiceAmountCents: 1, updatedAt: 'x' })).status, id).toBe(404)
      expect((await api('vendor.beta', 'GET', `/hk/v1/project-submission-versions?submissionId=${id}`)).body.data, id).toEqual([])
    }
    const listed = await api('vendor.beta', 'GET', `/hk/v1/project-submissions?projectId=${project.id}`)
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ total: 0, data: [] })
    expect((await api('vendor.beta', 'GET', '/hk/v1/project-submissions?$limit=100')).body.data.some((row: any) => row.projectId === project.id)).toBe(false)
    // The spec's path too.
    expect((await api('vendor.beta', 'GET', `/hk/v1/submissions/${claimId}`)).status).toBe(404)
    // The project's vendor and staff still read them.
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${claimId}`)).status).toBe(200)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions/${claimId}`)).status).toBe(200)
  })

  it('exports no claim, reads no schedule of values, no retention and no rating', async () => {
    const own = await exportRows('vendor.alpha', `exports/project-submissions?projectId=${project.id}`)
    expect(own.status).toBe(200)
    expect(own.rows).toHaveLength(1)
    const theirs = await exportRows('vendor.beta', `exports/project-submissions?projectId=${project.id}`)
    expect(theirs.status).toBe(200)
    expect(theirs.rows).toEqual([])
    await server.knex('project_schedule_lines').insert({
      region: 'HK',
      projectId: project.id,
      position: 1,
      item: '001',
      itemKey: '001',
      description: 'Demolition',
      originalValueCents: 10_000_000,
      changeOrders: JSON.stringify([])
    })
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-schedule-lines?projectId=${project.id}`)).body.data).toHaveLength(1)
    const schedule = await api('vendor.beta', 'GET', `/hk/v1/project-schedule-lines?projectId=${project.id}`)
    expect(schedule.status).toBe(200)
    expect(schedule.body.data).toEqual([])
    // Nor its change orders (issue 27 item 3): listed for its own vendor, 404 and an empty list for vendor.beta, whatever it tries.
    const changeOrder = await createChangeOrder(server.knex, project, { status: 'SUBMITTED', lines: [{ type: 'REVISE', item: '001', amountCents: 100_000 }] }, parties)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-change-orders?projectId=${project.id}`)).body.data.map((one: any) => one.id)).toEqual([changeOrder.id])
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-change-orders?projectId=${project.id}`)).body.data).toEqual([])
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-change-orders/${changeOrder.id}`)).status).toBe(404)
    const approveAsBeta = await api('vendor.beta', 'POST', '/hk/v1/project-change-orders', { id: changeOrder.id, updatedAt: changeOrder.updatedAt }, { 'x-service-method': 'approve' })
    expect(approveAsBeta.status).toBe(404)
    const proposeAsBeta = await api('vendor.beta', 'POST', '/hk/v1/project-change-orders', {
      projectId: project.id,
      date: '2026-11-25',
      reason: 'Mine',
      lines: [{ type: 'ADD', item: '9', description: 'x', amountCents: 1 }]
    })
    expect(proposeAsBeta.status).toBe(403)
    // The retention calendar over a project holding retention from an accepted claim.
    await server.knex('projects').where({ id: project.id }).update({ dlpDate: '2027-03-10' })
    await server.knex('project_submissions').insert({
      region: 'HK',
      projectId: project.id,
      companyId: parties.alpha,
      order: 9,
      status: 'APPR',
      version: 1,
      completionType: 'PARTIAL',
      invoiceNumber: uniqueNumber('R'),
      invoiceKey: uniqueNumber('r').toLowerCase(),
      completionAmountCents: 1_000_000,
      retentionAmountCents: 50_000,
      // With a schedule of values the retention held is the ledger's (5% of the work its lines certify).
      lines: JSON.stringify([{ item: '001', workThisPeriodCents: 1_000_000, materialsStoredCents: 0 }])
    })
    const inCalendar = async (user: string) =>
      (await api(user, 'GET', '/hk/v1/project-retention-calendar?$limit=500')).body.data.some((row: any) => row.projects.some((one: any) => one.id === project.id))
    expect(await inCalendar('vendor.alpha')).toBe(true)
    expect(await inCalendar('vendor.beta')).toBe(false)
    // Ratings are never a vendor's (spec §6): the refusal every vendor gets before any record is looked at, the project's own vendor too.
    const ratings = await api('vendor.beta', 'GET', '/hk/v1/vendor-ratings?$limit=10')
    expect(ratings.status).toBe((await api('vendor.alpha', 'GET', '/hk/v1/vendor-ratings?$limit=10')).status)
    expect(Array.isArray(ratings.body.data)).toBe(false)
  })

  it('hears the project’s changes and none of its claims, schedule or change orders', async () => {
    const { project: fresh } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    await appointBeta(fresh.id)
    const services = ['projects', 'project-submissions', 'project-schedule-lines', 'project-contractors', 'project-change-orders']
    const beta = await live.connect(server, tokens['vendor.beta'], 'HK', services)
    const alpha = await live.connect(server, tokens['vendor.alpha'], 'HK', services)
    const staff = await live.connect(server, tokens['pm.hk'], 'HK', services)
    const schedule = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', {
      projectId: fresh.id,
      lines: [{ item: '001', description: 'Demolition', originalValueCents: 10_000_000 }]
    })
    expect(schedule.status).toBe(201)
    await staff.until((event) => event.service === 'project-schedule-lines' && event.data.projectId === fresh.id)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
      projectId: fresh.id,
      completionType: 'PARTIAL',
      invoiceNumber: uniqueNumber('LV'),
      invoiceAmountCents: 1_000_000,
      invoiceDate: '2026-11-20',
      completionAmountCents: 1_000_000
    })
    expect(created.status).toBe(201)
    await alpha.until((event) => event.service === 'project-submissions' && event.data.id === created.body.id)
    await staff.until((event) => event.service === 'project-submissions' && event.data.id === created.body.id)
    const changeOrder = await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', {
      projectId: fresh.id,
      date: '2026-11-25',
      reason: 'More lighting',
      lines: [{ type: 'REVISE', item: '001', amountCents: 100_000 }]
    })
    expect(changeOrder.status).toBe(201)
    await staff.until((event) => event.service === 'project-change-orders' && event.data.id === changeOrder.body.id)
    // A later change of the project itself reaches vendor.beta: whatever was sent to it before has arrived.
    await api('pm.hk', 'PATCH', `/hk/v1/projects/${fresh.id}`, { onHold: true, updatedAt: await server.version('projects', fresh.id) })
    await beta.until((event) => event.service === 'projects' && event.data.id === fresh.id && event.data.onHold === true)
    expect(beta.events.filter((event) => ['project-submissions', 'project-schedule-lines', 'project-change-orders'].includes(event.service))).toEqual([])
  })
})
