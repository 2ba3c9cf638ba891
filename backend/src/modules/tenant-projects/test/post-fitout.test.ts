import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'
import { createInspection, createPostFitout, createTenantProject } from '../module.js'

/*
 * Post-fit-out rounds over real HTTP on real PostgreSQL (issue 30 items 8 and 11): every call, the
 * spec's aliases, the pending guidelines, letters and the tenant's documents, the mails, and the
 * denials: a tenant of another tenancy, a sub-account without TenantProject, a vendor, staff
 * without the right, staff of another region, a stale write (410), a final round without a final
 * inspection (428), two creates at once (one UNDER_REVIEW).
 */

const path = 'tenant-project-post-fitout-submissions'
let server: TestServer
const tokens: Record<string, string> = {}
let acmeTenancy: number
/** A master account of ACME who reads Chinese: its mails come in Chinese. */
let chineseMaster: string

const api = (user: string, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  server.api(tokens[user], method, url.startsWith('/') ? url : `/hk/v1/${url}`, body, headers)
const act = (user: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', `/hk/v1/${path}`, body, { 'x-service-method': method })
const mailsTo = (template: string, address: string) =>
  server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
const fitOut = async (status: 'IN_PROGRESS' | 'WITHDRAWN' = 'IN_PROGRESS') =>
  (await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Post fit-out'), status, floors: ['22/F'] })).id as number

async function upload(user: string, submissionId: number, kind: string | null, name: string) {
  const form = new FormData()
  form.append('submissionId', String(submissionId))
  if (kind) form.append('kind', kind)
  form.append('description', name)
  form.append('files', new Blob([new Uint8Array(Buffer.from(`%PDF-1.4 ${name}`))], { type: 'application/pdf' }), `${name}.pdf`)
  return fetch(`${server.url}/hk/v1/tenant-project-post-fitout-files`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const other = await createTenancy(server.knex, {
    companyId: await tenantCompany(server.knex, uniqueName('Post fit-out other')),
    tradeName: uniqueName('Other'),
    premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }]
  })
  const otherTenant = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server.knex('users').where({ id: otherTenant.id }).update({ tenancyId: other.id })
  tokens.other = (await server.login(otherTenant.username)).accessToken
  const sub = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server
    .knex('users')
    .where({ id: sub.id })
    .update({ userType: 621, tenancyPerms: JSON.stringify([]) })
  await server.knex('user_groups').where({ userId: sub.id }).delete()
  tokens.subWithout = (await server.login(sub.username)).accessToken
  const chinese = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server.knex('users').where({ id: chinese.id }).update({ language: 'zh-CN' })
  chineseMaster = (await server.knex('users').where({ id: chinese.id }).first('email')).email
  const bj = await createTestAccount(server.knex, { like: 'approver.hk' })
  await server
    .knex('users')
    .where({ id: bj.id })
    .update({ regions: ['BJ'], defaultRegion: 'BJ' })
  await server.knex('user_groups').where({ userId: bj.id }).update({ region: 'BJ' })
  tokens.approverBj = (await server.login(bj.username)).accessToken
})
const live = liveSockets()
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('post-fit-out rounds', () => {
  it('are started by staff, one under review at a time, read by the tenant without staff’s notes, reviewed against the guidelines and completed', async () => {
    const projectId = await fitOut()
    // Denials first: the tenant, a vendor, another tenancy, staff without the right.
    expect((await api('tenant.acme', 'POST', path, { projectId })).status).toBe(403)
    expect((await api('tenant.acme', 'POST', path, { projectId: 'not a number', extra: true })).status).toBe(403)
    expect((await api('vendor.alpha', 'POST', path, { projectId })).status).toBe(403)
    expect((await api('other', 'POST', path, { projectId })).status).toBe(403)
    // Staff of another region (BJ, where tenant projects are on), with the right there, find no such project here.
    expect((await api('approverBj', 'POST', `/bj/v1/${path}`, { projectId })).status).toBe(404)
    expect((await api('accounting.hk', 'POST', path, { projectId })).status).toBe(403)

    const started = await api('approver.hk', 'POST', path, { projectId, remarks: 'Please hand in the as-built drawings.' })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ status: 'UNDER_REVIEW', isFinal: false, remarks: 'Please hand in the as-built drawings.', compliedItemIds: [], compliedGuidelines: [] })
    const published = (await server.knex('tenant_project_guidelines').where({ region: 'HK', type: 'POST_FIT_OUT', isCurrent: true }).select('itemId')).map((row: any) => row.itemId)
    expect(published.length).toBeGreaterThan(2)
    expect(started.body.pendingGuidelines.map((item: any) => item.itemId).sort()).toEqual([...published].sort())
    const id = started.body.id
    await expect.poll(async () => (await mailsTo('tenant-project-post-fitout.started', 'tenant.acme@example.com')).length).toBe(1)
    // One message per recipient, each in the recipient's language.
    await expect.poll(async () => (await mailsTo('tenant-project-post-fitout.started', chineseMaster)).length).toBe(1)
    expect((await mailsTo('tenant-project-post-fitout.started', 'tenant.acme@example.com'))[0].subject).toContain('post-fit-out review of')
    expect((await mailsTo('tenant-project-post-fitout.started', chineseMaster))[0].subject).toContain('装修后审核已开始')

    // Only one under review per project.
    expect((await api('pm.hk', 'POST', path, { projectId })).body.data.code).toBe('POST_FITOUT_UNDER_REVIEW')

    // Staff tick items: the pending list shrinks; a version is required (428) and must be current (410); an unknown item is refused.
    expect((await api('pm.hk', 'PATCH', `${path}/${id}`, { compliedItemIds: [published[0]] })).status).toBe(428)
    const ticked = await api('pm.hk', 'PATCH', `${path}/${id}`, { compliedItemIds: [published[0], published[1]], staffNotes: 'Chase the WR1.', updatedAt: started.body.updatedAt })
    expect(ticked.status).toBe(200)
    expect(ticked.body.compliedGuidelines.map((item: any) => item.itemId)).toEqual([published[0], published[1]])
    expect(ticked.body.pendingGuidelines.map((item: any) => item.itemId)).toEqual(published.slice(2))
    expect((await api('pm.hk', 'PATCH', `${path}/${id}`, { remarks: 'Stale', updatedAt: started.body.updatedAt })).status).toBe(410)
    expect((await api('pm.hk', 'PATCH', `${path}/${id}`, { compliedItemIds: ['99.z'], updatedAt: ticked.body.updatedAt })).body.data.code).toBe('POST_FITOUT_GUIDELINE_UNKNOWN')

    // The tenant reads the round and its pending list, never staff's notes; writes none of it (403 before the version answer).
    const seen = await api('tenant.acme', 'GET', `${path}?projectId=${projectId}`)
    expect(seen.body.data.map((one: any) => one.id)).toEqual([id])
    expect(seen.body.data[0]).not.toHaveProperty('staffNotes')
    expect(seen.body.data[0].pendingGuidelines.length).toBe(published.length - 2)
    const tenantGet = await api('tenant.acme', 'GET', `${path}/${id}`)
    expect(tenantGet.status).toBe(200)
    expect(tenantGet.body).not.toHaveProperty('staffNotes')
    expect((await api('admin', 'GET', `${path}/${id}`)).body.staffNotes).toBe('Chase the WR1.')
    expect((await api('tenant.acme', 'PATCH', `${path}/${id}`, { remarks: 'Mine', updatedAt: ticked.body.updatedAt })).status).toBe(403)
    expect((await api('tenant.acme', 'PATCH', `${path}/${id}`, { remarks: 'Mine', updatedAt: started.body.updatedAt })).status).toBe(403)
    expect((await act('tenant.acme', 'complete', { id, updatedAt: ticked.body.updatedAt })).status).toBe(403)

    // Everyone else reads nothing of it.
    expect((await api('other', 'GET', `${path}/${id}`)).status).toBe(404)
    expect((await api('other', 'GET', `${path}?projectId=${projectId}`)).body.total).toBe(0)
    expect((await api('subWithout', 'GET', `${path}?projectId=${projectId}`)).body.total ?? 0).toBe(0)
    expect((await api('subWithout', 'GET', `${path}/${id}`)).status).toBeGreaterThanOrEqual(403)
    expect((await api('vendor.alpha', 'GET', `${path}/${id}`)).status).toBe(403)
    expect((await api('accounting.hk', 'GET', `${path}/${id}`)).status).toBe(404)
    expect((await api('accounting.hk', 'GET', `${path}?projectId=${projectId}`)).body.total).toBe(0)
    expect((await api('approverBj', 'GET', `/bj/v1/${path}/${id}`)).status).toBe(404)
    expect((await api('approverBj', 'GET', `/bj/v1/${path}?projectId=${projectId}`)).body.total).toBe(0)
    // A write by one who holds no right to write rounds at all: 403, whatever the id (nothing said of the round).
    expect((await api('other', 'PATCH', `${path}/${id}`, { remarks: 'x', updatedAt: ticked.body.updatedAt })).status).toBe(403)
    expect((await api('other', 'PATCH', `${path}/999999999`, { remarks: 'x', updatedAt: ticked.body.updatedAt })).status).toBe(403)
    // Staff of another region (BJ), with the right there, find no such round here.
    expect((await api('approverBj', 'PATCH', `/bj/v1/${path}/${id}`, { remarks: 'x', updatedAt: ticked.body.updatedAt })).status).toBe(404)

    // Completed by staff holding `complete`: the tenant and the project managers hear of it; a completed round is kept as it is.
    const completed = await act('pm.hk', 'complete', { id, updatedAt: ticked.body.updatedAt })
    expect(completed.status).toBe(200)
    expect(completed.body).toMatchObject({ status: 'COMPLETED', completedBy: expect.any(Number) })
    await expect.poll(async () => (await mailsTo('tenant-project-post-fitout.completed', 'tenant.acme@example.com')).length).toBe(1)
    await expect.poll(async () => (await mailsTo('tenant-project-post-fitout.completed', 'pm.hk@example.com')).length).toBe(1)
    expect((await act('pm.hk', 'complete', { id, updatedAt: completed.body.updatedAt })).status).toBe(409)
    expect((await api('pm.hk', 'PATCH', `${path}/${id}`, { remarks: 'Late', updatedAt: completed.body.updatedAt })).body.data.code).toBe('POST_FITOUT_COMPLETED')
    expect((await api('pm.hk', 'DELETE', `${path}/${id}`)).body.data.code).toBe('POST_FITOUT_COMPLETED')

    // The next round may start now.
    expect((await api('pm.hk', 'POST', path, { projectId })).status).toBe(201)
    // A withdrawn project takes none.
    expect((await api('pm.hk', 'POST', path, { projectId: await fitOut('WITHDRAWN') })).body.data.code).toBe('TENANT_PROJECT_CLOSED')
  })

  it('start a final round only once a final inspection was sent (428, naming it in the caller’s language)', async () => {
    const projectId = await fitOut()
    const refused = await api('approver.hk', 'POST', path, { projectId, isFinal: true })
    expect(refused.status).toBe(428)
    expect(refused.body.data.code).toBe('POST_FITOUT_FINAL_INSPECTION_REQUIRED')
    expect(refused.body.message).toContain('final inspection')
    const chinese = await api('approver.hk', 'POST', path, { projectId, isFinal: true }, { 'accept-language': 'zh-CN' })
    expect(chinese.status).toBe(428)
    expect(chinese.body.message).toContain('最终验收')
    // A draft final inspection or a sent interim one is not enough.
    await createInspection(server.knex, { projectId, type: 'FINAL' })
    await createInspection(server.knex, { projectId, type: 'INTERIM', sentAt: new Date() })
    expect((await api('approver.hk', 'POST', path, { projectId, isFinal: true })).status).toBe(428)
    await createInspection(server.knex, { projectId, type: 'FINAL', sentAt: new Date() })
    const started = await api('approver.hk', 'POST', path, { projectId, isFinal: true })
    expect(started.status).toBe(201)
    expect(started.body.isFinal).toBe(true)
  })

  it('give one round under review however many staff start one at once', async () => {
    const projectId = await fitOut()
    const answers = await Promise.all(['pm.hk', 'approver.hk', 'admin', 'pm.hk'].map((user) => api(user, 'POST', path, { projectId })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409])
    expect(Number((await server.knex('tenant_project_post_fitout_submissions').where({ projectId, status: 'UNDER_REVIEW' }).count({ count: '*' }))[0].count)).toBe(1)
    // The database holds it, whoever writes.
    await expect(createPostFitout(server.knex, { projectId })).rejects.toMatchObject({ code: '23505' })
  })

  it('carry staff’s letters and the tenant’s documents, each filed by its side while the round is under review', async () => {
    const projectId = await fitOut()
    const round = await createPostFitout(server.knex, { projectId })
    const letter = await upload('approver.hk', round.id, 'LETTER', 'Post fit-out letter')
    expect(letter.status).toBe(201)
    const [stored] = await letter.json()
    expect(stored).toMatchObject({ kind: 'LETTER', submissionId: round.id })
    expect((await upload('tenant.acme', round.id, 'LETTER', 'Forged letter')).status).toBe(403)
    const document = await upload('tenant.acme', round.id, null, 'As-built drawings')
    expect(document.status).toBe(201)
    expect((await document.json())[0].kind).toBe('DOCUMENT')
    expect((await upload('other', round.id, null, 'Not theirs')).status).toBe(404)
    expect((await upload('vendor.alpha', round.id, null, 'Not theirs')).status).toBe(403)

    const files = await api('tenant.acme', 'GET', `tenant-project-post-fitout-files?submissionId=${round.id}`)
    expect(files.body.data.map((file: any) => file.kind)).toEqual(['LETTER', 'DOCUMENT'])
    expect((await api('tenant.acme', 'GET', `tenant-project-post-fitout-files?submissionId=${round.id}&kind=LETTER`)).body.total).toBe(1)
    const content = await fetch(`${server.url}/hk/v1/tenant-project-post-fitout-files/${stored.id}/content`, { headers: { authorization: `Bearer ${tokens['tenant.acme']}` } })
    expect(content.status).toBe(200)
    expect(await content.text()).toContain('Post fit-out letter')
    expect((await fetch(`${server.url}/hk/v1/tenant-project-post-fitout-files/${stored.id}/content`, { headers: { authorization: `Bearer ${tokens.other}` } })).status).toBe(404)
    expect((await api('other', 'GET', `tenant-project-post-fitout-files?submissionId=${round.id}`)).status).toBe(404)

    // Each side removes its own kind only.
    expect((await api('tenant.acme', 'DELETE', `tenant-project-post-fitout-files/${stored.id}`)).status).toBe(403)
    // Completed: nothing more is filed.
    await server.knex('tenant_project_post_fitout_submissions').where({ id: round.id }).update({ status: 'COMPLETED', completedAt: new Date() })
    expect((await upload('tenant.acme', round.id, null, 'Too late')).status).toBe(409)
    expect((await api('approver.hk', 'DELETE', `tenant-project-post-fitout-files/${stored.id}`)).status).toBe(409)
  })

  it('reach the project’s readers live, the tenant’s side without staff’s notes; another tenancy and a vendor hear nothing', async () => {
    const projectId = await fitOut()
    const round = await createPostFitout(server.knex, { projectId })
    const [tenant, staff, other, vendor] = await Promise.all(['tenant.acme', 'pm.hk', 'other', 'vendor.alpha'].map((user) => live.connect(server, tokens[user], 'HK', [path])))
    const patched = await api('approver.hk', 'PATCH', `${path}/${round.id}`, { staffNotes: 'Staff only', remarks: 'For the tenant', updatedAt: new Date(round.updatedAt).toISOString() })
    expect(patched.status).toBe(200)
    const ours = (event: { data: any }) => event.data?.id === round.id
    await staff.until(ours)
    await tenant.until(ours)
    expect(staff.events.find(ours)?.data).toMatchObject({ remarks: 'For the tenant', staffNotes: 'Staff only' })
    expect(tenant.events.find(ours)?.data.remarks).toBe('For the tenant')
    expect(tenant.events.find(ours)?.data).not.toHaveProperty('staffNotes')
    // A later event both would hear has arrived: nothing of this round reached the others.
    await api('approver.hk', 'POST', path, { projectId: await fitOut() })
    await staff.until((event) => event.data?.id !== round.id)
    expect(other.events.filter(ours)).toEqual([])
    expect(vendor.events.filter(ours)).toEqual([])
  })

  it('answer the spec’s calls as aliases: POST/PUT/GET/DELETE post_fitout_submissions/{id}, GET …/list?projectId', async () => {
    const projectId = await fitOut()
    const created = await api('approver.hk', 'POST', `/hk/v1/post_fitout_submissions/${projectId}`, { remarks: 'Alias' })
    expect(created.status).toBe(201)
    const id = created.body.id
    expect((await api('tenant.acme', 'GET', `/hk/v1/post_fitout_submissions/${id}`)).body).toMatchObject({ id, remarks: 'Alias' })
    const listed = await api('tenant.acme', 'GET', `/hk/v1/post_fitout_submissions/list/?projectId=${projectId}`)
    expect(listed.body.map((one: any) => one.id)).toEqual([id])
    const put = await api('pm.hk', 'PUT', `/hk/v1/post_fitout_submissions/${id}`, { remarks: 'Changed' })
    expect(put.body.remarks).toBe('Changed')
    expect((await api('tenant.acme', 'PUT', `/hk/v1/post_fitout_submissions/${id}`, { remarks: 'Mine' })).status).toBe(403)
    const completed = await api('pm.hk', 'PUT', `/hk/v1/post_fitout_submissions/${id}`, { status: 'COMPLETED' })
    expect(completed.body.status).toBe('COMPLETED')
    const second = await api('pm.hk', 'POST', `/hk/v1/post_fitout_submissions/${projectId}`, {})
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/post_fitout_submissions/${second.body.id}`)).status).toBe(403)
    expect((await api('pm.hk', 'DELETE', `/hk/v1/post_fitout_submissions/${second.body.id}`)).status).toBe(200)
    expect((await api('pm.hk', 'GET', `/hk/v1/post_fitout_submissions/${second.body.id}`)).status).toBe(404)
  })
})
