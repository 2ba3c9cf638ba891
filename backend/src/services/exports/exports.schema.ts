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
