import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp.js'
import { liveSockets } from '../../../../test/live.js'
import { createContractor, createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { claimCalls } from './claim-calls.js'

/*
 * Payment claims (project submissions) over real HTTP on real PostgreSQL (spec §3 Submission, §4,
 * §5; issue 12 item 5): the project's vendor prepares a claim, edits it while it is a draft, and
 * its figures come back computed; whoever does not read the project is refused first (another
 * vendor, staff outside the purchase site, a tenant); bad input is a 4xx in the caller's language.
 */

let server: TestServer
let parties: ProjectParties
let smtp: SmtpCapture
const live = liveSockets()
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const { api, version, move } = claimCalls(() => server, tokens)
const claim = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  completionType: 'PARTIAL',
  invoiceNumber: uniqueNumber('INV'),
  invoiceAmountCents: 1_000_000,
  invoiceDate: '2026-11-20',
  completionAmountCents: 1_000_000,
  ...extra
})

beforeAll(async () => {
  smtp = await startSmtpCapture()
  server = await startTestServer()
  // Before any mail: the mailer opens its transport on first use.
  smtp.deliverFrom(server.app)
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'alpha.site', 'alpha.office', 'vendor.beta', 'tenant.acme']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  // A project manager whose department keeps them to a site of their own (outside the purchase site).
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Outside site', shortName: uniqueNumber('OS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const pm = await server.knex('users').where({ username: 'pm.hk' }).first()
  const { id: _id, ...person } = pm
  const [outsider] = await server.knex('users').insert({ ...person, username: 'pm.outside', email: 'pm.outside@example.com' }, ['id'])
  await server.knex('user_groups').insert({ userId: outsider.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Outside department', shortName: 'OSD', siteIds: [site.id], userIds: [outsider.id] })
  tokens['pm.outside'] = (await server.login('pm.outside')).accessToken
  users['pm.outside'] = outsider.id
  users.outsideSite = site.id
})
afterAll(async () => {
  live.close()
  await server?.stop()
  await smtp?.close()
})

describe('a payment claim', () => {
  it('is prepared by the project’s vendor as a DRAFT with the next order and its figures, and edited while a draft', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
    await server.knex('projects').where({ id: project.id }).update({ deductionCents: 0 })
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { invoiceNumber: ' inv-001 ' }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      projectId: project.id,
      companyId: parties.alpha,
      order: 1,
      status: 'DRAFT',
      version: 0,
      invoiceNumber: 'inv-001',
      invoiceDate: '2026-11-20',
      completionAmountCents: 1_000_000,
      previousAmountCents: 0,
      remainingBalanceCents: 9_000_000,
      retentionAmountCents: 500_000,
      decision: null,
      actions: ['submit'],
      ledger: null,
      versions: []
    })
    expect(created.body.figures).toMatchObject({ revisedAmountCents: 10_000_000, balanceBeforeCents: 10_000_000, fullCompletion: false })
    expect(created.body.invoiceKey).toBeUndefined()
    const second = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    expect(second.body.order).toBe(2)
    const edited = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${created.body.id}`, { completionAmountCents: 9_600_000, updatedAt: created.body.updatedAt })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ completionAmountCents: 9_600_000, remainingBalanceCents: 400_000 })
    expect(edited.body.figures.fullCompletion).toBe(true)
    const listed = await api('pm.hk', 'GET', `/hk/v1/project-submissions?projectId=${project.id}&$sort[order]=-1`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((row: any) => row.order)).toEqual([2, 1])
    expect(listed.body.total).toBe(2)
    // A stale write: the version read before the edit.
    const stale = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${created.body.id}`, { completionAmountCents: 1, updatedAt: created.body.updatedAt })
    expect(stale.status).toBe(410)
    const removed = await api('vendor.alpha', 'DELETE', `/hk/v1/project-submissions/${second.body.id}`)
    expect(removed.status).toBe(200)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${second.body.id}`)).status).toBe(404)
  })

  it('is refused first to whoever does not read the project: another vendor, staff outside the purchase site, a tenant', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    const id = created.body.id
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions/${id}`)).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions?projectId=${project.id}`)).body.data).toEqual([])
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-submissions', claim(project.id))).status).toBe(400)
    expect((await api('vendor.beta', 'PATCH', `/hk/v1/project-submissions/${id}`, { completionAmountCents: 1, updatedAt: 'x' })).status).toBe(404)
    // A project of a site whose department lists only pm.outside: pm.hk's location does not reach it.
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users['pm.outside'] }, parties)
    const awayClaim = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(away.id))
    expect(awayClaim.status).toBe(201)
    expect((await api('pm.outside', 'GET', `/hk/v1/project-submissions/${awayClaim.body.id}`)).status).toBe(200)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions/${awayClaim.body.id}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions?projectId=${away.id}`)).body.data).toEqual([])
    expect((await api('pm.hk', 'PATCH', `/hk/v1/project-submissions/${awayClaim.body.id}`, { action: 'accept', updatedAt: 'x' })).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/project-submissions`)).status).toBe(403)
    expect((await api('tenant.acme', 'POST', '/hk/v1/project-submissions', claim(project.id))).status).toBe(403)
    // Staff read it but do not write the vendor's claim.
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions/${id}`)).status).toBe(200)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/project-submissions/${id}`, { completionAmountCents: 1, updatedAt: await version(id) })).status).toBe(403)
    expect((await api('pm.hk', 'POST', '/hk/v1/project-submissions', claim(project.id))).status).toBe(403)
  })

  it('starts with the project’s deduction to date, whose retention is on the revised amount', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
    await server.knex('projects').where({ id: project.id }).update({ deductionCents: 1_000_000, deductionReason: 'Scope reduced' })
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    expect(created.body).toMatchObject({ deductionAmountCents: 1_000_000, retentionAmountCents: 450_000, remainingBalanceCents: 8_000_000 })
  })

  it('is not read by the main contractor’s user of another company, who reads the project (issue 27 item 8)', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions/${created.body.id}`)).status).toBe(404)
    await createContractor(server.knex, project, { contractorType: 'MAIN' })
    await server.knex('project_contractors').where({ projectId: project.id, contractorType: 'MAIN' }).update({ primaryContactUserId: users['vendor.beta'] })
    expect((await api('vendor.beta', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(200)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions/${created.body.id}`)).status).toBe(404)
    const version = await server.version('project-submissions', created.body.id)
    expect((await move('vendor.beta', created.body.id, { action: 'submit', updatedAt: version })).status).toBe(404)
    expect((await move('vendor.beta', created.body.id, { invoiceAmountCents: 1, updatedAt: version })).status).toBe(404)
  })

  it('refuses a claim over the remaining balance and bad input with a 4xx in the caller’s language, never a 5xx', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    const over = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionAmountCents: 10_000_001 }))
    expect(over.status).toBe(400)
    expect(over.body.data).toMatchObject({ code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE', field: 'completionAmountCents', balance: '100,000.00' })
    expect(over.body.message).toBe('The completion amount cannot exceed the remaining balance of 100,000.00.')
    const zh = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionAmountCents: 10_000_001 }), { 'accept-language': 'zh-CN' })
    expect(zh.status).toBe(400)
    expect(zh.body.message).not.toBe(over.body.message)
    for (const bad of [
      { completionAmountCents: -1 },
      { completionAmountCents: 1.5 },
      { completionType: 'SOME' },
      { invoiceDate: '2026-13-45' },
      { projectId: 'x' },
      { lines: [{ item: '1' }] },
      { extra: 1 }
    ]) {
      const answer = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, bad))
      expect(answer.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(bad)).toBeLessThan(500)
    }
    const lines = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '1', workThisPeriodCents: 1, materialsStoredCents: 0 }] }))
    expect(lines.status).toBe(400)
    expect(lines.body.data.code).toBe('CLAIM_LINES_WITHOUT_SCHEDULE')
    expect((await api('vendor.alpha', 'GET', '/hk/v1/project-submissions?$limit=-1')).status).toBe(400)
    expect((await api('vendor.alpha', 'GET', '/hk/v1/project-submissions?status=NOPE')).status).toBe(400)
  })
})

describe('the claim workflow', () => {
  it('submits (version 1 frozen, mail to the person in charge), rejects with a reason, resubmits (version 2), accepts (mail to the vendor with order, action and note)', async () => {
    await server.knex('users').where({ username: 'alpha.site' }).update({ language: 'zh-CN' })
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    const invoiceNumber = uniqueNumber('WF')
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { invoiceNumber }))
    const id = created.body.id
    // Staff cannot submit the vendor's claim; the vendor cannot accept it.
    expect((await move('pm.hk', id, { action: 'submit', updatedAt: await version(id) })).status).toBe(403)
    const submitted = await move('vendor.alpha', id, { action: 'submit', updatedAt: await version(id) })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ status: 'OPEN', version: 1, actions: [] })
    expect(submitted.body.versions).toMatchObject([{ version: 1, pdfSha256: null }])
    const mails = await smtp.received((mail) => String(mail.subject).includes(project.number) && String(mail.text).includes(invoiceNumber), 1)
    expect(mails.map((entry) => entry.rcptTo.join(','))).toEqual(['pm.hk@example.com'])
    expect(mails[0].mail.subject).toBe(`Claim 1 submitted on project ${project.number}`)
    expect(mails[0].mail.text).toContain(`/projects/${project.id}/submissions/${id}`)
    // A submitted version is frozen: no edit, no removal.
    const frozen = await move('vendor.alpha', id, { completionAmountCents: 5, updatedAt: await version(id) })
    expect(frozen.status).toBe(409)
    expect(frozen.body.data.code).toBe('CLAIM_FROZEN')
    expect((await api('vendor.alpha', 'DELETE', `/hk/v1/project-submissions/${id}`)).status).toBe(409)
    expect((await move('vendor.alpha', id, { action: 'accept', updatedAt: await version(id) })).status).toBe(403)
    const pmView = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${id}`)
    expect(pmView.body.actions).toEqual(['accept', 'reject'])
    const noReason = await move('pm.hk', id, { action: 'reject', reason: '  ', updatedAt: await version(id) }, { 'accept-language': 'zh-CN' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toBe('请填写退回付款申请的原因（最多 500 个字符）。')
    const rejected = await move('pm.hk', id, { action: 'reject', reason: 'Line 2 is over-claimed', updatedAt: await version(id) })
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({ status: 'REJECTED', decision: 'REJECTED', rejectReason: 'Line 2 is over-claimed' })
    const edited = await move('vendor.alpha', id, { completionAmountCents: 800_000, updatedAt: await version(id) })
    expect(edited.status).toBe(200)
    // A move on a stale read is refused (410) and changes nothing.
    expect((await move('vendor.alpha', id, { action: 'resubmit', updatedAt: rejected.body.updatedAt })).status).toBe(410)
    const resubmitted = await move('vendor.alpha', id, { action: 'resubmit', updatedAt: edited.body.updatedAt })
    expect(resubmitted.status).toBe(200)
    expect(resubmitted.body).toMatchObject({ status: 'OPEN', version: 2, decision: null })
    const compared = await api('pm.hk', 'GET', `/hk/v1/project-submission-versions?submissionId=${id}&compare=2`)
    expect(compared.status).toBe(200)
    expect(compared.body.data).toHaveLength(1)
    expect(compared.body.data[0].changes.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'completionAmountCents' })]))
    expect(compared.body.data[0].snapshot).toMatchObject({ version: 2, completionAmountCents: 800_000, project: { number: project.number, vendorName: 'Alpha Engineering Ltd', currency: 'HKD' } })
    const accepted = await move('pm.hk', id, { action: 'accept', note: 'Certified for payment', updatedAt: await version(id) })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({ status: 'APPR', decision: 'ACCEPTED' })
    expect(accepted.body.actionHistory.map((entry: any) => entry.action)).toEqual(['submit', 'reject', 'resubmit', 'accept'])
    const accepts = await smtp.received((mail) => String(mail.text).includes('Certified for payment') && String(mail.text).includes(project.number), 2)
    const to = accepts.map((entry) => entry.rcptTo.join(',')).sort()
    expect(to).toEqual(['alpha.site@example.com', 'vendor.alpha@example.com'])
    const english = accepts.find((entry) => entry.rcptTo.includes('vendor.alpha@example.com'))!.mail
    expect(english.subject).toBe(`Claim 1 accepted on project ${project.number}`)
    expect(english.text).toContain('Order: 1')
    expect(english.text).toContain('Action: Accepted')
    expect(english.text).toContain('Note: Certified for payment')
    expect(accepts.find((entry) => entry.rcptTo.includes('alpha.site@example.com'))!.mail.subject).toContain('已接受')
    // The versions never change: the database refuses an edit of a frozen snapshot and a removal.
    await expect(
      server
        .knex('project_submission_versions')
        .where({ submissionId: id, version: 1 })
        .update({ snapshot: JSON.stringify({ forged: true }) })
    ).rejects.toThrow(/frozen/)
    await expect(server.knex('project_submission_versions').where({ submissionId: id, version: 1 }).delete()).rejects.toThrow(/frozen/)
    const [row] = await server
      .knex('project_submission_versions')
      .where({ submissionId: id, version: 1 })
      .update({ pdfSha256: 'a'.repeat(64) }, '*')
    expect(row.pdfSha256).toBe('a'.repeat(64))
    await expect(
      server
        .knex('project_submission_versions')
        .where({ submissionId: id, version: 1 })
        .update({ pdfSha256: 'b'.repeat(64) })
    ).rejects.toThrow(/frozen/)
    // The spec's calls on the same claims.
    const spec = await api('pm.hk', 'GET', `/hk/v1/submissions?projectId=${project.id}`)
    expect(spec.status).toBe(200)
    expect(spec.body.data.map((row: any) => row.id)).toEqual([id])
    const first = await api('pm.hk', 'GET', `/hk/v1/submissions/${id}/versions/1`)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ submissionId: id, version: 1, changes: null })
    expect(first.body.snapshot.completionAmountCents).toBe(1_000_000)
    expect((await api('vendor.beta', 'GET', `/hk/v1/submissions/${id}/versions/1`)).status).toBe(404)
  })

  it('exports the claim list as a spreadsheet with its names in the reader’s language, of the projects the reader reads', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const invoiceNumber = uniqueNumber('EXP')
    await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { invoiceNumber, completionAmountCents: 123_456 }))
    const sheet = async (user: string, language = 'en-US') => {
      const response = await fetch(`${server.url}/hk/v1/exports/project-submissions?projectId=${project.id}`, { headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language } })
      expect(response.status).toBe(200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as any)
      const rows: unknown[][] = []
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
      return rows
    }
    const rows = await sheet('pm.hk')
    expect(rows[0]).toEqual(expect.arrayContaining(['Claim no.', 'Invoice number', 'Completion amount', 'Status']))
    expect(rows[1]).toEqual(expect.arrayContaining(['1', 'Partial', invoiceNumber, 1234.56, 'Draft']))
    expect((await sheet('pm.hk', 'zh-CN'))[0]).toEqual(expect.arrayContaining(['申请编号']))
    expect(await sheet('vendor.beta')).toHaveLength(1)
  })

  it('takes an invoice number once per vendor after trimming and case-folding: 409 names the clashing claim, and of two at once one wins', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const { project: other } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const number = uniqueNumber('DUP')
    const first = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { invoiceNumber: number }))
    expect(first.status).toBe(201)
    const again = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(other.id, { invoiceNumber: `  ${number.toLowerCase()} ` }))
    expect(again.status).toBe(409)
    expect(again.body.data).toMatchObject({ code: 'CLAIM_INVOICE_NUMBER_TAKEN', claimId: first.body.id, order: 1, projectNumber: project.number })
    expect(again.body.message).toBe(`Invoice number ${number} is already used by claim 1 of your company.`)
    // Another vendor may use the same number.
    const { project: beta } = await createProject(server.knex, { status: 'ACTIVE', companyId: parties.beta }, parties)
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-submissions', claim(beta.id, { invoiceNumber: number }))).status).toBe(201)
    const race = uniqueNumber('RACE')
    const answers = await Promise.all([project.id, other.id].map((projectId) => api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(projectId, { invoiceNumber: race }))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.status === 409)!.body.data.code).toBe('CLAIM_INVOICE_NUMBER_TAKEN')
    expect(await server.knex('project_submissions').where({ invoiceKey: race.toLowerCase() }).count({ n: '*' })).toEqual([{ n: 1 }])
  })

  it('asks the person in charge to rate the vendor once a full completion is accepted (WORK_COMPLETED), not for a partial one', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    const tasksOf = () => server.knex('vendor_rating_tasks').where({ projectId: project.id }).select('rateType', 'sourceId', 'managedBy')
    const acceptClaim = async (extra: Record<string, unknown>) => {
      const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, extra))
      expect(created.status).toBe(201)
      const id = created.body.id
      expect((await move('vendor.alpha', id, { action: 'submit', updatedAt: await version(id) })).status).toBe(200)
      expect((await move('pm.hk', id, { action: 'accept', updatedAt: await version(id) })).status).toBe(200)
      return id
    }
    await acceptClaim({ completionType: 'PARTIAL', completionAmountCents: 4_000_000 })
    expect(await tasksOf()).toEqual([])
    const full = await acceptClaim({ completionType: 'FULL', completionAmountCents: 5_500_000 })
    expect(await tasksOf()).toEqual([{ rateType: 'WORK_COMPLETED', sourceId: String(full), managedBy: users['pm.hk'] }])
  })

  it('accepts only with the commencement date set, and tells live readers of the project, nobody else', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', actualCommencementDate: null }, parties)
    await server.knex('projects').where({ id: project.id }).update({ actualCommencementDate: null })
    const pm = await live.connect(server, tokens['pm.hk'], 'HK', ['project-submissions'])
    const beta = await live.connect(server, tokens['vendor.beta'], 'HK', ['project-submissions'])
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    await pm.until((event) => event.data.id === created.body.id)
    const id = created.body.id
    await move('vendor.alpha', id, { action: 'submit', updatedAt: await version(id) })
    const refused = await move('pm.hk', id, { action: 'accept', updatedAt: await version(id) })
    expect(refused.status).toBe(400)
    expect(refused.body.data.code).toBe('CLAIM_COMMENCEMENT_DATE_REQUIRED')
    await pm.until((event) => event.data.id === id && event.data.status === 'OPEN')
    expect(beta.events.filter((event) => event.data.projectId === project.id)).toEqual([])
  })
})
