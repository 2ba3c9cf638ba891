import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

/** A public holiday of a region: its day ('YYYY-MM-DD' on the region's calendar) and its name. */
export const publicHolidaySchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    date: Type.String({ format: 'date' }),
    name: Type.String(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'PublicHoliday', additionalProperties: false }
)
export type PublicHoliday = Static<typeof publicHolidaySchema>

const fields = { date: Type.String({ format: 'date' }), name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) }

export const publicHolidayDataSchema = Type.Object({ ...fields, region: Type.Optional(Type.String()) }, { $id: 'PublicHolidayData', additionalProperties: false })
export const publicHolidayDataValidator = getValidator(publicHolidayDataSchema, dataValidator)

export const publicHolidayPatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(fields)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'PublicHolidayPatch', additionalProperties: false }
)
export const publicHolidayPatchValidator = getValidator(publicHolidayPatchSchema, dataValidator)

export const publicHolidayQuerySchema = listQuery(publicHolidaySchema, ['id', 'region', 'date', 'name', 'updatedAt'], ['name'])
export const publicHolidayQueryValidator = getValidator(publicHolidayQuerySchema as any, queryValidator)
