import { Type } from '@feathersjs/typebox'
import { getValidator } from '@feathersjs/typebox'
import { queryValidator } from '../../validators.js'
import { SEARCH_MAX_LENGTH } from './search.shared.js'

export const searchQuerySchema = Type.Object({ q: Type.String({ maxLength: SEARCH_MAX_LENGTH }) }, { $id: 'SearchQuery', additionalProperties: false })
export const searchQueryValidator = getValidator(searchQuerySchema, queryValidator)

export const searchResultSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        resource: Type.String(),
        id: Type.Union([Type.String(), Type.Integer()]),
        title: Type.String(),
        detail: Type.Optional(Type.String()),
        extra: Type.Optional(Type.Record(Type.String(), Type.Unknown()))
      })
    )
  },
  { $id: 'SearchResult' }
)
