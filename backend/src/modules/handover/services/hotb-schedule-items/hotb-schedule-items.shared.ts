// Browser-safe: a record's condition schedule (spec hotb §3 "Schedules").

export const hotbScheduleItemsPath = 'hotb-schedule-items'
export const hotbScheduleItemsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** Spec hotb §3: ceiling and lighting, floor, walls, entrance door, air-conditioning, fire services, windows, utilities, underfloor ducting, central antenna system, shopfront, other items, disclaimer. */
export const hotbSections = [
  'ceilingLighting',
  'floor',
  'walls',
  'entranceDoor',
  'airConditioning',
  'fireServices',
  'windows',
  'utilities',
  'underfloorDucting',
  'centralAntenna',
  'shopfront',
  'otherItems',
  'disclaimer'
] as const
export type HotbSection = (typeof hotbSections)[number]

export const hotbScheduleLimits = { item: 500, condition: 200, remarks: 2000, items: 500, deductionCents: 100_000_000, deductionReason: 1000 } as const

/** What a takeback's item says of its deterioration (issue 31 §5): changed while the record is settlable (UNSIGNED too). */
export const hotbDeteriorationFields = ['deteriorated', 'deductionCents', 'deductionReason'] as const
