import { Type, type Static } from '@feathersjs/typebox'

/** What an export answers: the workbook and its file name (REST sends it as the body). */
export const exportFileSchema = Type.Object(
  {
    filename: Type.String(),
    contentType: Type.String(),
    rowCount: Type.Integer(),
    /** True when the list had more than MAX_EXPORT_ROWS rows and the rest was left out. */
    truncated: Type.Boolean(),
    content: Type.Any()
  },
  { $id: 'ExportFile', additionalProperties: false }
)
export type ExportFile = Static<typeof exportFileSchema> & { content: Buffer }

/** Fields that never go into a spreadsheet, whatever the list's hooks left in. */
export const secretFields = ['password', 'passwordHash', 'codeHash', 'secret', 'token', 'storageKey'] as const

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const exportJobFields = {
  id: Type.String(),
  resource: Type.String(),
  status: Type.Union([Type.Literal('QUEUED'), Type.Literal('RUNNING'), Type.Literal('DONE'), Type.Literal('FAILED')]),
  /** Rows written so far, of `total`. */
  done: Type.Integer(),
  total: Type.Integer(),
  /** Once DONE: the workbook's name and rows (GET export-files/{id} hands it over). */
  filename: Type.Union([Type.String(), Type.Null()]),
  rowCount: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' })
}

/** An export job as its requester reads it (`ExportJob` of exports.shared.ts), for the API document. */
export const exportJobSchema = Type.Object(exportJobFields, { $id: 'ExportJob', additionalProperties: false })

/** The 202 answer of an export too long to build at once (`ExportJobAnswer`), for the API document. */
export const exportJobAnswerSchema = Type.Object({ job: Type.Object(exportJobFields, { additionalProperties: false }) }, { $id: 'ExportJobAnswer', additionalProperties: false })

/** The spreadsheet an export answers with, and the headers that come with it. */
export const workbookResponse = {
  description: 'The list as a spreadsheet (attachment)',
  headers: {
    'X-Export-Rows': { description: 'Rows in the workbook', schema: { type: 'integer' } },
    'X-Export-Truncated': { description: `"true" when the list was longer than the export's limit and the rest was left out`, schema: { type: 'string' } }
  },
  content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } }
}
