import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { deductionKinds } from './deposit-ledger.shared.js'
import { depositLimits, depositPayeeTypes, refundPayeeTypes } from './deposits.shared.js'
import { refundStates } from './refund.workflow.js'

const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const region = Type.Optional(Type.String())
const version = Type.Optional(Type.Any())
/** An amount as typed ("120,000.00") or a number; the service reads it to cents (400 AMOUNT_INVALID beyond 2 decimals). */
const amount = Type.Union([Type.String({ maxLength: depositLimits.amountText }), Type.Number()])
const text = (maxLength: number) => Type.String({ maxLength })
const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))

const part = {
  id: Type.Integer(),
  region: Type.String(),
  projectId: Type.Integer(),
  tenancyId: Type.Integer(),
  accountUserIds: Type.Optional(Type.Array(Type.Integer())),
  createdAt: Type.Any(),
  updatedAt: Type.Any()
}

export const depositSchema = Type.Object(
  {
    ...part,
    amountCents: nullable(Type.Integer()),
    currency: Type.String(),
    payeeType: literals(depositPayeeTypes),
    payeeName: Type.String(),
    payeeAddress: Type.String(),
    chequeNumber: Type.String(),
    waived: Type.Boolean(),
    waiverApprovalFileId: nullable(Type.Integer()),
    mainContractorMayRequestRefund: Type.Boolean(),
    accountingNotifiedAt: Type.Any(),
    pmNotifiedAt: Type.Any()
  },
  { $id: 'TenantProjectDeposit', additionalProperties: true }
)

const depositFields = {
  amount: Type.Optional(nullable(amount)),
  payeeType: Type.Optional(literals(depositPayeeTypes)),
  payeeName: Type.Optional(text(depositLimits.payeeName)),
  payeeAddress: Type.Optional(text(depositLimits.address)),
  chequeNumber: Type.Optional(text(depositLimits.cheque)),
  waived: Type.Optional(Type.Boolean()),
  waiverApprovalFileId: Type.Optional(nullable(id)),
  mainContractorMayRequestRefund: Type.Optional(Type.Boolean())
}

export const depositDataValidator = getValidator(Type.Object({ projectId: id, ...depositFields, region }, { $id: 'TenantProjectDepositData', additionalProperties: false }), dataValidator)
export const depositPatchValidator = getValidator(Type.Object({ ...depositFields, updatedAt: version, region }, { $id: 'TenantProjectDepositPatch', additionalProperties: false }), dataValidator)
export const depositNotifyValidator = getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantProjectDepositNotify', additionalProperties: false }), dataValidator)
export const depositQueryValidator = getValidator(listQuery(depositSchema, ['id', 'region', 'projectId', 'updatedAt']) as any, queryValidator)

export const deductionSchema = Type.Object(
  {
    ...part,
    depositId: Type.Integer(),
    kind: literals(deductionKinds),
    amountCents: Type.Integer(),
    reason: Type.String(),
    note: Type.String(),
    evidenceFileId: nullable(Type.Integer()),
    createdBy: nullable(Type.Integer())
  },
  { $id: 'TenantProjectDeduction', additionalProperties: true }
)
export const deductionDataValidator = getValidator(
  Type.Object(
    {
      projectId: id,
      kind: literals(deductionKinds),
      amount,
      reason: Type.String({ minLength: 1, maxLength: depositLimits.reason, pattern: '\\S' }),
      note: Type.Optional(text(depositLimits.note)),
      evidenceFileId: Type.Optional(nullable(id)),
      region
    },
    { $id: 'TenantProjectDeductionData', additionalProperties: false }
  ),
  dataValidator
)
export const deductionQueryValidator = getValidator(listQuery(deductionSchema, ['id', 'region', 'projectId', 'depositId', 'kind', 'createdAt']) as any, queryValidator)

export const refundSchema = Type.Object(
  {
    ...part,
    status: literals(refundStates),
    amountCents: Type.Integer(),
    currency: Type.String(),
    payeeType: literals(refundPayeeTypes),
    creditTo: Type.String(),
    payeeName: Type.String(),
    payeeAddress: Type.String(),
    requestedBy: nullable(Type.Integer()),
    confirmedBy: nullable(Type.Integer()),
    confirmedAt: Type.Any()
  },
  { $id: 'TenantProjectRefund', additionalProperties: true }
)
export const refundDataValidator = getValidator(
  Type.Object(
    {
      projectId: id,
      payeeType: Type.Optional(literals(refundPayeeTypes)),
      creditTo: Type.Optional(text(depositLimits.payeeName)),
      payeeName: Type.Optional(text(depositLimits.payeeName)),
      payeeAddress: Type.Optional(text(depositLimits.address)),
      region
    },
    { $id: 'TenantProjectRefundData', additionalProperties: false }
  ),
  dataValidator
)
export const refundActionValidator = getValidator(
  Type.Object({ id, reason: Type.Optional(text(depositLimits.reason)), updatedAt: version, region }, { $id: 'TenantProjectRefundAction', additionalProperties: false }),
  dataValidator
)
export const refundQueryValidator = getValidator(listQuery(refundSchema, ['id', 'region', 'projectId', 'status', 'updatedAt']) as any, queryValidator)

export const managementFeeSchema = Type.Object(
  {
    ...part,
    amountCents: Type.Integer(),
    currency: Type.String(),
    debitNote: Type.String(),
    accountCode: Type.String(),
    supportingFileIds: Type.Array(Type.Integer()),
    accountingNotifiedAt: Type.Any()
  },
  { $id: 'TenantProjectManagementFee', additionalProperties: true }
)
const feeFields = {
  amount,
  debitNote: Type.Optional(text(depositLimits.code)),
  accountCode: Type.Optional(text(depositLimits.code)),
  supportingFileIds: Type.Optional(Type.Array(id, { maxItems: 20 }))
}
export const managementFeeDataValidator = getValidator(Type.Object({ projectId: id, ...feeFields, region }, { $id: 'TenantProjectManagementFeeData', additionalProperties: false }), dataValidator)
export const managementFeePatchValidator = getValidator(
  Type.Object({ ...feeFields, amount: Type.Optional(amount), updatedAt: version, region }, { $id: 'TenantProjectManagementFeePatch', additionalProperties: false }),
  dataValidator
)
export const managementFeeNotifyValidator = getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantProjectManagementFeeNotify', additionalProperties: false }), dataValidator)
export const managementFeeQueryValidator = getValidator(listQuery(managementFeeSchema, ['id', 'region', 'projectId', 'updatedAt']) as any, queryValidator)
