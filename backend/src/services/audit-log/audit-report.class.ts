import type { Paginated, Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import type { RegionCache } from '../../hooks/region-scope.js'
import { MAX_PAGE } from '../../kit/query.js'
import { MAX_CHART_ROWS, type AuditReportQuery, type AuditReportRow } from './audit-log.schema.js'

/**
 * `GET audit-report?at[$gte]=…&at[$lte]=…&resource=…`: how many audited writes each day (the
 * region's calendar day), per resource and action, newest day first, paged like any list.
 * With `by=resource` (or `by=action`) the day's writes per resource (or action) only, the other
 * field '': the report's activity chart, which reads a whole range at once (MAX_CHART_ROWS).
 */
export class AuditReportService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<Paginated<AuditReportRow>> {
    const query = (params.query ?? {}) as AuditReportQuery
    const paginate = this.app.get('paginate')
    const limit = Math.min(query.$limit ?? paginate?.default ?? 25, query.by ? MAX_CHART_ROWS : MAX_PAGE)
    const skip = query.$skip ?? 0
    const region = params.region ?? query.region ?? 'GLOBAL'
    const timeZone = (await (this.app.get('regionCache' as any) as RegionCache).get(region))?.timeZone ?? 'UTC'

    const db = this.app.get('knex')
    const day = db.raw("to_char(timezone(?, at), 'YYYY-MM-DD') AS day", [timeZone])
    const rows = db('audit_log').where({ region })
    if (query.at?.$gte) rows.where('at', '>=', query.at.$gte)
    if (query.at?.$lte) rows.where('at', '<=', query.at.$lte)
    if (query.resource) rows.where({ resource: query.resource })
    if (query.action) rows.where({ action: query.action })
    const resource = query.by === 'action' ? db.raw("'' AS resource") : 'resource'
    const action = query.by === 'resource' ? db.raw("'' AS action") : 'action'
    rows.select(day, resource, action).count({ count: '*' }).groupByRaw('1, 2, 3')

    const [{ total }] = await db.from(rows.clone().as('groups')).count({ total: '*' })
    const data = limit === 0 ? [] : await rows.orderByRaw('1 DESC, 2, 3').limit(limit).offset(skip)
    return {
      total: Number(total),
      limit,
      skip,
      data: data.map((row: any) => ({ day: row.day, resource: row.resource, action: row.action, count: Number(row.count) }))
    }
  }
}
