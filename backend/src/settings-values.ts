import type { Knex } from 'knex'

/** Our defaults where the spec gives no number (PRODUCT.md); every one editable per region. */
export const settingDefaults = {
  'auth.maxFailedLogins': 5,
  'auth.forceTwoFactor': false,
  'auth.adMock': false,
  'auth.codeExpirySeconds': 600,
  'auth.codeResendSeconds': 60,
  'auth.codeMaxTries': 5,
  'upload.maxSizeMb': 10,
  'upload.maxCount': 20,
  'upload.types': ['pdf', 'docx', 'xlsx', 'jpg', 'png', 'dwg', 'zip'],
  'tender.minWorkingDays': 5,
  'itq.minWorkingDays': 3,
  'tender.validityDays': 180,
  'user.maxNumOfECircularEmails': 2000,
  'vendor.maxSubAccounts': 6,
  'hoisting.perFloorPerDay': 2,
  maxWAPPRHoistingNum: 7,
  'security.timeout': 1800
} as const

export type SettingKey = keyof typeof settingDefaults

/** A setting for a region: the region's own value, else GLOBAL's, else our default. */
export async function getSetting<K extends SettingKey>(db: Knex, region: string | undefined, key: K): Promise<(typeof settingDefaults)[K]> {
  const rows = await db('settings').whereIn('region', [region ?? 'GLOBAL', 'GLOBAL']).where({ key }).select('region', 'value')
  const own = rows.find((row) => row.region === region) ?? rows.find((row) => row.region === 'GLOBAL')
  return (own ? own.value : settingDefaults[key]) as (typeof settingDefaults)[K]
}
