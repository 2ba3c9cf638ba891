import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { finalDocumentStates } from './final-document.workflow.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const region = Type.Optional(Type.String())
const version = Type.Optional(Type.Any())
const status = Type.Union(finalDocumentStates.map((state) => Type.Literal(state)))

export const tenantProjectFinalDocumentSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    status,
    isExempted: Type.Boolean(),
    completedAt: Type.Any(),
    remindedAt: Type.Any(),
    updatedBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantProjectFinalDocument', additionalProperties: true }
)

export const tenantProjectFinalDocumentDataValidator = getValidator(Type.Object({ projectId: id, region }, { $id: 'TenantProjectFinalDocumentData', additionalProperties: false }), dataValidator)
/** Spec PATCH final_document/{id}: the exemption flag (setting it exempts; clearing a set one is refused: 409). */
export const tenantProjectFinalDocumentPatchValidator = getValidator(
  Type.Object({ isExempted: Type.Boolean(), updatedAt: version, region }, { $id: 'TenantProjectFinalDocumentPatch', additionalProperties: false }),
  dataValidator
)
export const tenantProjectFinalDocumentActionValidator = getValidator(
  Type.Object({ id, updatedAt: version, region }, { $id: 'TenantProjectFinalDocumentAction', additionalProperties: false }),
  dataValidator
)
export const tenantProjectFinalDocumentQueryValidator = getValidator(
  listQuery(tenantProjectFinalDocumentSchema, ['id', 'region', 'projectId', 'status', 'isExempted', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

export const tenantProjectFinalDocumentHistorySchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    finalDocumentId: Type.Integer(),
    action: Type.String(),
    fromStatus: nullable(Type.String()),
    toStatus: Type.String(),
    userId: nullable(Type.Integer()),
    createdAt: Type.Any()
  },
  { $id: 'TenantProjectFinalDocumentHistory', additionalProperties: true }
)
export const tenantProjectFinalDocumentHistoryQueryValidator = getValidator(
  listQuery(tenantProjectFinalDocumentHistorySchema, ['id', 'region', 'projectId', 'finalDocumentId', 'createdAt']) as any,
  queryValidator
)
