import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { openingDays, tenancyStatuses, tenancyTypes, workingHourOptions } from './tenancies.shared.js'

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])
const text = (maxLength: number) => Type.String({ maxLength })
const day = Type.String({ format: 'date' })
const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))

export const premisesSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    floor: Type.String({ minLength: 1, maxLength: 32 }),
    zone: Type.Optional(Type.Union([text(64), Type.Null()])),
    effectiveDate: day,
    endDate: Type.Optional(Type.Union([day, Type.Null()])),
    detail: Type.Optional(Type.Union([text(255), Type.Null()]))
  },
  { additionalProperties: false }
)

const dayHours = Type.Union([
  Type.Object({ start: literals(workingHourOptions), end: Type.Optional(Type.Union([literals(workingHourOptions), Type.Null()])) }, { additionalProperties: false }),
  Type.Null()
])
export const openingHoursSchema = Type.Object(Object.fromEntries(openingDays.map((name) => [name, Type.Optional(dayHours)])), { additionalProperties: false })

export const tenancySchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    companyId: Type.Integer(),
    companyName: Type.String(),
    tradeName: Type.Union([Type.String(), Type.Null()]),
    generalLine: Type.Union([Type.String(), Type.Null()]),
    faxNumber: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    type: literals(tenancyTypes),
    buildingId: Type.Union([Type.Integer(), Type.Null()]),
    siteId: Type.Union([Type.Integer(), Type.Null()]),
    marketingType: Type.Union([Type.String(), Type.Null()]),
    merged: Type.Boolean(),
    status: literals(tenancyStatuses),
    openingHours: Type.Any(),
    remarks: Type.Union([Type.String(), Type.Null()]),
    managedBy: Type.Union([Type.Integer(), Type.Null()]),
    /** Who confirmed the tenancy's contacts last, and when (spec §3, §4). */
    confirmor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    confirmedBy: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    confirmedAt: Type.Optional(Type.Any()),
    /** Read only: the contacts were never confirmed, or not within the setting's days. */
    contactsStale: Type.Optional(Type.Boolean()),
    premises: Type.Optional(Type.Array(premisesSchema)),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Tenancy', additionalProperties: false }
)
export type Tenancy = Static<typeof tenancySchema>

const editable = {
  companyName: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' })),
  tradeName: Type.Optional(nullable(text(255))),
  generalLine: Type.Optional(nullable(text(64))),
  faxNumber: Type.Optional(nullable(text(64))),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 255 }), Type.Literal(''), Type.Null()])),
  type: Type.Optional(literals(tenancyTypes)),
  buildingId: Type.Optional(Type.Integer({ minimum: 1 })),
  siteId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  marketingType: Type.Optional(nullable(text(64))),
  merged: Type.Optional(Type.Boolean()),
  openingHours: Type.Optional(openingHoursSchema),
  remarks: Type.Optional(nullable(text(4000))),
  premises: Type.Optional(Type.Array(premisesSchema, { maxItems: 200 })),
  /** Spec §5: changing the company name needs confirmation (428 COMPANY_NAME_CONFIRM until given). */
  confirmCompanyName: Type.Optional(Type.Boolean())
}

/** A new tenancy: the company it is of and its building are required (spec §5), the type defaults to Office. */
export const tenancyDataSchema = Type.Object(
  { ...editable, companyId: Type.Integer({ minimum: 1 }), buildingId: Type.Integer({ minimum: 1 }), region: Type.Optional(Type.String()) },
  { $id: 'TenancyData', additionalProperties: false }
)
export type TenancyData = Static<typeof tenancyDataSchema>
export const tenancyDataValidator = getValidator(tenancyDataSchema, dataValidator)

export const tenancyPatchSchema = Type.Object({ ...editable, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) }, { $id: 'TenancyPatch', additionalProperties: false })
export type TenancyPatch = Static<typeof tenancyPatchSchema>
export const tenancyPatchValidator = getValidator(tenancyPatchSchema, dataValidator)

const actionOf = (name: string, fields: Record<string, any>) =>
  Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()), ...fields }, { $id: name, additionalProperties: false })

/** The status call of spec §4: the lower-cased status. */
export const tenancyStatusSchema = actionOf('TenancyStatus', { status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]) })
/** Link leases; a lease of an unmatched type or building asks for confirmation (428 LEASE_MISMATCH until `confirm`). */
export const tenancyLinkLeasesSchema = actionOf('TenancyLinkLeases', { leaseIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }), confirm: Type.Optional(Type.Boolean()) })
export const tenancyUnlinkLeasesSchema = actionOf('TenancyUnlinkLeases', { leaseIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }) })
export const tenancyActionValidators = {
  changeStatus: getValidator(tenancyStatusSchema, dataValidator),
  linkLeases: getValidator(tenancyLinkLeasesSchema, dataValidator),
  unlinkLeases: getValidator(tenancyUnlinkLeasesSchema, dataValidator)
}

const listed = listQuery(
  tenancySchema,
  ['id', 'region', 'companyId', 'companyName', 'tradeName', 'type', 'buildingId', 'siteId', 'marketingType', 'merged', 'status', 'managedBy', 'createdAt', 'updatedAt'],
  ['companyName', 'tradeName']
) as any
/** The list's own filters (spec allTenancyRecs): premises on a floor, and in force on a day. */
listed.properties.floor = Type.Optional(Type.String({ maxLength: 32 }))
listed.properties.occupiedOn = Type.Optional(Type.String({ format: 'date' }))
/** Tenancies whose contacts were never confirmed or not within the setting's days (true), or were (false). */
listed.properties.contactsStale = Type.Optional(Type.Boolean())
export const tenancyQuerySchema = listed
export const tenancyQueryValidator = getValidator(tenancyQuerySchema, queryValidator)
