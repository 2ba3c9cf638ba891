import type { Id, NullableId, Paginated, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { sameInstant } from '../../hooks/audited-write.js'
import { allSettingDefaults } from '../../settings-values.js'
import type { Setting, SettingPatch, SettingQuery } from './settings.schema.js'
import { uploadPlacesProblem, uploadRuleProblem } from '../upload-limits/upload-limits.shared.js'
import { uploadPlaces } from '../upload-limits/upload-places.shared.js'

/** The file rules (issue 27 item 19): whole numbers from 1 to a sane maximum, types named as extensions or MIME families, known places. */
function checkUploadRule(key: string, value: unknown) {
  const field = ({ 'upload.maxSizeMb': 'maxSizeMb', 'upload.maxCount': 'maxCount', 'upload.types': 'types' } as const)[key]
  const problem = key === 'upload.places' ? uploadPlacesProblem(value, uploadPlaces()) : field ? uploadRuleProblem(field, value) : undefined
  if (problem) throw appError(400, 'UPLOAD_RULE_INVALID', { key, ...problem })
}

/** A value must have the type of the key's default (numbers not below 0, lists of non-blank texts). */
export function checkSettingValue(key: string, value: unknown, expected: unknown) {
  const fail = (kind: string) => {
    throw appError(400, 'VALIDATION_FAILED', { details: `${key}: ${kind}` })
  }
  if (typeof expected === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail('a number of 0 or more')
  } else if (typeof expected === 'boolean') {
    if (typeof value !== 'boolean') fail('true or false')
  } else if (typeof expected === 'string') {
    if (typeof value !== 'string') fail('a text')
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.trim() !== '')) fail('a list of texts')
  } else if (expected !== null && typeof expected === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('an object')
  }
}

function matches(setting: Setting, query: SettingQuery) {
  const { key, source } = query
  if (source !== undefined && setting.source !== source) return false
  if (typeof key === 'string') return setting.key === key
  if (key?.$in && !key.$in.includes(setting.key)) return false
  if (key?.$ilike !== undefined) {
    const pattern = key.$ilike
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/%/g, '.*')
      .replace(/_/g, '.')
    if (!new RegExp(`^${pattern}$`, 'i').test(setting.key)) return false
  }
  return true
}

/**
 * System settings by key, as a region sees them: its own value, else GLOBAL's, else the built-in
 * default. A save writes the region's own row (GLOBAL's when the request is for GLOBAL).
 */
export class SettingService {
  readonly id = 'key'

  constructor(private app: Application) {}

  private conn(params: Params = {}): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** Every known key (built-in defaults and keys GLOBAL defines) with its value for the region. */
  private async resolve(db: Knex, region: string): Promise<Setting[]> {
    const rows = await db('settings')
      .whereIn('region', [...new Set([region, 'GLOBAL'])])
      .select('region', 'key', 'value', 'description', 'updatedAt')
    const own = new Map(rows.filter((row) => row.region === region).map((row) => [row.key, row]))
    const global = new Map(rows.filter((row) => row.region === 'GLOBAL').map((row) => [row.key, row]))
    const defaults = allSettingDefaults()
    const keys = [...new Set([...Object.keys(defaults), ...global.keys()])].sort()
    return keys.map((key) => {
      const mine = own.get(key)
      const inherited = global.get(key)
      const source = mine ? region : inherited ? 'GLOBAL' : 'default'
      return {
        id: key,
        key,
        value: mine ? mine.value : inherited ? inherited.value : defaults[key],
        defaultValue: key in defaults ? defaults[key] : null,
        source,
        region,
        description: mine?.description ?? inherited?.description ?? null,
        updatedAt: mine?.updatedAt ?? null
      }
    })
  }

  async find(params: Params = {}): Promise<Paginated<Setting>> {
    const query = (params.query ?? {}) as SettingQuery
    const paginate = (params as any).paginate ?? this.app.get('paginate')
    const limit = Math.min(query.$limit ?? paginate?.default ?? 25, paginate?.max ?? 100)
    const skip = query.$skip ?? 0
    const all = (await this.resolve(this.conn(params), params.region ?? 'GLOBAL')).filter((setting) => matches(setting, query))
    const [field, direction] = Object.entries(query.$sort ?? { key: 1 })[0] ?? ['key', 1]
    all.sort((a: any, b: any) => String(a[field]).localeCompare(String(b[field])) * (direction === -1 ? -1 : 1))
    return { total: all.length, limit, skip, data: all.slice(skip, skip + limit) }
  }

  async get(id: Id, params: Params = {}): Promise<Setting> {
    return this._get(id, params)
  }

  /** Also what the authorization hook reads before a patch. */
  async _get(id: Id, params: Params = {}): Promise<Setting> {
    const setting = (await this.resolve(this.conn(params), params.region ?? 'GLOBAL')).find((item) => item.key === String(id))
    if (!setting) throw appError(404, 'NOT_FOUND')
    return setting
  }

  async patch(id: NullableId, data: SettingPatch, params: Params = {}): Promise<Setting> {
    if (id === null) throw appError(400, 'VALIDATION_FAILED', { details: 'key' })
    const key = String(id)
    const region = params.region ?? 'GLOBAL'
    const db = this.conn(params)
    const current = await this._get(key, params)
    const defaults = allSettingDefaults()
    const expected = key in defaults ? defaults[key] : (await db('settings').where({ region: 'GLOBAL', key }).first('value'))?.value
    checkSettingValue(key, data.value, expected)
    checkUploadRule(key, data.value)

    // Locked until the commit, so two saves from the same version cannot both pass.
    const own = await db('settings').where({ region, key }).forUpdate().first('updatedAt')
    if (own) {
      if (!('updatedAt' in data)) throw appError(428, 'UPDATED_AT_REQUIRED')
      if (!sameInstant(data.updatedAt, own.updatedAt)) throw appError(410, 'STALE_WRITE')
    } else if (data.updatedAt != null) {
      throw appError(410, 'STALE_WRITE')
    }

    const row: Record<string, unknown> = { region, key, value: JSON.stringify(data.value), updatedAt: new Date() }
    if (data.description !== undefined) row.description = data.description
    else if (!own) row.description = current.description
    await db('settings').insert(row).onConflict(['region', 'key']).merge()
    return this._get(key, params)
  }
}
