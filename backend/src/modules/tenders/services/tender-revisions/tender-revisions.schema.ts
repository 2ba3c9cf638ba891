import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

const nullable = (type: any) => Type.Union([type, Type.Null()])

/** One issued addendum of a tender (spec §3 Revision): its version, changes, comment and documents. */
export const tenderRevisionSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenderId: Type.String(),
    version: Type.Integer(),
    /** addendum-diff.ts AddendumChange[]: kind N/E/D, path, lhs, rhs, item. */
    changes: Type.Any(),
    comment: nullable(Type.String()),
    commentUpdatedAt: Type.Any(),
    commentUpdatedBy: Type.Optional(nullable(Type.Integer())),
    documents: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenderRevision', additionalProperties: false }
)
export type TenderRevision = Static<typeof tenderRevisionSchema>

/** The addendum comment (spec: POST /revisions/tenders/{id}/addendum-comment/{index}). */
export const tenderRevisionCommentValidator = getValidator(
  Type.Object(
    {
      id: Type.Integer(),
      updatedAt: Type.Any(),
      comment: Type.String({ maxLength: 4000 })
    },
    { $id: 'TenderRevisionComment', additionalProperties: false }
  ),
  dataValidator
)

export const tenderRevisionQuerySchema = listQuery(tenderRevisionSchema, ['id', 'region', 'tenderId', 'version', 'createdAt'])
export const tenderRevisionQueryValidator = getValidator(tenderRevisionQuerySchema as any, queryValidator)
