import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../../../validators.js'
import { hotbDeductionLimits } from './hotb-deductions.shared.js'

/** The takeback and the deteriorated items of it to turn into deposit deductions, in one step. */
export const hotbDeductionDataSchema = Type.Object(
  {
    hotbId: Type.Integer({ minimum: 1 }),
    scheduleItemIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: hotbDeductionLimits.items, uniqueItems: true }),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbDeductionData', additionalProperties: false }
)
export type HotbDeductionData = Static<typeof hotbDeductionDataSchema>
export const hotbDeductionDataValidator = getValidator(hotbDeductionDataSchema, dataValidator)
