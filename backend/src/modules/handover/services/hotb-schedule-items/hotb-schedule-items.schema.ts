import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { hotbStates } from '../hotb/hotb.workflow.js'
import { hotbScheduleLimits, hotbSections } from './hotb-schedule-items.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/**
 * One line of a record's condition schedule (spec hotb §3 "Schedules"): its section, position in
 * the section, the item, its condition and remarks. A takeback's line keeps the condition the
 * handover recorded (`handoverCondition`, `handoverRemarks`) for the then-and-now view. The
 * record's region, tenancy, PIC and status are copied onto the line (kept by a trigger) so that it
 * reads through the record's rules.
 */
export const hotbScheduleItemSchema = Type.Object(
  {
    id: Type.Integer(),
    hotbId: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    managedBy: nullable(Type.Integer()),
    status: literals(hotbStates),
    section: literals(hotbSections),
    position: Type.Integer(),
    item: Type.String(),
    condition: nullable(Type.String()),
    remarks: nullable(Type.String()),
    handoverCondition: nullable(Type.String()),
    handoverRemarks: nullable(Type.String()),
    deteriorated: Type.Optional(Type.Boolean()),
    deductionCents: Type.Optional(nullable(Type.Integer())),
    deductionReason: Type.Optional(nullable(Type.String())),
    deductionId: Type.Optional(nullable(Type.Integer())),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'HotbScheduleItem', additionalProperties: false }
)
export type HotbScheduleItem = Static<typeof hotbScheduleItemSchema>

const fields = {
  item: Type.String({ minLength: 1, maxLength: hotbScheduleLimits.item, pattern: '\\S' }),
  condition: nullable(Type.String({ maxLength: hotbScheduleLimits.condition })),
  remarks: nullable(Type.String({ maxLength: hotbScheduleLimits.remarks })),
  position: Type.Integer({ minimum: 0, maximum: 100_000 }),
  deteriorated: Type.Boolean(),
  deductionCents: nullable(Type.Integer({ minimum: 1, maximum: hotbScheduleLimits.deductionCents })),
  deductionReason: nullable(Type.String({ maxLength: hotbScheduleLimits.deductionReason }))
}

/** A new line on a record the caller may update (position: the end of its section when not given). */
export const hotbScheduleItemDataSchema = Type.Object(
  {
    hotbId: Type.Integer({ minimum: 1 }),
    section: literals(hotbSections),
    item: fields.item,
    condition: Type.Optional(fields.condition),
    remarks: Type.Optional(fields.remarks),
    position: Type.Optional(fields.position),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbScheduleItemData', additionalProperties: false }
)
export type HotbScheduleItemData = Static<typeof hotbScheduleItemDataSchema>
export const hotbScheduleItemDataValidator = getValidator(hotbScheduleItemDataSchema, dataValidator)

/**
 * Editing a line; `updatedAt` is the version of the line the form read (410 once it changed). On a
 * takeback, an item may be marked deteriorated since the handover, with the amount to deduct
 * (cents) and why (issue 31 §5).
 */
export const hotbScheduleItemPatchSchema = Type.Object(
  {
    section: Type.Optional(literals(hotbSections)),
    item: Type.Optional(fields.item),
    condition: Type.Optional(fields.condition),
    remarks: Type.Optional(fields.remarks),
    position: Type.Optional(fields.position),
    deteriorated: Type.Optional(fields.deteriorated),
    deductionCents: Type.Optional(fields.deductionCents),
    deductionReason: Type.Optional(fields.deductionReason),
    updatedAt: Type.Optional(Type.Any()),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbScheduleItemPatch', additionalProperties: false }
)
export type HotbScheduleItemPatch = Static<typeof hotbScheduleItemPatchSchema>
export const hotbScheduleItemPatchValidator = getValidator(hotbScheduleItemPatchSchema, dataValidator)

/** A record's lines are listed per record: `hotbId` is required (400 without). */
export const hotbScheduleItemQuerySchema = listQuery(hotbScheduleItemSchema, ['id', 'hotbId', 'region', 'section', 'position', 'createdAt', 'updatedAt'])
export const hotbScheduleItemQueryValidator = getValidator(hotbScheduleItemQuerySchema as any, queryValidator)
