import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { folderNameMaxLength, folderReasonMaxLength } from './project-folders.shared.js'

const projectId = Type.String({ pattern: '^[a-z0-9]{24}$' })

export const projectFolderDataSchema = Type.Object(
  {
    projectId,
    name: Type.String({ minLength: 1, maxLength: folderNameMaxLength, pattern: '\\S' }),
    region: Type.Optional(Type.String())
  },
  { $id: 'ProjectFolderData', additionalProperties: false }
)
export type ProjectFolderData = Static<typeof projectFolderDataSchema>
export const projectFolderDataValidator = getValidator(projectFolderDataSchema, dataValidator)

const actionOf = (name: string, fields: Record<string, any> = {}) =>
  Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()), ...fields }, { $id: name, additionalProperties: false })

export const projectFolderActionValidators = {
  approve: getValidator(actionOf('ProjectFolderApprove'), dataValidator),
  reject: getValidator(actionOf('ProjectFolderReject', { reason: Type.String({ minLength: 1, maxLength: folderReasonMaxLength, pattern: '\\S' }) }), dataValidator)
}

/** A project's folders, by project (and status), oldest first. */
export const projectFolderQuerySchema = Type.Object(
  {
    projectId: Type.Optional(projectId),
    status: Type.Optional(Type.Union([Type.Literal('DRAFT'), Type.Literal('APPR'), Type.Literal('REJECTED')])),
    region: Type.Optional(Type.String()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(Type.Object({ id: Type.Optional(Type.Integer()), name: Type.Optional(Type.Integer()), status: Type.Optional(Type.Integer()) }, { additionalProperties: false }))
  },
  { additionalProperties: false }
)
export const projectFolderQueryValidator = getValidator(projectFolderQuerySchema, queryValidator)
