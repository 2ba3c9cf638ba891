import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKnex } from '../backend/src/db/knex.js'
import { createTestDatabase } from '../backend/test/db.js'
import { accountState } from '../backend/src/services/users/account.workflow.js'

/**
 * PRODUCT.md "Demo data": records in every state of every workflow, so that each screen has
 * something real to show. The workflows are found, not listed: every `*.workflow.ts` under
 * backend/src and every table made by defineWorkflow it exports; each must say below where its
 * records live, so a new workflow without demo records fails here.
 */
const backendSrc = fileURLToPath(new URL('../backend/src/', import.meta.url))

interface FoundWorkflow {
  name: string
  states: readonly string[]
}

/** What defineWorkflow returns (backend/src/kit/workflow.ts): a transitions table, its states and the phase test. */
const isWorkflow = (value: unknown): value is { table: object; states: readonly string[] } =>
  Boolean(value) && typeof value === 'object' && Array.isArray((value as any).states) && typeof (value as any).table === 'object' && typeof (value as any).isIn === 'function'

async function findWorkflows(): Promise<FoundWorkflow[]> {
  const files = (fs.readdirSync(backendSrc, { recursive: true }) as string[]).filter((file) => file.endsWith('.workflow.ts')).sort()
  const found: FoundWorkflow[] = []
  for (const file of files) {
    const exports = await import(pathToFileURL(path.join(backendSrc, file)).href)
    for (const [name, value] of Object.entries(exports)) if (isWorkflow(value)) found.push({ name, states: value.states })
  }
  return found
}

const column =
  (table: string, state = 'status') =>
  async (db: Knex) =>
    (await db(table).select(`${state} as state`)).map((row: any) => row.state as string)

/** Where each workflow's records live, and the state each record is in. */
const recordsOf: Record<string, (db: Knex) => Promise<string[]>> = {
  tenderWorkflow: column('tenders'),
  // A pending addendum is the tender's addendumStatus; an issued one is a revision (version 1 and on).
  addendumWorkflow: async (db) => [
    ...(await db('tenders').whereNotNull('addendumStatus').select('addendumStatus')).map((row: any) => row.addendumStatus as string),
    ...((await db('tenderRevisions').first('id')) ? ['ISSUED'] : [])
  ],
  bidWorkflow: column('bids'),
  queryWorkflow: column('tenderQueries'),
  purchaseOrderWorkflow: column('purchaseOrders'),
  contractWorkflow: column('contracts'),
  projectWorkflow: column('projects'),
  folderWorkflow: column('projectFolders'),
  submissionWorkflow: column('projectSubmissions'),
  changeOrderWorkflow: column('projectChangeOrders'),
  tenantProjectWorkflow: column('tenantProjects'),
  tenantSubmissionWorkflow: column('tenantSubmissions'),
  finalDocumentWorkflow: column('tenantProjectFinalDocuments'),
  refundWorkflow: column('tenantProjectRefunds'),
  greenFitoutWorkflow: column('greenFitouts'),
  greenFolderWorkflow: column('greenFitoutFolders'),
  postFitoutWorkflow: column('tenantProjectPostFitoutSubmissions'),
  hotbWorkflow: column('hotb'),
  moveWorkflow: column('tenancyMoves'),
  tenancyWorkflow: column('tenancies'),
  accountWorkflow: async (db) => (await db('users').select('enabled', 'lockedAt', db.raw('(password IS NOT NULL) AS "hasPassword"'))).map((row: any) => accountState(row))
}

let db: Knex
let workflows: FoundWorkflow[]
beforeAll(async () => {
  db = createKnex(await createTestDatabase(), 2)
  workflows = await findWorkflows()
})
afterAll(async () => {
  await db?.destroy()
})

describe('demo data', () => {
  it('finds the workflows', () => {
    expect(workflows.map((workflow) => workflow.name)).toEqual(expect.arrayContaining(['tenderWorkflow', 'bidWorkflow', 'moveWorkflow', 'accountWorkflow']))
  })

  it('knows where the records of every workflow live', () => {
    expect(workflows.map((workflow) => workflow.name).filter((name) => !recordsOf[name])).toEqual([])
  })

  it('has a record in every state of every workflow', async () => {
    const missing: string[] = []
    for (const workflow of workflows) {
      const seen = new Set(await recordsOf[workflow.name](db))
      for (const state of workflow.states) if (!seen.has(state)) missing.push(`${workflow.name} ${state}`)
    }
    expect(missing).toEqual([])
  })
})
