import type { Knex } from 'knex'
import { uniqueNumber } from './factories.js'

/**
 * A claim of a project in a state that holds or releases retention (issue 12 item 7), built in the
 * database directly as the module's other factories build their state: a certified work claim
 * (the project then holds its retention; `retentionCents` is what the claim stored), or a
 * retention release drawing `releasedCents`; accepted unless told.
 */
export async function createRetentionClaim(
  db: Knex,
  project: { id: string; region: string; companyId: number },
  input: { order: number; retentionCents?: number; releasedCents?: number; status?: 'OPEN' | 'APPR' }
) {
  const release = input.releasedCents !== undefined
  const invoiceNumber = uniqueNumber('INV')
  const [claim] = await db('project_submissions').insert(
    {
      region: project.region,
      projectId: project.id,
      companyId: project.companyId,
      order: input.order,
      status: input.status ?? 'APPR',
      version: 1,
      completionType: release ? 'RETENTION' : 'PARTIAL',
      invoiceNumber,
      invoiceKey: invoiceNumber.toLowerCase(),
      completionAmountCents: release ? input.releasedCents : 1_000_000,
      retentionAmountCents: input.retentionCents ?? null
    },
    '*'
  )
  return claim
}
