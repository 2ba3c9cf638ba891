import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'

/*
 * A folder's decision reaches the vendor by mail (spec §4 folders, §9 e-mail templates), through a
 * real SMTP peer: when pm.hk approves or rejects a project folder, the vendor's master account
 * (vendor.alpha, en-US) and its sub-account with the Projects toggle (alpha.site, zh-CN) receive it
 * in their language, a rejection with its reason; a sub-account without the toggle (alpha.office)
 * and another vendor do not; a refused decision mails no one.
 */

let server: TestServer
let parties: ProjectParties
let smtp: SMTPServer
const captured: Array<{ rcptTo: string[]; mail: ParsedMail }> = []
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const folderAction = (user: string, action: 'approve' | 'reject', body: Record<string, unknown>) => api(user, 'POST', '/hk/v1/project-folders', body, { 'x-service-method': action })

/** The messages received by now that match, waiting (no fixed sleep) until `count` are in. */
async function received(match: (mail: ParsedMail) => boolean, count: number) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const found = captured.filter((entry) => match(entry.mail))
    if (found.length >= count || Date.now() > deadline) return found
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function folderOf(projectId: string, name: string) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-folders', { projectId, name })
  expect(created.status).toBe(201)
  return created.body
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        captured.push({ rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail })
        callback()
      }, callback)
    }
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  server = await startTestServer()
  // Before any mail: the mailer opens its transport on first use.
  server.app.set('mail', { transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, from: 'Estate Portal <no-reply@example.com>' } as any)
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
  // The sub-account reads Chinese: its mail is written apart, in its language.
  await server.knex('users').where({ username: 'alpha.site' }).update({ language: 'zh-CN' })
})
afterAll(async () => {
  await server?.stop()
  await new Promise<void>((resolve) => smtp?.close(() => resolve()))
})

describe('a folder’s decision mails', () => {
  it('tell the vendor’s master and Projects sub-accounts of an approval, each in their language', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id, `Shop drawings ${uniqueNumber('F')}`)
    const approved = await folderAction('pm.hk', 'approve', { id: folder.id, updatedAt: await server.version('project-folders', folder.id) })
    expect(approved.status).toBe(200)
    const mails = await received((mail) => String(mail.subject).includes(project.number) && String(mail.subject).includes(folder.name), 2)
    expect(mails.map((entry) => entry.rcptTo.join(',')).sort()).toEqual(['alpha.site@example.com', 'vendor.alpha@example.com'])
    const english = mails.find((entry) => entry.rcptTo.includes('vendor.alpha@example.com'))!.mail
    expect(english.subject).toBe(`Folder “${folder.name}” approved on project ${project.number}`)
    expect(english.text).toContain(`/vendors/projects/${project.id}?tabIndex=1`)
    const chinese = mails.find((entry) => entry.rcptTo.includes('alpha.site@example.com'))!.mail
    expect(chinese.subject).toBe(`项目 ${project.number} 的文件夹“${folder.name}”已批准`)
  })

  it('give the reason of a rejection; a refused decision mails no one', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const folder = await folderOf(project.id, `Method statements ${uniqueNumber('F')}`)
    const version = await server.version('project-folders', folder.id)
    // Refused: another vendor (403), no reason (400), a stale read (410): nothing is sent for them.
    expect((await folderAction('vendor.beta', 'reject', { id: folder.id, reason: 'No', updatedAt: version })).status).toBe(403)
    expect((await folderAction('pm.hk', 'reject', { id: folder.id, reason: '  ', updatedAt: version })).status).toBe(400)
    expect((await folderAction('pm.hk', 'reject', { id: folder.id, reason: 'Stale', updatedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(410)
    const rejected = await folderAction('pm.hk', 'reject', { id: folder.id, reason: 'The fire exits are missing', updatedAt: version })
    expect(rejected.status).toBe(200)
    const mails = await received((mail) => String(mail.subject).includes(folder.name), 2)
    expect(mails.map((entry) => entry.rcptTo.join(',')).sort()).toEqual(['alpha.site@example.com', 'vendor.alpha@example.com'])
    const english = mails.find((entry) => entry.rcptTo.includes('vendor.alpha@example.com'))!.mail
    expect(english.subject).toBe(`Folder “${folder.name}” rejected on project ${project.number}`)
    expect(english.text).toContain('Reason: The fire exits are missing')
    const chinese = mails.find((entry) => entry.rcptTo.includes('alpha.site@example.com'))!.mail
    expect(chinese.text).toContain('原因：The fire exits are missing')
    // Only the committed decision was mailed: one message per recipient.
    expect(captured.filter((entry) => String(entry.mail.subject).includes(folder.name))).toHaveLength(2)
  })
})
