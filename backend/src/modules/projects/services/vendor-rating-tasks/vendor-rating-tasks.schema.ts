import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

export const vendorRatingTaskSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.String(),
    companyId: Type.Integer(),
    rateType: Type.String(),
    sourceId: Type.String(),
    managedBy: Type.Union([Type.Integer(), Type.Null()]),
    ratingId: Type.Union([Type.Integer(), Type.Null()]),
    doneAt: Type.Any(),
    doneBy: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'VendorRatingTask', additionalProperties: false }
)
export type VendorRatingTask = Static<typeof vendorRatingTaskSchema>

const taskListQuery: any = listQuery(vendorRatingTaskSchema, ['id', 'region', 'projectId', 'companyId', 'rateType', 'managedBy', 'doneAt', 'createdAt'] as any)
/** `open=true` lists the tasks not answered yet (the dashboard's "ratings to do"), `open=false` the answered ones. */
taskListQuery.properties.open = Type.Optional(Type.Boolean())
export const vendorRatingTaskQueryValidator = getValidator(taskListQuery, queryValidator)
