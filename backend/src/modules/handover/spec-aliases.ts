import { call, enc, find, get, statusAction, type SpecRequest, type SpecRoute } from '../../kit/spec-aliases.js'
import { hotbWorkflow } from './services/hotb/hotb.workflow.js'
import { hotbMethods } from './services/hotb/hotb.shared.js'

/*
 * The spec's handover/takeback calls (spec hotb §7) that are not already ours as they stand
 * (GET /hotb, GET /hotb/{id} and POST /hotb are the service's own), as thin aliases onto the
 * service (every hook runs as for its own call: sign-in, region, abilities, 428/410, audit, events):
 * | spec call                                 | ours                                                  |
 * | GET /hotb/all (params)                    | GET hotb (filters) → {…, count}                       |
 * | PUT /hotb/{id} {basicInfo}                | PATCH hotb/{id} with the basic information's fields   |
 * | PUT /hotb/{id}/updatedBy {managedBy}      | hotb `changePic`                                      |
 * | PATCH /hotb/{id} {status}, action header  | the workflow's action leading there (an X-CMS-Action  |
 * |                                           | naming one wins); without a status, our own PATCH     |
 * | PATCH /hotb/log/{id}                      | GET hotb/{id} → {id, updatedAt} (see below)           |
 * | POST /pdf {type: hotbSchedule | keyHotb,   | GET documents/{type}/{id}: the PDF, binary, for       |
 * |   id (or hotbId, data.id)}                | whoever reads the record                              |
 * A call without a version is made on the stored one (the spec's calls carry none).
 *
 * PATCH /hotb/log/{id} adds to the record's histories in the spec, its answer unused (errors only
 * reported). Here every write of a record is its history already, recorded as it happens by the
 * audited write (action, user, before, after); nothing is left to log, so the alias answers
 * through the record's own read: 404 for a record the caller may not read, 403 without any `hotb`
 * rule, and writes nothing.
 */
const listed = (body: any) => ({ ...body, count: body.total })

/** Spec §8 PDF types of a handover/takeback record (the documents' renderers, documents/renderers.ts). */
const hotbPdfTypes = ['hotbSchedule', 'keyHotb'] as const

/** The record a spec PDF call names: `id`, `hotbId`, or the same inside its document data; '' when none. */
function pdfRecordId(body: any): string {
  const named = [body?.id, body?.hotbId, body?.data?.id, body?.data?.hotbId].find((value) => value !== undefined && value !== null && value !== '')
  return named === undefined ? '' : String(named)
}

/** The version a spec call acts on: the one it sent, else the stored one (null: no such record, the service answers 404). */
async function versionOf(knex: SpecRequest['knex'], id: string, body: any) {
  const recordId = Number(id)
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) return null
  if (body?.updatedAt) return { id: recordId, updatedAt: body.updatedAt }
  const row = await knex('hotb').where({ id: recordId }).first('updatedAt')
  return row ? { id: recordId, updatedAt: new Date(row.updatedAt).toISOString() } : null
}

export const handoverSpecAliases: SpecRoute[] = [
  { method: 'GET', pattern: 'hotb/all', to: (_, { query }) => find('hotb', query, listed) },
  {
    method: 'PUT',
    pattern: 'hotb/:id',
    to: ({ id }, { body }) => {
      const { basicInfo, ...rest } = body && typeof body === 'object' ? body : ({} as any)
      return { method: 'PATCH', path: `/hotb/${enc(id)}`, body: basicInfo && typeof basicInfo === 'object' ? { ...basicInfo, ...rest } : rest }
    }
  },
  {
    method: 'PUT',
    pattern: 'hotb/:id/updatedBy',
    to: async ({ id }, { knex, body }) => {
      const version = await versionOf(knex, id, body)
      return version && call('hotb', 'changePic', version.id, { managedBy: body?.managedBy ?? body?.updatedBy, updatedAt: version.updatedAt })
    }
  },
  {
    method: 'PATCH',
    pattern: 'hotb/:id',
    to: async ({ id }, request) => {
      const action = statusAction(request, hotbWorkflow.table, hotbMethods)
      if (!action) return null
      const version = await versionOf(request.knex, id, request.body)
      return version && call('hotb', action, version.id, { ...request.body, updatedAt: version.updatedAt })
    }
  },
  {
    method: 'PATCH',
    pattern: 'hotb/log/:id',
    to: ({ id }) => get('hotb', id, {}, (record) => ({ id: record?.id, updatedAt: record?.updatedAt }))
  },
  {
    // Another module's PDF type is not this alias: the call goes on as sent.
    method: 'POST',
    pattern: 'pdf',
    to: (_, { body }) => {
      const type = body?.type
      if (!hotbPdfTypes.includes(type)) return null
      return { method: 'GET', path: `/documents/${enc(type)}/${enc(pdfRecordId(body) || '0')}`, query: {} }
    }
  }
]
