import type { Application } from '../../../declarations.js'
import { appError } from '../../../errors.js'
import type { DocumentRenderer, DocumentRequest } from '../../../services/documents/documents.class.js'
import { storedBytes } from '../../../storage/create-storage.js'
import { hotbPrintOf, hotbScheduleDefinition, keyHotbDefinition } from './hotb-pdf.js'

/*
 * `GET documents/<type>/<hotb id>` (spec §8 PDF types hotbSchedule, keyHotb; issue 31 §7 the
 * sealed original): the record is read through its own service with the caller's params first, so
 * whoever reads the record (staff of the region, its tenant once scheduled) downloads them and a
 * stranger gets 404 before anything is printed.
 */

const readRecord = async (app: Application, request: DocumentRequest) => {
  if (!/^\d{1,10}$/.test(request.id)) throw appError(404, 'NOT_FOUND')
  return app.service('hotb').get(Number(request.id), { ...request.caller, query: {} } as any)
}

const printed = (definitionOf: typeof hotbScheduleDefinition): DocumentRenderer => ({
  async render(app, request) {
    const record = await readRecord(app, request)
    return definitionOf(await hotbPrintOf(app, app.get('knex'), record.id), request.settings)
  }
})

/** The sealed original as stored: the same bytes every time (its SHA-256 sent as X-Content-SHA256); 404 until sealed. */
const sealed: DocumentRenderer = {
  async render(app, request) {
    const record = await readRecord(app, request)
    const row = await app.get('knex')('hotb').join('files', 'files.id', 'hotb.sealedFileId').where({ 'hotb.id': record.id }).first('hotb.sealedSha256', 'files.storageKey', 'files.name')
    if (!row) throw appError(404, 'NOT_FOUND')
    return { filename: row.name, sha256: row.sealedSha256, content: await storedBytes(app, row.storageKey) }
  }
}

export const hotbDocumentTypes = ['hotbSchedule', 'keyHotb', 'hotbSealed'] as const

export const hotbDocumentRenderers: Record<(typeof hotbDocumentTypes)[number], DocumentRenderer> = {
  hotbSchedule: printed(hotbScheduleDefinition),
  keyHotb: printed(keyHotbDefinition),
  hotbSealed: sealed
}
