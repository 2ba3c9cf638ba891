import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { allChannelTypes, channelKinds, contactGenders, contactPrefixes, contactRoleTypes, contactStatuses } from './ccdcontacts.shared.js'

const oneOf = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (type: any) => Type.Union([type, Type.Null()])
const text = (maxLength = 255) => nullable(Type.String({ maxLength }))

export const contactChannelSchema = Type.Object(
  {
    kind: oneOf(channelKinds),
    type: oneOf(allChannelTypes),
    value: Type.String({ maxLength: 500 }),
    normalized: Type.Optional(nullable(Type.String())),
    priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    floor: Type.Optional(text(32)),
    isPrimary: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)

export const ccdContactSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    companyId: Type.Integer(),
    companyName: Type.Optional(nullable(Type.String())),
    prefix: nullable(oneOf(contactPrefixes)),
    firstName: Type.String(),
    lastName: Type.String(),
    gender: nullable(oneOf(contactGenders)),
    status: oneOf(contactStatuses),
    position: nullable(Type.String()),
    title: nullable(Type.String()),
    department: nullable(Type.String()),
    roleType: nullable(oneOf(contactRoleTypes)),
    remarks: nullable(Type.String()),
    channels: Type.Array(contactChannelSchema),
    /** What a search matches (names, company, e-mails, phones in their spellings): answered only when asked for by `$select`. */
    searchText: Type.Optional(Type.String()),
    managedBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'CcdContact', additionalProperties: false }
)
export type CcdContact = Static<typeof ccdContactSchema>

const contactFields = {
  companyId: Type.Integer({ minimum: 1 }),
  prefix: Type.Optional(nullable(oneOf(contactPrefixes))),
  firstName: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
  lastName: Type.Optional(Type.String({ maxLength: 120 })),
  gender: Type.Optional(nullable(oneOf(contactGenders))),
  status: Type.Optional(oneOf(contactStatuses)),
  position: Type.Optional(text()),
  title: Type.Optional(text()),
  department: Type.Optional(text()),
  roleType: Type.Optional(nullable(oneOf(contactRoleTypes))),
  remarks: Type.Optional(text(2000)),
  channels: Type.Array(contactChannelSchema, { maxItems: 40 })
}

/** A new contact: its company may be left out by a vendor (its own company). */
export const ccdContactDataSchema = Type.Object(
  { ...contactFields, companyId: Type.Optional(contactFields.companyId), region: Type.Optional(Type.String()) },
  { $id: 'CcdContactData', additionalProperties: false }
)
export const ccdContactDataValidator = getValidator(ccdContactDataSchema, dataValidator)

export const ccdContactPatchSchema = Type.Object({ ...Type.Partial(Type.Object(contactFields)).properties, updatedAt: Type.Any() }, { $id: 'CcdContactPatch', additionalProperties: false })
export const ccdContactPatchValidator = getValidator(ccdContactPatchSchema, dataValidator)

/** Merge (`X-Service-Method: merge`): the contact `mergeId` is folded into `id`, read at `updatedAt`. */
export const ccdContactMergeSchema = Type.Object(
  { id: Type.Integer({ minimum: 1 }), mergeId: Type.Integer({ minimum: 1 }), updatedAt: Type.Any() },
  { $id: 'CcdContactMerge', additionalProperties: false }
)
export const ccdContactMergeValidator = getValidator(ccdContactMergeSchema, dataValidator)

const querySchema: any = listQuery(
  ccdContactSchema,
  ['id', 'region', 'companyId', 'firstName', 'lastName', 'status', 'roleType', 'position', 'department', 'searchText', 'createdAt', 'updatedAt'],
  ['firstName', 'lastName', 'position', 'department', 'searchText']
)
// `q`: a name, company, e-mail or phone fragment (in any spelling), matched against searchText.
querySchema.properties.q = Type.String({ maxLength: 100 })
export const ccdContactQuerySchema = querySchema
export const ccdContactQueryValidator = getValidator(ccdContactQuerySchema, queryValidator)
