export const settingsPath = 'settings'
export const settingsMethods = ['find', 'get', 'patch'] as const

/** Where a setting's value comes from: the region's own row, GLOBAL's row, or the built-in default. */
export type SettingSource = 'default' | 'GLOBAL' | string
