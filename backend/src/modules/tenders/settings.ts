/** The tender settings of spec §8 with our defaults (PRODUCT.md), each editable per region. */
export const tenderSettingDefaults = {
  'tender.minWorkingDays': 5,
  'itq.minWorkingDays': 3,
  'tender.validityDays': 180
} as const

declare module '../../settings-values.js' {
  interface ModuleSettingDefaults {
    'tender.minWorkingDays': number
    'itq.minWorkingDays': number
    'tender.validityDays': number
  }
}
