import { Type, getValidator, type Static, type TProperties } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { hotbStates } from './hotb.workflow.js'
import { hotbLimits, hotbTypes, premiseBuildingTypes } from './hotb.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/**
 * A handover or takeback record as stored and answered (spec hotb §3 "Fields"), with the names of
 * its tenancy for the lists. Dates: `scheduledAt` is the appointment (date and time, ISO instant),
 * `actualDate` the day it actually took place (YYYY-MM-DD).
 */
export const hotbSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    type: literals(hotbTypes),
    premiseBuildingType: literals(premiseBuildingTypes),
    name: Type.String(),
    status: literals(hotbStates),
    /** The reason of the last reject, request for change or cancel. */
    statusReason: nullable(Type.String()),
    /** From the tenancy: its building and physical site, its company and trade name (for the lists). */
    buildingId: nullable(Type.Integer()),
    siteId: nullable(Type.Integer()),
    companyName: nullable(Type.String()),
    tradeName: nullable(Type.String()),
    /** The floors of the premises handed over or taken back. */
    premises: Type.Array(Type.String()),
    scheduledAt: nullable(Type.Any()),
    actualDate: nullable(Type.String()),
    remarkToTenant: nullable(Type.String()),
    specialRemark: nullable(Type.String()),
    amRemark: nullable(Type.String()),
    createdBy: nullable(Type.Integer()),
    /** The person in charge (PIC): staff's "own". */
    managedBy: nullable(Type.Integer()),
    approverId: nullable(Type.Integer()),
    tenantContactName: nullable(Type.String()),
    tenantContactPhone: nullable(Type.String()),
    tenantContactEmail: nullable(Type.String()),
    companyContactName: nullable(Type.String()),
    companyContactPhone: nullable(Type.String()),
    companyContactEmail: nullable(Type.String()),
    additionalEmails: Type.Array(Type.String()),
    /** The building template version a handover was filled from (null: none). */
    templateId: nullable(Type.Integer()),
    templateVersion: nullable(Type.Integer()),
    /** The completed handover a takeback was filled from (null: none). */
    sourceHotbId: nullable(Type.Integer()),
    submittedAt: nullable(Type.Any()),
    approvedAt: nullable(Type.Any()),
    arrangedAt: nullable(Type.Any()),
    completedAt: nullable(Type.Any()),
    closedAt: nullable(Type.Any()),
    /** The sealed original (issue 31 §7): its file, the SHA-256 of its bytes and of its content, when sealed; written once. */
    sealedFileId: nullable(Type.Integer()),
    sealedSha256: nullable(Type.String()),
    sealedContentSha256: nullable(Type.String()),
    sealedAt: nullable(Type.Any()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Hotb', additionalProperties: false }
)
export type Hotb = Static<typeof hotbSchema>

const text = (maxLength: number) => Type.String({ maxLength })
const email = Type.String({ format: 'email', maxLength: hotbLimits.email })
const contacts = {
  tenantContactName: Type.Optional(nullable(text(hotbLimits.contactName))),
  tenantContactPhone: Type.Optional(nullable(text(hotbLimits.phone))),
  tenantContactEmail: Type.Optional(nullable(email)),
  companyContactName: Type.Optional(nullable(text(hotbLimits.contactName))),
  companyContactPhone: Type.Optional(nullable(text(hotbLimits.phone))),
  companyContactEmail: Type.Optional(nullable(email)),
  additionalEmails: Type.Optional(Type.Array(email, { maxItems: hotbLimits.additionalEmails, uniqueItems: true }))
}
const information = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: hotbLimits.name, pattern: '\\S' })),
  premises: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { minItems: 1, maxItems: hotbLimits.premises, uniqueItems: true })),
  remarkToTenant: Type.Optional(nullable(text(hotbLimits.remark))),
  specialRemark: Type.Optional(nullable(text(hotbLimits.remark))),
  amRemark: Type.Optional(nullable(text(hotbLimits.remark))),
  ...contacts
}

/**
 * Creating a record (spec hotb §7 POST /hotb {tenancyId, premiseBuildingType, type} with its basic
 * information): staff, from a tenancy of the region. The premises default to the floors the
 * tenancy holds today; the name to the type, company and floors; the PIC to the creator. A
 * HANDOVER is filled from its building's latest template, a TAKEBACK from the tenancy's last
 * completed handover.
 */
export const hotbDataSchema = Type.Object(
  {
    tenancyId: Type.Integer({ minimum: 1 }),
    type: literals(hotbTypes),
    premiseBuildingType: Type.Optional(literals(premiseBuildingTypes)),
    ...information,
    managedBy: Type.Optional(Type.Integer({ minimum: 1 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbData', additionalProperties: false }
)
export type HotbData = Static<typeof hotbDataSchema>
export const hotbDataValidator = getValidator(hotbDataSchema, dataValidator)

/** Editing the information while the record is editable (DRAFT, APPR, SCHEDULED); `updatedAt` is the version the form read (410 once it changed). */
export const hotbPatchSchema = Type.Object(
  {
    ...information,
    premiseBuildingType: Type.Optional(literals(premiseBuildingTypes)),
    updatedAt: Type.Optional(Type.Any()),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbPatch', additionalProperties: false }
)
export type HotbPatch = Static<typeof hotbPatchSchema>
export const hotbPatchValidator = getValidator(hotbPatchSchema, dataValidator)

const actionOf = <F extends TProperties>(name: string, fields: F) =>
  Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()), ...fields }, { $id: name, additionalProperties: false })
const reason = { reason: Type.String({ minLength: 1, maxLength: hotbLimits.reason, pattern: '\\S' }) }

/** Each action's data (the workflow's actions: hotb.workflow.ts). */
export const hotbActionSchemas = {
  /** To a chosen approver (spec "submit to a chosen approver"). */
  submit: actionOf('HotbSubmit', { approverId: Type.Integer({ minimum: 1 }) }),
  approve: actionOf('HotbApprove', {}),
  reject: actionOf('HotbReject', reason),
  resetToDraft: actionOf('HotbResetToDraft', {}),
  /** The appointment (date and time) and the contacts notified. */
  arrange: actionOf('HotbArrange', { scheduledAt: Type.String({ format: 'date-time' }), ...contacts }),
  unsigned: actionOf('HotbUnsigned', { reason: Type.Optional(Type.String({ maxLength: hotbLimits.reason })) }),
  /** The day it actually took place (default: the region's today). */
  complete: actionOf('HotbComplete', { actualDate: Type.Optional(Type.String({ format: 'date' })) }),
  requestChange: actionOf('HotbRequestChange', reason),
  changePic: actionOf('HotbChangePic', { managedBy: Type.Integer({ minimum: 1 }) }),
  cancel: actionOf('HotbCancel', reason)
}
export type HotbSubmitData = Static<typeof hotbActionSchemas.submit>
export type HotbArrangeData = Static<typeof hotbActionSchemas.arrange>
export type HotbCompleteData = Static<typeof hotbActionSchemas.complete>
export type HotbChangePicData = Static<typeof hotbActionSchemas.changePic>
export type HotbReasonData = Static<typeof hotbActionSchemas.reject>

export const hotbActionValidators = Object.fromEntries(Object.entries(hotbActionSchemas).map(([action, schema]) => [action, getValidator(schema, dataValidator)])) as Record<
  keyof typeof hotbActionSchemas,
  ReturnType<typeof getValidator>
>

/** The list's filters and sorts (spec hotb §2 lists: staff's /hotb, the tenant's handover tab). */
export const hotbQuerySchema = listQuery(
  hotbSchema,
  ['id', 'region', 'tenancyId', 'type', 'status', 'name', 'buildingId', 'siteId', 'companyName', 'tradeName', 'scheduledAt', 'managedBy', 'approverId', 'createdAt', 'updatedAt'],
  ['name', 'companyName', 'tradeName']
)
export const hotbQueryValidator = getValidator(hotbQuerySchema as any, queryValidator)
