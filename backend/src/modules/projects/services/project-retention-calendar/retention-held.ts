import type { Knex } from 'knex'

/**
 * The retention still held on each project (issue 12 item 7): the retention of the project's
 * latest accepted claim that claims work (its `retention_amount_cents`, frozen when submitted:
 * spec §4, or the G702 total retainage of a claim against a schedule of values), less what the
 * accepted retention release claims drew (their completion amount). A project with no accepted
 * work claim holds nothing yet.
 */
export async function heldRetentionCents(db: Knex, projectIds: readonly string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>()
  if (!projectIds.length) return held
  const rows: Array<{ projectId: string; heldCents: string | number | null }> = await db
    .from('project_submissions as work')
    .whereIn('work.project_id', projectIds)
    .where('work.status', 'APPR')
    .whereNotIn('work.completion_type', ['RETENTION', 'RETENTION_PAYMENT'])
    .distinctOn('work.project_id')
    .orderBy([{ column: 'work.project_id' }, { column: 'work.order', order: 'desc' }])
    .select(
      'work.project_id',
      db.raw(
        `coalesce(work.retention_amount_cents, 0) - coalesce((SELECT sum(coalesce(nullif(released.retainage_released_cents, 0), released.completion_amount_cents, 0))
           FROM project_submissions released
          WHERE released.project_id = work.project_id AND released.status = 'APPR' AND released.completion_type IN ('RETENTION', 'RETENTION_PAYMENT')), 0) AS held_cents`
      )
    )
  for (const row of rows) held.set(row.projectId, Number(row.heldCents ?? 0))
  return held
}
