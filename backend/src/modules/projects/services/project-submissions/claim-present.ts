import type { Knex } from 'knex'
import type { WorkflowParams } from '../../../../kit/workflow-runner.js'
import { claimFigures } from '../../claims/claim-rules.shared.js'
import { ledgerFailures } from '../../claims/g702.shared.js'
import { claimDecision } from '../../claims/submission.workflow.js'
import { isoDay } from '../../../../format/format.shared.js'
import { actionsOf } from './project-submissions.access.js'
import { claimInput, claimProject, contextOf, foldForScreen, ledgerOf, otherClaims, statedOf, submittedAtOf, type ClaimContext } from './claim-context.js'

/** Records as answered: days as 'yyyy-mm-dd', the figures, the decision, the caller's actions; one record also its ledger and versions. */
export async function presentClaims(db: Knex, rows: any[], params: WorkflowParams, full: boolean, known?: ClaimContext): Promise<any[]> {
  if (!rows.length) return []
  const projectIds = [...new Set(rows.map((row) => row.projectId))]
  const contexts = new Map<string, ClaimContext>()
  if (known) contexts.set(known.project.id, { ...known, claims: await contextOf(db, known.project).then((fresh) => fresh.claims) })
  const missing = projectIds.filter((id) => !contexts.has(id))
  if (missing.length) {
    const projects = await db('projects').whereIn('id', missing)
    // One claim's screen reads the lines of the claims its ledger needs (the two last); the rest by their sums.
    const screen = full && rows.length === 1 ? rows[0] : null
    const claims = await db('project_submissions')
      .whereIn('projectId', missing)
      .orderBy('order')
      .select(
        'id',
        'projectId',
        'order',
        'status',
        'completionType',
        'completionAmountCents',
        'version',
        'updatedAt',
        submittedAtOf(db),
        db.raw('jsonb_array_length(lines) as "lineCount"'),
        full && !screen ? 'lines' : db.raw("'[]'::jsonb as lines")
      )
    const schedules = full ? await db('project_schedule_lines').whereIn('projectId', missing).orderBy('position').select('projectId', 'item', 'description', 'originalValueCents', 'changeOrders') : []
    for (const project of projects) {
      contexts.set(project.id, {
        project,
        claims: claims.filter((claim: any) => claim.projectId === project.id),
        schedule: schedules.filter((line: any) => line.projectId === project.id)
      })
    }
    if (screen) await foldForScreen(db, contexts.get(screen.projectId)!, screen)
  }
  const versions = full
    ? await db('project_submission_versions')
        .whereIn(
          'submissionId',
          rows.map((row) => row.id)
        )
        .leftJoin('project_submission_decisions as decision', 'decision.versionId', 'project_submission_versions.id')
        .orderBy('version')
        .select('submissionId', 'version', 'submittedAt', 'pdfSha256', 'decision.decision', 'decision.decidedAt')
    : []
  // The inspector is named on the claim as on its PDF (claims/documents/renderer.ts), to the claim's readers.
  const inspectorIds = full ? [...new Set(rows.map((row) => row.inspectorId).filter((id) => id != null))] : []
  const inspectorNames = new Map<number, string>(
    inspectorIds.length ? (await db('users').whereIn('id', inspectorIds).select('id', 'displayName')).map((user: any) => [Number(user.id), user.displayName]) : []
  )
  return rows.map((row) => {
    const context = contexts.get(row.projectId)!
    const { invoiceKey: _key, ...claim } = row
    const ledger = full ? ledgerOf(context, row) : null
    const shown: any = {
      ...claim,
      invoiceDate: row.invoiceDate ? isoDay(row.invoiceDate) : null,
      figures: claimFigures(claimProject(context.project), { ...claimInput(row), ledgerRetentionHeldCents: ledger?.heldCents ?? null }, otherClaims(context.claims)),
      decision: claimDecision(row.actionHistory),
      actions: actionsOf(row, context.project, params)
    }
    if (full) {
      shown.ledger = ledger?.figures ?? null
      shown.ledgerFailures = ledger ? ledgerFailures(ledger.figures, ledger.previous, statedOf(row, ledger)) : []
      shown.inspectorName = row.inspectorId == null ? null : (inspectorNames.get(Number(row.inspectorId)) ?? null)
      shown.versions = versions
        .filter((version: any) => version.submissionId === row.id)
        .map(({ version, submittedAt, pdfSha256, decision, decidedAt }: any) => ({ version, submittedAt, pdfSha256, decision: decision ?? null, decidedAt: decidedAt ?? null }))
    }
    return shown
  })
}
