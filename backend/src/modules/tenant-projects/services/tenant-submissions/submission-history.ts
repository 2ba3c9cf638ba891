import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { tableCacheOf } from '../../../../db/table-cache.js'

/*
 * The review history (spec §3 "Action history entry: actionType, user (id, username, displayName),
 * commentTypes, batchOrder, commentObject, guidelineId"; §3 "Comments ... Actions DELETE, REVIEW,
 * UPDATE, CHECK, UNCHECK, ADD, SEND, RESEND"): one row per act on a batch or its comments, written
 * in the act's transaction. Entries about comments the tenant has not been sent yet are internal.
 */

export type SubmissionActionType = 'START' | 'SEND' | 'RESEND' | 'REVIEW' | 'REASSIGN' | 'CANCEL' | 'ADD' | 'UPDATE' | 'DELETE' | 'CHECK' | 'UNCHECK' | 'ANSWER' | 'SEND_COMMENTS'

export interface ActionDetail {
  commentTypes?: string[]
  commentObject?: Record<string, unknown> | null
  guidelineId?: number | null
  internal?: boolean
}

export async function recordAction(db: Knex, batch: { id: number; projectId: number; region: string; order: number }, params: Params, actionType: SubmissionActionType, detail: ActionDetail = {}) {
  await db('tenant_submission_actions').insert({
    region: batch.region,
    projectId: batch.projectId,
    tenancyId: 0,
    submissionId: batch.id,
    batchOrder: batch.order,
    actionType,
    userId: params.user?.id ?? null,
    commentTypes: detail.commentTypes ?? [],
    commentObject: detail.commentObject ? JSON.stringify(detail.commentObject) : null,
    guidelineId: detail.guidelineId ?? null,
    internal: detail.internal ?? false
  })
}

/** A reviewer's decision sends the batch's new comments to the tenant (spec SEND): they become readable to the project's people. */
export async function sendComments(app: Application, db: Knex, batch: { id: number; projectId: number; region: string; order: number }, params: Params, now: Date) {
  const sent: Array<{ id: number; label: string; type: string }> = await db('tenant_submission_comments')
    .where({ submissionId: batch.id })
    .whereNull('sentAt')
    .whereNot({ status: 'DELETED' })
    .update({ sentAt: now, updatedAt: now }, ['id', 'label', 'type'])
  if (!sent.length) return
  // The project's people hear of the comments now theirs to read, once the decision commits.
  announceChanged(
    app,
    'tenant-submission-comments',
    sent.map((comment) => comment.id),
    params as any
  )
  await recordAction(db, batch, params, 'SEND_COMMENTS', {
    commentTypes: [...new Set(sent.map((comment) => comment.type))].sort(),
    commentObject: { comments: sent.map((comment) => comment.label).sort() }
  })
}

/** The display names of users by id (the history's "user (id, username, displayName)", a batch's reviewers). */
export async function displayNames(db: Knex, ids: Array<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))]
  if (!wanted.length) return new Map()
  const read = async () => {
    const rows: Array<{ id: number; displayName: string }> = await db('users').whereIn('id', wanted).select('id', 'displayName')
    return new Map(rows.map((row) => [row.id, row.displayName]))
  }
  // A list of batches names the same few reviewers page after page: kept until an account changes (db/table-cache.ts).
  const cache = tableCacheOf(db)
  return cache ? cache.kept(`display names\u0000${wanted.sort((a, b) => a - b).join(',')}`, ['users'], read) : read()
}

/** The project's undecided batch, cancelled with its closing (withdrawn, cancelled), recorded and announced after the commit. */
export async function closeOpenBatch(app: Application, db: Knex, projectId: number, reason: string, now: Date, params: Params) {
  const [closed] = await db('tenant_submissions')
    .where({ projectId })
    .whereNull('completedDate')
    .update({ status: 'CANCELLED', completedDate: now, statusReason: reason.slice(0, 1000), stepStartedAt: null, dueDate: null, updatedAt: now }, '*')
  if (!closed) return
  await recordAction(db, closed, params, 'CANCEL', { commentObject: { reason } })
  announceChanged(app, 'tenant-submissions', [closed.id], params as any)
}
