import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { tenderPeriods } from './tenders.shared.js'
import { conditionsOfContractsOptions } from '../tender-documents/tender-documents.shared.js'

const nullable = (type: any) => Type.Union([type, Type.Null()])
const text = (maxLength: number) => Type.String({ maxLength })

export const lineItemSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    itemNo: Type.Optional(text(32)),
    itemDesc: Type.Optional(text(4000)),
    itemQty: Type.Optional(nullable(Type.Number({ minimum: 0 }))),
    itemUnit: Type.Optional(text(32)),
    /** The engineer's rate (money, 2 decimals: checked by line-item-rules). */
    rate: Type.Optional(nullable(Type.Number({ minimum: 0 }))),
    discountType: Type.Optional(nullable(Type.Union([Type.Literal('PERCENT'), Type.Literal('AMOUNT')]))),
    discount: Type.Optional(nullable(Type.Number({ minimum: 0 }))),
    remark: Type.Optional(text(2000)),
    optional: Type.Optional(Type.Boolean()),
    /** Shown for reference only: priced, never in the total. */
    forReference: Type.Optional(Type.Boolean()),
    addendumLabel: Type.Optional(nullable(text(8)))
  },
  { additionalProperties: false }
)

export const lineItemGroupSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.Optional(text(255)),
    lineItems: Type.Array(lineItemSchema, { maxItems: 2000 })
  },
  { additionalProperties: false }
)

export const tenderGeneralSchema = Type.Object(
  {
    projectDescription: Type.Optional(text(4000)),
    projectLocation: Type.Optional(text(1000)),
    projectStart: Type.Optional(nullable(Type.String({ maxLength: 40 }))),
    estimatedProjectDuration: Type.Optional(text(255)),
    workingHours: Type.Optional(text(1000)),
    noisyWorkingHours: Type.Optional(text(1000)),
    specialWorkingHours: Type.Optional(text(1000)),
    paymentTerms: Type.Optional(text(4000)),
    onsiteVisitRequired: Type.Optional(Type.Boolean()),
    onsiteContact: Type.Optional(text(255)),
    onsiteLocation: Type.Optional(text(1000)),
    conditionsOfContracts: Type.Optional(nullable(Type.Union(conditionsOfContractsOptions.map((value) => Type.Literal(value))))),
    optionalItems: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
            value: Type.Optional(nullable(Type.Number({ minimum: 0 }))),
            text: Type.Optional(nullable(text(1000))),
            selected: Type.Optional(Type.Boolean())
          },
          { additionalProperties: false }
        ),
        { maxItems: 100 }
      )
    )
  },
  { additionalProperties: false }
)

export const tenderScopeSchema = Type.Object(
  {
    generalDesc: Type.Optional(text(20000)),
    generalSpec: Type.Optional(text(20000)),
    particularDesc: Type.Optional(text(20000)),
    technicalDesc: Type.Optional(text(20000))
  },
  { additionalProperties: false }
)

export const tenderSchema = Type.Object(
  {
    id: Type.String(),
    region: Type.String(),
    prNumber: Type.String(),
    prDescription: nullable(Type.String()),
    amount: nullable(Type.Number()),
    currency: nullable(Type.String()),
    tenderType: Type.String(),
    status: Type.String(),
    version: Type.Integer(),
    addendumStatus: nullable(Type.String()),
    /** The pending addendum's content (staff only; see addendum-diff.ts for its labels). */
    addendumDraft: Type.Optional(Type.Any()),
    managedBy: Type.Integer(),
    approverId: nullable(Type.Integer()),
    approvedBy: nullable(Type.Integer()),
    siteId: nullable(Type.Integer()),
    departmentId: nullable(Type.Integer()),
    closingAt: Type.Any(),
    validityDays: Type.Integer(),
    general: Type.Any(),
    scope: Type.Any(),
    lineItemGroups: Type.Any(),
    termsVersion: nullable(Type.Integer()),
    extendReason: nullable(Type.String()),
    rejectReason: nullable(Type.String()),
    recommendedBidId: nullable(Type.String()),
    analysis: nullable(Type.String()),
    issuedAt: Type.Any(),
    awardedAt: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Tender', additionalProperties: false }
)
export type Tender = Static<typeof tenderSchema>

/** A tender starts from a purchase request: the PR decides Tender or ITQ, site and department. */
export const tenderDataSchema = Type.Object(
  {
    prNumber: Type.String({ minLength: 1, maxLength: 64 }),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenderData', additionalProperties: false }
)
export const tenderDataValidator = getValidator(tenderDataSchema, dataValidator)

/** What the edit screen changes while the tender is DRAFT or REJECTED; status only moves by actions. */
export const tenderPatchSchema = Type.Object(
  {
    closingAt: Type.Optional(Type.String({ format: 'date-time' })),
    validityDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    general: Type.Optional(tenderGeneralSchema),
    scope: Type.Optional(tenderScopeSchema),
    lineItemGroups: Type.Optional(Type.Array(lineItemGroupSchema, { maxItems: 200 })),
    termsVersion: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Confirms that changing the conditions of contract deletes the files attached to the former ones (spec §7 deleteDocs). */
    deleteDocs: Type.Optional(Type.Boolean()),
    updatedAt: Type.Any()
  },
  { $id: 'TenderPatch', additionalProperties: false }
)
export const tenderPatchValidator = getValidator(tenderPatchSchema, dataValidator)

const action = (name: string, extra: Record<string, any> = {}) =>
  getValidator(
    Type.Object(
      {
        id: Type.String({ pattern: '^[a-z0-9]{24}$' }),
        updatedAt: Type.Optional(Type.Any()),
        ...extra
      },
      { $id: `Tender${name}`, additionalProperties: false }
    ),
    dataValidator
  )

export const tenderActionValidators = {
  submit: action('Submit', { approverId: Type.Integer() }),
  approve: action('Approve'),
  reject: action('Reject', { reason: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }) }),
  reset: action('Reset'),
  issue: action('Issue', {
    vendorIds: Type.Array(Type.Integer(), { minItems: 1, maxItems: 100, uniqueItems: true }),
    // The reason to override an invitation check another module registered (invitation-checks.ts).
    overrideReason: Type.Optional(nullable(text(1000)))
  }),
  extend: action('Extend', { closingAt: Type.String({ format: 'date-time' }), reason: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }) }),
  open: action('Open'),
  cancel: action('Cancel'),
  changeManager: action('ChangeManager', { userId: Type.Integer() }),
  recommend: action('Recommend', { bidId: Type.String({ pattern: '^[a-z0-9]{24}$' }), analysis: Type.Optional(Type.String({ maxLength: 20000 })) }),
  award: action('Award'),
  regretAll: action('RegretAll'),
  addendum: action('Addendum'),
  saveAddendum: action('SaveAddendum', {
    closingAt: Type.Optional(Type.String({ format: 'date-time' })),
    validityDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    general: Type.Optional(tenderGeneralSchema),
    scope: Type.Optional(tenderScopeSchema),
    lineItemGroups: Type.Optional(Type.Array(lineItemGroupSchema, { maxItems: 200 })),
    documentIds: Type.Optional(Type.Array(Type.Integer(), { maxItems: 20, uniqueItems: true }))
  }),
  submitAddendum: action('SubmitAddendum', { approverId: Type.Integer() }),
  approveAddendum: action('ApproveAddendum'),
  rejectAddendum: action('RejectAddendum', { reason: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }) }),
  resetAddendum: action('ResetAddendum'),
  issueAddendum: action('IssueAddendum', { comment: Type.Optional(Type.String({ maxLength: 4000 })) }),
  discardAddendum: action('DiscardAddendum'),
  setAccounts: action('SetAccounts', { userIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50, uniqueItems: true }) })
}

export const tenderQuerySchema = listQuery(
  tenderSchema,
  [
    'id',
    'region',
    'prNumber',
    'prDescription',
    'tenderType',
    'status',
    'version',
    'addendumStatus',
    'managedBy',
    'approverId',
    'siteId',
    'amount',
    'closingAt',
    'issuedAt',
    'awardedAt',
    'createdAt',
    'updatedAt'
  ],
  ['prNumber', 'prDescription']
)
/**
 * Besides the fields: `amount` also takes the spec's numeric filter as text ('>=1,000.50', see
 * numeric-filter.ts; garbage answers 400 INVALID_NUMBER) and `period` the time filter on
 * closingAt (1W, 2W, 3W, 1M, ALL), `poNumber` the tenders whose purchase order or contract number
 * contains the text. All are turned into adapter queries before the adapter runs.
 */
;(tenderQuerySchema as any).properties.amount = Type.Union([Type.String({ maxLength: 40 }), (tenderQuerySchema as any).properties.amount])
;(tenderQuerySchema as any).properties.poNumber = Type.String({ minLength: 1, maxLength: 64 })
;(tenderQuerySchema as any).properties.asRepresentative = Type.Boolean()
;(tenderQuerySchema as any).properties.withAccounts = Type.Boolean()
;(tenderQuerySchema as any).properties.period = Type.Union(Object.keys(tenderPeriods).map((key) => Type.Literal(key)))
export const tenderQueryValidator = getValidator(tenderQuerySchema as any, queryValidator)
