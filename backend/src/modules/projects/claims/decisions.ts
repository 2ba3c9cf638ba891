import type { Knex } from 'knex'
import type { G702Figures } from './g702.shared.js'
import type { ClaimHistoryEntry } from './submission.workflow.js'

/*
 * The decision on a submitted claim version (issue 12 items 5 and 8), written by the accept or
 * reject move in its own transaction and frozen from then on (migration
 * 20261202020100_project_submission_decisions): the version's PDF printed the history as it was at
 * submission, so the decision taken after it has a record, and a certificate, of its own.
 */

export interface DecisionInput {
  region: string
  submissionId: string
  /** The version decided on: the claim's latest, as frozen at its submission. */
  version: number
  action: 'accept' | 'reject'
  entry: ClaimHistoryEntry
  releaseOverrideReason?: string | null
  /** The G702 figures of the accepted version, when the project has a schedule of values. */
  figures: G702Figures | null
  completionAmountCents: number | null
}

/** The amount an acceptance certifies: G702 line 8 (current payment due) with a schedule of values, else the claim's amount. */
export const certifiedAmountCents = (figures: G702Figures | null, completionAmountCents: number | null) => (figures ? figures.currentPaymentDueCents : Number(completionAmountCents ?? 0))

export async function recordDecision(db: Knex, input: DecisionInput) {
  const version = await db('project_submission_versions').where({ submissionId: input.submissionId, version: input.version }).first('id')
  if (!version) return
  const accepted = input.action === 'accept'
  await db('project_submission_decisions').insert({
    region: input.region,
    versionId: version.id,
    decision: accepted ? 'ACCEPTED' : 'REJECTED',
    decidedBy: input.entry.by ?? null,
    decidedAt: new Date(input.entry.at),
    reason: input.entry.reason ?? null,
    note: input.entry.note ?? null,
    releaseOverrideReason: accepted ? (input.releaseOverrideReason ?? null) : null,
    certifiedAmountCents: accepted ? certifiedAmountCents(input.figures, input.completionAmountCents) : null,
    figures: accepted && input.figures ? JSON.stringify(input.figures) : null
  })
}
