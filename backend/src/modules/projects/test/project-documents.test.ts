import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'

/*
 * A project's document folders and their documents over real HTTP on real PostgreSQL (spec §4
 * "Folder status: DRAFT, APPR, REJECTED", §3 documents with effective dates, §6 project access):
 * the vendor names folders and uploads into them (the region's upload settings apply), the staff
 * in charge approve or reject a folder with a reason, a rejected folder goes back to DRAFT with the
 * next upload, an approved one is closed; whoever reads the project reads them; another vendor,
 * staff outside the site, a tenant and staff not in charge are refused; live events reach the
 * project's readers only.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const live = liveSockets()
/** A day counted from today (UTC; ±days far from the region's midnight), for periods that are current whenever the suite runs. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function upload(user: string, fields: Record<string, string>, name = 'drawing.pdf', bytes = '%PDF-1.4 drawing') {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('files', new Blob([new Uint8Array(Buffer.from(bytes))], { type: 'application/pdf' }), name)
  const response = await fetch(`${server.url}/hk/v1/project-documents`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

const folderAction = (user: string, action: 'approve' | 'reject', body: Record<string, unknown>) => api(user, 'POST', '/hk/v1/project-folders', body, { 'x-service-method': action })

async function folderOf(projectId: string, name = `Drawings ${uniqueNumber('F')}`) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-folders', { projectId, name })
  expect(created.status).toBe(201)
  return created.body
}

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha', 'alpha.site', 'alpha.office', 'vendor.beta', 'tenant.acme']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  // A project manager of a site of their own: a department that names its users keeps its sites to them.
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Docs outside site', shortName: uniqueNumber('DS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const { id: _id, ...person } = await server.knex('users').where({ username: 'pm.hk' }).first()
  const username = `pm.docs.${uniqueNumber('o').toLowerCase()}`
  const [outsider] = await server.knex('users').insert({ ...person, username, email: `${username}@example.com` }, ['id'])
  await server.knex('user_groups').insert({ userId: outsider.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Docs outside department', shortName: uniqueNumber('DD').slice(0, 30), siteIds: [site.id], userIds: [outsider.id] })
  users.outsideSite = site.id
  users.outsider = outsider.id
  tokens.outsider = (await server.login(username)).accessToken
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('project folders and documents', () => {
  it('the vendor files documents with effective dates, pm.hk approves the folder, and the folder closes', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id, 'Shop drawings')
    expect(folder).toMatchObject({ projectId: project.id, name: 'Shop drawings', status: 'DRAFT' })
    expect((await api('vendor.alpha', 'POST', '/hk/v1/project-folders', { projectId: project.id, name: ' shop DRAWINGS ' })).body.data).toMatchObject({ code: 'FOLDER_NAME_IN_USE' })

    const uploaded = await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id), description: 'Level 3', effectiveDate: day(-5), effectiveUntil: day(24) }, 'L3.pdf')
    expect(uploaded.status).toBe(201)
    expect(uploaded.body[0]).toMatchObject({
      folderId: folder.id,
      name: 'L3.pdf',
      description: 'Level 3',
      effectiveDate: day(-5),
      effectiveUntil: day(24),
      uploadedBy: users['vendor.alpha']
    })
    const bad = await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id), effectiveDate: '2026-12-01', effectiveUntil: '2026-11-01' })
    expect(bad.status).toBe(400)
    expect(bad.body.data.code).toBe('EFFECTIVE_PERIOD_INVALID')
    expect((await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id), description: 'x'.repeat(256) })).body.data.code).toBe('DESCRIPTION_TOO_LONG')
    // The region's upload settings: a type it does not take is refused.
    expect((await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) }, 'tool.exe', 'MZ binary')).status).toBe(400)

    expect((await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id), effectiveDate: '2020-01-01', effectiveUntil: '2020-01-31' }, 'old.pdf')).status).toBe(201)
    const listed = await api('pm.hk', 'GET', `/hk/v1/project-documents?projectId=${project.id}&folderId=${folder.id}`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((document: any) => document.name)).toEqual(['L3.pdf', 'old.pdf'])
    const effective = await api('vendor.alpha', 'GET', `/hk/v1/project-documents?projectId=${project.id}&effectiveOnly=true`)
    expect(effective.body.data.map((document: any) => document.name)).toEqual(['L3.pdf'])
    const content = await fetch(`${server.url}/hk/v1/project-documents/${uploaded.body[0].id}/content`, { headers: { authorization: `Bearer ${tokens['pm.hk']}` } })
    expect(content.status).toBe(200)
    expect(Buffer.from(await content.arrayBuffer()).toString()).toBe('%PDF-1.4 drawing')

    // 428 without the version read, 410 with a stale one, then the decision.
    expect((await folderAction('pm.hk', 'approve', { id: folder.id })).status).toBe(428)
    expect((await folderAction('pm.hk', 'approve', { id: folder.id, updatedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(410)
    const approved = await folderAction('pm.hk', 'approve', { id: folder.id, updatedAt: await server.version('project-folders', folder.id) })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ status: 'APPR', decidedBy: users['pm.hk'], reason: null })
    // Approved: nothing more is filed in it, nothing taken out.
    expect((await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) })).body.data.code).toBe('FOLDER_DECIDED')
    expect((await api('vendor.alpha', 'DELETE', `/hk/v1/project-documents/${uploaded.body[0].id}`)).status).toBe(409)
    expect((await folderAction('pm.hk', 'reject', { id: folder.id, reason: 'late', updatedAt: approved.body.updatedAt })).status).toBe(409)
  })

  it('a rejection needs a reason, and the vendor’s next upload sends the folder back for another look', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id)
    const first = await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) }, 'rev-a.pdf')
    const version = await server.version('project-folders', folder.id)
    const noReason = await folderAction('pm.hk', 'reject', { id: folder.id, updatedAt: version })
    expect(noReason.status).toBe(400)
    const blank = await folderAction('pm.hk', 'reject', { id: folder.id, reason: '   ', updatedAt: version })
    expect(blank.status).toBe(400)
    const rejected = await folderAction('pm.hk', 'reject', { id: folder.id, reason: 'Missing the fire exits', updatedAt: version })
    expect(rejected.body).toMatchObject({ status: 'REJECTED', reason: 'Missing the fire exits' })
    // The vendor takes back its own file and files a new one: the folder is DRAFT again.
    expect((await api('vendor.alpha', 'DELETE', `/hk/v1/project-documents/${first.body[0].id}`)).status).toBe(200)
    expect(await server.knex('files').where({ id: first.body[0].fileId }).first()).toBeUndefined()
    expect((await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) }, 'rev-b.pdf')).status).toBe(201)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-folders/${folder.id}`)).body).toMatchObject({ status: 'DRAFT' })
  })

  it('refuses another vendor, staff outside the site or not in charge, a tenant, and projects not running', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id)
    const document = await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) })
    const version = await server.version('project-folders', folder.id)
    // Another vendor learns nothing of it.
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-folders?projectId=${project.id}`)).body.total).toBe(0)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-documents?projectId=${project.id}`)).status).toBe(404)
    expect((await upload('vendor.beta', { projectId: project.id, folderId: String(folder.id) })).status).toBe(404)
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-folders', { projectId: project.id, name: 'Mine' })).body.data.code).toBe('REFERENCE_INVALID')
    expect((await fetch(`${server.url}/hk/v1/project-documents/${document.body[0].id}/content`, { headers: { authorization: `Bearer ${tokens['vendor.beta']}` } })).status).toBe(404)
    expect((await api('vendor.beta', 'DELETE', `/hk/v1/project-documents/${document.body[0].id}`)).status).toBe(404)
    // A sub-account files with its Projects toggle (alpha.site), not without it (alpha.office).
    expect((await upload('alpha.site', { projectId: project.id, folderId: String(folder.id) }, 'site.pdf')).status).toBe(201)
    expect((await upload('alpha.office', { projectId: project.id, folderId: String(folder.id) }, 'office.pdf')).status).toBe(403)
    // A vendor never decides; staff outside the site learn nothing; staff without the grant are refused first.
    expect((await folderAction('vendor.alpha', 'approve', { id: folder.id, updatedAt: version })).status).toBe(403)
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users.outsider }, parties)
    const awayFolder = await folderOf(away.id)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-documents?projectId=${away.id}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-folders/${awayFolder.id}`)).status).toBe(404)
    expect((await folderAction('pm.hk', 'approve', { id: awayFolder.id, updatedAt: await server.version('project-folders', awayFolder.id) })).status).toBe(404)
    expect((await upload('pm.hk', { projectId: away.id, folderId: String(awayFolder.id) })).status).toBe(404)
    expect((await folderAction('approver.hk', 'approve', { id: folder.id, updatedAt: version })).status).toBe(403)
    // A tenant holds no rule on projects.
    expect((await api('tenant.acme', 'GET', `/hk/v1/project-folders?projectId=${project.id}`)).status).toBe(403)
    expect((await api('tenant.acme', 'GET', `/hk/v1/project-documents?projectId=${project.id}`)).status).toBe(403)
    // Project managers decide on the projects in their charge ("own"), not another's.
    const { project: theirs } = await createProject(server.knex, { status: 'ACTIVE', managedBy: users.outsider, siteId: parties.siteId }, parties)
    const theirFolder = await folderOf(theirs.id)
    expect((await folderAction('pm.hk', 'approve', { id: theirFolder.id, updatedAt: await server.version('project-folders', theirFolder.id) })).status).toBe(403)
    // A draft is staff's own (the vendor is not told of it yet), a cancelled project is closed.
    const { project: draft } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    expect((await api('vendor.alpha', 'POST', '/hk/v1/project-folders', { projectId: draft.id, name: 'Early' })).body.data.code).toBe('REFERENCE_INVALID')
    expect((await api('pm.hk', 'POST', '/hk/v1/project-folders', { projectId: draft.id, name: 'Early' })).status).toBe(409)
    // The other vendor's document is not the vendor's to remove, though staff in charge may.
    const staffFiled = await upload('pm.hk', { projectId: project.id, folderId: String(folder.id) }, 'staff.pdf')
    expect(staffFiled.status).toBe(201)
    expect((await api('vendor.alpha', 'DELETE', `/hk/v1/project-documents/${staffFiled.body[0].id}`)).status).toBe(403)
    expect((await api('pm.hk', 'DELETE', `/hk/v1/project-documents/${staffFiled.body[0].id}`)).status).toBe(200)
  })

  it('the vendor changes its document’s dates and description; the checks come in their order', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id)
    const [document] = (await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id), description: 'Level 3', effectiveDate: '2026-11-01', effectiveUntil: '2026-11-30' })).body
    const patch = (user: string, body: Record<string, unknown>, id = document.id) => api(user, 'PATCH', `/hk/v1/project-documents/${id}`, body)

    // A new end against the stored start; the description trimmed; what is left out stays.
    const extended = await patch('vendor.alpha', { updatedAt: document.updatedAt, effectiveUntil: '2026-12-31', description: '  Level 3, revised ' })
    expect(extended.status).toBe(200)
    expect(extended.body).toMatchObject({ id: document.id, name: 'drawing.pdf', description: 'Level 3, revised', effectiveDate: '2026-11-01', effectiveUntil: '2026-12-31' })
    expect(new Date(extended.body.updatedAt).getTime()).toBeGreaterThan(new Date(document.updatedAt).getTime())
    const stored = await server.knex('project_documents').where({ id: document.id }).first()
    expect(stored.description).toBe('Level 3, revised')
    // An empty date opens that end.
    const opened = await patch('vendor.alpha', { updatedAt: extended.body.updatedAt, effectiveUntil: '' })
    expect(opened.body).toMatchObject({ effectiveDate: '2026-11-01', effectiveUntil: null })

    // The version read: 410 when another change came first, 428 without it.
    expect((await patch('vendor.alpha', { updatedAt: extended.body.updatedAt, effectiveUntil: '2027-01-31' })).status).toBe(410)
    expect((await patch('vendor.alpha', { effectiveUntil: '2027-01-31' })).status).toBe(428)
    // The period as it will be: an end before the stored start; a start after the stored end.
    const early = await patch('vendor.alpha', { updatedAt: opened.body.updatedAt, effectiveUntil: '2026-10-31' })
    expect(early.status).toBe(400)
    expect(early.body.data).toMatchObject({ code: 'EFFECTIVE_PERIOD_INVALID', from: '2026-11-01', until: '2026-10-31' })
    const ended = await patch('vendor.alpha', { updatedAt: opened.body.updatedAt, effectiveUntil: '2026-11-15' })
    expect(ended.status).toBe(200)
    expect((await patch('vendor.alpha', { updatedAt: ended.body.updatedAt, effectiveDate: '2026-11-16' })).body.data.code).toBe('EFFECTIVE_PERIOD_INVALID')
    const tooLong = await patch('vendor.alpha', { updatedAt: ended.body.updatedAt, description: 'x'.repeat(256) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.data).toMatchObject({ code: 'DESCRIPTION_TOO_LONG', max: 255 })
    expect((await patch('vendor.alpha', { updatedAt: ended.body.updatedAt, effectiveDate: 'soon' })).status).toBe(400)
    // 255 characters as people count them.
    expect((await patch('vendor.alpha', { updatedAt: ended.body.updatedAt, description: '說'.repeat(255) })).status).toBe(200)
    expect(await server.knex('audit_log').where({ resource: 'project-documents', recordId: String(document.id), action: 'project-documents.patch' })).toHaveLength(4)
  })

  it('refuses a change of another’s document, by a stranger, a tenant, outside the site, or in a decided folder', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id)
    const [mine] = (await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) }, 'mine.pdf')).body
    const [sites] = (await upload('alpha.site', { projectId: project.id, folderId: String(folder.id) }, 'site.pdf')).body
    const [staffs] = (await upload('pm.hk', { projectId: project.id, folderId: String(folder.id) }, 'staff.pdf')).body
    const patch = (user: string, document: any, body: Record<string, unknown> = {}) =>
      api(user, 'PATCH', `/hk/v1/project-documents/${document.id}`, { updatedAt: document.updatedAt, effectiveUntil: '2027-03-31', ...body })

    // Another vendor, whatever it sends, learns nothing: 404 as for an id that does not exist.
    expect((await patch('vendor.beta', mine)).status).toBe(404)
    expect((await patch('vendor.beta', mine, { updatedAt: '2020-01-01T00:00:00.000Z', effectiveDate: 'bad' })).status).toBe(404)
    expect((await patch('vendor.beta', { id: 987654321, updatedAt: mine.updatedAt })).status).toBe(404)
    // A malformed id is a clear 4xx, never a server error.
    const malformed = await Promise.all(['abc', '99999999999999999999', '1.5'].map(async (id) => (await patch('vendor.alpha', { id, updatedAt: mine.updatedAt })).status))
    expect(malformed).toEqual([400, 400, 400])
    // A tenant, and a sub-account without the Projects toggle, hold no filing rule: 403 before anything else.
    expect((await patch('tenant.acme', mine)).status).toBe(403)
    expect((await patch('tenant.acme', { id: 987654321, updatedAt: mine.updatedAt })).status).toBe(403)
    expect((await patch('alpha.office', mine)).status).toBe(403)
    // Staff outside the project's site do not read it; staff not in charge do not file on it.
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users.outsider }, parties)
    const [awayDocument] = (await upload('vendor.alpha', { projectId: away.id, folderId: String((await folderOf(away.id)).id) }, 'away.pdf')).body
    expect((await patch('pm.hk', awayDocument)).status).toBe(404)
    expect((await patch('outsider', awayDocument)).status).toBe(200)
    expect((await patch('outsider', mine)).status).toBe(403)
    expect((await patch('approver.hk', mine)).status).toBe(403)
    // A vendor changes only what it uploaded: not another user's of its company, not staff's.
    expect((await patch('vendor.alpha', sites)).status).toBe(403)
    expect((await patch('vendor.alpha', staffs)).status).toBe(403)
    expect((await patch('alpha.site', mine)).status).toBe(403)
    // The staff in charge change any document of the folder.
    const bySite = await patch('alpha.site', sites)
    expect(bySite.status).toBe(200)
    expect((await patch('pm.hk', mine)).body).toMatchObject({ effectiveUntil: '2027-03-31' })

    // A change in a rejected folder sends it back for another look, as an upload does.
    const rejected = await folderAction('pm.hk', 'reject', { id: folder.id, reason: 'Wrong dates', updatedAt: await server.version('project-folders', folder.id) })
    expect(rejected.body.status).toBe('REJECTED')
    expect((await patch('alpha.site', bySite.body, { effectiveUntil: '2027-04-30' })).status).toBe(200)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-folders/${folder.id}`)).body.status).toBe('DRAFT')
    // Approved: decided, nothing changes any more.
    await folderAction('pm.hk', 'approve', { id: folder.id, updatedAt: await server.version('project-folders', folder.id) })
    const decided = await patch('vendor.alpha', { id: mine.id, updatedAt: await server.version('project-documents', mine.id) })
    expect(decided.status).toBe(409)
    expect(decided.body.data.code).toBe('FOLDER_DECIDED')
    expect((await patch('pm.hk', { id: staffs.id, updatedAt: await server.version('project-documents', staffs.id) })).status).toBe(409)

    // A cancelled project keeps its documents as they are.
    const { project: cancelled } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const openFolder = await folderOf(cancelled.id)
    const [filed] = (await upload('vendor.alpha', { projectId: cancelled.id, folderId: String(openFolder.id) })).body
    await server.knex('projects').where({ id: cancelled.id }).update({ status: 'CANCELLED' })
    expect((await patch('pm.hk', filed)).status).toBe(409)
  })

  it('sends live events to the project’s readers only', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const alpha = await live.connect(server, tokens['vendor.alpha'], 'HK', ['project-folders', 'project-documents'])
    const pm = await live.connect(server, tokens['pm.hk'], 'HK', ['project-folders', 'project-documents'])
    const beta = await live.connect(server, tokens['vendor.beta'], 'HK', ['project-folders', 'project-documents'])
    const tenant = await live.connect(server, tokens['tenant.acme'], 'HK', ['project-folders', 'project-documents'])
    // A project on a site pm.hk's location does not reach: its folder is not pm.hk's to hear of.
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users.outsider }, parties)
    const awayFolder = await api('outsider', 'POST', '/hk/v1/project-folders', { projectId: away.id, name: 'Away folder' })
    expect(awayFolder.status).toBe(201)
    await alpha.until((event) => event.service === 'project-folders' && event.data.id === awayFolder.body.id)
    const folder = await folderOf(project.id)
    const document = await upload('vendor.alpha', { projectId: project.id, folderId: String(folder.id) })
    await pm.until((event) => event.service === 'project-documents' && event.data.id === document.body[0].id)
    // A change of its dates reaches the project's readers too.
    const changed = await api('vendor.alpha', 'PATCH', `/hk/v1/project-documents/${document.body[0].id}`, { updatedAt: document.body[0].updatedAt, effectiveUntil: '2027-06-30' })
    expect(changed.status).toBe(200)
    await pm.until((event) => event.service === 'project-documents' && event.data.effectiveUntil === '2027-06-30')
    await folderAction('pm.hk', 'approve', { id: folder.id, updatedAt: await server.version('project-folders', folder.id) })
    await alpha.until((event) => event.service === 'project-folders' && event.data.id === folder.id && event.data.status === 'APPR')
    expect(pm.events.filter((event) => event.data.projectId === away.id)).toEqual([])
    expect({ beta: beta.events, tenant: tenant.events }).toEqual({ beta: [], tenant: [] })
  })
})
