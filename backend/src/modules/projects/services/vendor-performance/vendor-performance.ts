import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import { MAX_PAGE, idFilter } from '../../../../kit/query.js'
import { narrowRatings, staffMay } from '../vendor-ratings/vendor-ratings.access.js'
import { performanceSettings } from '../vendor-ratings/vendor-ratings.settings.js'
import { rateTypes, ratingCriteria, scoreHundredths, standingOf, standings, type RatingScores, type StandingBands, type RatingWeights } from '../vendor-ratings/vendor-ratings.shared.js'
import { vendorPerformanceMethods, vendorPerformancePath, vendorPerformanceSortFields, type VendorPerformanceRow } from './vendor-performance.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [vendorPerformancePath]: VendorPerformanceService
  }
}

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const oneOrMany = (schema: any) => Type.Union([schema, Type.Object({ $in: Type.Array(schema, { maxItems: 100 }) }, { additionalProperties: false })])
const sortOrder = Type.Union([Type.Literal(1), Type.Literal(-1), Type.Literal('1'), Type.Literal('-1')])

const vendorPerformanceQueryValidator = getValidator(
  Type.Object(
    {
      region: Type.Optional(Type.String()),
      id: Type.Optional(Type.Any()),
      companyId: Type.Optional(Type.Any()),
      companyName: Type.Optional(Type.Object({ $ilike: Type.String({ maxLength: 200 }) }, { additionalProperties: false })),
      standing: Type.Optional(oneOrMany(literals(standings))),
      rateType: Type.Optional(oneOrMany(literals(rateTypes))),
      createdAt: Type.Optional(Type.Object({ $gte: Type.Optional(Type.String({ format: 'date-time' })), $lte: Type.Optional(Type.String({ format: 'date-time' })) }, { additionalProperties: false })),
      $sort: Type.Optional(Type.Partial(Type.Object(Object.fromEntries(vendorPerformanceSortFields.map((field) => [field, sortOrder]))), { additionalProperties: false })),
      $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 }))
    },
    { $id: 'VendorPerformanceQuery', additionalProperties: false }
  ),
  queryValidator
)

/** The score in SQL, exactly as scoreHundredths works it out (numeric, rounded half up once), for ordering and the standing filter. */
function scoreSql(weights: RatingWeights) {
  const total = ratingCriteria.reduce((sum, name) => sum + weights[name], 0)
  const weighted = ratingCriteria.map((name) => `${Math.trunc(weights[name])} * sum(vendor_ratings.${name} - 1)`).join(' + ')
  return `round((${weighted})::numeric * 10000 / (${4 * total} * count(*)))`
}

/** The score range of the standings asked for, as SQL bounds on the hundredths (each band [start, next start)). */
function standingRanges(wanted: string[], bands: StandingBands): Array<[number, number]> {
  const starts: Record<string, number> = { VERY_POOR: 0, POOR: Math.round(bands.poor * 100), AVERAGE: Math.round(bands.average * 100), EXCELLENT: Math.round(bands.excellent * 100) }
  const ends: Record<string, number> = { VERY_POOR: starts.POOR, POOR: starts.AVERAGE, AVERAGE: starts.EXCELLENT, EXCELLENT: 10001 }
  return wanted.map((standing) => [starts[standing], ends[standing]])
}

const listOf = (value: any): string[] => (value && typeof value === 'object' && '$in' in value ? value.$in : [value]).map(String)

/**
 * Ratings by vendor (`/performance`, issue 12 item 9): per vendor the number of ratings, the
 * weighted score of all of them (the region's weights, rounded once from the sums) and its standing
 * on the region's bands; filtered by vendor, name, standing, rate type and when rated; sorted and
 * paged; exported as the list shows it. Read through the ratings' own narrowing (vendor-ratings.access).
 */
export class VendorPerformanceService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<{ total: number; limit: number; skip: number; data: VendorPerformanceRow[]; bands: StandingBands; weights: RatingWeights }> {
    const db: Knex = this.app.get('knex')
    const query: any = params.query ?? {}
    const paginate = (params as any).paginate
    const limit = Math.min(Number(query.$limit ?? paginate?.default ?? 10), Number(paginate?.max ?? MAX_PAGE))
    const skip = Number(query.$skip ?? 0)
    const { bands, weights } = await performanceSettings(db, params.region)
    const score = scoreSql(weights)
    const rows = db('vendor_ratings')
      .join('companies', 'companies.id', 'vendor_ratings.company_id')
      .where('vendor_ratings.region', params.region ?? query.region)
      .modify((builder) => narrowRatings(builder, params))
      .modify((builder) => {
        const ids = idFilter(query.companyId ?? query.id)
        if (ids) builder.whereIn('vendor_ratings.company_id', ids)
        if (query.companyName?.$ilike) builder.whereILike('companies.name', query.companyName.$ilike)
        if (query.rateType) builder.whereIn('vendor_ratings.rate_type', listOf(query.rateType))
        if (query.createdAt?.$gte) builder.where('vendor_ratings.created_at', '>=', new Date(query.createdAt.$gte))
        if (query.createdAt?.$lte) builder.where('vendor_ratings.created_at', '<=', new Date(query.createdAt.$lte))
      })
      .groupBy('vendor_ratings.company_id', 'companies.name')
      .modify((builder) => {
        if (!query.standing) return
        const ranges = standingRanges(listOf(query.standing), bands)
        builder.havingRaw(ranges.map(() => `(${score} >= ? and ${score} < ?)`).join(' or '), ranges.flat())
      })
      .select(
        db.raw('vendor_ratings.company_id as company_id'),
        db.raw('companies.name as company_name'),
        db.raw('count(*)::int as ratings'),
        db.raw('max(vendor_ratings.created_at) as last_rated_at'),
        db.raw(`${score}::int as score_hundredths`),
        db.raw('count(*) over ()::int as total_rows'),
        ...ratingCriteria.map((name) => db.raw(`sum(vendor_ratings.${name} - 1)::int as sum_${name}`))
      )
    const sort = Object.entries(query.$sort ?? { scoreHundredths: -1 })
    const columns: Record<string, string> = { companyName: 'companies.name', ratings: 'count(*)', scoreHundredths: score, lastRatedAt: 'max(vendor_ratings.created_at)' }
    for (const [field, order] of sort) rows.orderByRaw(`${columns[field]} ${Number(order) < 0 ? 'desc' : 'asc'}`)
    rows.orderBy('vendor_ratings.company_id')
    const found: any[] = await rows.limit(limit).offset(skip)
    const data = found.map((row) => {
      const sums = Object.fromEntries(ratingCriteria.map((name) => [name, Number(row[`sum${name[0].toUpperCase()}${name.slice(1)}`])])) as RatingScores
      const hundredths = scoreHundredths(sums, Number(row.ratings), weights)
      return {
        id: Number(row.companyId),
        companyId: Number(row.companyId),
        companyName: row.companyName,
        ratings: Number(row.ratings),
        scoreHundredths: hundredths,
        standing: standingOf(hundredths, bands),
        lastRatedAt: row.lastRatedAt
      }
    })
    const total = found.length ? Number(found[0].totalRows) : skip > 0 ? await this.count(params) : 0
    // The region's bands and weights come along, so the screens explain the score without reading the settings.
    return { total, limit, skip, data, bands, weights }
  }

  /** The number of rows when the page asked for lies past the end (the window count needs a row). */
  private async count(params: Params) {
    const all = await this.find({ ...params, query: { ...(params.query ?? {}), $skip: 0, $limit: 1 } })
    return all.total
  }
}

export const vendorPerformance = (app: Application) => {
  app.use(vendorPerformancePath, new VendorPerformanceService(app), {
    methods: [...vendorPerformanceMethods],
    events: [],
    regional: true,
    feature: 'VENDOR_PERFORMANCE',
    audit: false
  } as any)
  app.service(vendorPerformancePath).hooks({ before: { find: [staffMay('read'), schemaHooks.validateQuery(vendorPerformanceQueryValidator)] } } as any)
}
