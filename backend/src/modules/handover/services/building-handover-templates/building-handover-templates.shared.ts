// Browser-safe: a building's handover schedule template (issue 31 item 3), versioned: saving
// publishes a new version; records keep the items they were filled with.

export const buildingHandoverTemplatesPath = 'building-handover-templates'
export const buildingHandoverTemplatesMethods = ['find', 'get', 'create'] as const

export const templateLimits = { items: 500, keys: 200, item: 500 } as const
