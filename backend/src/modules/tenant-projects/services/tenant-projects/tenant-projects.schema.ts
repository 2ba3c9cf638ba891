import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { tenantProjectStates } from './tenant-project.workflow.js'
import { tenantProjectLimits, tenantProjectTimeFilters, tenantProjectTypes } from './tenant-projects.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/** A tenant project as stored and answered (spec §3 "Tenant project"), with the names of its tenancy for the lists. */
export const tenantProjectSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    buildingId: nullable(Type.Integer()),
    type: literals(tenantProjectTypes),
    projectName: Type.String(),
    projectLocation: Type.Array(Type.String()),
    floors: Type.Array(Type.String()),
    isAccept: Type.Boolean(),
    status: literals(tenantProjectStates),
    statusReason: nullable(Type.String()),
    createdBy: nullable(Type.Integer()),
    submittedAt: nullable(Type.Any()),
    acceptedAt: nullable(Type.Any()),
    completedAt: nullable(Type.Any()),
    closedAt: nullable(Type.Any()),
    createdAt: Type.Any(),
    updatedAt: Type.Any(),
    /** Read from its tenancy for the lists (spec §2 All Tenant Projects: company, trade name, premises). */
    companyName: Type.Optional(nullable(Type.String())),
    tradeName: Type.Optional(nullable(Type.String())),
    /** The users its accounts are linked to (kept by a trigger): who reads it by being listed (spec §6). */
    accountUserIds: Type.Optional(Type.Array(Type.Integer())),
    /** Spec §5 "Tenant contractor edit is disabled when the tenant project has external systems": set by staff. */
    hasExternalSystems: Type.Optional(Type.Boolean()),
    /** Worked out, never written (spec §4). */
    availableForWorkPermits: Type.Optional(Type.Boolean()),
    /** The insurance period (issue 30 item 5; YYYY-MM-DD): the work permits read its end. */
    insuredFrom: Type.Optional(nullable(Type.String())),
    insuredUntil: Type.Optional(nullable(Type.String())),
    /** The insurance end the 30-day reminder went out for (once per period). */
    insuranceRemindedUntil: Type.Optional(nullable(Type.Any()))
  },
  { $id: 'TenantProject', additionalProperties: false }
)
export type TenantProject = Static<typeof tenantProjectSchema>

const editable = {
  projectName: Type.String({ minLength: 1, maxLength: tenantProjectLimits.projectName }),
  projectLocation: Type.Array(Type.String({ minLength: 1, maxLength: tenantProjectLimits.location }), { maxItems: tenantProjectLimits.locations }),
  floors: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { minItems: 1, maxItems: 200, uniqueItems: true })
}

/**
 * Creating a project (spec §7 POST tenant_projects "fields, isAccept, type"): from one of the
 * caller's tenancies; the floors are those of its premises effective today (all of them when none
 * are named); `tenancyUpdatedAt` is the version of the tenancy the form read (410 once it changed).
 */
export const tenantProjectDataSchema = Type.Object(
  {
    tenancyId: Type.Integer({ minimum: 1 }),
    type: literals(tenantProjectTypes),
    projectName: editable.projectName,
    projectLocation: Type.Optional(editable.projectLocation),
    floors: Type.Optional(editable.floors),
    isAccept: Type.Boolean(),
    tenancyUpdatedAt: Type.Optional(Type.String({ format: 'date-time' })),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenantProjectData', additionalProperties: false }
)
export type TenantProjectData = Static<typeof tenantProjectDataSchema>
export const tenantProjectDataValidator = getValidator(tenantProjectDataSchema, dataValidator)

export const tenantProjectPatchSchema = Type.Object(
  {
    ...Type.Partial(Type.Object({ ...editable, type: literals(tenantProjectTypes), hasExternalSystems: Type.Boolean() })).properties,
    insuredFrom: Type.Optional(nullable(Type.String({ format: 'date' }))),
    insuredUntil: Type.Optional(nullable(Type.String({ format: 'date' }))),
    updatedAt: Type.Optional(Type.Any()),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenantProjectPatch', additionalProperties: false }
)
export type TenantProjectPatch = Static<typeof tenantProjectPatchSchema>
export const tenantProjectPatchValidator = getValidator(tenantProjectPatchSchema, dataValidator)

const actionOf = (name: string, fields: Record<string, any> = {}) =>
  Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()), ...fields }, { $id: name, additionalProperties: false })
const reason = { reason: Type.String({ minLength: 1, maxLength: tenantProjectLimits.reason }) }

export const tenantProjectActionValidators = {
  submit: getValidator(actionOf('TenantProjectSubmit'), dataValidator),
  accept: getValidator(actionOf('TenantProjectAccept'), dataValidator),
  complete: getValidator(actionOf('TenantProjectComplete'), dataValidator),
  withdraw: getValidator(actionOf('TenantProjectWithdraw', reason), dataValidator),
  cancel: getValidator(actionOf('TenantProjectCancel', reason), dataValidator)
}

const tenantProjectListQuery: any = listQuery(
  tenantProjectSchema,
  ['id', 'region', 'tenancyId', 'buildingId', 'type', 'status', 'projectName', 'createdAt', 'updatedAt', 'companyName', 'tradeName'],
  ['projectName', 'companyName', 'tradeName']
)
/** The list's filters: the columns above, and the spec's time filter (`$since`: updated within). */
export const tenantProjectQuerySchema = {
  ...tenantProjectListQuery,
  properties: { ...tenantProjectListQuery.properties, $since: Type.Optional(literals(Object.keys(tenantProjectTimeFilters))) }
}
export const tenantProjectQueryValidator = getValidator(tenantProjectQuerySchema as any, queryValidator)
