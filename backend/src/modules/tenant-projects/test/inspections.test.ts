import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { outsiders } from './outsiders.js'
import { dayFromToday, uniqueName } from '../../tenancies/module.js'
import { createFinalDocuments, createInspection, createTenantProject, insuredUntil } from '../module.js'
import { remindInsuranceEnding } from '../services/tenant-project-insurance/insurance-reminders.js'

/*
 * The project control's inspections, final documents and insurance over real HTTP on real
 * PostgreSQL (issue 30 items 5 to 7, 11): every call, the spec's aliases, the mails, the daily
 * insurance reminder, and the denials: a tenant reading an unsent inspection (404, not listed, no
 * live event), a sub-account without TenantProject, a removed exemption (409), a stale write
 * (410), a vendor (403), staff of another region.
 */

let server: TestServer
const tokens: Record<string, string> = {}
let acmeTenancy: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path.startsWith('/') ? path : `/hk/v1/${path}`, body)
const act = (user: string, path: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', `/hk/v1/${path}`, body, { 'x-service-method': method })
const mailsTo = (template: string, address: string) =>
  server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])

async function fitOut(status: 'IN_PROGRESS' | 'WITHDRAWN' = 'IN_PROGRESS') {
  return (await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Control'), status, floors: ['22/F'] })).id as number
}
const inspectionOf = async (id: number) => (await api('admin', 'GET', `tenant-project-inspections/${id}`)).body
const finalOf = async (id: number) => (await api('admin', 'GET', `tenant-project-final-documents/${id}`)).body

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const strangers = await outsiders(server, 'approver.hk', 'Control')
  Object.assign(tokens, { other: strangers.other, subWithout: strangers.subWithout, approverSg: strangers.staffSg })
})
afterAll(async () => {
  await server?.stop()
})

describe('inspections', () => {
  it('are recorded by an inspector, read by the tenant only once sent or tenant-viewable, and shown as Inspected', async () => {
    const projectId = await fitOut()
    const created = await api('approver.hk', 'POST', 'tenant-project-inspections', {
      projectId,
      type: 'FINAL',
      inspectedAt: new Date().toISOString(),
      inspectedBy: 'Ivy Chan',
      itemsInspected: 'Ceiling, partitions',
      description: 'Final inspection',
      remarks: 'In order'
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ type: 'FINAL', status: 'DRAFT', sentAt: null, tenantViewable: false })
    const id = created.body.id

    // Unsent: not the tenant's, in lists and gets alike; the project's other readers without the right neither.
    expect((await api('tenant.acme', 'GET', `tenant-project-inspections?projectId=${projectId}`)).body.total).toBe(0)
    expect((await api('tenant.acme', 'GET', `tenant-project-inspections/${id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/inspections/${id}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `tenant-project-inspections/${id}`)).status).toBe(200)

    // Denials: a tenant may not record one; a vendor reads none; another tenancy and another region find none; the sub-account without TenantProject lists none.
    expect((await api('tenant.acme', 'POST', 'tenant-project-inspections', { projectId, type: 'INTERIM', inspectedAt: new Date().toISOString() })).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', `tenant-project-inspections?projectId=${projectId}`)).status).toBe(403)
    expect((await api('other', 'POST', 'tenant-project-inspections', { projectId, type: 'INTERIM', inspectedAt: new Date().toISOString() })).status).toBe(404)
    expect((await api('approverSg', 'GET', `/sg/v1/tenant-project-inspections/${id}`)).status).toBe(404)
    expect((await api('subWithout', 'GET', `tenant-project-inspections?projectId=${projectId}`)).body.total ?? 0).toBe(0)

    // PUT: a version is required (428) and must be the current one (410).
    expect((await api('approver.hk', 'PATCH', `tenant-project-inspections/${id}`, { remarks: 'No version' })).status).toBe(428)
    const patched = await api('approver.hk', 'PATCH', `tenant-project-inspections/${id}`, { remarks: 'All in order', updatedAt: created.body.updatedAt })
    expect(patched.status).toBe(200)
    expect(patched.body.remarks).toBe('All in order')
    expect((await api('approver.hk', 'PATCH', `tenant-project-inspections/${id}`, { remarks: 'Stale', updatedAt: created.body.updatedAt })).status).toBe(410)

    // Tenant-viewable (spec PATCH /inspections/{id}/tenant_viewable {isTenantView}), then back.
    const viewable = await server.api(tokens['approver.hk'], 'PATCH', `/hk/v1/inspections/${id}/tenant_viewable`, { isTenantView: true })
    expect(viewable.status).toBe(200)
    expect(viewable.body).toMatchObject({ tenantViewable: true, status: 'DRAFT' })
    expect((await api('tenant.acme', 'GET', `tenant-project-inspections/${id}`)).status).toBe(200)
    const hidden = await act('approver.hk', 'tenant-project-inspections', 'tenantViewable', { id, isTenantView: false, updatedAt: (await inspectionOf(id)).updatedAt })
    expect(hidden.body.tenantViewable).toBe(false)
    expect((await api('tenant.acme', 'GET', `tenant-project-inspections/${id}`)).status).toBe(404)
    expect((await act('tenant.acme', 'tenant-project-inspections', 'send', { id, updatedAt: hidden.body.updatedAt })).status).toBe(404)

    // Sent: Inspected, the tenant reads it; sent once.
    const sent = await act('approver.hk', 'tenant-project-inspections', 'send', { id, updatedAt: hidden.body.updatedAt })
    expect(sent.status).toBe(200)
    expect(sent.body.status).toBe('INSPECTED')
    const seen = await api('tenant.acme', 'GET', `tenant-project-inspections?projectId=${projectId}`)
    expect(seen.body.data.map((one: any) => [one.id, one.status])).toEqual([[id, 'INSPECTED']])
    expect((await api('tenant.acme', 'GET', `/hk/v1/inspections?projectId=${projectId}`)).body.count).toBe(1)
    expect((await act('approver.hk', 'tenant-project-inspections', 'send', { id, updatedAt: sent.body.updatedAt })).body.data.code).toBe('INSPECTION_ALREADY_SENT')
    expect((await api('other', 'GET', `tenant-project-inspections/${id}`)).status).toBe(404)

    // A withdrawn project takes no inspection.
    const closed = await fitOut('WITHDRAWN')
    expect((await api('approver.hk', 'POST', 'tenant-project-inspections', { projectId: closed, type: 'INTERIM', inspectedAt: new Date().toISOString() })).body.data.code).toBe('TENANT_PROJECT_CLOSED')
  })

  it('raise follow-up items the tenant hears of, closed by an inspector', async () => {
    const projectId = await fitOut()
    const draft = await createInspection(server.knex, { projectId, type: 'INTERIM' })
    expect((await api('approver.hk', 'POST', 'tenant-project-inspection-follow-ups', { inspectionId: draft.id, description: 'Too early' })).body.data.code).toBe('INSPECTION_NOT_SENT')
    const inspection = await createInspection(server.knex, { projectId, type: 'INTERIM', sentAt: new Date() })
    const raised = await api('approver.hk', 'POST', 'tenant-project-inspection-follow-ups', { inspectionId: inspection.id, description: 'Fire-stop the penetrations', dueDate: dayFromToday(7) })
    expect(raised.status).toBe(201)
    expect(raised.body).toMatchObject({ status: 'OPEN', description: 'Fire-stop the penetrations' })
    expect((await inspectionOf(inspection.id)).followUpRequired).toBe(true)
    await expect.poll(async () => (await mailsTo('tenant-project-inspection.follow-up', 'tenant.acme@example.com')).length).toBeGreaterThan(0)
    expect((await api('tenant.acme', 'GET', `tenant-project-inspection-follow-ups?inspectionId=${inspection.id}`)).body.total).toBe(1)
    expect((await api('tenant.acme', 'POST', 'tenant-project-inspection-follow-ups', { inspectionId: inspection.id, description: 'Mine' })).status).toBe(403)
    expect((await act('tenant.acme', 'tenant-project-inspection-follow-ups', 'close', { id: raised.body.id, updatedAt: raised.body.updatedAt })).status).toBe(403)
    const closed = await act('approver.hk', 'tenant-project-inspection-follow-ups', 'close', { id: raised.body.id, remarks: 'Done on site', updatedAt: raised.body.updatedAt })
    expect(closed.body).toMatchObject({ status: 'CLOSED', closingRemarks: 'Done on site' })
    expect((await act('approver.hk', 'tenant-project-inspection-follow-ups', 'close', { id: raised.body.id, updatedAt: closed.body.updatedAt })).body.data.code).toBe('INSPECTION_FOLLOW_UP_CLOSED')
  })

  it('keep an e-mail history: composed, edited, sent and resent through the mailer; the inspectors’ alone', async () => {
    const projectId = await fitOut()
    const inspection = await createInspection(server.knex, { projectId, type: 'FINAL', sentAt: new Date() })
    const composed = await server.api(tokens['approver.hk'], 'POST', `/hk/v1/inspections/${inspection.id}/email_history`, {
      to: ['site.one@example.com'],
      cc: ['site.two@example.com'],
      subject: 'Final inspection',
      body: 'Please see the results.'
    })
    expect(composed.status).toBe(201)
    expect(composed.body).toMatchObject({ status: 'DRAFT', sentCount: 0 })
    const edited = await server.api(tokens['approver.hk'], 'PUT', `/hk/v1/inspections/email_histories/${composed.body.id}`, { subject: 'Final inspection results', updatedAt: composed.body.updatedAt })
    expect(edited.body.subject).toBe('Final inspection results')
    const sent = await server.api(tokens['approver.hk'], 'POST', `/hk/v1/inspections/email_histories/${composed.body.id}/send`, {})
    expect(sent.body).toMatchObject({ status: 'SENT', sentCount: 1 })
    const resent = await act('approver.hk', 'tenant-project-inspection-mails', 'send', { id: composed.body.id, updatedAt: sent.body.updatedAt })
    expect(resent.body.sentCount).toBe(2)
    await expect.poll(async () => (await mailsTo('tenant-project-inspection.email', 'site.one@example.com')).length).toBe(2)
    const [message] = await mailsTo('tenant-project-inspection.email', 'site.one@example.com')
    expect(message.subject).toBe('Final inspection results')
    const history = await server.api(tokens['approver.hk'], 'GET', `/hk/v1/inspections/${inspection.id}/email_history`)
    expect(history.body.map((one: any) => one.id)).toEqual([composed.body.id])
    expect((await api('tenant.acme', 'GET', `tenant-project-inspection-mails?inspectionId=${inspection.id}`)).body.total).toBe(0)
    expect((await api('tenant.acme', 'GET', `tenant-project-inspection-mails/${composed.body.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'POST', 'tenant-project-inspection-mails', { inspectionId: inspection.id, to: ['x@example.com'], subject: 's', body: 'b' })).status).toBe(403)
    expect((await api('approver.hk', 'POST', 'tenant-project-inspection-mails', { inspectionId: inspection.id, to: ['not an address'], subject: 's', body: 'b' })).status).toBe(400)
  })

  it('carry supporting documents the tenant reads once the inspection is sent', async () => {
    const projectId = await fitOut()
    const inspection = await createInspection(server.knex, { projectId, type: 'INTERIM' })
    const form = new FormData()
    form.append('inspectionId', String(inspection.id))
    form.append('description', 'Photos')
    form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 photos'))], { type: 'application/pdf' }), 'photos.pdf')
    const upload = await fetch(`${server.url}/hk/v1/tenant-project-inspection-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['approver.hk']}` }, body: form })
    expect(upload.status).toBe(201)
    expect((await api('approver.hk', 'GET', `tenant-project-inspection-files?inspectionId=${inspection.id}`)).body.total).toBe(1)
    expect((await api('tenant.acme', 'GET', `tenant-project-inspection-files?inspectionId=${inspection.id}`)).status).toBe(404)
    await server.knex('tenant_project_inspections').where({ id: inspection.id }).update({ sentAt: new Date() })
    expect((await api('tenant.acme', 'GET', `tenant-project-inspection-files?inspectionId=${inspection.id}`)).body.total).toBe(1)
  })
})

describe('final documents', () => {
  it('are reminded, exempted for good and kept in their history; the spec’s calls as aliases', async () => {
    const projectId = await fitOut()
    expect((await api('tenant.acme', 'POST', 'tenant-project-final-documents', { projectId })).status).toBe(403)
    const created = await api('pm.hk', 'POST', 'tenant-project-final-documents', { projectId })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'DRAFT', isExempted: false })
    expect((await api('pm.hk', 'POST', 'tenant-project-final-documents', { projectId })).body.data.code).toBe('FINAL_DOCUMENTS_EXIST')
    const id = created.body.id
    expect((await server.api(tokens['tenant.acme'], 'GET', `/hk/v1/tenant_projects/${projectId}/final_document`)).body.id).toBe(id)

    // The reminder mails the tenant (spec POST final_document/{id}/reminder).
    expect((await act('tenant.acme', 'tenant-project-final-documents', 'sendReminder', { id, updatedAt: created.body.updatedAt })).status).toBe(403)
    const reminded = await server.api(tokens['pm.hk'], 'POST', `/hk/v1/tenant_projects/final_document/${id}/reminder`, {})
    expect(reminded.body.status).toBe('SEND_REMINDER')
    await expect.poll(async () => (await mailsTo('tenant-project-final-documents.reminder', 'tenant.acme@example.com')).length).toBeGreaterThan(0)

    // Stale and versionless writes.
    expect((await act('pm.hk', 'tenant-project-final-documents', 'exempt', { id, updatedAt: created.body.updatedAt })).status).toBe(410)
    expect((await act('pm.hk', 'tenant-project-final-documents', 'exempt', { id })).status).toBe(428)
    const exempted = await act('approver.hk', 'tenant-project-final-documents', 'exempt', { id, updatedAt: reminded.body.updatedAt })
    expect(exempted.body).toMatchObject({ status: 'EXEMPTED', isExempted: true })
    await expect.poll(async () => (await mailsTo('tenant-project-final-documents.settled', 'pm.hk@example.com')).length).toBeGreaterThan(0)

    // Spec §4 "exemption cannot be removed once set": the database refuses it (409).
    const removed = await api('admin', 'PATCH', `tenant-project-final-documents/${id}`, { isExempted: false, updatedAt: exempted.body.updatedAt })
    expect(removed.status).toBe(409)
    expect(removed.body.data.code).toBe('FINAL_DOCUMENTS_EXEMPTION_KEPT')
    expect((await finalOf(id)).isExempted).toBe(true)
    expect((await act('admin', 'tenant-project-final-documents', 'complete', { id, updatedAt: exempted.body.updatedAt })).status).toBe(409)

    const histories = await server.api(tokens['tenant.acme'], 'GET', `/hk/v1/tenant_projects/final_document/${id}/histories`)
    expect(histories.body.map((one: any) => [one.action, one.toStatus])).toEqual([
      ['create', 'DRAFT'],
      ['sendReminder', 'SEND_REMINDER'],
      ['exempt', 'EXEMPTED']
    ])
    expect((await api('other', 'GET', `tenant-project-final-documents/${id}`)).status).toBe(404)
    expect((await api('vendor.alpha', 'GET', `tenant-project-final-documents/${id}`)).status).toBe(403)
    expect((await api('approverSg', 'GET', `/sg/v1/tenant-project-final-documents/${id}`)).status).toBe(404)
    expect((await api('subWithout', 'GET', `tenant-project-final-documents?projectId=${projectId}`)).body.total ?? 0).toBe(0)
  })

  it('complete through the spec’s status call, mailing the project managers', async () => {
    const projectId = await fitOut()
    const record = await createFinalDocuments(server.knex, projectId)
    const completed = await server.api(tokens['pm.hk'], 'PATCH', `/hk/v1/tenant_projects/final_document/${record.id}`, { status: 'COMPLETED' })
    expect(completed.status).toBe(200)
    expect(completed.body.status).toBe('COMPLETED')
    expect(completed.body.completedAt).toBeTruthy()
  })
})

describe('insurance', () => {
  it('is the project’s period, kept by the project’s editors, with a certificate, reminded once 30 days before its end', async () => {
    const projectId = await fitOut()
    const project = (await api('tenant.acme', 'GET', `tenant-projects/${projectId}`)).body
    expect((await api('tenant.acme', 'PATCH', `tenant-projects/${projectId}`, { insuredFrom: dayFromToday(10), insuredUntil: dayFromToday(5), updatedAt: project.updatedAt })).body.data.code).toBe(
      'INSURANCE_PERIOD_INVALID'
    )
    const insured = await api('tenant.acme', 'PATCH', `tenant-projects/${projectId}`, { insuredFrom: dayFromToday(-10), insuredUntil: dayFromToday(25), updatedAt: project.updatedAt })
    expect(insured.status).toBe(200)
    expect(insured.body).toMatchObject({ insuredFrom: dayFromToday(-10), insuredUntil: dayFromToday(25) })
    expect(await insuredUntil(server.knex, projectId)).toBe(dayFromToday(25))

    const form = new FormData()
    form.append('projectId', String(projectId))
    form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 certificate'))], { type: 'application/pdf' }), 'certificate.pdf')
    const upload = await fetch(`${server.url}/hk/v1/tenant-project-insurance-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['tenant.acme']}` }, body: form })
    expect(upload.status).toBe(201)
    expect((await api('pm.hk', 'GET', `tenant-project-insurance-files?projectId=${projectId}`)).body.total).toBe(1)
    expect((await api('other', 'GET', `tenant-project-insurance-files?projectId=${projectId}`)).status).toBe(404)

    const before = (await mailsTo('tenant-project.insurance-expiring', 'tenant.acme@example.com')).length
    expect(await remindInsuranceEnding(server.app)).toBeGreaterThan(0)
    await expect.poll(async () => (await mailsTo('tenant-project.insurance-expiring', 'tenant.acme@example.com')).length).toBeGreaterThan(before)
    expect((await mailsTo('tenant-project.insurance-expiring', 'pm.hk@example.com')).length).toBeGreaterThan(0)
    // Once per period: the next run leaves this project alone; a new end is reminded again.
    const reminded = (await server.knex('tenant_projects').where({ id: projectId }).first('insuranceRemindedUntil')).insuranceRemindedUntil
    expect(reminded).toBeTruthy()
    const again = await server.knex('tenant_projects').where({ id: projectId }).whereRaw('insurance_reminded_until = insured_until').first('id')
    expect(again).toBeTruthy()
    const sentOnce = (await server.knex('mail_messages').where({ template: 'tenant-project.insurance-expiring' }).count<{ count: string }[]>('id as count'))[0].count
    expect(await remindInsuranceEnding(server.app)).toBe(0)
    expect((await server.knex('mail_messages').where({ template: 'tenant-project.insurance-expiring' }).count<{ count: string }[]>('id as count'))[0].count).toBe(sentOnce)
    await server
      .knex('tenant_projects')
      .where({ id: projectId })
      .update({ insuredUntil: dayFromToday(28) })
    expect(await remindInsuranceEnding(server.app)).toBe(1)
  })
})
