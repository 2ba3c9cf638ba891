import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { uniqueName } from '../../tenancies/module.js'
import { outsiders } from './outsiders.js'
import { createTenantProject, createTenantProjectAccount } from '../seeds/factories.js'

/*
 * The deposit ledger over real HTTP on real PostgreSQL (issue 30 items 1 to 4, 11): the deposit
 * recorded by accounting and its notice (400 until the amount is entered), the deductions to the
 * cent (the acceptance case: 120,000.00 less 3,456.78 and 1,000.00 refunds 115,543.22), refused
 * beyond the deposit (by the service and by the database), the refund requested by the tenant
 * (428 naming the final documents and the final inspection until both are there), by the main
 * contractor only with the tenant's leave, moved through its table and confirmed by accounting, the
 * management fee, the statement PDF, and every denial: another tenant, a sub-account without
 * TenantProject, a vendor, staff of another region, staff without the read right, a stale write.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
let acmeTenancy: number

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, `/hk/v1/${path}`, body)
const act = (user: string, path: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', `/hk/v1/${path}`, body, { 'x-service-method': method })
const versionOf = async (path: string, id: number) => (await api('admin', 'GET', `${path}/${id}`)).body.updatedAt
const mailsTo = (template: string, address: string) =>
  server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])

/** A fresh IN_PROGRESS fit-out of ACME with contractor.acme as its main contractor. */
async function fitOut() {
  const project = await createTenantProject(server.knex, { tenancyId: acmeTenancy, projectName: uniqueName('Ledger fit-out'), status: 'IN_PROGRESS', floors: ['22/F'] })
  await createTenantProjectAccount(server.knex, { projectId: project.id, email: `${uniqueName('mc')}@example.com`, isContractorAdmin: true, userId: ids.contractor })
  return project.id
}

/** The final documents completed and a final inspection sent: the refund's preconditions (their own services are another item's). */
async function readyForRefund(projectId: number) {
  const project = await server.knex('tenant_projects').where({ id: projectId }).first('region', 'tenancyId')
  await server.knex('tenant_project_final_documents').insert({ projectId, region: project.region, tenancyId: project.tenancyId, status: 'COMPLETED', completedAt: new Date() })
  await server.knex('tenant_project_inspections').insert({ projectId, region: project.region, tenancyId: project.tenancyId, type: 'FINAL', inspectedAt: new Date(), sentAt: new Date() })
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'accounting.hk', 'pm.hk', 'approver.hk', 'tenant.acme', 'contractor.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.contractor = (await server.knex('users').where({ username: 'contractor.acme' }).first('id')).id
  acmeTenancy = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const strangers = await outsiders(server, 'accounting.hk', 'Ledger')
  Object.assign(tokens, { other: strangers.other, subWithout: strangers.subWithout, accountingSg: strangers.staffSg })
})
afterAll(async () => {
  await server?.stop()
})

describe('deposit ledger', () => {
  it('the acceptance case: accounting records 120,000.00, deducts 3,456.78 and 1,000.00; the refund is 115,543.22, deducted 4,456.78', async () => {
    const projectId = await fitOut()
    const created = await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, amount: '120,000.00', payeeType: 'DIRECT', chequeNumber: 'CHQ-1' })
    expect(created.status).toBe(201)
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ amountCents: 12_000_000, currency: 'HKD', refundCents: 12_000_000, deductedCents: 0 })
    for (const [kind, amount] of [
      ['DAMAGE', '3,456.78'],
      ['DEBRIS_REMOVAL', '1000.00']
    ]) {
      const line = await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind, amount, reason: `${kind} found at handback` })
      expect(line.status).toBe(201)
      expect(line.body.createdByName).toContain('Carol')
    }
    const deposit = (await api('tenant.acme', 'GET', `tenant-project-deposits/${created.body.id}`)).body
    expect(deposit).toMatchObject({ amountCents: 12_000_000, refundCents: 11_554_322, deductedCents: 445_678 })
    const lines = (await api('tenant.acme', 'GET', `tenant-project-deductions?projectId=${projectId}`)).body.data
    expect(lines.map((line: any) => line.amountCents)).toEqual([345_678, 100_000])

    // Beyond the deposit: refused by the service (with what remains) and by the database for any writer.
    const over = await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'DAMAGE', amount: '115,543.23', reason: 'too much' })
    expect(over.status).toBe(409)
    expect(over.body.data).toMatchObject({ code: 'DEDUCTIONS_EXCEED_DEPOSIT', remainingCents: 11_554_322 })
    await expect(
      server
        .knex('tenant_project_deposit_deductions')
        .insert({ projectId, region: 'HK', tenancyId: acmeTenancy, depositId: created.body.id, kind: 'DAMAGE', amountCents: 11_554_323, reason: 'direct' })
    ).rejects.toMatchObject({ constraint: 'tenant_project_deductions_within_deposit' })
    const lower = await api('accounting.hk', 'PATCH', `tenant-project-deposits/${created.body.id}`, { amount: '4,456.77', updatedAt: await versionOf('tenant-project-deposits', created.body.id) })
    expect(lower.status).toBe(409)
    expect(lower.body.data.code).toBe('DEDUCTIONS_EXCEED_DEPOSIT')
    // More than 2 decimals, OTHER without a note.
    expect((await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'DAMAGE', amount: '1.005', reason: 'x' })).body.data.code).toBe('AMOUNT_INVALID')
    expect((await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'OTHER', amount: '1.00', reason: 'x' })).body.data.code).toBe('DEDUCTION_NOTE_REQUIRED')
    // Evidence must be a file uploaded for this deposit, not any id.
    const [stray] = await server
      .knex('files')
      .insert({ region: 'HK', name: 'x.pdf', mimeType: 'application/pdf', size: 1, sha256: 'x'.repeat(64), storageKey: 'stray', ownerResource: 'buildings', ownerId: '1' }, ['id'])
    expect((await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'DAMAGE', amount: '1.00', reason: 'x', evidenceFileId: stray.id })).body.data.code).toBe(
      'LEDGER_FILE_INVALID'
    )
    const [own] = await server.knex('files').insert(
      {
        region: 'HK',
        name: 'photo.pdf',
        mimeType: 'application/pdf',
        size: 1,
        sha256: 'y'.repeat(64),
        storageKey: 'own',
        ownerResource: 'tenant-project-deposits',
        ownerId: String(created.body.id)
      },
      ['id']
    )
    const evidenced = await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'OTHER', amount: '0.01', reason: 'Lost key', note: 'one key', evidenceFileId: own.id })
    expect(evidenced.body).toMatchObject({ amountCents: 1, evidenceFileId: own.id })

    // The statement PDF: accounting and the tenant read it; another tenant gets 404.
    const pdf = await fetch(`${server.url}/hk/v1/documents/tenant-deposit-statement/${projectId}`, { headers: { authorization: `Bearer ${tokens['accounting.hk']}` } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toContain('application/pdf')
    const denied = await fetch(`${server.url}/hk/v1/documents/tenant-deposit-statement/${projectId}`, { headers: { authorization: `Bearer ${tokens.other}` } })
    expect(denied.status).toBe(404)
  })

  it("a deduction's evidence: uploaded by accounting, downloaded by the ledger's readers, by no one else", async () => {
    const projectId = await fitOut()
    const deposit = (await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, amount: '50,000.00', payeeType: 'DIRECT' })).body
    const form = new FormData()
    form.append('ownerResource', 'tenant-project-deposits')
    form.append('ownerId', String(deposit.id))
    form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 scratched panels'))], { type: 'application/pdf' }), 'panels.pdf')
    const upload = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['accounting.hk']}` }, body: form })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const fileId = (await upload.json())[0].id
    const line = await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'DAMAGE', amount: '500.00', reason: 'Panels', evidenceFileId: fileId })
    expect(line.body).toMatchObject({ evidenceFileId: fileId })

    const download = (user: string, id = fileId) => fetch(`${server.url}/hk/v1/tenant-project-deposit-files/${id}/content`, { headers: { authorization: `Bearer ${tokens[user]}` } })
    for (const reader of ['accounting.hk', 'pm.hk', 'tenant.acme']) {
      const answer = await download(reader)
      expect(answer.status, reader).toBe(200)
      expect(answer.headers.get('content-disposition')).toContain('panels.pdf')
      expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe('%PDF-1.4 scratched panels')
    }
    // Another tenant and the sub-account without TenantProject do not read the deposit; a vendor reads no deposit at all.
    for (const stranger of ['other', 'subWithout']) expect((await download(stranger)).status, stranger).toBe(404)
    expect((await download('vendor.alpha')).status).toBe(403)
    // The vendor gets the same answer for an id that is no deposit's file: nothing tells it which ids exist.
    expect((await download('vendor.alpha', 999_999_999)).status).toBe(403)
    // A file of another record is not a deposit's file, whoever asks.
    const [stray] = await server
      .knex('files')
      .insert({ region: 'HK', name: 'x.pdf', mimeType: 'application/pdf', size: 1, sha256: 'z'.repeat(64), storageKey: 'stray-2', ownerResource: 'buildings', ownerId: '1' }, ['id'])
    expect((await download('admin', stray.id)).status).toBe(404)
  })

  it('the deposit notice waits for the amount, then mails the project managers and accounting with it', async () => {
    const projectId = await fitOut()
    const created = await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, payeeType: 'SUBJECT_TO_REVIEW' })
    expect(created.status).toBe(201)
    const early = await act('accounting.hk', 'tenant-project-deposits', 'notify', { id: created.body.id, updatedAt: created.body.updatedAt })
    expect(early.status).toBe(400)
    expect(early.body.data.code).toBe('DEPOSIT_AMOUNT_REQUIRED')
    // Other payee without an address, a waiver without the approval.
    expect((await api('accounting.hk', 'PATCH', `tenant-project-deposits/${created.body.id}`, { payeeType: 'OTHER', payeeName: 'X', updatedAt: created.body.updatedAt })).body.data.code).toBe(
      'DEPOSIT_PAYEE_REQUIRED'
    )
    expect((await api('accounting.hk', 'PATCH', `tenant-project-deposits/${created.body.id}`, { waived: true, updatedAt: created.body.updatedAt })).body.data.code).toBe(
      'DEPOSIT_WAIVER_APPROVAL_REQUIRED'
    )
    const entered = await api('accounting.hk', 'PATCH', `tenant-project-deposits/${created.body.id}`, { amount: '50,000', updatedAt: created.body.updatedAt })
    expect(entered.status).toBe(200)
    // The version read before the amount was entered is stale now; none at all asks for one.
    expect((await act('accounting.hk', 'tenant-project-deposits', 'notify', { id: created.body.id, updatedAt: created.body.updatedAt })).status).toBe(410)
    expect((await act('accounting.hk', 'tenant-project-deposits', 'notify', { id: created.body.id })).status).toBe(428)
    // The tenant cannot send it: 403, whether its copy is current or not (authorization before the version).
    expect((await act('tenant.acme', 'tenant-project-deposits', 'notify', { id: created.body.id, updatedAt: entered.body.updatedAt })).status).toBe(403)
    expect((await act('tenant.acme', 'tenant-project-deposits', 'notify', { id: created.body.id, updatedAt: created.body.updatedAt })).status).toBe(403)
    const sent = await act('pm.hk', 'tenant-project-deposits', 'notify', { id: created.body.id, updatedAt: entered.body.updatedAt })
    expect(sent.status).toBe(200)
    expect(sent.body.accountingNotifiedAt).toBeTruthy()
    const accounting = await server.knex('users').where({ username: 'accounting.hk' }).first('email')
    const [mail] = await mailsTo('tenant-project-deposit.notice', accounting.email).orderBy('id', 'desc').limit(1)
    expect(JSON.stringify(mail)).toContain('HKD 50,000.00')
    // A second deposit for the project is refused.
    expect((await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, amount: '1' })).body.data.code).toBe('DEPOSIT_EXISTS')
  })

  it('the refund: 428 naming both preconditions, the contractor only with leave, the table, confirmed with the deductions as they stand', async () => {
    const projectId = await fitOut()
    const deposit = (await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, amount: '10,000.00' })).body
    await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'TEMPORARY_POWER', amount: '250.50', reason: 'power' })

    const early = await api('tenant.acme', 'POST', 'tenant-project-refunds', { projectId })
    expect(early.status).toBe(428)
    expect(early.body.data).toMatchObject({ code: 'REFUND_PRECONDITIONS', missing: 'final documents, final inspection' })
    expect(early.body.message).toContain('final documents, final inspection')
    await readyForRefund(projectId)

    // The main contractor without the tenant's leave; staff; a vendor; another tenant; a sub-account without TenantProject.
    expect((await api('contractor.acme', 'POST', 'tenant-project-refunds', { projectId })).body.data.code).toBe('REFUND_NOT_ALLOWED')
    expect((await api('accounting.hk', 'POST', 'tenant-project-refunds', { projectId })).status).toBe(403)
    expect((await api('vendor.alpha', 'POST', 'tenant-project-refunds', { projectId })).status).toBe(403)
    expect((await api('other', 'POST', 'tenant-project-refunds', { projectId })).status).toBe(404)
    expect((await api('subWithout', 'POST', 'tenant-project-refunds', { projectId })).status).toBe(404)

    // Staff may not set the tenant's leave; the tenant may, and then the contractor requests.
    expect((await api('accounting.hk', 'PATCH', `tenant-project-deposits/${deposit.id}`, { mainContractorMayRequestRefund: true, updatedAt: deposit.updatedAt })).status).toBe(403)
    expect((await api('tenant.acme', 'PATCH', `tenant-project-deposits/${deposit.id}`, { amount: '1.00', updatedAt: deposit.updatedAt })).status).toBe(403)
    const leave = await api('tenant.acme', 'PATCH', `tenant-project-deposits/${deposit.id}`, { mainContractorMayRequestRefund: true, updatedAt: deposit.updatedAt })
    expect(leave.status).toBe(200)
    const requested = await api('contractor.acme', 'POST', 'tenant-project-refunds', { projectId, payeeType: 'CREDIT_TO', creditTo: 'ACME account 123' })
    expect(requested.status).toBe(201)
    expect(requested.body).toMatchObject({ status: 'REQUESTED', amountCents: 974_950 })
    expect((await api('tenant.acme', 'POST', 'tenant-project-refunds', { projectId })).body.data.code).toBe('REFUND_EXISTS')

    const id = requested.body.id
    const step = async (user: string, method: string) => act(user, 'tenant-project-refunds', method, { id, updatedAt: await versionOf('tenant-project-refunds', id) })
    expect((await step('tenant.acme', 'confirm')).status).toBe(403)
    expect((await step('pm.hk', 'confirm')).status).toBe(403)
    expect((await step('accounting.hk', 'resume')).status).toBe(403)
    expect((await step('accounting.hk', 'notifyProjectManager')).body.status).toBe('PM_NOTIFIED')
    expect((await step('pm.hk', 'resume')).body.status).toBe('RESUMED')
    expect((await step('accounting.hk', 'confirm')).body.data.code).toBe('INVALID_TRANSITION')
    expect((await step('pm.hk', 'notifyAccounting')).body.status).toBe('ACCOUNTING_NOTIFIED')
    // A deduction added before the confirmation counts.
    await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'LATE_DOCUMENTS', amount: '49.50', reason: 'late' })
    const confirmed = await step('accounting.hk', 'confirm')
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', amountCents: 970_000 })
    expect(confirmed.body.confirmedAt).toBeTruthy()
    expect((await api('accounting.hk', 'POST', 'tenant-project-deductions', { projectId, kind: 'DAMAGE', amount: '1', reason: 'after' })).body.data.code).toBe('REFUND_CONFIRMED')
    const tenant = await server.knex('users').where({ username: 'tenant.acme' }).first('email')
    const [mail] = await mailsTo('tenant-project-refund.confirmed', tenant.email).orderBy('id', 'desc').limit(1)
    expect(JSON.stringify(mail)).toContain('HKD 9,700.00')
  })

  it('the management fee: recorded and notified by accounting, read by the tenant, not written by it', async () => {
    const projectId = await fitOut()
    const fee = await api('accounting.hk', 'POST', 'tenant-project-management-fees', { projectId, amount: '8,888.80', debitNote: 'DN-001', accountCode: '4100-22' })
    expect(fee.status).toBe(201)
    expect(fee.body.amountCents).toBe(888_880)
    expect((await api('tenant.acme', 'GET', `tenant-project-management-fees?projectId=${projectId}`)).body.data).toHaveLength(1)
    expect((await api('tenant.acme', 'PATCH', `tenant-project-management-fees/${fee.body.id}`, { amount: '1', updatedAt: fee.body.updatedAt })).status).toBe(403)
    const sent = await act('accounting.hk', 'tenant-project-management-fees', 'notify', { id: fee.body.id, updatedAt: fee.body.updatedAt })
    expect(sent.status).toBe(200)
    const accounting = await server.knex('users').where({ username: 'accounting.hk' }).first('email')
    const [mail] = await mailsTo('tenant-project-management-fee.notice', accounting.email).orderBy('id', 'desc').limit(1)
    expect(JSON.stringify(mail)).toContain('HKD 8,888.80')
  })

  it("the management fee's supporting documents: uploaded for the fee, listed by name, downloaded by its readers; no other file", async () => {
    const projectId = await fitOut()
    const upload = async (ownerResource: string, ownerId: number, name: string) => {
      const form = new FormData()
      form.append('ownerResource', ownerResource)
      form.append('ownerId', String(ownerId))
      form.append('files', new Blob([new Uint8Array(Buffer.from(`%PDF-1.4 ${name}`))], { type: 'application/pdf' }), name)
      const answer = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['accounting.hk']}` }, body: form })
      expect(answer.status, await answer.clone().text()).toBe(201)
      return (await answer.json())[0].id as number
    }
    // None can be named before the fee exists: they are uploaded for it.
    const early = await api('accounting.hk', 'POST', 'tenant-project-management-fees', { projectId, amount: '100.00', supportingFileIds: [1] })
    expect(early.status).toBe(400)
    expect(early.body.data).toMatchObject({ code: 'LEDGER_FILE_INVALID' })
    const fee = (await api('accounting.hk', 'POST', 'tenant-project-management-fees', { projectId, amount: '100.00' })).body
    const invoice = await upload('tenant-project-management-fees', fee.id, 'invoice.pdf')
    const depositFile = await upload(
      'tenant-project-deposits',
      (await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, amount: '1.00', payeeType: 'DIRECT' })).body.id,
      'deposit.pdf'
    )
    // A file of the deposit (or of anything else) is not this fee's.
    const stray = await api('accounting.hk', 'PATCH', `tenant-project-management-fees/${fee.id}`, { supportingFileIds: [invoice, depositFile], updatedAt: fee.updatedAt })
    expect(stray.status).toBe(400)
    expect(stray.body.data).toMatchObject({ code: 'LEDGER_FILE_INVALID', fileId: depositFile })
    const named = await api('accounting.hk', 'PATCH', `tenant-project-management-fees/${fee.id}`, { supportingFileIds: [invoice], updatedAt: fee.updatedAt })
    expect(named.status).toBe(200)
    for (const reader of ['accounting.hk', 'tenant.acme']) {
      const [listed] = (await api(reader, 'GET', `tenant-project-management-fees?projectId=${projectId}`)).body.data
      expect(listed.supportingFiles, reader).toEqual([{ id: invoice, name: 'invoice.pdf', size: expect.any(Number) }])
      const download = await fetch(`${server.url}/hk/v1/tenant-project-deposit-files/${invoice}/content`, { headers: { authorization: `Bearer ${tokens[reader]}` } })
      expect(download.status, reader).toBe(200)
      expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('%PDF-1.4 invoice.pdf')
    }
    for (const stranger of ['other', 'subWithout']) {
      const download = await fetch(`${server.url}/hk/v1/tenant-project-deposit-files/${invoice}/content`, { headers: { authorization: `Bearer ${tokens[stranger]}` } })
      expect(download.status, stranger).toBe(404)
    }
  })

  it('who reads: the project readers on the tenant side, staff only with the read right, none elsewhere', async () => {
    const projectId = await fitOut()
    const deposit = (await api('accounting.hk', 'POST', 'tenant-project-deposits', { projectId, amount: '500' })).body
    const listed = async (user: string) => (await api(user, 'GET', `tenant-project-deposits?projectId=${projectId}`)).body.data?.length ?? null
    expect(await listed('tenant.acme')).toBe(1)
    expect(await listed('contractor.acme')).toBe(1)
    expect(await listed('pm.hk')).toBe(1)
    // approver.hk reads the project but holds no deposit read right.
    expect(await listed('approver.hk')).toBe(0)
    expect((await api('approver.hk', 'GET', `tenant-project-deposits/${deposit.id}`)).status).toBe(404)
    expect(await listed('other')).toBe(0)
    expect((await api('other', 'GET', `tenant-project-deposits/${deposit.id}`)).status).toBe(404)
    expect((await api('subWithout', 'GET', `tenant-project-deposits/${deposit.id}`)).status).toBe(404)
    expect((await api('vendor.alpha', 'GET', `tenant-project-deposits?projectId=${projectId}`)).status).toBe(403)
    expect((await server.api(tokens.accountingSg, 'GET', `/hk/v1/tenant-project-deposits/${deposit.id}`)).status).toBe(403)
    expect((await server.api(tokens.accountingSg, 'GET', `/sg/v1/tenant-project-deposits/${deposit.id}`)).status).toBe(404)
    // Writes by those who do not hold the right.
    expect((await api('tenant.acme', 'POST', 'tenant-project-deductions', { projectId, kind: 'DAMAGE', amount: '1', reason: 'x' })).status).toBe(403)
    expect((await api('pm.hk', 'POST', 'tenant-project-deposits', { projectId: await fitOut(), amount: '1' })).status).toBe(403)
    expect((await api('other', 'POST', 'tenant-project-deposits', { projectId, amount: '1' })).status).toBe(404)
  })

  it('the spec aliases: PUT deposit_refund records and edits, PUT update/notification sends the notice', async () => {
    const projectId = await fitOut()
    const first = await api('accounting.hk', 'PUT', `tenant_projects/${projectId}/deposit_refund`, { deposit: { amount: '2,000.00', payeeType: 'DIRECT' } })
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300)
    const edited = await api('accounting.hk', 'PUT', `tenant_projects/${projectId}/deposit_refund`, { deposit: { chequeNumber: 'CHQ-9', updatedAt: first.body.updatedAt } })
    expect(edited.body).toMatchObject({ chequeNumber: 'CHQ-9', amountCents: 200_000 })
    const notice = await api('accounting.hk', 'PUT', `tenant_projects/${projectId}/update/notification`, { updatedAt: edited.body.updatedAt })
    expect(notice.status).toBe(200)
    expect(notice.body.pmNotifiedAt).toBeTruthy()
    const refund = await api('tenant.acme', 'PUT', `tenant_projects/${projectId}/deposit_refund`, { refund: { payeeType: 'DIRECT' } })
    expect(refund.status).toBe(428)
  })
})
