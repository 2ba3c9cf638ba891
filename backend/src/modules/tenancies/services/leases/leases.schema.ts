import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { leaseLabels, leaseTypes } from './leases.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const day = Type.Union([Type.String({ format: 'date' }), Type.Null()])

export const leaseSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    number: Type.String(),
    tenantNo: Type.String(),
    leaseType: literals(leaseTypes),
    label: Type.Union([Type.String(), Type.Null()]),
    leaseStart: Type.Any(),
    leaseEnd: Type.Any(),
    premises: Type.Union([Type.String(), Type.Null()]),
    buildingCode: Type.Union([Type.String(), Type.Null()]),
    tradeName: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
    tenancyId: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Lease', additionalProperties: false }
)
export type Lease = Static<typeof leaseSchema>

const fields = {
  number: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
  tenantNo: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
  leaseType: literals(leaseTypes),
  label: Type.Optional(Type.Union([literals(leaseLabels), Type.Null()])),
  leaseStart: Type.Optional(day),
  leaseEnd: Type.Optional(day),
  premises: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  buildingCode: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  tradeName: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  active: Type.Optional(Type.Boolean())
}

export const leaseDataSchema = Type.Object({ ...fields, region: Type.Optional(Type.String()) }, { $id: 'LeaseData', additionalProperties: false })
export type LeaseData = Static<typeof leaseDataSchema>
export const leaseDataValidator = getValidator(leaseDataSchema, dataValidator)

export const leasePatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(fields)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'LeasePatch', additionalProperties: false }
)
export const leasePatchValidator = getValidator(leasePatchSchema, dataValidator)

/**
 * A spreadsheet of leases (xlsx): one lease a row under a header row (see lease-import.ts). The
 * screen uploads it as a file first and names it (`fileId`), so the upload rules (size, type) are
 * the platform's; an API client may send a small one inline instead (`content`, base64, within
 * the 1 MB JSON body).
 */
export const leaseImportSchema = Type.Union(
  [
    Type.Object({ fileId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false }),
    Type.Object({ content: Type.String({ minLength: 1, maxLength: 1_400_000 }) }, { additionalProperties: false })
  ],
  { $id: 'LeaseImport' }
)
export const leaseImportValidator = getValidator(leaseImportSchema, dataValidator)

export const leaseQuerySchema = listQuery(
  leaseSchema,
  ['id', 'region', 'number', 'tenantNo', 'leaseType', 'label', 'leaseStart', 'leaseEnd', 'buildingCode', 'tradeName', 'active', 'tenancyId', 'createdAt', 'updatedAt'],
  ['number', 'tradeName']
)
export const leaseQueryValidator = getValidator(leaseQuerySchema as any, queryValidator)
