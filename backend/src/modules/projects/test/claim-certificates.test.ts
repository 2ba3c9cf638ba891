import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { pdfText } from '../../../documents/pdf-text.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { claimDocumentUrl } from '../claims/documents/claim-document.shared.js'
import { claimCertificateUrl } from '../claims/documents/certificate.shared.js'

/*
 * Approvals after the freeze (issue 12 items 5 and 8): staff's rejection or acceptance of a claim
 * version is recorded, frozen, beside the version, and printed on a certificate of its own,
 * stored at its first download with its SHA-256; the version's claim PDF keeps its bytes. Over
 * real HTTP on real PostgreSQL, with the claim PDF's denials.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const method = (user: string, name: string, body: Record<string, unknown>) => api(user, 'POST', '/hk/v1/project-submissions', body, { 'x-service-method': name })

async function download(user: string | null, path: string, language = 'en-US') {
  const headers: Record<string, string> = { 'accept-language': language }
  if (user) headers.authorization = `Bearer ${tokens[user]}`
  const response = await fetch(`${server.url}/hk/v1/${path}`, { headers })
  return { status: response.status, hash: response.headers.get('x-content-sha256'), type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
}

let claimId: string
let project: any

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  project = (await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)).project
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
    projectId: project.id,
    completionType: 'PARTIAL',
    invoiceNumber: uniqueNumber('CERT'),
    invoiceAmountCents: 1_000_000,
    invoiceDate: '2026-11-20',
    completionAmountCents: 1_000_000
  })
  expect(created.status).toBe(201)
  claimId = created.body.id
  expect((await method('vendor.alpha', 'submit', { id: claimId, updatedAt: created.body.updatedAt })).status).toBe(200)
})
afterAll(async () => {
  await server?.stop()
})

describe('the certificate of a decided version', () => {
  let claimPdf: Awaited<ReturnType<typeof download>>
  let rejection: Awaited<ReturnType<typeof download>>

  it('is not there before the decision; the rejection is recorded and certified, and version 1’s claim PDF keeps its bytes', async () => {
    claimPdf = await download('vendor.alpha', claimDocumentUrl(claimId, 1))
    expect(claimPdf.status).toBe(200)
    expect((await download('vendor.alpha', claimCertificateUrl(claimId, 1))).status).toBe(404)

    const current = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${claimId}`)
    const rejected = await method('pm.hk', 'reject', { id: claimId, updatedAt: current.body.updatedAt, reason: 'Invoice date is wrong', note: 'Please attach the delivery notes' })
    expect(rejected.status).toBe(200)
    expect(rejected.body.versions).toEqual([expect.objectContaining({ version: 1, decision: 'REJECTED', decidedAt: expect.any(String) })])

    rejection = await download('vendor.alpha', claimCertificateUrl(claimId, 1))
    expect(rejection.status).toBe(200)
    expect(rejection.type).toContain('application/pdf')
    expect(rejection.hash).toBe(sha256(rejection.bytes))
    const text = pdfText(rejection.bytes).replace(/\s+/g, ' ')
    expect(text).toContain('Certificate of Decision on a Payment Claim')
    expect(text).toContain(`${project.number} · Claim 1 · Version 1`)
    expect(text).toContain('Decision Rejected')
    expect(text).toContain('Reason Invoice date is wrong')
    expect(text).toContain('Note Please attach the delivery notes')
    expect(text).toMatch(/Decided by \S/)
    expect(text).toContain('Nothing is certified for payment')

    // The version's own document: the same bytes as before the decision (and its stored hash).
    const again = await download('vendor.alpha', claimDocumentUrl(claimId, 1))
    expect(again.bytes.equals(claimPdf.bytes)).toBe(true)
    expect(again.hash).toBe(claimPdf.hash)
    expect(pdfText(again.bytes)).not.toContain('Invoice date is wrong')
  })

  it('gives the stored bytes on every later download, to staff too; Chinese stored once for that language', async () => {
    const staff = await download('pm.hk', claimCertificateUrl(claimId, 1))
    expect(staff.bytes.equals(rejection.bytes)).toBe(true)
    const zh = await download('pm.hk', claimCertificateUrl(claimId, 1), 'zh-CN')
    expect(zh.status).toBe(200)
    expect(pdfText(zh.bytes)).toContain('付款申请审批证书')
    expect(pdfText(zh.bytes)).toContain('已拒绝')
    expect((await download('vendor.alpha', claimCertificateUrl(claimId, 1), 'zh-CN')).bytes.equals(zh.bytes)).toBe(true)
    const rows = await server
      .knex('project_submission_certificates as c')
      .join('project_submission_decisions as d', 'd.id', 'c.decisionId')
      .join('project_submission_versions as v', 'v.id', 'd.versionId')
      .where('v.submissionId', claimId)
      .select('c.id', 'c.language', 'c.sha256')
    expect(rows.map((row: any) => [row.language, row.sha256]).sort()).toEqual(
      [
        ['en-US', rejection.hash],
        ['zh-CN', zh.hash]
      ].sort()
    )
    // Frozen in the database: neither the decision nor its stored certificate changes.
    await expect(
      server
        .knex('project_submission_certificates')
        .where({ id: rows[0].id })
        .update({ sha256: 'f'.repeat(64) })
    ).rejects.toThrow(/never changed/)
    const decision = await server.knex('project_submission_decisions as d').join('project_submission_versions as v', 'v.id', 'd.versionId').where('v.submissionId', claimId).first('d.id')
    await expect(server.knex('project_submission_decisions').where({ id: decision.id }).update({ reason: 'Edited later' })).rejects.toThrow(/never changed/)
    await expect(server.knex('project_submission_decisions').where({ id: decision.id }).delete()).rejects.toThrow(/never changed/)
  })

  it('refuses another vendor, a tenant and an anonymous caller as the claim PDF does; 404 for a version not decided or not there', async () => {
    const beta = await download('vendor.beta', claimCertificateUrl(claimId, 1))
    expect(beta.status).toBe(404)
    expect(beta.bytes.toString('latin1')).not.toContain('%PDF')
    expect((await download('vendor.beta', claimDocumentUrl(claimId, 1))).status).toBe(404)
    expect((await download('tenant.acme', claimCertificateUrl(claimId, 1))).status).toBe(403)
    expect((await download(null, claimCertificateUrl(claimId, 1))).status).toBe(401)
    for (const version of ['2', '0', 'abc']) expect((await download('vendor.alpha', `documents/projectSubmissionCertificate/${claimId}?version=${version}`)).status, version).toBe(404)
  })

  it('certifies the acceptance of version 2 with its amount, version 1’s documents unchanged', async () => {
    const current = await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${claimId}`)
    const edited = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${claimId}`, { updatedAt: current.body.updatedAt, invoiceDate: '2026-11-21', completionAmountCents: 900_000 })
    expect(edited.status).toBe(200)
    const resubmitted = await method('vendor.alpha', 'resubmit', { id: claimId, updatedAt: edited.body.updatedAt })
    expect(resubmitted.status).toBe(200)
    expect((await download('vendor.alpha', claimCertificateUrl(claimId, 2))).status).toBe(404)
    const accepted = await method('pm.hk', 'accept', { id: claimId, updatedAt: resubmitted.body.updatedAt, note: 'Certified in full' })
    expect(accepted.status).toBe(200)
    expect(accepted.body.versions.map((one: any) => one.decision)).toEqual(['REJECTED', 'ACCEPTED'])

    const certificate = await download('vendor.alpha', claimCertificateUrl(claimId, 2))
    expect(certificate.status).toBe(200)
    const text = pdfText(certificate.bytes).replace(/\s+/g, ' ')
    expect(text).toContain('Claim 1 · Version 2')
    expect(text).toContain('Decision Accepted')
    expect(text).toContain('Amount certified for payment 9,000.00')
    expect(text).toContain('Note Certified in full')
    expect((await download('pm.hk', claimCertificateUrl(claimId, 2))).bytes.equals(certificate.bytes)).toBe(true)

    expect((await download('vendor.alpha', claimDocumentUrl(claimId, 1))).bytes.equals(claimPdf.bytes)).toBe(true)
    expect((await download('vendor.alpha', claimCertificateUrl(claimId, 1))).bytes.equals(rejection.bytes)).toBe(true)
    const versions = await server.knex('project_submission_versions').where({ submissionId: claimId }).orderBy('version')
    expect(versions[0].pdfSha256).toBe(claimPdf.hash)
  })

  it('is there for the demo’s decided claims: each accepted or rejected version has its decision', async () => {
    const decided = await server
      .knex('project_submissions as s')
      .join('project_submission_versions as v', function () {
        this.on('v.submissionId', 's.id').andOn('v.version', 's.version')
      })
      .leftJoin('project_submission_decisions as d', 'd.versionId', 'v.id')
      .whereIn('s.status', ['APPR', 'REJECTED'])
      .whereNot('s.id', claimId)
      .select('s.status', 'd.decision', 'd.certifiedAmountCents')
    expect(decided.length).toBeGreaterThan(0)
    for (const row of decided) {
      expect(row.decision).toBe(row.status === 'APPR' ? 'ACCEPTED' : 'REJECTED')
      if (row.status === 'APPR') expect(Number(row.certifiedAmountCents)).toBeGreaterThanOrEqual(0)
    }
  })
})
