import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { hotbSections } from '../hotb-schedule-items/hotb-schedule-items.shared.js'
import { hotbKeyLimits } from '../hotb-keys/hotb-keys.shared.js'
import { templateLimits } from './building-handover-templates.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/** A schedule line of a template: its section and item, in the order given. */
export const templateItemSchema = Type.Object({ section: literals(hotbSections), item: Type.String({ minLength: 1, maxLength: templateLimits.item, pattern: '\\S' }) }, { additionalProperties: false })
export type TemplateItem = Static<typeof templateItemSchema>

/** A key line of a template: the item and how many keys and access cards it usually has. */
export const templateKeySchema = Type.Object(
  {
    item: Type.String({ minLength: 1, maxLength: hotbKeyLimits.item, pattern: '\\S' }),
    keys: Type.Integer({ minimum: 0, maximum: hotbKeyLimits.count }),
    accessCards: Type.Integer({ minimum: 0, maximum: hotbKeyLimits.count })
  },
  { additionalProperties: false }
)
export type TemplateKey = Static<typeof templateKeySchema>

/**
 * One version of a building's handover template (issue 31 item 3): its schedule lines and key
 * lines. Versions are never changed: saving publishes the next version, and a record keeps what
 * it was filled with.
 */
export const buildingHandoverTemplateSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    buildingId: Type.Integer(),
    version: Type.Integer(),
    items: Type.Array(templateItemSchema),
    keys: Type.Array(templateKeySchema),
    createdBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'BuildingHandoverTemplate', additionalProperties: false }
)
export type BuildingHandoverTemplate = Static<typeof buildingHandoverTemplateSchema>

/** Publishing a version: the building and its lines (version = the building's last + 1). */
export const buildingHandoverTemplateDataSchema = Type.Object(
  {
    buildingId: Type.Integer({ minimum: 1 }),
    items: Type.Array(templateItemSchema, { maxItems: templateLimits.items }),
    keys: Type.Optional(Type.Array(templateKeySchema, { maxItems: templateLimits.keys })),
    region: Type.Optional(Type.String())
  },
  { $id: 'BuildingHandoverTemplateData', additionalProperties: false }
)
export type BuildingHandoverTemplateData = Static<typeof buildingHandoverTemplateDataSchema>
export const buildingHandoverTemplateDataValidator = getValidator(buildingHandoverTemplateDataSchema, dataValidator)

/** The versions of the region's buildings; `$latest=true` keeps each building's latest version only. */
const templateListQuery: any = listQuery(buildingHandoverTemplateSchema, ['id', 'region', 'buildingId', 'version', 'createdAt', 'updatedAt'])
export const buildingHandoverTemplateQuerySchema = {
  ...templateListQuery,
  properties: { ...templateListQuery.properties, $latest: Type.Optional(Type.Boolean()) }
}
export const buildingHandoverTemplateQueryValidator = getValidator(buildingHandoverTemplateQuerySchema as any, queryValidator)
