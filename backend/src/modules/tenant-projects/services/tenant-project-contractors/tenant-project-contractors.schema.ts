import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/** One contractor row of a tenant project, as stored and answered (the mobile in E.164). */
export const tenantProjectContractorSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    accountUserIds: Type.Optional(Type.Array(Type.Integer())),
    userAccount: nullable(Type.String()),
    firstName: Type.String(),
    lastName: Type.String(),
    contractorType: Type.String(),
    companyName: Type.String(),
    officeTel: nullable(Type.String()),
    mobile: Type.String(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantProjectContractor', additionalProperties: false }
)
export type TenantProjectContractor = Static<typeof tenantProjectContractorSchema>

/** The row's fields as typed; the rules (tenant-project-contractors.shared.ts) answer 400 with the fields that fail. */
const row = {
  userAccount: Type.Optional(nullable(Type.String({ maxLength: 254 }))),
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  contractorType: Type.String({ maxLength: 32 }),
  companyName: Type.String({ maxLength: 200 }),
  officeTel: Type.Optional(nullable(Type.String({ maxLength: 32 }))),
  mobile: Type.String({ maxLength: 32 })
}
const rowSchema = Type.Object(row, { additionalProperties: false })

export const tenantProjectContractorDataSchema = Type.Object(
  { projectId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), ...row, region: Type.Optional(Type.String()) },
  { $id: 'TenantProjectContractorData', additionalProperties: false }
)
export type TenantProjectContractorData = Static<typeof tenantProjectContractorDataSchema>
export const tenantProjectContractorDataValidator = getValidator(tenantProjectContractorDataSchema, dataValidator)

export const tenantProjectContractorPatchSchema = Type.Object(
  { ...Type.Partial(rowSchema).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'TenantProjectContractorPatch', additionalProperties: false }
)
export type TenantProjectContractorPatch = Static<typeof tenantProjectContractorPatchSchema>
export const tenantProjectContractorPatchValidator = getValidator(tenantProjectContractorPatchSchema, dataValidator)

/** The project's whole set (spec §7 PUT project_contractors/{projectId} "body plus domain"). */
export const tenantProjectContractorReplaceSchema = Type.Object(
  {
    projectId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    rows: Type.Array(rowSchema, { maxItems: 100 }),
    domain: Type.Optional(Type.String({ maxLength: 8 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenantProjectContractorReplace', additionalProperties: false }
)
export type TenantProjectContractorReplace = Static<typeof tenantProjectContractorReplaceSchema>
export const tenantProjectContractorReplaceValidator = getValidator(tenantProjectContractorReplaceSchema, dataValidator)

export const tenantProjectContractorQuerySchema = listQuery(
  tenantProjectContractorSchema,
  ['id', 'region', 'projectId', 'contractorType', 'companyName', 'lastName', 'createdAt', 'updatedAt'],
  ['companyName', 'lastName']
)
export const tenantProjectContractorQueryValidator = getValidator(tenantProjectContractorQuerySchema as any, queryValidator)
