import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { projectStates } from './project.workflow.js'
import { projectNumberTypes, projectSearchMaxLength, projectSearchParam } from './projects.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const day = Type.String({ format: 'date' })
const cents = Type.Integer({ minimum: 0, maximum: 99_999_999_999_999 })
/** Spec §9 "money amounts have at most 2 decimals": a percent 0 to 100 with at most 2 decimals, as a number or its text. */
const percent = Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.String({ pattern: '^\\s*\\d{1,3}(\\.\\d{1,2})?\\s*$' })])

export const projectSchema = Type.Object(
  {
    id: Type.String(),
    region: Type.String(),
    status: literals(projectStates),
    companyId: Type.Integer(),
    managedBy: Type.Union([Type.Integer(), Type.Null()]),
    type: Type.Union([Type.String(), Type.Null()]),
    numberType: literals(projectNumberTypes),
    purchaseOrderId: Type.Union([Type.Integer(), Type.Null()]),
    contractId: Type.Union([Type.Integer(), Type.Null()]),
    number: Type.String(),
    revisionNum: Type.Union([Type.Integer(), Type.Null()]),
    tenderId: Type.String(),
    poAttachmentId: Type.Union([Type.Integer(), Type.Null()]),
    siteId: Type.Integer(),
    buildingIds: Type.Array(Type.Integer()),
    currency: Type.String(),
    /** Money in integer cents (spec §9: exact, rounded once where stored). */
    totalAmountCents: Type.Integer(),
    deductionCents: Type.Integer(),
    deductionReason: Type.Union([Type.String(), Type.Null()]),
    /** Exact percent with 2 decimals (numeric(5,2)). */
    retentionPercent: Type.Number(),
    actualCommencementDate: Type.Any(),
    actualCompletionDate: Type.Any(),
    dlpDate: Type.Any(),
    onHold: Type.Boolean(),
    projectLocation: Type.Union([Type.String(), Type.Null()]),
    activatedAt: Type.Any(),
    completedAt: Type.Any(),
    cancelledAt: Type.Any(),
    createdBy: Type.Union([Type.Integer(), Type.Null()]),
    /** Answered to a search only (project-search.ts): the vendor's name and the awarded tender's description. */
    vendorName: Type.Optional(Type.String()),
    title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** Read only (spec §4): ACTIVE, or COMPLETED with the defects liability date not passed. */
    availableForWorkPermits: Type.Optional(Type.Boolean()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Project', additionalProperties: false }
)
export type Project = Static<typeof projectSchema>

/** What staff keep up to date on a project (spec §3 fields). */
const editable = {
  type: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
  buildingIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 })),
  deductionCents: Type.Optional(cents),
  deductionReason: Type.Optional(nullable(Type.String({ maxLength: 1000 }))),
  retentionPercent: Type.Optional(percent),
  actualCommencementDate: Type.Optional(nullable(day)),
  actualCompletionDate: Type.Optional(nullable(day)),
  dlpDate: Type.Optional(nullable(day)),
  onHold: Type.Optional(Type.Boolean()),
  projectLocation: Type.Optional(nullable(Type.String({ maxLength: 500 })))
}

/**
 * A new project (spec §8 POST projects {purchaseOrder, contract, poAttachmentId, tenderId}): the
 * purchase order or the contract it is raised from, each read through its own service's rules;
 * the vendor, site, tender, number and money come from that record.
 */
export const projectDataSchema = Type.Object(
  {
    ...editable,
    numberType: literals(projectNumberTypes),
    purchaseOrderId: Type.Optional(Type.Integer({ minimum: 1 })),
    contractId: Type.Optional(Type.Integer({ minimum: 1 })),
    poAttachmentId: Type.Optional(nullable(Type.Integer({ minimum: 1 }))),
    managedBy: Type.Optional(Type.Integer({ minimum: 1 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'ProjectData', additionalProperties: false }
)
export type ProjectData = Static<typeof projectDataSchema>
export const projectDataValidator = getValidator(projectDataSchema, dataValidator)

export const projectPatchSchema = Type.Object({ ...editable, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) }, { $id: 'ProjectPatch', additionalProperties: false })
export type ProjectPatch = Static<typeof projectPatchSchema>
export const projectPatchValidator = getValidator(projectPatchSchema, dataValidator)

const actionOf = (name: string, fields: Record<string, any> = {}) =>
  Type.Object({ id: Type.String({ pattern: '^[a-z0-9]{24}$' }), updatedAt: Type.Optional(Type.Any()), ...fields }, { $id: name, additionalProperties: false })

export const projectActionValidators = {
  activate: getValidator(actionOf('ProjectActivate'), dataValidator),
  complete: getValidator(actionOf('ProjectComplete'), dataValidator),
  cancel: getValidator(actionOf('ProjectCancel'), dataValidator),
  /** Spec §6 "change person in charge": a staff account of the region, read through the users service's rules. */
  changeManager: getValidator(actionOf('ProjectChangeManager', { managedBy: Type.Integer({ minimum: 1 }) }), dataValidator)
}

const projectListQuery: any = listQuery(
  projectSchema,
  [
    'id',
    'region',
    'status',
    'companyId',
    'managedBy',
    'type',
    'numberType',
    'number',
    'revisionNum',
    'tenderId',
    'siteId',
    'totalAmountCents',
    'onHold',
    'dlpDate',
    'actualCompletionDate',
    'createdAt',
    'updatedAt'
  ],
  ['number', 'type']
)
/** The list's filters, and `$search`: words matched against number, type, location, title and vendor name (project-search.ts). */
export const projectQuerySchema = {
  ...projectListQuery,
  properties: { ...projectListQuery.properties, [projectSearchParam]: Type.Optional(Type.String({ maxLength: projectSearchMaxLength })) }
}
export const projectQueryValidator = getValidator(projectQuerySchema as any, queryValidator)
