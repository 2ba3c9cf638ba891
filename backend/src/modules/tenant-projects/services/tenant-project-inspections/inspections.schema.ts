import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { followUpStatuses, inspectionLimits, inspectionTypes } from './inspections.shared.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const region = Type.Optional(Type.String())
const version = Type.Optional(Type.Any())
const text = Type.String({ maxLength: inspectionLimits.text })
const day = Type.String({ format: 'date' })

/** An inspection as stored and answered (with its status: DRAFT until sent, then INSPECTED). */
export const tenantProjectInspectionSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    type: Type.Union(inspectionTypes.map((type) => Type.Literal(type))),
    itemsInspected: Type.String(),
    inspectedAt: Type.Any(),
    inspectedBy: Type.String(),
    description: Type.String(),
    remarks: Type.String(),
    followUpRequired: Type.Boolean(),
    tenantViewable: Type.Boolean(),
    sentAt: Type.Any(),
    createdBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantProjectInspection', additionalProperties: true }
)

const editable = {
  type: Type.Union(inspectionTypes.map((type) => Type.Literal(type))),
  itemsInspected: text,
  inspectedAt: Type.String({ format: 'date-time' }),
  inspectedBy: Type.String({ maxLength: inspectionLimits.inspectedBy }),
  description: text,
  remarks: text,
  followUpRequired: Type.Boolean(),
  tenantViewable: Type.Boolean()
}

export const tenantProjectInspectionDataValidator = getValidator(
  Type.Object(
    { projectId: id, ...Type.Partial(Type.Object(editable)).properties, type: editable.type, inspectedAt: editable.inspectedAt, region },
    { $id: 'TenantProjectInspectionData', additionalProperties: false }
  ),
  dataValidator
)
export const tenantProjectInspectionPatchValidator = getValidator(
  Type.Object({ ...Type.Partial(Type.Object(editable)).properties, updatedAt: version, region }, { $id: 'TenantProjectInspectionPatch', additionalProperties: false }),
  dataValidator
)
export const tenantProjectInspectionActionValidators = {
  send: getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantProjectInspectionSend', additionalProperties: false }), dataValidator),
  tenantViewable: getValidator(
    Type.Object({ id, isTenantView: Type.Boolean(), updatedAt: version, region }, { $id: 'TenantProjectInspectionTenantViewable', additionalProperties: false }),
    dataValidator
  )
}
export const tenantProjectInspectionQueryValidator = getValidator(
  listQuery(tenantProjectInspectionSchema, ['id', 'region', 'projectId', 'type', 'inspectedAt', 'sentAt', 'tenantViewable', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

/** A follow-up item an inspection raises (issue 30 item 6 "tracked to closure"). */
export const tenantProjectInspectionFollowUpSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    inspectionId: Type.Integer(),
    description: Type.String(),
    dueDate: Type.Any(),
    status: Type.Union(followUpStatuses.map((status) => Type.Literal(status))),
    closedAt: Type.Any(),
    closedBy: nullable(Type.Integer()),
    closingRemarks: Type.String(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantProjectInspectionFollowUp', additionalProperties: true }
)
export const tenantProjectInspectionFollowUpDataValidator = getValidator(
  Type.Object(
    { inspectionId: id, description: Type.String({ minLength: 1, maxLength: inspectionLimits.text, pattern: '\\S' }), dueDate: Type.Optional(nullable(day)), region },
    { $id: 'TenantProjectInspectionFollowUpData', additionalProperties: false }
  ),
  dataValidator
)
export const tenantProjectInspectionFollowUpCloseValidator = getValidator(
  Type.Object({ id, remarks: Type.Optional(text), updatedAt: version, region }, { $id: 'TenantProjectInspectionFollowUpClose', additionalProperties: false }),
  dataValidator
)
export const tenantProjectInspectionFollowUpQueryValidator = getValidator(
  listQuery(tenantProjectInspectionFollowUpSchema, ['id', 'region', 'projectId', 'inspectionId', 'status', 'dueDate', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

/** A mail of an inspection's e-mail history (spec §7 email_history). */
export const tenantProjectInspectionMailSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    inspectionId: Type.Integer(),
    toAddresses: Type.Array(Type.String()),
    ccAddresses: Type.Array(Type.String()),
    subject: Type.String(),
    body: Type.String(),
    sentAt: Type.Any(),
    sentCount: Type.Integer(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantProjectInspectionMail', additionalProperties: true }
)
const addresses = Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: inspectionLimits.addresses })
const composed = {
  to: Type.Array(Type.String({ format: 'email', maxLength: 254 }), { minItems: 1, maxItems: inspectionLimits.addresses }),
  cc: addresses,
  subject: Type.String({ minLength: 1, maxLength: inspectionLimits.subject, pattern: '\\S' }),
  body: Type.String({ minLength: 1, maxLength: inspectionLimits.body, pattern: '\\S' })
}
export const tenantProjectInspectionMailDataValidator = getValidator(
  Type.Object({ inspectionId: id, ...composed, cc: Type.Optional(addresses), region }, { $id: 'TenantProjectInspectionMailData', additionalProperties: false }),
  dataValidator
)
export const tenantProjectInspectionMailPatchValidator = getValidator(
  Type.Object({ ...Type.Partial(Type.Object(composed)).properties, updatedAt: version, region }, { $id: 'TenantProjectInspectionMailPatch', additionalProperties: false }),
  dataValidator
)
export const tenantProjectInspectionMailSendValidator = getValidator(
  Type.Object({ id, updatedAt: version, region }, { $id: 'TenantProjectInspectionMailSend', additionalProperties: false }),
  dataValidator
)
export const tenantProjectInspectionMailQueryValidator = getValidator(
  listQuery(tenantProjectInspectionMailSchema, ['id', 'region', 'projectId', 'inspectionId', 'sentAt', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

export const tenantProjectInspectionFileDataValidator = getValidator(
  Type.Object(
    { inspectionId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), description: Type.Optional(Type.String({ maxLength: 500 })), region },
    { $id: 'TenantProjectInspectionFileData', additionalProperties: true }
  ),
  dataValidator
)
export const tenantProjectInspectionFileQueryValidator = getValidator(
  Type.Object(
    { inspectionId: Type.Union([id, Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]), $limit: Type.Optional(Type.Integer({ minimum: 0 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })), region },
    { $id: 'TenantProjectInspectionFileQuery', additionalProperties: false }
  ),
  queryValidator
)
