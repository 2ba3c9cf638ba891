import type { Knex } from 'knex'
import { serverModules } from './modules/registry.js'
import { tableCacheOf } from './db/table-cache.js'
import type { UploadRule } from './services/upload-limits/upload-limits.shared.js'

/** Our defaults where the spec gives no number (PRODUCT.md); every one editable per region. A module's are in its manifest. */
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
  /** A place's own file rule where it differs from the three above, by upload place (upload-places.shared.ts): `{ projects: { types: [...] } }`. */
  'upload.places': {} as Readonly<Record<string, UploadRule>>,
  'user.maxNumOfECircularEmails': 2000,
  'vendor.maxSubAccounts': 6,
  /** The staff's own mail domains (and their subdomains): a vendor username or e-mail there is internal (spec §7), refused. */
  'account.internalDomains': ['portal.example.com'],
  'hoisting.perFloorPerDay': 2,
  maxWAPPRHoistingNum: 7,
  'security.timeout': 1800,
  /** Lists longer than this export as a job with live progress (exports.shared.ts). */
  'exports.jobThreshold': 2000
} as const

/**
 * The value types of the modules' settings: a module declares its keys here by declaration
 * merging (`declare module '../../settings-values.js' { interface ModuleSettingDefaults {...} }`)
 * and gives their values in its manifest's `settingDefaults`.
 */
export interface ModuleSettingDefaults {}

type SettingDefaults = typeof settingDefaults & ModuleSettingDefaults
export type SettingKey = keyof SettingDefaults

let allDefaults: Record<string, unknown> | undefined

/** Every built-in default: the platform's and every installed module's (merged on first use). */
export const allSettingDefaults = (): Record<string, unknown> => (allDefaults ??= Object.assign({}, settingDefaults, ...serverModules().map((module) => module.settingDefaults ?? {})))

/** A setting for a region: the region's own value, else GLOBAL's, else our default. */
export async function getSetting<K extends SettingKey>(db: Knex, region: string | undefined, key: K): Promise<SettingDefaults[K]> {
  const read = () => readSetting(db, region, key)
  // Kept until the settings table changes (db/table-cache.ts); read afresh inside a transaction.
  const cache = tableCacheOf(db)
  if (!cache) return read()
  const value = await cache.kept(`setting\u0000${region ?? 'GLOBAL'}\u0000${key}`, ['settings'], read)
  // A list or an object goes out as a copy: a caller that changed it would change it for every later one.
  return value !== null && typeof value === 'object' ? structuredClone(value) : value
}

/** A setting read from the database every time: for a caller whose cost must not depend on what was read before (the password check). */
export async function readSetting<K extends SettingKey>(db: Knex, region: string | undefined, key: K): Promise<SettingDefaults[K]> {
  const rows = await db('settings')
    .whereIn('region', [region ?? 'GLOBAL', 'GLOBAL'])
    .where({ key })
    .select('region', 'value')
  const own = rows.find((row) => row.region === region) ?? rows.find((row) => row.region === 'GLOBAL')
  return (own ? own.value : allSettingDefaults()[key]) as SettingDefaults[K]
}
