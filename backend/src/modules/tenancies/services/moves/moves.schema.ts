import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { moveKinds } from './moves.shared.js'
import { moveStatuses } from './move.workflow.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const day = Type.String({ format: 'date' })
const nullableDay = Type.Union([day, Type.Null()])
const nullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()])

export const moveSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    kind: literals(moveKinds),
    status: literals(moveStatuses),
    date: Type.String(),
    floor: Type.String(),
    premises: Type.Union([Type.String(), Type.Null()]),
    remarks: Type.Union([Type.String(), Type.Null()]),
    handoverId: Type.Union([Type.Integer(), Type.Null()]),
    businessDate: Type.Union([Type.String(), Type.Null()]),
    reopenDate: Type.Union([Type.String(), Type.Null()]),
    /** Days, worked out from the dates (moves.shared `moveDuration`): never written. */
    duration: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    createdBy: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Move', additionalProperties: false }
)
export type Move = Static<typeof moveSchema>

const editable = {
  date: day,
  floor: Type.String({ minLength: 1, maxLength: 32 }),
  premises: Type.Optional(nullableText(255)),
  remarks: Type.Optional(nullableText(4000)),
  handoverId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  businessDate: Type.Optional(nullableDay)
}

/** A new record of a tenancy: its kind, day and floor; remarks or the handover (moves.shared `moveProblems`). */
export const moveDataSchema = Type.Object(
  { ...editable, tenancyId: Type.Integer({ minimum: 1 }), kind: literals(moveKinds), region: Type.Optional(Type.String()) },
  { $id: 'MoveData', additionalProperties: false }
)
export type MoveData = Static<typeof moveDataSchema>
export const moveDataValidator = getValidator(moveDataSchema, dataValidator)

/** The kind and tenancy stay; the state and reopen date change only through `reopen`. */
export const movePatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(editable)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'MovePatch', additionalProperties: false }
)
export type MovePatch = Static<typeof movePatchSchema>
export const movePatchValidator = getValidator(movePatchSchema, dataValidator)

/** Reopens a temporary close on its reopen date. */
export const moveReopenSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()), reopenDate: day }, { $id: 'MoveReopen', additionalProperties: false })
export const moveReopenValidator = getValidator(moveReopenSchema, dataValidator)

export const moveQuerySchema = listQuery(moveSchema, ['id', 'region', 'tenancyId', 'kind', 'status', 'date', 'floor', 'handoverId', 'createdAt', 'updatedAt'])
export const moveQueryValidator = getValidator(moveQuerySchema as any, queryValidator)
