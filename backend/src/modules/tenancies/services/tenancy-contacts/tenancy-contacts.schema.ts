import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

const order = Type.Union([Type.Integer({ minimum: 1, maximum: 999 }), Type.Null()])
const nullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()])

export const tenancyContactSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    ccdContactId: Type.Integer(),
    isCircular: Type.Boolean(),
    isEmergency: Type.Boolean(),
    isOthers: Type.Boolean(),
    isMarketing: Type.Boolean(),
    isMain: Type.Boolean(),
    isLease: Type.Boolean(),
    isFinance: Type.Boolean(),
    cPrimary: Type.Boolean(),
    workingHourOrder: order,
    nonWorkingHourOrder: order,
    roleType: nullableText(16),
    cFloor: nullableText(64),
    oRemarks: nullableText(2000),
    /** The contact as the tab shows it: name, position, company, phones and e-mails. */
    contact: Type.Optional(Type.Any()),
    /** Its tenancy's company, trade name and building (the exports' columns). */
    tenancy: Type.Optional(Type.Any()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenancyContact', additionalProperties: false }
)
export type TenancyContact = Static<typeof tenancyContactSchema>

const roles = {
  isCircular: Type.Optional(Type.Boolean()),
  isOthers: Type.Optional(Type.Boolean()),
  isMarketing: Type.Optional(Type.Boolean()),
  isMain: Type.Optional(Type.Boolean()),
  isLease: Type.Optional(Type.Boolean()),
  isFinance: Type.Optional(Type.Boolean()),
  cPrimary: Type.Optional(Type.Boolean()),
  /** Emergency in office hours at this place of the call tree; null: not called then. */
  workingHourOrder: Type.Optional(order),
  nonWorkingHourOrder: Type.Optional(order),
  roleType: Type.Optional(nullableText(16)),
  cFloor: Type.Optional(nullableText(64)),
  oRemarks: Type.Optional(nullableText(2000))
}

/** Link a contact to a tenancy with its roles (spec POST companies/{id}/link, contact-role add). */
export const tenancyContactDataSchema = Type.Object(
  { tenancyId: Type.Integer({ minimum: 1 }), ccdContactId: Type.Integer({ minimum: 1 }), ...roles, region: Type.Optional(Type.String()) },
  { $id: 'TenancyContactData', additionalProperties: false }
)
export type TenancyContactData = Static<typeof tenancyContactDataSchema>
export const tenancyContactDataValidator = getValidator(tenancyContactDataSchema, dataValidator)

/** Change a link's roles; carries the version read (spec §8: 428 when changed by another user). */
export const tenancyContactPatchSchema = Type.Object(
  { ...roles, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'TenancyContactPatch', additionalProperties: false }
)
export type TenancyContactPatch = Static<typeof tenancyContactPatchSchema>
export const tenancyContactPatchValidator = getValidator(tenancyContactPatchSchema, dataValidator)

/** The tenant (or staff linking contacts) confirms the tenancy's contacts are right (spec POST tenancies/{id}/confirm_contact). */
export const tenancyContactConfirmSchema = Type.Object({ tenancyId: Type.Integer({ minimum: 1 }), region: Type.Optional(Type.String()) }, { $id: 'TenancyContactConfirm', additionalProperties: false })
export const tenancyContactConfirmValidator = getValidator(tenancyContactConfirmSchema, dataValidator)

export const tenancyContactQuerySchema: any = listQuery(tenancyContactSchema, [
  'id',
  'region',
  'tenancyId',
  'ccdContactId',
  'isCircular',
  'isEmergency',
  'isOthers',
  'isMarketing',
  'isMain',
  'isLease',
  'isFinance',
  'cPrimary',
  'workingHourOrder',
  'nonWorkingHourOrder',
  'createdAt',
  'updatedAt'
])
export const tenancyContactQueryValidator = getValidator(tenancyContactQuerySchema, queryValidator)
