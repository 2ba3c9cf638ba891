import type { Knex } from 'knex'
import type { BenchCall } from '../../manifest.js'
import { createProject } from '../seeds/factories.js'
import { itemKey } from './schedule-of-values.shared.js'

const LINES = 500
const CLAIMS = 60

/**
 * `npm run bench` (issue 12: "500 schedule lines and 60 claims for one of them: the claim screen
 * of the big project (with its ledger) p97.5 < 150 ms"): a project with a 500-line schedule of
 * values, 59 accepted claims each stating all 500 lines, and the 60th awaiting a decision. Measured:
 * that claim as its screen reads it (figures, G702/G703 ledger with the invariant check, versions),
 * by ten people opening it at once.
 */
export async function benchClaimScreen(db: Knex): Promise<BenchCall[]> {
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 6_000_000, retentionPercent: 10, actualCommencementDate: '2025-01-06', dlpDate: '2027-12-31' })
  const schedule = Array.from({ length: LINES }, (_, index) => {
    const item = `${Math.floor(index / 50) + 1}.${(index % 50) + 1}`
    return {
      region: project.region,
      projectId: project.id,
      position: index + 1,
      item,
      itemKey: itemKey(item),
      description: `Bench works package ${index + 1}: supply and install`,
      originalValueCents: 1_000_000 + index * 101,
      changeOrders: JSON.stringify(index % 25 === 0 ? [{ revision: 1, amountCents: 50_000 }] : [])
    }
  })
  await db('project_schedule_lines').insert(schedule)
  // Each claim certifies a little of every line: 60 claims stay well inside each line's value.
  const claims = Array.from({ length: CLAIMS }, (_, index) => {
    const order = index + 1
    const lines = schedule.map((line, position) => ({ item: line.item, workThisPeriodCents: 10_000 + position, materialsStoredCents: position % 7 === 0 ? 1_000 : 0 }))
    const completionCents = lines.reduce((sum, line) => sum + line.workThisPeriodCents + line.materialsStoredCents, 0)
    return {
      region: project.region,
      projectId: project.id,
      companyId: project.companyId,
      order,
      status: order < CLAIMS ? 'APPR' : 'OPEN',
      version: 1,
      completionType: 'PARTIAL',
      invoiceNumber: `BENCH-SCREEN-${order}`,
      invoiceKey: `bench-screen-${order}`,
      invoiceAmountCents: completionCents,
      invoiceDate: '2026-11-19',
      completionAmountCents: completionCents,
      retentionAmountCents: Math.round(completionCents / 10),
      lines: JSON.stringify(lines),
      actionHistory: JSON.stringify([{ action: 'submit', at: new Date(Date.UTC(2025, 0, 6 + order * 7)).toISOString(), by: project.managedBy }])
    }
  })
  const inserted: { id: string }[] = await db('project_submissions').insert(claims, ['id'])
  await db.raw('VACUUM ANALYZE project_submissions, project_schedule_lines')
  return [
    {
      title: `the claim screen of a project with ${LINES} schedule lines and ${CLAIMS} claims: the last claim with its G702/G703 ledger, 10 people at once (GET /hk/v1/project-submissions/:id)`,
      path: `/hk/v1/project-submissions/${inserted[inserted.length - 1].id}`,
      connections: 10
    }
  ]
}
