import { call, enc, find, get, listOf, namedAction, one, statusAction, type SpecRequest, type SpecRoute, type SpecTarget } from '../../kit/spec-aliases.js'
import { tenantProjectWorkflow } from './services/tenant-projects/tenant-project.workflow.js'
import { tenantProjectsMethods } from './services/tenant-projects/tenant-projects.shared.js'
import { cpAction, designAction, tenantSubmissionWorkflow, techAction } from './services/tenant-submissions/tenant-submission.workflow.js'
import { tenantSubmissionsMethods } from './services/tenant-submissions/tenant-submissions.shared.js'
import { finalDocumentWorkflow } from './services/tenant-project-final-documents/final-document.workflow.js'
import { tenantProjectFinalDocumentsMethods } from './services/tenant-project-final-documents/final-documents.shared.js'
import { refundsMethods } from './services/deposits/deposits.shared.js'
import { postFitoutSubmissionsMethods, postFitoutSubmissionsPath } from './services/post-fitout-submissions/post-fitout.shared.js'
import { postFitoutWorkflow } from './services/post-fitout-submissions/post-fitout.workflow.js'

/*
 * The spec's tenant project calls (§7 "Tenant projects") as thin aliases onto the module's
 * service (every hook runs as for the service's own call: sign-in, region, abilities, 428/410,
 * audit, events):
 * | spec call                                      | ours                                             |
 * | POST tenant_projects {fields, isAccept, type}  | POST tenant-projects                             |
 * | GET tenant_projects/, tenant_projects/all      | GET tenant-projects (filters) → {…, count}       |
 * | GET tenant_projects/all/export                 | GET exports/tenant-projects (a spreadsheet)      |
 * | GET tenant_projects/{id}                       | GET tenant-projects/{id}                         |
 * | GET tenant_projects/{id}/status                | GET tenant-projects/{id} → {id, status}          |
 * | PUT tenant_projects/{id}                       | PATCH tenant-projects/{id}                       |
 * | PATCH tenant_projects/{id} {status}            | the workflow's action leading there (submit,     |
 * |                                                | accept, complete, withdraw, cancel); an          |
 * |                                                | X-CMS-Action naming one wins                     |
 * | DELETE tenant_projects/{id}                    | DELETE tenant-projects/{id}                      |
 * | GET project_contractors/{projectId}            | GET tenant-project-contractors?projectId → rows  |
 * | PUT project_contractors/{projectId} rows       | tenant-project-contractors `replace` (the set)   |
 * | POST tenant_projects/{id}/invite,              | tenant-project-accounts `invite` of the main     |
 * | POST project_contractors/{projectId}/invite    | contractor's account (its invitation again)      |
 */
const listed = (body: any) => ({ ...body, count: body.total })

/** A review action of the batch table as the service's call: its method and, for a decision, the spec's outcome. */
const outcomeOf: Record<string, string> = Object.fromEntries([designAction, cpAction, techAction].flatMap((actions) => Object.entries(actions).map(([outcome, action]) => [action, outcome])))

/**
 * The spec's manual batch status change (PUT tenant_submissions/batchStatus/{id} {status}): the
 * table's action from the batch's state to the one asked (a decision with its outcome, a send, a
 * cancel with `reason`), on the version sent or else the stored one (the spec's call carries none).
 * Only the batch's state and version are looked up here; the service answers as for its own call.
 */
const batchStatus = async ({ id }: Record<string, string>, { knex, body }: SpecRequest) => {
  const batchId = Number(id)
  if (!Number.isSafeInteger(batchId) || batchId < 1 || batchId > 2_147_483_647) return null
  const batch = await knex('tenant_submissions').where({ id: batchId }).first('status', 'updatedAt')
  if (!batch) return null
  const transition = (tenantSubmissionWorkflow.table as Record<string, readonly { action: string; to: string }[]>)[batch.status]?.find((candidate) => candidate.to === body?.status)
  const action = transition?.action ?? 'send'
  const updatedAt = body?.updatedAt ?? new Date(batch.updatedAt).toISOString()
  if (outcomeOf[action]) return call('tenant-submissions', 'review', batchId, { outcome: outcomeOf[action], updatedAt, ...(body?.nextReviewerId ? { nextReviewerId: body.nextReviewerId } : {}) })
  if (action === 'cancel') return call('tenant-submissions', 'cancel', batchId, { reason: body?.reason ?? body?.statusReason, updatedAt })
  return call('tenant-submissions', action, batchId, { updatedAt })
}

/**
 * The spec's invite of the project's primary contact: the main contractor's account invited again,
 * on its stored version (the spec's call carries none). Only the account's id is looked up here;
 * the service answers as for its own call (404 for a project the caller does not read).
 */
const inviteMainContractor = async ({ id }: Record<string, string>, { knex }: SpecRequest) => {
  const projectId = Number(id)
  if (!Number.isSafeInteger(projectId) || projectId < 1 || projectId > 2_147_483_647) return null
  const account = await knex('tenant_project_accounts').where({ projectId, isContractorAdmin: true }).first('id', 'updatedAt')
  return account ? call('tenant-project-accounts', 'invite', account.id, { updatedAt: new Date(account.updatedAt).toISOString() }) : null
}

/*
 * The spec's inspection and final document calls (§7 "Inspections", "Tenant projects" final_document rows):
 * | spec call                                         | ours                                                   |
 * | POST /inspections, GET /inspections (params)      | POST, GET tenant-project-inspections                   |
 * | GET, PUT /inspections/{id}                        | GET, PATCH tenant-project-inspections/{id}             |
 * | PUT /inspections/{id}/updated-at                  | PATCH tenant-project-inspections/{id} (no field: the   |
 * |                                                   | version moves on)                                      |
 * | PATCH /inspections/{id}/tenant_viewable           | tenant-project-inspections `tenantViewable`            |
 * | GET, POST /inspections/{id}/email_history         | GET, POST tenant-project-inspection-mails              |
 * | PUT /inspections/email_histories/{id}             | PATCH tenant-project-inspection-mails/{id}             |
 * | POST /inspections/email_histories/{id}/send       | tenant-project-inspection-mails `send`                 |
 * | GET tenant_projects/{id}/final_document           | the project's current tenant-project-final-documents   |
 * | PATCH tenant_projects/final_document/{id}         | the workflow's action to {status}, else PATCH          |
 * | POST tenant_projects/final_document/{id}/reminder | tenant-project-final-documents `sendReminder`          |
 * | GET tenant_projects/final_document/{id}/histories | GET tenant-project-final-document-histories            |
 * A call without a version is made on the stored one (the spec's calls carry none).
 */
const versionOf = async (knex: SpecRequest['knex'], table: string, id: string, body: any) => {
  const recordId = Number(id)
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) return null
  if (body?.updatedAt) return { id: recordId, updatedAt: body.updatedAt }
  const row = await knex(table).where({ id: recordId }).first('updatedAt')
  return row ? { id: recordId, updatedAt: new Date(row.updatedAt).toISOString() } : null
}

const controlAliases: SpecRoute[] = [
  { method: 'POST', pattern: 'inspections', to: (_, { body }) => ({ method: 'POST', path: '/tenant-project-inspections', body }) },
  { method: 'GET', pattern: 'inspections', to: (_, { query }) => find('tenant-project-inspections', query, listed) },
  { method: 'GET', pattern: 'inspections/:id', to: ({ id }, { query }) => get('tenant-project-inspections', id, query) },
  { method: 'PUT', pattern: 'inspections/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tenant-project-inspections/${enc(id)}`, body }) },
  {
    method: 'PUT',
    pattern: 'inspections/:id/updated-at',
    to: async ({ id }, { knex, body }) => {
      const version = await versionOf(knex, 'tenant_project_inspections', id, body)
      return version && { method: 'PATCH', path: `/tenant-project-inspections/${enc(id)}`, body: { updatedAt: version.updatedAt } }
    }
  },
  {
    method: 'PATCH',
    pattern: 'inspections/:id/tenant_viewable',
    to: async ({ id }, { knex, body }) => {
      const version = await versionOf(knex, 'tenant_project_inspections', id, body)
      return version && call('tenant-project-inspections', 'tenantViewable', version.id, { isTenantView: body?.isTenantView === true, updatedAt: version.updatedAt })
    }
  },
  { method: 'GET', pattern: 'inspections/:id/email_history', to: ({ id }) => find('tenant-project-inspection-mails', { inspectionId: id, $limit: 100 }, listOf) },
  { method: 'POST', pattern: 'inspections/:id/email_history', to: ({ id }, { body }) => ({ method: 'POST', path: '/tenant-project-inspection-mails', body: { ...body, inspectionId: Number(id) } }) },
  { method: 'PUT', pattern: 'inspections/email_histories/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tenant-project-inspection-mails/${enc(id)}`, body }) },
  {
    method: 'POST',
    pattern: 'inspections/email_histories/:id/send',
    to: async ({ id }, { knex, body }) => {
      const version = await versionOf(knex, 'tenant_project_inspection_mails', id, body)
      return version && call('tenant-project-inspection-mails', 'send', version.id, { updatedAt: version.updatedAt })
    }
  },
  {
    method: 'GET',
    pattern: 'tenant_projects/:id/final_document',
    to: ({ id }) => find('tenant-project-final-documents', { projectId: id, status: { $ne: 'HISTORICAL' } }, one)
  },
  {
    method: 'PATCH',
    pattern: 'tenant_projects/final_document/:id',
    to: async ({ id }, request) => {
      const action = statusAction(request, finalDocumentWorkflow.table, tenantProjectFinalDocumentsMethods)
      if (!action) return { method: 'PATCH', path: `/tenant-project-final-documents/${enc(id)}`, body: request.body }
      const version = await versionOf(request.knex, 'tenant_project_final_documents', id, request.body)
      return version && call('tenant-project-final-documents', action, version.id, { updatedAt: version.updatedAt })
    }
  },
  {
    method: 'POST',
    pattern: 'tenant_projects/final_document/:id/reminder',
    to: async ({ id }, { knex, body }) => {
      const version = await versionOf(knex, 'tenant_project_final_documents', id, body)
      return version && call('tenant-project-final-documents', 'sendReminder', version.id, { updatedAt: version.updatedAt })
    }
  },
  { method: 'GET', pattern: 'tenant_projects/final_document/:id/histories', to: ({ id }) => find('tenant-project-final-document-histories', { finalDocumentId: id, $limit: 100 }, listOf) }
]

/** A project id of the path, or null (the alias does not apply). */
const projectIdOf = (id: string) => {
  const projectId = Number(id)
  return Number.isSafeInteger(projectId) && projectId > 0 && projectId <= 2_147_483_647 ? projectId : null
}

/**
 * Spec §7 PUT tenant_projects/{id}/deposit_refund (deposit/refund data): a body naming `refund`
 * requests the refund (or, with an X-CMS-Action of the refund table, takes that action); otherwise
 * the deposit is recorded (the first time) or edited, with the version the caller read.
 */
const depositRefund = async ({ id }: Record<string, string>, { knex, body, headers }: SpecRequest): Promise<SpecTarget | null> => {
  const projectId = projectIdOf(id)
  if (!projectId) return null
  if (body?.refund) {
    const refund = await knex('tenant_project_refunds').where({ projectId }).first('id', 'updatedAt')
    const action = namedAction(headers, refundsMethods)
    if (refund && action)
      return call('tenant-project-refunds', action, refund.id, {
        updatedAt: body.refund.updatedAt ?? new Date(refund.updatedAt).toISOString(),
        ...(body.refund.reason ? { reason: body.refund.reason } : {})
      })
    const { updatedAt: _version, amount: _amount, ...request } = body.refund
    return { method: 'POST', path: '/tenant-project-refunds', body: { ...request, projectId } }
  }
  const data = body?.deposit ?? body ?? {}
  const deposit = await knex('tenant_project_deposits').where({ projectId }).first('id', 'updatedAt')
  if (!deposit) return { method: 'POST', path: '/tenant-project-deposits', body: { ...data, projectId } }
  const { projectId: _project, ...changes } = data
  return { method: 'PATCH', path: `/tenant-project-deposits/${deposit.id}`, body: { ...changes, updatedAt: changes.updatedAt ?? new Date(deposit.updatedAt).toISOString() } }
}

/** Spec §7 PUT tenant_projects/{id}/update/notification: the deposit notice (400 DEPOSIT_AMOUNT_REQUIRED until the amount is entered). */
const depositNotice = async ({ id }: Record<string, string>, { knex, body }: SpecRequest) => {
  const projectId = projectIdOf(id)
  if (!projectId) return null
  const deposit = await knex('tenant_project_deposits').where({ projectId }).first('id', 'updatedAt')
  return deposit ? call('tenant-project-deposits', 'notify', deposit.id, { updatedAt: body?.updatedAt ?? new Date(deposit.updatedAt).toISOString() }) : null
}

/*
 * The spec's post-fit-out calls (§7 "Post-fitout") onto tenant-project-post-fitout-submissions:
 * | POST /post_fitout_submissions/{id} (project id)  | POST {projectId: id, isFinal, remarks}             |
 * | PUT /post_fitout_submissions/{id}                | PATCH (remarks, staffNotes, compliedItemIds); the  |
 * |                                                  | `complete` an X-CMS-Action or {status: COMPLETED}  |
 * |                                                  | names                                              |
 * | GET /post_fitout_submissions/{id}                | GET {id}                                           |
 * | GET /post_fitout_submissions/list/?projectId     | GET ?projectId → the rows                          |
 * | DELETE /post_fitout_submissions/{id}             | DELETE {id}                                        |
 * A call without a version is made on the stored one (the spec's calls carry none).
 */
const postFitoutAliases: SpecRoute[] = [
  {
    method: 'GET',
    pattern: 'post_fitout_submissions/list',
    to: (_, { query }) => find(postFitoutSubmissionsPath, { ...(query.projectId ? { projectId: query.projectId } : {}), $limit: 100 }, listOf)
  },
  {
    method: 'POST',
    pattern: 'post_fitout_submissions/:id',
    to: ({ id }, { body }) => ({ method: 'POST', path: `/${postFitoutSubmissionsPath}`, body: { ...(body ?? {}), projectId: Number(id) } })
  },
  { method: 'GET', pattern: 'post_fitout_submissions/:id', to: ({ id }, { query }) => get(postFitoutSubmissionsPath, id, query) },
  {
    method: 'PUT',
    pattern: 'post_fitout_submissions/:id',
    to: async ({ id }, request) => {
      const version = await versionOf(request.knex, 'tenant_project_post_fitout_submissions', id, request.body)
      if (!version) return null
      const action = statusAction(request, postFitoutWorkflow.table, postFitoutSubmissionsMethods)
      if (action) return call(postFitoutSubmissionsPath, action, version.id, { updatedAt: version.updatedAt })
      const { status: _status, ...changes } = request.body ?? {}
      return { method: 'PATCH', path: `/${postFitoutSubmissionsPath}/${enc(id)}`, body: { ...changes, updatedAt: version.updatedAt } }
    }
  },
  { method: 'DELETE', pattern: 'post_fitout_submissions/:id', to: ({ id }) => ({ method: 'DELETE', path: `/${postFitoutSubmissionsPath}/${enc(id)}` }) }
]

export const tenantProjectSpecAliases: SpecRoute[] = [
  { method: 'PUT', pattern: 'tenant_projects/:id/deposit_refund', to: depositRefund },
  { method: 'PUT', pattern: 'tenant_projects/:id/update/notification', to: depositNotice },
  { method: 'POST', pattern: 'tenant_projects', to: (_, { body }) => ({ method: 'POST', path: '/tenant-projects', body }) },
  { method: 'GET', pattern: 'tenant_projects', to: (_, { query }) => find('tenant-projects', query, listed) },
  { method: 'GET', pattern: 'tenant_projects/all', to: (_, { query }) => find('tenant-projects', query, listed) },
  { method: 'GET', pattern: 'tenant_projects/all/export', to: (_, { query }) => find('exports/tenant-projects', query) },
  { method: 'GET', pattern: 'tenant_projects/:id', to: ({ id }, { query }) => get('tenant-projects', id, query) },
  { method: 'GET', pattern: 'tenant_projects/:id/status', to: ({ id }) => get('tenant-projects', id, {}, (body) => ({ id: body.id, status: body.status })) },
  { method: 'PUT', pattern: 'tenant_projects/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tenant-projects/${enc(id)}`, body }) },
  {
    method: 'PATCH',
    pattern: 'tenant_projects/:id',
    to: ({ id }, request) => {
      const action = statusAction(request, tenantProjectWorkflow.table, tenantProjectsMethods)
      return action ? call('tenant-projects', action, Number(id), request.body) : { method: 'PATCH', path: `/tenant-projects/${enc(id)}`, body: request.body }
    }
  },
  { method: 'DELETE', pattern: 'tenant_projects/:id', to: ({ id }) => ({ method: 'DELETE', path: `/tenant-projects/${enc(id)}` }) },
  { method: 'POST', pattern: 'tenant_projects/:id/invite', to: inviteMainContractor },
  { method: 'POST', pattern: 'project_contractors/:id/invite', to: inviteMainContractor },
  { method: 'GET', pattern: 'project_contractors/:projectId', to: ({ projectId }) => find('tenant-project-contractors', { projectId, $limit: 100 }, listOf) },
  {
    method: 'PUT',
    pattern: 'project_contractors/:projectId',
    to: ({ projectId }, { body }) => ({
      method: 'POST',
      path: '/tenant-project-contractors',
      serviceMethod: 'replace',
      body: { projectId: Number(projectId), rows: Array.isArray(body) ? body : (body?.rows ?? body?.contractors ?? []), ...(body?.domain ? { domain: body.domain } : {}) }
    })
  },
  // Spec §7 Tenant submissions: GET tenant_submissions/{id}; POST tenant_submissions {projectId}; PUT
  // tenant_submissions/{id} (the act an X-CMS-Action names: send, resend, review {outcome}, reassign,
  // cancel; a decision without one when an outcome is given, else the send); PUT
  // tenant_submissions/batchStatus/{id} {status} (the table's action there); DELETE
  // tenant_submissions/batch/{id} (a file of a batch, not yet sent).
  { method: 'GET', pattern: 'tenant_submissions/:id', to: ({ id }, { query }) => get('tenant-submissions', id, query) },
  { method: 'POST', pattern: 'tenant_submissions', to: (_, { body }) => ({ method: 'POST', path: '/tenant-submissions', body: { projectId: body?.projectId } }) },
  {
    method: 'PUT',
    pattern: 'tenant_submissions/:id',
    to: ({ id }, request) => call('tenant-submissions', namedAction(request.headers, tenantSubmissionsMethods) ?? (request.body?.outcome ? 'review' : 'send'), Number(id), request.body)
  },
  { method: 'PUT', pattern: 'tenant_submissions/batchStatus/:id', to: batchStatus },
  { method: 'DELETE', pattern: 'tenant_submissions/batch/:id', to: ({ id }, { body }) => ({ method: 'DELETE', path: `/tenant-submission-files/${enc(String(body?.fileId ?? id))}` }) },
  // Spec §7 Guidelines: GET guidelines/{id}?type= (the item, 404 unless it is of that type), PUT guidelines
  // (the drafts of a type: a list, or {type, items, updatedAt}), PATCH guidelines?type= (publish the
  // type's drafts, on the stamp read: {updatedAt}).
  { method: 'GET', pattern: 'guidelines/:id', to: ({ id }, { query }) => get('guidelines', id, query) },
  {
    method: 'PUT',
    pattern: 'guidelines',
    to: (_, { query, body }) => ({
      method: 'POST',
      path: '/guidelines',
      serviceMethod: 'save',
      body: Array.isArray(body) ? { type: query.type ?? body[0]?.type, items: body.map(({ type: _type, ...item }: any) => item), updatedAt: query.updatedAt } : body
    })
  },
  {
    method: 'PATCH',
    pattern: 'guidelines',
    to: (_, { query, body }) => ({ method: 'POST', path: '/guidelines', serviceMethod: 'publishDrafts', body: { type: query.type ?? body?.type, updatedAt: body?.updatedAt ?? query.updatedAt } })
  },
  ...controlAliases,
  // Spec §7 Green fit-out: GET tenancies/{id}/green-fitouts, the tenancy's green fit-outs (as the caller reads them).
  { method: 'GET', pattern: 'tenancies/:id/green-fitouts', to: ({ id }) => (projectIdOf(id) ? find('green-fitouts', { tenancyId: id, $limit: 100 }, listOf) : null) },
  ...postFitoutAliases
]
