import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { dayFromToday, uniqueName } from '../../tenancies/module.js'
import { outsiders } from './outsiders.js'
import { createTenantProject, createTenantProjectAccount } from '../seeds/factories.js'
import { remindOverdueReviews } from '../services/tenant-submissions/overdue-reminders.js'

/*
 * The review of a fit-out's submissions over real HTTP on real PostgreSQL (issue 29 items 4 to 9):
 * batches (one undecided at a time: 429), their files (a type chosen, frozen once sent), the
 * design → CP → technical steps with the spec's own refusals, the comment register that carries
 * forward (the acceptance case: 428 naming 1.b and 2.a), ids stable for the project's
 * life, reviewers in turn only, the history, the clock, the overdue reminder, the batch PDF, and
 * every denial: another tenant, a sub-account without TenantProject, a vendor, staff of another
 * region, a reviewer out of turn, a stale write.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
let acmeTenancy: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, `/hk/v1/${path}`, body)
const act = (user: string, path: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', `/hk/v1/${path}`, body, { 'x-service-method': method })

async function upload(user: string, submissionId: number, fields: Record<string, string> = { docType: 'DRAWING', isDesign: 'true' }, name = 'layout.pdf') {
  const form = new FormData()
  form.append('submissionId', String(submissionId))
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 fit-out layout'))], { type: 'application/pdf' }), name)
  const response = await fetch(`${server.url}/hk/v1/tenant-submission-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

/** The batch as its reader has it now (its version for the next write). */
const batchOf = async (id: number, user = 'tenant.acme') => (await api(user, 'GET', `tenant-submissions/${id}`)).body
const move = async (user: string, id: number, method: string, body: Record<string, unknown> = {}) =>
  act(user, 'tenant-submissions', method, { id, updatedAt: (await batchOf(id, 'admin')).updatedAt, ...body })
const comment = (user: string, submissionId: number, text: string, section?: number) => api(user, 'POST', 'tenant-submission-comments', { submissionId, text, ...(section ? { section } : {}) })
const commentsOf = async (user: string, projectId: number) => (await api(user, 'GET', `tenant-submission-comments?projectId=${projectId}&$limit=100`)).body
async function answer(id: number, body: Record<string, unknown>) {
  const current = (await api('admin', 'GET', `tenant-submission-comments/${id}`)).body
  return act('tenant.acme', 'tenant-submission-comments', 'answer', { id, updatedAt: current.updatedAt, ...body })
}
const mailsTo = (template: string, address: string) =>
  server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])

/** A fresh IN_PROGRESS fit-out of ACME with approver.hk as design and technical manager. */
async function fitOut() {
  const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Fit-out'), status: 'IN_PROGRESS', floors: ['22/F'] })
  await server.knex('tenant_projects').where({ id: project.id }).update({ designManagerId: ids.approver, techManagerId: ids.approver })
  return project.id
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.approver = (await server.knex('users').where({ username: 'approver.hk' }).first('id')).id
  ids.admin = (await server.knex('users').where({ username: 'admin' }).first('id')).id
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const strangers = await outsiders(server, 'approver.hk', 'Review')
  Object.assign(tokens, { other: strangers.other, subWithout: strangers.subWithout, approverSg: strangers.staffSg })
})
afterAll(async () => {
  await server?.stop()
})

describe('the review of a fit-out, batch by batch', () => {
  // The whole review over HTTP, about sixty calls: a minute allowed for a loaded machine.
  it('carries the comment register forward: batch 2 answering only 1.a cannot be sent (428 naming 1.b and 2.a)', { timeout: 90_000 }, async () => {
    const projectId = await fitOut()
    const first = await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ order: 0, batchNumber: 1, status: 'STARTED', ball: { side: 'tenant' } })
    // Spec §8 "Create submission 429: an unfinished submission exists".
    expect((await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body).toMatchObject({ code: 429, data: { code: 'SUBMISSION_UNFINISHED' } })
    expect((await move('tenant.acme', first.body.id, 'send')).body.data.code).toBe('SUBMISSION_NO_FILES')
    // Spec §5 "one file type must be chosen".
    expect((await upload('tenant.acme', first.body.id, { docType: 'DRAWING' })).body.data.code).toBe('SUBMISSION_FILE_TYPE_REQUIRED')
    const file = await upload('tenant.acme', first.body.id)
    expect(file.status).toBe(201)

    const sent = await move('tenant.acme', first.body.id, 'send')
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ status: 'DESIGN_REVIEW', designManagerId: ids.approver, ball: { side: 'reviewer', step: 'design', reviewerId: ids.approver } })
    expect(sent.body.clock).toMatchObject({ daysLeft: 5, overdue: false })
    expect((await move('tenant.acme', first.body.id, 'send')).body.data.code).toBe('SUBMISSION_ALREADY_SENT')
    // Spec §5 "document type and description cannot be edited after submission".
    const sentFile = (await api('tenant.acme', 'GET', `tenant-submission-files?submissionId=${first.body.id}`)).body.data[0]
    expect(sentFile).toMatchObject({ submitted: true, isDesign: true })
    expect((await api('tenant.acme', 'PATCH', `tenant-submission-files/${sentFile.id}`, { description: 'changed', updatedAt: sentFile.updatedAt })).status).toBe(409)
    await expect.poll(async () => (await mailsTo('tenant-submission.sent', 'approver.hk@example.com')).length).toBeGreaterThan(0)

    // The design manager comments: 1.a, 1.b, then a new section 2.a. Drafts stay the reviewers' until sent.
    expect((await comment('approver.hk', first.body.id, 'Show the sprinkler heads on the ceiling plan.')).body.label).toBe('1.a')
    expect((await comment('approver.hk', first.body.id, 'Give the fire rating of the partition.', 1)).body.label).toBe('1.b')
    expect((await comment('approver.hk', first.body.id, 'Add the electrical load schedule.')).body.label).toBe('2.a')
    expect((await commentsOf('tenant.acme', projectId)).total).toBe(0)
    // Out of turn: the admin may review designs, but this batch names approver.hk.
    expect((await comment('admin', first.body.id, 'Not mine')).body.data.code).toBe('SUBMISSION_NOT_YOUR_TURN')
    expect((await move('admin', first.body.id, 'review', { outcome: 'PROCEED_NO_FOLLOW_UP' })).body.data.code).toBe('SUBMISSION_NOT_YOUR_TURN')
    expect((await move('tenant.acme', first.body.id, 'review', { outcome: 'DISAPPROVE' })).status).toBe(403)

    const disapproved = await move('approver.hk', first.body.id, 'review', { outcome: 'DISAPPROVE' })
    expect(disapproved.body).toMatchObject({ status: 'DISAPPROVED', designOutcome: 'DISAPPROVE', disapprovedBy: 'design', ball: { side: 'none' } })
    expect(disapproved.body.completedDate).toBeTruthy()
    expect((await move('approver.hk', first.body.id, 'review', { outcome: 'PROCEED_NO_FOLLOW_UP' })).body.data.code).toBe('SUBMISSION_DISAPPROVED')
    const sentComments = (await commentsOf('tenant.acme', projectId)).data
    expect(sentComments.map((row: any) => row.label)).toEqual(['1.a', '1.b', '2.a'])
    await expect.poll(async () => (await mailsTo('tenant-submission.status-changed', 'tenant.acme@example.com')).length).toBeGreaterThan(0)

    // Batch 2 answers only 1.a.
    const second = await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })
    expect(second.body).toMatchObject({ order: 1, batchNumber: 2 })
    expect((await upload('tenant.acme', second.body.id, { docType: 'DRAWING', isDesign: 'true', isTechnical: 'true' })).status).toBe(201)
    const [a1, b1, a2] = sentComments
    expect((await answer(a1.id, { answer: 'Sprinklers added, drawing FO-02.' })).body).toMatchObject({ status: 'ANSWERED', answeredOrder: 1 })
    const refused = await move('tenant.acme', second.body.id, 'send')
    expect(refused.status).toBe(428)
    expect(refused.body.data).toMatchObject({ code: 'SUBMISSION_COMMENTS_OPEN', comments: ['1.b', '2.a'] })
    expect(refused.body.message).toContain('1.b, 2.a')
    expect((await answer(b1.id, {})).body.data.code).toBe('SUBMISSION_ANSWER_REQUIRED')
    expect((await answer(b1.id, { notApplicable: true })).body.status).toBe('NA')
    expect((await answer(a2.id, { answer: 'Schedule attached.' })).body.status).toBe('ANSWERED')
    expect((await move('tenant.acme', second.body.id, 'send')).body.status).toBe('DESIGN_REVIEW')

    // The design manager closes 1.a and asks for CP follow-up by the admin.
    const current = (await api('admin', 'GET', `tenant-submission-comments/${a1.id}`)).body
    expect((await act('approver.hk', 'tenant-submission-comments', 'check', { id: a1.id, updatedAt: current.updatedAt })).body.status).toBe('CLOSED')
    expect((await move('approver.hk', second.body.id, 'review', { outcome: 'PROCEED_CP_FOLLOW_UP', nextReviewerId: ids.admin })).body).toMatchObject({
      status: 'CP_REVIEW',
      cpReviewerId: ids.admin,
      clock: { daysLeft: 3 }
    })
    // The technical manager cannot complete before CP reviewed (spec §5).
    expect((await move('approver.hk', second.body.id, 'review', { outcome: 'COMPLETE' })).body.data.code).toBe('SUBMISSION_CP_NOT_REVIEWED')
    expect((await move('admin', second.body.id, 'review', { outcome: 'FOLLOW_UP' })).body.status).toBe('UPDATE_PENDING')
    expect((await move('approver.hk', second.body.id, 'review', { outcome: 'COMPLETE' })).body.data.code).toBe('SUBMISSION_CP_FOLLOW_UP')
    expect((await upload('tenant.acme', second.body.id, { docType: 'CERTIFICATE', isTechnical: 'true', description: 'Fire rating certificate' })).status).toBe(201)
    expect((await move('tenant.acme', second.body.id, 'resend')).body.status).toBe('CP_REVIEW')
    expect((await move('admin', second.body.id, 'review', { outcome: 'APPROVE', nextReviewerId: ids.approver })).body).toMatchObject({ status: 'TECH_REVIEW', techManagerId: ids.approver })

    // A technical comment in section 2 takes the next letter: ids are stable for the project's life.
    expect((await comment('approver.hk', second.body.id, 'Label the distribution boards.', 2)).body).toMatchObject({ label: '2.b', type: 'TECH' })
    const done = await move('approver.hk', second.body.id, 'review', { outcome: 'COMPLETE' })
    expect(done.body).toMatchObject({ status: 'COMPLETED', techOutcome: 'COMPLETE' })
    expect((await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body.data.code).toBe('SUBMISSION_REVIEW_COMPLETED')
    expect((await commentsOf('tenant.acme', projectId)).data.map((row: any) => `${row.label}:${row.status}`)).toEqual(['1.a:CLOSED', '1.b:NA', '2.a:ANSWERED', '2.b:OPEN'])

    // The history: the tenant reads what was sent, not the reviewers' drafting.
    const history = (await api('tenant.acme', 'GET', `tenant-submission-actions?projectId=${projectId}&$limit=100`)).body.data.map((row: any) => row.actionType)
    expect(history).toEqual(expect.arrayContaining(['START', 'SEND', 'REVIEW', 'SEND_COMMENTS', 'ANSWER', 'CHECK', 'RESEND']))
    expect(history).not.toContain('ADD')
    const staffHistory = (await api('approver.hk', 'GET', `tenant-submission-actions?projectId=${projectId}&$limit=100`)).body.data.map((row: any) => row.actionType)
    expect(staffHistory).toContain('ADD')

    // The batch PDF, for the tenant and staff; nobody else learns it exists.
    for (const user of ['tenant.acme', 'approver.hk']) {
      const response = await fetch(`${server.url}/hk/v1/documents/tenant-submission-batch/${second.body.id}`, { headers: { authorization: `Bearer ${tokens[user]}` } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('application/pdf')
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString()
      ).toBe('%PDF-')
    }
    const stranger = await fetch(`${server.url}/hk/v1/documents/tenant-submission-batch/${second.body.id}`, { headers: { authorization: `Bearer ${tokens.other}` } })
    expect(stranger.status).toBe(404)
  })

  it('lets nobody outside the project read or act on its review', async () => {
    const projectId = await fitOut()
    const batch = (await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body
    expect((await api('other', 'GET', `tenant-submissions/${batch.id}`)).status).toBe(404)
    expect((await api('other', 'GET', `tenant-submissions?projectId=${projectId}`)).body.total).toBe(0)
    expect((await api('other', 'POST', 'tenant-submissions', { projectId })).body).toMatchObject({ code: 404, data: { code: 'SUBMISSION_PROJECT_NOT_FOUND' } })
    expect((await upload('other', batch.id)).status).toBe(404)
    // A sub-account without TenantProject reads only projects that list it: not this one.
    expect((await api('subWithout', 'GET', `tenant-submissions?projectId=${projectId}`)).body.total).toBe(0)
    expect((await api('subWithout', 'GET', `tenant-submissions/${batch.id}`)).status).toBe(404)
    expect((await api('vendor.alpha', 'GET', `tenant-submissions?projectId=${projectId}`)).status).toBe(403)
    expect((await server.api(tokens.approverSg, 'GET', `/sg/v1/tenant-submissions/${batch.id}`)).status).toBe(404)
    // A reader without the project's update (a design manager) does not file or send for the tenant.
    expect((await upload('approver.hk', batch.id)).status).toBe(403)
    // A stale write.
    expect((await upload('tenant.acme', batch.id)).status).toBe(201)
    const stale = await act('tenant.acme', 'tenant-submissions', 'send', { id: batch.id, updatedAt: '2020-01-01T00:00:00.000Z' })
    expect(stale.status).toBe(410)
    // Bad input is a 400, never a 5xx.
    const updatedAt = (await batchOf(batch.id)).updatedAt
    for (const body of [
      { id: batch.id, outcome: 'MAYBE', updatedAt },
      { id: batch.id, outcome: 'APPROVE', nextReviewerId: -1, updatedAt },
      { id: batch.id, updatedAt }
    ]) {
      expect((await act('approver.hk', 'tenant-submissions', 'review', body)).status, JSON.stringify(body)).toBe(400)
    }
    for (const body of [{ id: 'x', outcome: 'APPROVE' }, { id: -1, updatedAt }, {}]) {
      const answered = await act('approver.hk', 'tenant-submissions', 'review', body)
      expect(answered.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(answered.status, JSON.stringify(body)).toBeLessThan(500)
    }
  })

  it('reminds the reviewer of an overdue step once a day', async () => {
    const projectId = await fitOut()
    const batch = (await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body
    await upload('tenant.acme', batch.id)
    await move('tenant.acme', batch.id, 'send')
    await server
      .knex('tenant_submissions')
      .where({ id: batch.id })
      .update({ dueDate: dayFromToday(-10) })
    const read = await batchOf(batch.id)
    expect(read.clock.overdue).toBe(true)
    expect(read.clock.daysLeft).toBeLessThan(0)
    expect(await remindOverdueReviews(server.app)).toBeGreaterThan(0)
    // Once a day: a second run the same day reminds nobody again.
    expect(await remindOverdueReviews(server.app)).toBe(0)
    const name = (await server.knex('tenant_projects').where({ id: projectId }).first('projectName')).projectName
    await expect.poll(async () => (await mailsTo('tenant-submission.overdue', 'approver.hk@example.com').where('text', 'like', `%${name}%`)).length).toBe(1)
  })

  it('answers the spec’s own calls (tenant_submissions/...) as the service rules them', async () => {
    const projectId = await fitOut()
    const created = await api('tenant.acme', 'POST', 'tenant_submissions', { projectId })
    expect(created.status).toBe(201)
    const id = created.body.id
    expect((await api('tenant.acme', 'GET', `tenant_submissions/${id}`)).body).toMatchObject({ id, batchNumber: 1 })
    expect((await api('other', 'GET', `tenant_submissions/${id}`)).status).toBe(404)
    const first = await upload('tenant.acme', id)
    const second = await upload('tenant.acme', id, { docType: 'SPECIFICATION', isTechnical: 'true' }, 'spec.pdf')
    // DELETE tenant_submissions/batch/{id}: a file not yet sent leaves the batch.
    expect((await api('tenant.acme', 'DELETE', `tenant_submissions/batch/${second.body[0].id}`)).status).toBe(200)
    expect((await api('tenant.acme', 'GET', `tenant-submission-files?submissionId=${id}`)).body.total).toBe(1)
    // PUT tenant_submissions/batchStatus/{id} {status}: the table's action to it, for whoever may take it.
    expect((await api('approver.hk', 'PUT', `tenant_submissions/batchStatus/${id}`, { status: 'DESIGN_REVIEW' })).status).toBe(403)
    expect((await api('tenant.acme', 'PUT', `tenant_submissions/batchStatus/${id}`, { status: 'DESIGN_REVIEW' })).body.status).toBe('DESIGN_REVIEW')
    expect((await api('tenant.acme', 'PUT', `tenant_submissions/batchStatus/${id}`, { status: 'DISAPPROVED' })).status).toBe(403)
    expect((await api('approver.hk', 'PUT', `tenant_submissions/batchStatus/${id}`, { status: 'DISAPPROVED' })).body).toMatchObject({ status: 'DISAPPROVED', designOutcome: 'DISAPPROVE' })
    expect(first.status).toBe(201)
  })

  it('cancels the undecided batch when the tenant withdraws the project, and tells its reviewers', async () => {
    const projectId = await fitOut()
    const batch = (await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body
    await upload('tenant.acme', batch.id)
    await move('tenant.acme', batch.id, 'send')
    const project = (await api('tenant.acme', 'GET', `tenant-projects/${projectId}`)).body
    const withdrawn = await act('tenant.acme', 'tenant-projects', 'withdraw', { id: projectId, updatedAt: project.updatedAt, reason: 'Lease not renewed' })
    expect(withdrawn.body.status).toBe('WITHDRAWN')
    expect(await batchOf(batch.id)).toMatchObject({ status: 'CANCELLED', clock: null, ball: { side: 'none' } })
    await expect.poll(async () => (await mailsTo('tenant-project.withdrawn', 'approver.hk@example.com').where('text', 'like', `%Lease not renewed%`)).length).toBeGreaterThan(0)
    // A withdrawn project takes no new batch.
    expect((await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body.data.code).toBe('TENANT_PROJECT_CLOSED')
  })

  it('lets a comment cite a published guideline of the region, and nothing else', async () => {
    const projectId = await fitOut()
    const batch = (await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body
    await upload('tenant.acme', batch.id)
    await move('tenant.acme', batch.id, 'send')
    const published = await server.knex('tenant_project_guidelines').where({ region: 'HK', status: 'PUBLISHED' }).first('id')
    const draft = await server.knex('tenant_project_guidelines').where({ region: 'HK', status: 'DRAFT' }).first('id')
    const cited = await api('approver.hk', 'POST', 'tenant-submission-comments', { submissionId: batch.id, text: 'See the fire services guideline.', guidelineId: published.id })
    expect(cited.body).toMatchObject({ guidelineId: published.id, label: '1.a' })
    for (const guidelineId of [draft?.id ?? 2_000_000, 2_000_000]) {
      expect((await api('approver.hk', 'POST', 'tenant-submission-comments', { submissionId: batch.id, text: 'A draft is not citable.', guidelineId })).body).toMatchObject({
        code: 400,
        data: { field: 'guidelineId' }
      })
    }
  })

  it('lets a user listed on the project afterwards read its batches: every part follows its project’s readers', async () => {
    const projectId = await fitOut()
    const batch = (await api('tenant.acme', 'POST', 'tenant-submissions', { projectId })).body
    const listed = await createTestAccount(server.knex, { like: 'contractor.acme' })
    const token = (await server.login(listed.username)).accessToken
    expect((await server.api(token, 'GET', `/hk/v1/tenant-submissions/${batch.id}`)).status).toBe(404)
    await createTenantProjectAccount(server.knex, { projectId, email: (await server.knex('users').where({ id: listed.id }).first('email')).email, accessType: 'CONTRACTOR', userId: listed.id })
    expect((await server.knex('tenant_submissions').where({ id: batch.id }).first('accountUserIds')).accountUserIds).toContain(listed.id)
    expect((await server.api(token, 'GET', `/hk/v1/tenant-submissions/${batch.id}`)).status).toBe(200)
  })
})
