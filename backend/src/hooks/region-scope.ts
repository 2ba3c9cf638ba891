import { serviceOptions as getServiceOptions } from '../service-options.js'
import type { HookContext, NextFunction } from '../declarations.js'
import type { PrincipalCache } from '../auth/principals.js'
import { appError } from '../errors.js'

export interface RegionalServiceOptions {
  /** Records carry a `region`; queries and new records are scoped to the request's region. */
  regional?: boolean
  /** Region feature this service belongs to: off in the region → 404. */
  feature?: string
}

/**
 * Picks the request's region (path prefix, X-Region header, else the user's default region),
 * refuses regions the user is not authorised for (403) and features switched off there (404),
 * gives the call the user's ability for that region, and scopes regional services to it.
 */
export const regionScope = async (context: HookContext, next: NextFunction) => {
  const { params } = context
  if (!params.provider) return next()
  const regions = context.app.get('regionCache') as RegionCache
  const asked = params.regionCode ?? params.headers?.['x-region']
  const code = String(asked ?? params.user?.defaultRegion ?? 'GLOBAL').toUpperCase()
  const region = await regions.get(code)
  if (!region) throw appError(404, 'REGION_UNKNOWN', { region: code })
  if (params.user) {
    const { user } = params
    if (!user.regions.includes(code)) throw appError(403, 'REGION_FORBIDDEN', { region: code })
    // A disabled region stays reachable only for administration from GLOBAL.
    if (!region.enabled) throw appError(403, 'REGION_FORBIDDEN', { region: code })
    // A signed-in socket calling `authentication` carries its user but no principal (that call
    // skips the JWT check): load it, so an ability is always set where a user is.
    const principal = params.principal ?? (await (context.app.get('principals') as PrincipalCache).get(Number(user.id)))
    if (!principal) throw appError(401, 'NOT_AUTHENTICATED')
    params.ability = principal.forRegion(code).ability
  }
  params.region = code
  const options = getServiceOptions(context.self) as RegionalServiceOptions
  if (options.feature && !region.features.includes(options.feature)) throw appError(404, 'FEATURE_DISABLED')
  if (options.regional) {
    params.query = { ...params.query, region: code }
    if (context.data && context.method === 'create') {
      context.data = Array.isArray(context.data) ? context.data.map((item: any) => ({ ...item, region: code })) : { ...context.data, region: code }
    } else if (context.data && typeof context.data === 'object' && 'region' in context.data) {
      // A record never moves to another region.
      const { region: _ignored, ...rest } = context.data
      context.data = rest
    }
  }
  return next()
}

export interface RegionRow {
  code: string
  name: string
  enabled: boolean
  features: string[]
  currency: string | null
  timeZone: string
}

/** Regions change rarely and are read on every request: kept in memory, refreshed on change. */
export class RegionCache {
  private byCode?: Map<string, RegionRow>
  constructor(private load: () => Promise<RegionRow[]>) {}
  async get(code: string) {
    if (!this.byCode) this.byCode = new Map((await this.load()).map((row) => [row.code, row]))
    return this.byCode.get(code)
  }
  invalidate() {
    this.byCode = undefined
  }
}
