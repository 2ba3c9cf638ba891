import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'

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
export async function sendComments(db: Knex, batch: { id: number; projectId: number; region: string; order: number }, params: Params, now: Date) {
  const sent: Array<{ label: string; type: string }> = await db('tenant_submission_comments')
    .where({ submissionId: batch.id })
    .whereNull('sentAt')
    .whereNot({ status: 'DELETED' })
    .update({ sentAt: now }, ['label', 'type'])
  if (!sent.length) return
  await recordAction(db, batch, params, 'SEND_COMMENTS', {
    commentTypes: [...new Set(sent.map((comment) => comment.type))].sort(),
    commentObject: { comments: sent.map((comment) => comment.label).sort() }
  })
}
