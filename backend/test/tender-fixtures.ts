import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setFileStorage } from '../src/storage/create-storage.js'
import { LocalFileStorage } from '../src/storage/local-file-storage.js'
import { pdfBytes } from '../src/storage/test-files.js'
import type { TestServer } from './server.js'

/** Uploaded bytes go to a folder of the test's own, removed by the function answered. */
export function useTemporaryFileStorage(server: TestServer): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tender-files-'))
  setFileStorage(server.app, new LocalFileStorage(root))
  return () => fs.rmSync(root, { recursive: true, force: true })
}

/** Uploads one PDF as a document of the tender (multipart, as the Attachments tab does). */
export async function uploadTenderDocument(server: TestServer, token: string, tenderId: string, fields: { kind: 'ATTACHMENT' | 'CONDITIONS'; description?: string; effectiveDate?: string; effectiveUntil?: string }, name = 'conditions.pdf', headers: Record<string, string> = {}) {
  const form = new FormData()
  form.append('tenderId', tenderId)
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value)
  form.append('files', new Blob([new Uint8Array(pdfBytes(name))], { type: 'application/pdf' }), name)
  const response = await fetch(`${server.url}/v1/tender-documents`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form })
  return { status: response.status, body: await response.json() as any }
}

/** The ids of every term the tender's vendors must accept. */
export async function termIdsOf(server: TestServer, token: string, tenderId: string): Promise<string[]> {
  const { body } = await server.api(token, 'GET', `/v1/tenders/${tenderId}/terms`)
  return (body.items ?? []).map((item: any) => item.id)
}
