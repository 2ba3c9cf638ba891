import { Type } from '@feathersjs/typebox'

/**
 * Shapes shared by the lists of a tenancy's people (its accounts, its contractors): which tenancy
 * the call is about (staff name it; a tenant's is its own, `tenancyOfCall`), and a row's action
 * (invite, lock...) naming the row at the version the caller saw.
 */
export const namedTenancy = Type.Optional(Type.Integer({ minimum: 1 }))

export const tenancyRowActionSchema = ($id: string) => Type.Object({ id: Type.Integer(), updatedAt: Type.Any() }, { $id, additionalProperties: false })
