import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setFileStorage } from '../../../storage/create-storage.js'
import { LocalFileStorage } from '../../../storage/local-file-storage.js'
import { pdfBytes } from '../../../storage/test-files.js'
import type { TestServer } from '../../../../test/server.js'

/** Uploaded bytes go to a folder of the test's own, removed by the function answered. */
export function useTemporaryFileStorage(server: TestServer): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tender-files-'))
  setFileStorage(server.app, new LocalFileStorage(root))
  return () => fs.rmSync(root, { recursive: true, force: true })
}

/** Uploads one PDF as a document of the tender (multipart, as the Attachments tab does). */
export async function uploadTenderDocument(
  server: TestServer,
  token: string,
  tenderId: string,
  fields: { kind: 'ATTACHMENT' | 'CONDITIONS'; description?: string; effectiveDate?: string; effectiveUntil?: string },
  name = 'conditions.pdf',
  headers: Record<string, string> = {}
) {
  const form = new FormData()
  form.append('tenderId', tenderId)
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value)
  form.append('files', new Blob([new Uint8Array(pdfBytes(name))], { type: 'application/pdf' }), name)
  const response = await fetch(`${server.url}/v1/tender-documents`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

/** The ids of every term the tender's vendors must accept. */
export async function termIdsOf(server: TestServer, token: string, tenderId: string): Promise<string[]> {
  const { body } = await server.api(token, 'GET', `/v1/tenders/${tenderId}/terms`)
  return (body.items ?? []).map((item: any) => item.id)
}

/** The highest mail id so far: the mails an action sends are those above it. */
export async function lastMailId(server: TestServer): Promise<number> {
  const row = await server.knex('mail_messages').max({ id: 'id' }).first()
  return Number(row?.id ?? 0)
}

/**
 * The mails of a template sent after `afterId`, each checked to address one vendor company
 * only (to, cc and bcc together) and to name no other company: answers the company of each.
 * A vendor must never learn who else was invited, mailed an addendum, awarded or regretted.
 */
export async function companiesMailedSince(server: TestServer, template: string, afterId: number): Promise<number[]> {
  const mails = await server.knex('mail_messages').where({ template }).where('id', '>', afterId).orderBy('id')
  const companies = await server.knex('companies').select('id', 'name')
  const result: number[] = []
  for (const mail of mails) {
    const addresses = [...mail.to, ...mail.cc, ...mail.bcc].map((address: string) => address.toLowerCase())
    const owners = [
      ...new Set((await server.knex('users').select('email', 'companyId')).filter((user: any) => addresses.includes(String(user.email).toLowerCase())).map((user: any) => user.companyId))
    ]
    if (owners.length !== 1 || owners[0] == null) throw new Error(`${template} mail ${mail.id} addresses ${addresses.join(', ')}: companies ${owners.join(', ')}`)
    const others = companies.filter((company: any) => company.id !== owners[0] && (mail.html.includes(company.name) || mail.text.includes(company.name)))
    if (others.length) throw new Error(`${template} mail ${mail.id} names ${others.map((company: any) => company.name).join(', ')}`)
    result.push(owners[0])
  }
  return result
}
