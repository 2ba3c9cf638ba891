import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

export const auditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: Type.Any(),
    userId: Type.Union([Type.Integer(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    region: Type.Union([Type.String(), Type.Null()]),
    action: Type.String(),
    resource: Type.String(),
    recordId: Type.Union([Type.String(), Type.Null()]),
    before: Type.Any(),
    after: Type.Any(),
    /** Where a security event came from (sign-in locks, links, codes); null for other writes. */
    address: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** One entry's answer: each field of before and after named in the caller's language, as the lists and exports name it. */
    fieldLabels: Type.Optional(Type.Record(Type.String(), Type.String()))
  },
  { $id: 'AuditEntry', additionalProperties: false }
)
export type AuditEntry = Static<typeof auditEntrySchema>

const instant = Type.String({ format: 'date-time' })

// `at` is compared as an instant, so a filter on it must be one (not any text).
export const auditEntryQuerySchema = listQuery(
  Type.Object({ ...auditEntrySchema.properties, at: instant }),
  ['id', 'at', 'userId', 'username', 'region', 'action', 'resource', 'recordId', 'address'],
  ['action', 'username']
)
export const auditEntryQueryValidator = getValidator(auditEntryQuerySchema as any, queryValidator)

/** One line of the audit report: how many writes of one action on one resource in one day. */
export const auditReportRowSchema = Type.Object(
  {
    day: Type.String({ format: 'date' }),
    resource: Type.String(),
    action: Type.String(),
    count: Type.Integer()
  },
  { $id: 'AuditReportRow', additionalProperties: false }
)
export type AuditReportRow = Static<typeof auditReportRowSchema>

/** A chart reads a range's groups at once: days × resources of a few months. */
export const MAX_CHART_ROWS = 2000

/** Days are the region's calendar days; the range is of instants (`at[$gte]`, `at[$lte]`). */
export const auditReportQuerySchema = Type.Object(
  {
    at: Type.Optional(Type.Object({ $gte: Type.Optional(instant), $lte: Type.Optional(instant) }, { additionalProperties: false })),
    resource: Type.Optional(Type.String({ maxLength: 100 })),
    action: Type.Optional(Type.String({ maxLength: 120 })),
    /** The activity chart's grouping: per day and resource, or per day and action (the other field then ''). */
    by: Type.Optional(Type.Union([Type.Literal('resource'), Type.Literal('action')])),
    region: Type.Optional(Type.String()),
    /** Up to MAX_PAGE rows a page (query.ts); a chart's grouping (`by`) up to MAX_CHART_ROWS. */
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CHART_ROWS })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'AuditReportQuery', additionalProperties: false }
)
export type AuditReportQuery = Static<typeof auditReportQuerySchema>
export const auditReportQueryValidator = getValidator(auditReportQuerySchema, queryValidator)
