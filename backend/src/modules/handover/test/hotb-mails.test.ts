import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { uniqueName } from '../../tenancies/module.js'
import { createHotb, createHotbKeys } from '../seeds/factories.js'

/*
 * Handover/takeback's mails (spec hotb §7 "submit for approval, arrange, unsigned, complete,
 * request change, reset to draft"; issue 31 §11), sent by the real server through a real SMTP
 * peer: who receives each (one message per recipient), in their own language, the appointment as
 * an iCalendar file when arranged, and nothing for a move that is refused.
 */

let server: TestServer
let smtp: SmtpCapture
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const emails: Record<string, string> = {}

const act = async (user: string, action: string, id: number, body: Record<string, unknown> = {}) =>
  server.api(tokens[user], 'POST', '/hk/v1/hotb', { id, updatedAt: await server.version('hotb', id), ...body }, { 'x-service-method': action })
/** The messages received for one record (its unique name is in every subject or body). */
const mailsOf = (name: string, count: number) => smtp.received((mail) => `${mail.subject} ${mail.text}`.includes(name), count)
const to = (entry: { rcptTo: string[] }) => entry.rcptTo.join(',')

beforeAll(async () => {
  smtp = await startSmtpCapture()
  server = await startTestServer()
  // Before any mail: the mailer opens its transport on first use.
  smtp.deliverFrom(server.app)
  for (const name of ['pm.hk', 'approver.hk']) {
    const { accessToken, user } = await server.login(name)
    tokens[name] = accessToken
    ids[name] = user.id
    emails[name] = user.email
  }
  ids.acme = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  // A tenant contact with an account that reads Chinese; another without any account (en-US).
  const zh = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server.knex('users').where({ id: zh.id }).update({ language: 'zh-CN' })
  emails.zh = (await server.knex('users').where({ id: zh.id }).first('email')).email
  emails.contact = `${uniqueName('contact').toLowerCase().replace(/\W+/g, '.')}@example.com`
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

describe('handover mails', () => {
  it('asks the chosen approver; sends the appointment with its calendar file to the tenant’s contacts and the PIC, each in their language', async () => {
    const name = uniqueName('Mailed handover')
    const { id } = await createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status: 'DRAFT', managedBy: ids['pm.hk'], name })
    expect((await act('pm.hk', 'submit', id, { approverId: ids['approver.hk'] })).status).toBe(200)
    const [asked] = await mailsOf(name, 1)
    expect(to(asked)).toBe(emails['approver.hk'])
    expect(asked.mail.subject).toContain('waiting for your approval')
    expect(String(asked.mail.text)).toContain(`/handover-takeback/${id}`)

    expect((await act('approver.hk', 'approve', id)).status).toBe(200)
    await server.knex('hotb').where({ id }).update({ remarkToTenant: 'Bring the company chop.' })
    const arranged = await act('pm.hk', 'arrange', id, { scheduledAt: '2027-01-04T10:00:00+08:00', tenantContactEmail: emails.contact, companyContactEmail: emails.zh })
    expect(arranged.status).toBe(200)
    // The approver's one mail, then one for the PIC, the contact, the Chinese reader and ACME's master account.
    const mails = await mailsOf(name, 5)
    const appointments = mails.filter((entry) => entry.mail.attachments.length)
    expect(appointments.map(to)).toEqual(expect.arrayContaining([emails['pm.hk'], emails.contact, emails.zh]))
    expect(new Set(appointments.map(to)).size).toBe(appointments.length)
    const english = appointments.find((entry) => to(entry) === emails.contact)!
    expect(english.mail.subject).toBe('Handover of 22/F on 04/Jan/27 10:00 (UTC+08:00)')
    expect(String(english.mail.text)).toContain('Bring the company chop.')
    expect(String(english.mail.text)).toContain(`/tenants/handover-takeback/${id}`)
    const chinese = appointments.find((entry) => to(entry) === emails.zh)!
    expect(chinese.mail.subject).toBe('22/F 的交收定于 04/Jan/27 10:00 (UTC+08:00)')
    const [calendar] = english.mail.attachments
    expect(calendar.contentType).toBe('text/calendar')
    expect(calendar.filename).toBe('appointment.ics')
    const ics = calendar.content.toString('utf8')
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain(`UID:hotb-${id}@estate-portal`)
    expect(ics).toContain('DTSTART:20270104T020000Z')
    expect(ics).toContain(`mailto:${emails.contact}`)

    // Unsigned, then completed: the tenant's side and the PIC hear of both.
    const before = smtp.captured.length
    expect((await act('pm.hk', 'unsigned', id, { reason: 'The signatory was away.' })).status).toBe(200)
    expect((await act('pm.hk', 'complete', id, { actualDate: '2027-01-05' })).status).toBe(200)
    const later = (await mailsOf(name, before + 8)).slice(-8)
    expect(later.filter((entry) => entry.mail.subject === `Handover ${name} was not signed`).map(to)).toContain(emails.contact)
    const completed = later.filter((entry) => entry.mail.subject === `Handover ${name} is complete`)
    expect(completed.map(to)).toEqual(expect.arrayContaining([emails.contact, emails['pm.hk']]))
    expect(String(completed[0].mail.text)).toContain('2027-01-05')
  })

  it('tells the PIC and the creator of a requested change with its reason, the PIC of a reset to draft', async () => {
    const name = uniqueName('Changed handover')
    const { id } = await createHotb(server.knex, {
      tenancyId: ids.acme,
      premises: ['22/F'],
      status: 'WAPPR',
      managedBy: ids['pm.hk'],
      createdBy: ids['approver.hk'],
      approverId: ids['approver.hk'],
      name
    })
    expect((await act('pm.hk', 'requestChange', id, { reason: 'Wrong floor' })).status).toBe(200)
    const changed = await mailsOf(name, 2)
    expect(changed.map(to).sort()).toEqual([emails['pm.hk'], emails['approver.hk']].sort())
    expect(String(changed[0].mail.text)).toContain('Reason: Wrong floor')

    const rejected = await createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status: 'REJECTED', managedBy: ids['pm.hk'], name: `${name} again` })
    expect((await act('pm.hk', 'resetToDraft', rejected.id)).status).toBe(200)
    const [reset] = await smtp.received((mail) => mail.subject === `Handover ${name} again is a draft again`, 1)
    expect(to(reset)).toBe(emails['pm.hk'])
  })

  it('mails nobody for a move that is refused: a takeback completed with its keys open', async () => {
    const name = uniqueName('Open keys')
    const { id } = await createHotb(server.knex, { tenancyId: ids.acme, type: 'TAKEBACK', premises: ['22/F'], status: 'UNSIGNED', managedBy: ids['pm.hk'], name })
    await createHotbKeys(server.knex, id, [{ item: 'Main door', keys: 2, keysHandedOver: 2, accessCards: 0 }])
    await server.knex('hotb').where({ id }).update({ tenantContactEmail: emails.contact })
    expect((await act('pm.hk', 'complete', id)).status).toBe(428)
    // A later mail of another record is in, so a mail of this one would be in too.
    const marker = await createHotb(server.knex, { tenancyId: ids.acme, premises: ['22/F'], status: 'REJECTED', managedBy: ids['pm.hk'], name: uniqueName('Marker') })
    expect((await act('pm.hk', 'resetToDraft', marker.id)).status).toBe(200)
    await smtp.received((mail) => String(mail.subject).includes('Marker'), 1)
    expect(smtp.captured.filter((entry) => `${entry.mail.subject}`.includes(name))).toEqual([])
  })
})
