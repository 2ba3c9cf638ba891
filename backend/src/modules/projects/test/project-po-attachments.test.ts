import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createAwardedPurchase, createProject, projectParties, type ProjectParties } from '../seeds/factories.js'

/*
 * The attachment of the purchase order a project is raised from (spec §8 POST projects
 * {purchaseOrder, contract, poAttachmentId, tenderId}), over real HTTP on real PostgreSQL: a
 * project manager, who holds no grant on files, uploads it for the create and names it; the
 * create claims it; whoever reads the project downloads it. Nobody names another's upload or one
 * already claimed; vendors and staff who may not create projects upload nothing.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)

async function upload(user: string, bytes = '%PDF-1.4 purchase order', count = 1) {
  const form = new FormData()
  for (let i = 0; i < count; i++) form.append('files', new Blob([new Uint8Array(Buffer.from(bytes))], { type: 'application/pdf' }), `PO-${i}.pdf`)
  const response = await fetch(`${server.url}/hk/v1/project-po-attachments`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

const download = (user: string, projectId: string) => fetch(`${server.url}/hk/v1/project-po-attachments/${projectId}/content`, { headers: { authorization: `Bearer ${tokens[user]}` } })

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('the PO attachment of a new project', () => {
  it('pm.hk uploads it for the create, the project claims it, its readers download it', async () => {
    const po = await createAwardedPurchase(server.knex, {}, parties)
    const attachment = await upload('pm.hk')
    expect(attachment.status).toBe(201)
    expect(attachment.body).toMatchObject({ name: 'PO-0.pdf', ownerResource: 'projects', ownerId: null })
    expect(attachment.body.storageKey).toBeUndefined()
    const created = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: po.id, poAttachmentId: attachment.body.id })
    expect(created.status).toBe(201)
    expect(created.body.poAttachmentId).toBe(attachment.body.id)
    expect(await server.knex('files').where({ id: attachment.body.id }).first('ownerId')).toEqual({ ownerId: created.body.id })
    const file = await download('pm.hk', created.body.id)
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.4 purchase order')
    // Claimed: it names no second project.
    const again = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: (await createAwardedPurchase(server.knex, {}, parties)).id, poAttachmentId: attachment.body.id })
    expect(again.status).toBe(400)
    expect(again.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'poAttachmentId' })
  })

  it('refuses vendors and staff who may not create projects, more than one file, and another user’s upload', async () => {
    expect((await upload('vendor.alpha')).status).toBe(403)
    expect((await upload('approver.hk')).status).toBe(403)
    expect((await upload('pm.hk', '%PDF-1.4 two', 2)).body.data.code).toBe('FILE_COUNT')
    // The region's upload settings apply: a type it does not take is refused.
    expect((await upload('pm.hk', 'MZ binary')).status).toBe(400)
    const admins = await upload('admin')
    expect(admins.status).toBe(201)
    const po = await createAwardedPurchase(server.knex, {}, parties)
    const named = await api('pm.hk', 'POST', '/hk/v1/projects', { numberType: 'PO', purchaseOrderId: po.id, poAttachmentId: admins.body.id })
    expect(named.status).toBe(400)
    expect(named.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'poAttachmentId' })
  })

  it('downloads for the project’s readers only', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const attachment = await upload('pm.hk', '%PDF-1.4 attached')
    await server.knex('projects').where({ id: project.id }).update({ poAttachmentId: attachment.body.id })
    await server.knex('files').where({ id: attachment.body.id }).update({ ownerId: project.id })
    expect((await download('vendor.alpha', project.id)).status).toBe(200)
    expect((await download('vendor.beta', project.id)).status).toBe(404)
    const { project: none } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    expect((await download('pm.hk', none.id)).status).toBe(404)
  })
})
