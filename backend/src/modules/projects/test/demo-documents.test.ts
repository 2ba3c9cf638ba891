import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { simplePdf } from '../seeds/demo-documents.js'

/*
 * The demo's documents tab (issue 12 item 11): on a fresh demo, the projects' folders stand in
 * every status (DRAFT, APPR, REJECTED with its reason) and hold real PDFs that their readers
 * download through the documents service; another vendor sees none of them.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string) => server.api(tokens[user], method, path)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('the demo’s project documents', () => {
  it('are folders in each status with small real PDFs, read by the project’s readers only', async () => {
    const project = await server.knex('projects').where({ region: 'HK', number: 'PO-ES-0006' }).first('id')
    const folders = await api('vendor.alpha', 'GET', `/hk/v1/project-folders?projectId=${project.id}&$sort[id]=1`)
    expect(folders.status).toBe(200)
    expect(folders.body.data.map((folder: any) => [folder.name, folder.status])).toEqual([
      ['Shop drawings', 'APPR'],
      ['Method statements', 'REJECTED'],
      ['Test certificates', 'DRAFT']
    ])
    expect(folders.body.data[1].reason).toMatch(/fire watch/)
    const shop = folders.body.data[0]
    const documents = await api('pm.hk', 'GET', `/hk/v1/project-documents?projectId=${project.id}&folderId=${shop.id}`)
    expect(documents.status).toBe(200)
    const listed = documents.body.data ?? documents.body
    expect(listed).toHaveLength(2)
    const content = await fetch(`${server.url}/hk/v1/project-documents/${listed[0].id}/content`, { headers: { authorization: `Bearer ${tokens['vendor.alpha']}` } })
    expect(content.status).toBe(200)
    const bytes = Buffer.from(await content.arrayBuffer())
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n')
    expect((await fetch(`${server.url}/hk/v1/project-documents/${listed[0].id}/content`, { headers: { authorization: `Bearer ${tokens['vendor.beta']}` } })).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-folders?projectId=${project.id}`)).body.data ?? []).toEqual([])
  })

  it('writes a PDF whose cross-reference table points at each object', () => {
    const pdf = simplePdf(['Level 12 ceiling layout (rev. B)', 'Back\\slash'])
    const text = pdf.toString('latin1')
    const start = Number(/startxref\n(\d+)/.exec(text)![1])
    expect(text.slice(start, start + 4)).toBe('xref')
    const offsets = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`))
    expect(text).toContain("(Level 12 ceiling layout \\(rev. B\\)) '")
  })
})
