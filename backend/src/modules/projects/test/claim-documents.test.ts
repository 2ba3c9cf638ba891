import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { pdfText } from '../../../documents/pdf-text.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { claimDocumentUrl } from '../claims/documents/claim-document.shared.js'
import { seedBenchClaim } from '../claims/documents/bench.js'

/*
 * The claim document of a frozen version (issue 12 items 5 and 8) over real HTTP on real
 * PostgreSQL: the project's vendor and the staff in charge download it in their language; the
 * first download of each (version, language) is stored with its SHA-256 (the en-US one on the
 * version row) and every later one gives those bytes; version 1's PDF does not change when
 * version 2 is submitted; another vendor, staff outside the site and a tenant are refused.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function download(user: string, path: string, language = 'en-US') {
  const response = await fetch(`${server.url}/hk/v1/${path}`, { headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language } })
  return { status: response.status, hash: response.headers.get('x-content-sha256'), type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
}

const method = (user: string, name: string, body: Record<string, unknown>) => api(user, 'POST', '/hk/v1/project-submissions', body, { 'x-service-method': name })

let project: any
let claimId: string
let outsideSite: number
let outsiderId: number

/** A claim of the project, submitted by its vendor: version 1. */
async function submittedClaim(projectId: string, completionAmountCents = 1_000_000) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
    projectId,
    completionType: 'PARTIAL',
    invoiceNumber: uniqueNumber('INV'),
    invoiceAmountCents: completionAmountCents,
    invoiceDate: '2026-11-20',
    completionAmountCents
  })
  expect(created.status).toBe(201)
  const submitted = await method('vendor.alpha', 'submit', { id: created.body.id, updatedAt: created.body.updatedAt })
  expect(submitted.status).toBe(200)
  return created.body.id as string
}

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  // A project manager kept by their department to a site of their own, outside the project's.
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Outside site', shortName: uniqueNumber('OS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const { id: _id, ...person } = await server.knex('users').where({ username: 'pm.hk' }).first()
  const [outsider] = await server.knex('users').insert({ ...person, username: 'pm.outside.doc', email: 'pm.outside.doc@example.com' }, ['id'])
  await server.knex('user_groups').insert({ userId: outsider.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Outside department', shortName: 'OSDD', siteIds: [site.id], userIds: [outsider.id] })
  tokens['pm.outside'] = (await server.login('pm.outside.doc')).accessToken
  outsideSite = site.id
  outsiderId = outsider.id

  project = (await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)).project
  claimId = await submittedClaim(project.id)
})
afterAll(async () => {
  await server?.stop()
})

describe('the claim document of a version', () => {
  let first: Awaited<ReturnType<typeof download>>

  it('downloads as a PDF of version 1 in the reader’s language, its SHA-256 given and kept on the version', async () => {
    first = await download('vendor.alpha', claimDocumentUrl(claimId, 1))
    expect(first.status).toBe(200)
    expect(first.type).toContain('application/pdf')
    expect(first.hash).toBe(sha256(first.bytes))
    const text = pdfText(first.bytes)
    expect(text).toContain(project.number)
    expect(text).toContain('Claim 1 · Version 1')
    expect(text).toContain('Completion amount (this claim) 10,000.00')
    expect(text).toMatch(/Submitted\s/)
    const version = await server.knex('project_submission_versions').where({ submissionId: claimId, version: 1 }).first()
    expect(version.pdfSha256).toBe(first.hash)
    expect(version.pdfFileId).toEqual(expect.any(Number))
    // The staff in charge get the same stored bytes.
    const staff = await download('pm.hk', claimDocumentUrl(claimId, 1))
    expect(staff.status).toBe(200)
    expect(staff.bytes.equals(first.bytes)).toBe(true)
  })

  it('speaks Chinese to a Chinese reader, stored once for that language', async () => {
    const zh = await download('pm.hk', claimDocumentUrl(claimId, 1), 'zh-CN')
    expect(zh.status).toBe(200)
    expect(pdfText(zh.bytes)).toContain('第 1 期申请 · 版本 1')
    expect(zh.hash).not.toBe(first.hash)
    const again = await download('vendor.alpha', claimDocumentUrl(claimId, 1), 'zh-CN')
    expect(again.bytes.equals(zh.bytes)).toBe(true)
    const rows = await server
      .knex('project_submission_documents')
      .join('project_submission_versions', 'project_submission_versions.id', 'project_submission_documents.versionId')
      .where({ submissionId: claimId })
      .select('project_submission_documents.id', 'project_submission_documents.language')
    expect(rows.map((row: any) => row.language).sort()).toEqual(['en-US', 'zh-CN'])
    // Frozen in the database: a stored document is never changed or removed.
    await expect(
      server
        .knex('project_submission_documents')
        .where({ id: rows[0].id })
        .update({ sha256: 'f'.repeat(64) })
    ).rejects.toThrow(/never changed/)
    await expect(server.knex('project_submission_documents').where({ id: rows[0].id }).delete()).rejects.toThrow(/never changed/)
  })

  it('refuses another vendor, staff outside the project’s site and a tenant, before anything else', async () => {
    const beta = await download('vendor.beta', claimDocumentUrl(claimId, 1))
    expect(beta.status).toBe(404)
    expect(beta.bytes.toString('latin1')).not.toContain('%PDF')
    // A project of a site whose department lists only pm.outside: pm.hk's location does not reach it.
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: outsideSite, managedBy: outsiderId }, parties)
    const awayClaim = await submittedClaim(away.id)
    expect((await download('pm.hk', claimDocumentUrl(awayClaim, 1))).status).toBe(404)
    expect((await download('pm.outside', claimDocumentUrl(awayClaim, 1))).status).toBe(200)
    expect((await download('tenant.acme', claimDocumentUrl(claimId, 1))).status).toBe(403)
    const anonymous = await fetch(`${server.url}/hk/v1/${claimDocumentUrl(claimId, 1)}`)
    expect(anonymous.status).toBe(401)
  })

  it('answers 404 for a version that does not exist or is no version', async () => {
    for (const version of ['2', '0', 'abc', '1.5']) {
      const { status } = await download('vendor.alpha', `documents/projectSubmission/${claimId}?version=${version}`)
      expect(status, version).toBe(404)
    }
    expect((await download('vendor.alpha', 'documents/projectSubmission/not-a-claim?version=1')).status).toBe(404)
  })

  it('keeps version 1’s PDF byte for byte after a rejection and version 2', async () => {
    const current = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${claimId}`)
    const rejected = await method('pm.hk', 'reject', { id: claimId, updatedAt: current.body.updatedAt, reason: 'Invoice date is wrong' })
    expect(rejected.status).toBe(200)
    const edited = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${claimId}`, { updatedAt: rejected.body.updatedAt, invoiceDate: '2026-11-21', completionAmountCents: 900_000 })
    expect(edited.status).toBe(200)
    const resubmitted = await method('vendor.alpha', 'resubmit', { id: claimId, updatedAt: edited.body.updatedAt })
    expect(resubmitted.status).toBe(200)
    expect(resubmitted.body.version).toBe(2)

    const second = await download('vendor.alpha', claimDocumentUrl(claimId, 2))
    expect(second.status).toBe(200)
    const text = pdfText(second.bytes)
    expect(text).toContain('Claim 1 · Version 2')
    expect(text).toContain('Completion amount (this claim) 9,000.00')
    expect(text).toContain('Invoice date is wrong')
    expect(second.hash).not.toBe(first.hash)

    const again = await download('vendor.alpha', claimDocumentUrl(claimId, 1))
    expect(again.bytes.equals(first.bytes)).toBe(true)
    expect(again.hash).toBe(first.hash)
    const versions = await server.knex('project_submission_versions').where({ submissionId: claimId }).orderBy('version')
    expect(versions.map((version: any) => version.pdfSha256)).toEqual([first.hash, second.hash])
    // Four first downloads at once of version 2 in Chinese: one render kept, the same bytes for all.
    const together = await Promise.all([0, 1, 2, 3].map(() => download('vendor.alpha', claimDocumentUrl(claimId, 2), 'zh-CN')))
    expect(new Set(together.map((one) => one.hash)).size).toBe(1)
    expect(together.every((one) => one.status === 200 && one.hash === sha256(one.bytes))).toBe(true)
    const kept = await server
      .knex('project_submission_documents')
      .join('project_submission_versions', 'project_submission_versions.id', 'project_submission_documents.versionId')
      .where({ submissionId: claimId, version: 2, language: 'zh-CN' })
      .select('project_submission_documents.sha256')
    expect(kept.map((row: any) => row.sha256)).toEqual([together[0].hash])
    // The claim answers the hashes of its versions (shown on screen).
    const shown = await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${claimId}`)
    expect(shown.body.versions.map((version: any) => version.pdfSha256)).toEqual([first.hash, second.hash])
  })

  it('serves the bench’s claim of 500 schedule lines to the admin, its continuation sheets on many pages', async () => {
    const { path } = await seedBenchClaim(server.knex)
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(response.status).toBe(200)
    const text = pdfText(Buffer.from(await response.arrayBuffer()))
    expect(text).toContain('10.50 Bench works package 500: supply and install')
    expect(text).toContain('Page 12 of')
  })
})
