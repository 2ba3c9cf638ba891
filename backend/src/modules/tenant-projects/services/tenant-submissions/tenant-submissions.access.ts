import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { extraReaders } from '../../../../kit/channels.js'
import { narrowToProjectReaders, projectOf, projectPartReaders, readsProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'

/*
 * Who reads the review of a tenant project (spec §6 "Tenant project read ... update equals read";
 * "Review comment type is design or tech depending on whether the user is the current design or
 * tech reviewer"): its batches, their files, comments and history are read by whoever reads the
 * project (decided on the row's copy of its project's readers: project-parts.ts). A reviewer's
 * comments reach the project's people only once the review is sent (`sentAt`), and the history of
 * them before that (`internal`) stays the reviewers': until then only those who may comment
 * (`comment` on `tenant-submissions`) read them. Who acts: the batch workflow's table
 * (tenant-submission.workflow.ts) and the services, which ask the project or the batch.
 */

/** Whether the caller is on the reviewers' side: may comment on a batch of this region. */
export const reviewsSubmissions = (caller: Params) => !caller.provider || caslAllows(caller, 'comment', 'tenant-submissions', {})

export const tenantSubmissionsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-submissions',
  narrow: narrowToProjectReaders('tenant_submissions'),
  read: (row, caller) => readsProjectOf(row, caller),
  readers: (app, part) => projectPartReaders(app, part),
  // A batch is moved by its own actions (the workflow), never saved from a form: no `update` permission on it is granted.
  act: (row, action, caller) => readsProjectOf(row, caller) && caslAllows(caller, action, 'tenant-submissions', row)
})

/** A part the project's people read only once it is out (`visible`), and reviewers read from the start. */
function reviewedPart(table: string, resource: string, visible: (row: any) => boolean, hidden: (query: Knex.QueryBuilder) => Knex.QueryBuilder, writable: boolean) {
  const byProject = narrowToProjectReaders(table)
  return defineAccess<TenantProjectPart>({
    subject: resource,
    narrow: (query, caller) => (reviewsSubmissions(caller) ? byProject(query, caller) : hidden(byProject(query, caller))),
    read: (row, caller) => readsProjectOf(row, caller) && (visible(row) || reviewsSubmissions(caller)),
    readers: (app: Application, part) =>
      visible(part)
        ? projectPartReaders(app, part)
        : [
            extraReaders(app, part.region, [], part, (_user, ability) =>
              Boolean(ability?.can('read', subject('tenant-projects', projectOf(part))) && ability?.can('comment', subject('tenant-submissions', {})))
            )
          ],
    // A comment is edited by the reviewers (the service narrows it to the step's holder, before it is sent); the history by nobody.
    act: (row, _action, caller) => writable && readsProjectOf(row, caller) && reviewsSubmissions(caller)
  })
}

export const tenantSubmissionCommentsAccess = reviewedPart(
  'tenant_submission_comments',
  'tenant-submission-comments',
  (row) => row.sentAt != null,
  (query) => query.whereNotNull('tenant_submission_comments.sent_at'),
  true
)

export const tenantSubmissionActionsAccess = reviewedPart(
  'tenant_submission_actions',
  'tenant-submission-actions',
  (row) => row.internal !== true,
  (query) => query.where('tenant_submission_actions.internal', false),
  false
)
