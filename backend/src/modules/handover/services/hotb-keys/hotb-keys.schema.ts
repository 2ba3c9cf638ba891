import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { hotbStates } from '../hotb/hotb.workflow.js'
import { hotbKeyLimits, keyOutcomes } from './hotb-keys.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/**
 * One line of a record's key schedule (spec hotb §3 "key schedule: item, keys, keys handed over,
 * access cards"); on a takeback, its outcome (RETURNED, LOST with `chargeCents`, WAIVED with
 * `waiverReason`). The record's region, tenancy, PIC, type and status are copied onto the line
 * (kept by a trigger) so that it reads through the record's rules.
 */
export const hotbKeySchema = Type.Object(
  {
    id: Type.Integer(),
    hotbId: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    managedBy: nullable(Type.Integer()),
    status: literals(hotbStates),
    hotbType: Type.String(),
    position: Type.Integer(),
    item: Type.String(),
    keys: Type.Integer(),
    keysHandedOver: Type.Integer(),
    accessCards: Type.Integer(),
    outcome: nullable(literals(keyOutcomes)),
    chargeCents: nullable(Type.Integer()),
    waiverReason: nullable(Type.String()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'HotbKey', additionalProperties: false }
)
export type HotbKey = Static<typeof hotbKeySchema>

const count = Type.Integer({ minimum: 0, maximum: hotbKeyLimits.count })
const settlement = {
  outcome: Type.Optional(nullable(literals(keyOutcomes))),
  chargeCents: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: hotbKeyLimits.chargeCents }))),
  waiverReason: Type.Optional(nullable(Type.String({ maxLength: hotbKeyLimits.reason })))
}

/** A new line on a record the caller may update. */
export const hotbKeyDataSchema = Type.Object(
  {
    hotbId: Type.Integer({ minimum: 1 }),
    item: Type.String({ minLength: 1, maxLength: hotbKeyLimits.item, pattern: '\\S' }),
    keys: Type.Optional(count),
    keysHandedOver: Type.Optional(count),
    accessCards: Type.Optional(count),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    ...settlement,
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbKeyData', additionalProperties: false }
)
export type HotbKeyData = Static<typeof hotbKeyDataSchema>
export const hotbKeyDataValidator = getValidator(hotbKeyDataSchema, dataValidator)

/** Editing a line or settling it (a takeback's outcome); `updatedAt` is the version the form read (410 once it changed). */
export const hotbKeyPatchSchema = Type.Object(
  {
    item: Type.Optional(Type.String({ minLength: 1, maxLength: hotbKeyLimits.item, pattern: '\\S' })),
    keys: Type.Optional(count),
    keysHandedOver: Type.Optional(count),
    accessCards: Type.Optional(count),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    ...settlement,
    updatedAt: Type.Optional(Type.Any()),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbKeyPatch', additionalProperties: false }
)
export type HotbKeyPatch = Static<typeof hotbKeyPatchSchema>
export const hotbKeyPatchValidator = getValidator(hotbKeyPatchSchema, dataValidator)

/** A record's lines are listed per record: `hotbId` is required (400 without). */
export const hotbKeyQuerySchema = listQuery(hotbKeySchema, ['id', 'hotbId', 'region', 'position', 'outcome', 'createdAt', 'updatedAt'])
export const hotbKeyQueryValidator = getValidator(hotbKeyQuerySchema as any, queryValidator)
