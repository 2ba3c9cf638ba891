import type { Knex } from 'knex'
import { appError } from '../../errors.js'
import { call, enc, field, find, get, listOf, namedAction, one, statusAction, type Query, type SpecRoute, type SpecTarget } from '../../kit/spec-aliases.js'
import { tenderWorkflow } from './services/tenders/tender.workflow.js'
import { tenderGeneralSchema } from './services/tenders/tenders.schema.js'
import { queryWorkflow } from './services/queries/query.workflow.js'
import { tendersMethods } from './services/tenders/tenders.shared.js'
import { bidsMethods } from './services/bids/bids.shared.js'
import { tenderQueriesMethods } from './services/queries/tender-queries.shared.js'

/*
 * The calls of spec §7 (Tenders, Purchases, Bids, Queries, Revisions) as thin aliases onto our
 * services. A matching request is rewritten (path, HTTP method, X-Service-Method, query, body)
 * and then goes through the normal Feathers REST layer once, with every app hook: sign-in,
 * region scope (also under /{region}/v1), CASL abilities, sealed bids, audit, 410 on a stale
 * `updatedAt`, events. No business rule lives here: where the spec's answer has another shape,
 * `reply` only picks it out of the service's answer. Custom method = POST /<service> with
 * X-Service-Method: <method> and body {id, ...}. `{n}` below is a number typed by the caller.
 *
 * | Spec call                                       | Our service call                                               |
 * |-------------------------------------------------|----------------------------------------------------------------|
 * | GET tenders, GET tenders/{id}                   | (the same paths)                                               |
 * | GET tenders/as-representative                   | GET tenders?asRepresentative=true                              |
 * | GET tenders/{id}/termsId                        | GET tenders/{id}/terms → {tenderId, termsId: version}          |
 * | GET /tenders/{id}/tnc-docs                      | GET tenders/{id}/terms (version and items)                     |
 * | GET tenders/{id}/accounts                       | GET tenders/{id}?withAccounts=true → accounts                  |
 * | PUT tenders/{id}/accounts {userIds}             | tenders.setAccounts                                            |
 * | PUT tenders/{id} (general or full tender,       | PATCH tenders/{id} with `tenderEditOf(body)`: the spec's names |
 * |   deleteDocs)                                   | onto ours (general.closingDate → closingAt, validityPeriod →   |
 * |                                                 | validityDays, scopeOfWorks → scope, service's groups →         |
 * |                                                 | lineItemGroups), read-only parts left out; deleteDocs and      |
 * |                                                 | updatedAt as they are (deleteDocs confirms deleting the files  |
 * |                                                 | of the former conditions of contract)                          |
 * | GET tenders/all                                 | GET tenders (filters) → {total, limit, skip, data, count}      |
 * | GET tenders/all/export                          | GET exports/tenders (filters; a spreadsheet)                   |
 * | PATCH tenders/{id} {status}                     | the tender workflow's action leading to that status (submit,   |
 * |                                                 | approve, reject, reset, issue, open, award, regretAll, cancel);|
 * |                                                 | X-CMS-Action naming a method (extend...) wins                  |
 * | PUT tenders/{id}/reco                           | tenders.recommend                                              |
 * | GET tenders/count                               | GET tenders?$limit=0 (filters) → total                         |
 * | POST tenders/{id}/bind (multipart, type)        | POST tender-documents {tenderId, kind: type} with the files    |
 * | POST tenders/{id}/invite {vendorIds}            | tenders.issue                                                  |
 * | GET tenders/{id}/check-editable                 | GET edit-checks/tenders/{id} (read, then the edit lock; 423)   |
 * | PUT tenders/{id}/keep-edit                      | POST edit-checks/tenders/{id} (renews the lock)                |
 * | GET purchases/orders/{number}/is-awarded        | GET purchase-checks?kind=PO&number= → isAwarded                |
 * | GET purchases/orders/{number}/is-used           | GET purchase-checks?kind=numberType|PO → isUsed                |
 * | GET purchases/contracts/{number}/is-awarded     | GET purchase-checks?kind=CONTRACT(&revisionNum) → isAwarded    |
 * | GET purchases/contracts/{number}/is-site-valid  | GET purchase-checks?kind=CONTRACT&siteId= → isSiteValid        |
 * | GET /purchases/vendors?vendorId=                | GET companies/{vendorId}                                       |
 * | GET /purchases/{requests|orders|contracts}/currencies | GET purchase-currencies?kind=PR|PO|CONTRACT              |
 * | GET /purchases/requests/{number}                | GET purchase-requests?number= → the one record (404 if none)   |
 * | POST /purchases/orders/, /purchases/contracts/  | POST purchase-orders, POST contracts                           |
 * | GET /purchases/orders/{number}                  | GET purchase-orders?number= → the one record                   |
 * | GET /purchases/contracts/{number}?revision=     | GET contracts?number=&revisionNum= → that revision (else the   |
 * |                                                 | latest)                                                        |
 * | GET /bids, GET /bids/{id}                       | (the same paths; GET bids/{id} carries `queries`: the          |
 * |                                                 | tender-queries read of the bid, newest first; lists do not)    |
 * | GET /bids/tender/{tenderId}                     | GET bids?tenderId= → the list (each caller's own view)         |
 * | PUT /bids/{id}                                  | bids.save                                                      |
 * | PATCH /bids/{id} + X-CMS-Action: submit|decline|reopen|save | that bids method                                   |
 * | POST /queries {bidId}; PUT, DELETE /queries/{id} | POST tender-queries; PATCH, DELETE tender-queries/{id}        |
 * | PATCH /queries/{id} {status}                    | the query workflow's action to that status (issue, answer)     |
 * | GET /queries/{id}/check-editable, PUT keep-edit | GET, POST edit-checks/queries/{id}                             |
 * | GET /revisions/tenders/{id}                     | GET tender-revisions?tenderId= → the revisions, newest first   |
 * | GET /revisions/tenders/{id}/versions            | the same → their version numbers                               |
 * | GET /revisions/tenders/{id}/versions/{n}        | GET tender-revisions?tenderId=&version=n → that revision       |
 * | POST /revisions/tenders/{id}                    | tenders.addendum                                               |
 * | POST /revisions/tenders/{id}/fallback           | tenders.discardAddendum                                        |
 * | POST /revisions/tenders/{id}/addendum-comment/{n} {content} | tender-revisions.comment of version n              |

/** The id of version `n` of a tender's revisions (0 when none: the service then answers 404 as for any unknown id). */
async function revisionId(knex: Knex, tenderId: string, version: string) {
  const n = Number(version)
  if (!Number.isSafeInteger(n)) return 0
  const row = await knex('tender_revisions').where({ tenderId, version: n }).first('id')
  return row?.id ?? 0
}

const isObject = (value: unknown): value is Record<string, any> => Boolean(value) && typeof value === 'object' && !Array.isArray(value)
const firstDefined = (...values: unknown[]) => values.find((value) => value !== undefined && value !== null)

/** The fields of the tender's `general` our edit takes (tenderGeneralSchema); the rest of the spec's general is the record's. */
const generalFields = Object.keys(tenderGeneralSchema.properties)
/** The spec's line item fields that are no input: the computed total and the screen's tick. */
const lineItemOutputs = ['total', 'checked']

/** The spec's `service`: its groups of line items (`{groups: [...]}` or the list itself), each item without its outputs. */
function lineItemGroupsOf(service: unknown) {
  const groups = Array.isArray(service) ? service : isObject(service) ? (service.groups ?? service.lineItemGroups) : undefined
  if (!Array.isArray(groups)) return groups
  return groups.map((group) =>
    !isObject(group) || !Array.isArray(group.lineItems)
      ? group
      : {
          ...group,
          lineItems: group.lineItems.map((item: unknown) => (isObject(item) ? Object.fromEntries(Object.entries(item).filter(([key]) => !lineItemOutputs.includes(key))) : item))
        }
  )
}

/**
 * Spec §7 PUT tenders/{id}: "general or full tender (bids cleaned, managedBy and manager omitted,
 * deleteDocs flag)", turned into our tender edit (tenderPatchSchema). Field names only, no rule:
 * the spec's names become ours (general.closingDate → closingAt, validityPeriod (days) →
 * validityDays, scopeOfWorks → scope, service's groups → lineItemGroups; ours are taken too, so a
 * record read by GET tenders/{id} can be sent back whole), the record's read-only parts are left
 * out (id, status, version, prNumber, purchaseRequisition, managedBy, approver, bids, accounts,
 * histories, documents, createdAt...: all the spec's general that is no input), an unset (null)
 * part is no change, `deleteDocs` and `updatedAt` (410 when stale) pass as they are. The body is
 * a full tender when it has a `general` object, else it is the general part itself. Whatever is
 * kept the service validates (an unknown field of a line item, a bad unit: 400).
 */
export function tenderEditOf(body: unknown): Record<string, unknown> {
  if (!isObject(body)) return {}
  const general = isObject(body.general) ? body.general : body
  const edit: Record<string, unknown> = {}
  const keptGeneral = Object.fromEntries(generalFields.filter((field) => general[field] !== undefined).map((field) => [field, general[field]]))
  if (general !== body || Object.keys(keptGeneral).length) edit.general = keptGeneral
  const parts: Record<string, unknown> = {
    closingAt: firstDefined(general.closingDate, general.closingAt, body.closingDate, body.closingAt),
    validityDays: firstDefined(general.validityPeriod, general.validityDays, body.validityPeriod, body.validityDays),
    termsVersion: firstDefined(general.termsVersion, body.termsVersion),
    scope: firstDefined(body.scopeOfWorks, body.scope),
    lineItemGroups: lineItemGroupsOf(firstDefined(body.service, body.lineItemGroups)),
    deleteDocs: body.deleteDocs,
    updatedAt: firstDefined(body.updatedAt, general.updatedAt)
  }
  for (const [field, value] of Object.entries(parts)) if (value !== undefined && value !== null) edit[field] = value
  return edit
}

const purchaseCheck = (kind: unknown, number: string, query: Query, pick: string): SpecTarget =>
  find(
    'purchase-checks',
    {
      kind: kind === 'CONTRACT' ? 'CONTRACT' : 'PO',
      number,
      ...(query.revisionNum !== undefined ? { revisionNum: query.revisionNum } : {}),
      ...(query.siteId !== undefined ? { siteId: query.siteId } : {})
    },
    field(pick)
  )

export const tenderSpecAliases: SpecRoute[] = [
  // Tenders
  { method: 'GET', pattern: 'tenders/as-representative', to: (_, { query }) => find('tenders', { ...query, asRepresentative: true }) },
  { method: 'GET', pattern: 'tenders/all', to: (_, { query }) => find('tenders', query, (body) => ({ ...body, count: body.total })) },
  { method: 'GET', pattern: 'tenders/all/export', to: (_, { query }) => find('exports/tenders', query) },
  { method: 'GET', pattern: 'tenders/count', to: (_, { query }) => find('tenders', { ...query, $limit: 0 }, field('total')) },
  { method: 'GET', pattern: 'tenders/:id/termsId', to: ({ id }) => find(`tenders/${enc(id)}/terms`, {}, (body) => ({ tenderId: body.tenderId, termsId: body.version })) },
  { method: 'GET', pattern: 'tenders/:id/tnc-docs', to: ({ id }) => find(`tenders/${enc(id)}/terms`, {}) },
  { method: 'GET', pattern: 'tenders/:id/accounts', to: ({ id }) => get('tenders', id, { withAccounts: true }, (body) => body.accounts ?? []) },
  { method: 'PUT', pattern: 'tenders/:id/accounts', to: ({ id }, { body }) => call('tenders', 'setAccounts', id, body) },
  { method: 'PUT', pattern: 'tenders/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tenders/${enc(id)}`, body: tenderEditOf(body) }) },
  {
    method: 'PATCH',
    pattern: 'tenders/:id',
    to: ({ id }, request) => {
      const action = statusAction(request, tenderWorkflow.table, tendersMethods)
      return action ? call('tenders', action, id, request.body) : null
    }
  },
  { method: 'PUT', pattern: 'tenders/:id/reco', to: ({ id }, { body }) => call('tenders', 'recommend', id, body) },
  {
    method: 'POST',
    pattern: 'tenders/:id/bind',
    uploads: true,
    to: ({ id }, { body }) => {
      const { type, resourceMap: _files, ...fields } = body ?? {}
      return { method: 'POST', path: '/tender-documents', body: { ...fields, ...(type !== undefined ? { kind: type } : {}), tenderId: id } }
    }
  },
  { method: 'POST', pattern: 'tenders/:id/invite', to: ({ id }, { body }) => call('tenders', 'issue', id, body) },
  { method: 'GET', pattern: 'tenders/:id/check-editable', to: ({ id }) => find(`edit-checks/tenders/${enc(id)}`, {}) },
  { method: 'PUT', pattern: 'tenders/:id/keep-edit', to: ({ id }) => ({ method: 'POST', path: `/edit-checks/tenders/${enc(id)}`, body: {} }) },

  // Purchases ({number}: the purchase order or contract number the forms type)
  { method: 'GET', pattern: 'purchases/orders/:number/is-awarded', to: ({ number }, { query }) => purchaseCheck('PO', number, query, 'isAwarded') },
  { method: 'GET', pattern: 'purchases/orders/:number/is-used', to: ({ number }, { query }) => purchaseCheck(query.numberType, number, query, 'isUsed') },
  { method: 'GET', pattern: 'purchases/contracts/:number/is-awarded', to: ({ number }, { query }) => purchaseCheck('CONTRACT', number, query, 'isAwarded') },
  { method: 'GET', pattern: 'purchases/contracts/:number/is-site-valid', to: ({ number }, { query }) => purchaseCheck('CONTRACT', number, query, 'isSiteValid') },
  {
    method: 'GET',
    pattern: 'purchases/vendors',
    to: (_, { query }) => {
      if (query.vendorId === undefined || query.vendorId === '') throw appError(400, 'VALIDATION_FAILED', { details: 'vendorId' })
      return get('companies', String(query.vendorId))
    }
  },
  { method: 'GET', pattern: 'purchases/requests/currencies', to: () => find('purchase-currencies', { kind: 'PR' }) },
  { method: 'GET', pattern: 'purchases/orders/currencies', to: () => find('purchase-currencies', { kind: 'PO' }) },
  { method: 'GET', pattern: 'purchases/contracts/currencies', to: () => find('purchase-currencies', { kind: 'CONTRACT' }) },
  { method: 'GET', pattern: 'purchases/requests/:number', to: ({ number }) => find('purchase-requests', { number, $limit: 1 }, one) },
  { method: 'POST', pattern: 'purchases/orders', to: (_, { body }) => ({ method: 'POST', path: '/purchase-orders', body }) },
  { method: 'POST', pattern: 'purchases/contracts', to: (_, { body }) => ({ method: 'POST', path: '/contracts', body }) },
  { method: 'GET', pattern: 'purchases/orders/:number', to: ({ number }) => find('purchase-orders', { number, $limit: 1 }, one) },
  {
    method: 'GET',
    pattern: 'purchases/contracts/:number',
    to: ({ number }, { query }) =>
      find(
        'contracts',
        {
          number,
          ...(query.revision !== undefined ? { revisionNum: query.revision } : {}),
          $sort: { revisionNum: -1 },
          $limit: 1
        },
        one
      )
  },

  // Bids
  { method: 'GET', pattern: 'bids/tender/:tenderId', to: ({ tenderId }) => find('bids', { tenderId, $limit: 100 }, listOf) },
  { method: 'PUT', pattern: 'bids/:id', to: ({ id }, { body }) => call('bids', 'save', id, body) },
  {
    method: 'PATCH',
    pattern: 'bids/:id',
    to: ({ id }, { headers, body }) => {
      const action = namedAction(headers, bidsMethods)
      if (!action) throw appError(400, 'VALIDATION_FAILED', { details: 'X-CMS-Action: save, submit, decline or reopen' })
      return call('bids', action, id, body)
    }
  },

  // Queries (our tender-queries)
  { method: 'POST', pattern: 'queries', to: (_, { body }) => ({ method: 'POST', path: '/tender-queries', body }) },
  { method: 'PUT', pattern: 'queries/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tender-queries/${enc(id)}`, body }) },
  {
    method: 'PATCH',
    pattern: 'queries/:id',
    to: ({ id }, request) => {
      const action = statusAction(request, queryWorkflow.table, tenderQueriesMethods)
      if (!action) throw appError(400, 'VALIDATION_FAILED', { details: 'status' })
      return call('tender-queries', action, Number(id), request.body)
    }
  },
  { method: 'DELETE', pattern: 'queries/:id', to: ({ id }) => ({ method: 'DELETE', path: `/tender-queries/${enc(id)}` }) },
  { method: 'GET', pattern: 'queries/:id/check-editable', to: ({ id }) => find(`edit-checks/queries/${enc(id)}`, {}) },
  { method: 'PUT', pattern: 'queries/:id/keep-edit', to: ({ id }) => ({ method: 'POST', path: `/edit-checks/queries/${enc(id)}`, body: {} }) },

  // Revisions
  { method: 'GET', pattern: 'revisions/tenders/:id', to: ({ id }) => find('tender-revisions', { tenderId: id, $sort: { version: -1 }, $limit: 100 }, listOf) },
  {
    method: 'GET',
    pattern: 'revisions/tenders/:id/versions',
    to: ({ id }) => find('tender-revisions', { tenderId: id, $sort: { version: -1 }, $limit: 100 }, (body) => listOf(body).map((revision: any) => revision.version))
  },
  { method: 'GET', pattern: 'revisions/tenders/:id/versions/:n', to: ({ id, n }) => find('tender-revisions', { tenderId: id, version: n, $limit: 1 }, one) },
  { method: 'POST', pattern: 'revisions/tenders/:id', to: ({ id }, { body }) => call('tenders', 'addendum', id, body) },
  { method: 'POST', pattern: 'revisions/tenders/:id/fallback', to: ({ id }, { body }) => call('tenders', 'discardAddendum', id, body) },
  {
    method: 'POST',
    pattern: 'revisions/tenders/:id/addendum-comment/:n',
    to: async ({ id, n }, { body, knex }) => {
      const { content, ...rest } = body ?? {}
      return call('tender-revisions', 'comment', await revisionId(knex, id, n), { ...rest, comment: content ?? rest.comment })
    }
  }
]
