import { errorHandler, KnexService, type KnexAdapterParams } from '@feathersjs/knex'
import type { Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { tableCacheOf } from '../db/table-cache.js'
import { accessOf } from './access.js'

/**
 * The knex adapter, with two changes every service benefits from: a page and its total come from
 * one query instead of two, which saves a round trip and a planning per list request (and a total
 * still true is not counted again: db/table-cache.ts); and the
 * jsonb columns a service names (`jsonColumns` option) are written as JSON. Left to pg, a
 * JavaScript array goes out as a Postgres array literal: jsonb refuses `{"A","B"}` (a 500 for
 * any region with features) and takes an empty one, `{}`, as an object.
 */
export class PortalKnexService<Result = any, Data = Partial<Result>, Params extends KnexAdapterParams = KnexAdapterParams, Patch = Partial<Data>> extends KnexService<Result, Data, Params, Patch> {
  protected readonly jsonColumns: readonly string[]

  constructor(options: any) {
    super(options)
    this.jsonColumns = options.jsonColumns ?? []
  }

  /**
   * Columns a service works out for each row it answers, such as sub-selects of other tables,
   * naming the row's table `table`. A list selects them around its page, so the rows an OFFSET
   * skips never compute them (page 10 of a list computed them for 250 rows, not 25).
   */
  protected pageColumns?(db: Knex, table: string): Knex.Raw[]

  /**
   * The page with its `pageColumns`: an outer query over the page, sorted again as the page was
   * (25 rows). Sorts the outer query cannot repeat (an expression, a column of another table)
   * or a `$select` keep the columns in the page's own query.
   */
  private withPageColumns(db: Knex, page: Knex.QueryBuilder, selecting: boolean): Knex.QueryBuilder {
    const orders: any[] = ((page as any)._statements ?? []).filter((statement: any) => statement.grouping === 'order')
    const own = `${this.fullName}.`
    const plain = orders.every((order) => order.type === 'orderByBasic' && typeof order.value === 'string' && (!order.value.includes('.') || order.value.startsWith(own)))
    if (selecting || !plain) return page.select(this.pageColumns!(db, this.fullName))
    const outer = db.select('page.*', ...this.pageColumns!(db, 'page')).from(page.as('page'))
    for (const order of orders) outer.orderBy(`page.${order.value.slice(order.value.lastIndexOf('.') + 1)}`, order.direction, order.nulls)
    return outer
  }

  /** An external caller's query, narrowed to what the caller reads by the resource's access contract (kit/access.ts). */
  createQuery(params: any = {}): Knex.QueryBuilder {
    const query = super.createQuery(params)
    const access = params.provider ? accessOf(this) : undefined
    return access?.narrow ? access.narrow(query, params, params.transaction?.trx ?? this.Model) : query
  }

  /** A row with its jsonb columns as JSON text (a value already text is taken as encoded). */
  encodeJson<T>(row: T): T {
    if (!row || typeof row !== 'object' || !this.jsonColumns.length) return row
    const encoded: any = { ...row }
    for (const column of this.jsonColumns) {
      const value = encoded[column]
      if (value !== null && typeof value === 'object' && !(value instanceof Date) && typeof value.toSQL !== 'function') encoded[column] = JSON.stringify(value)
    }
    return encoded
  }

  async _create(data: any, params?: Params): Promise<any> {
    return super._create(Array.isArray(data) ? data.map((row) => this.encodeJson(row)) : this.encodeJson(data), params)
  }

  async _patch(id: any, data: any, params?: Params): Promise<any> {
    return super._patch(id, this.encodeJson(data), params)
  }

  async _update(id: any, data: any, params?: Params): Promise<any> {
    return super._update(id, this.encodeJson(data), params)
  }

  async _find(params?: Params & { paginate?: any }): Promise<any> {
    const { filters, paginate } = this.filterQuery(params as any)
    const connection: Knex = (params as any)?.transaction?.trx ?? this.Model
    if (!(paginate as any)?.default || filters.$limit === 0) {
      if (!this.pageColumns) return super._find(params as any)
      const all = (params?.knex ? params.knex.clone() : this.createQuery(params as any)).select(this.pageColumns(connection, this.fullName))
      return super._find({ ...(params as any), knex: all })
    }
    const builder = params?.knex ? params.knex.clone() : this.createQuery(params as any)
    const counting = builder.clone().clearSelect().clearOrder().count('* as total')
    const readPage = async (withTotal: boolean) => {
      const page = builder.clone()
      // The total as a sub-select the database runs once: unlike a window count it lets the page
      // itself be read through an index, row by row, up to the LIMIT.
      if (withTotal) page.select(this.Model.raw('(?) AS window_total', [counting]))
      // The page size as a literal, not a parameter: with LIMIT $n PostgreSQL prices a generic plan
      // for 10 % of the rows, keeps planning each request anew (0.2 ms of a vendor's list), and a
      // list has a few page sizes. (The validated $limit is a whole number; knex parses it again.)
      if (filters.$limit) page.limit(filters.$limit, { skipBinding: true })
      if (filters.$skip) page.offset(filters.$skip)
      const query = this.pageColumns ? this.withPageColumns(connection, page, Boolean(filters.$select)) : page
      const rows: any[] = await query.catch(errorHandler)
      let total = rows.length ? Number(rows[0].windowTotal) : 0
      // A page past the end has no row to carry the total: count it the plain way.
      if (withTotal && !rows.length && filters.$skip) {
        const counted = (await super._find({ ...(params as any), query: { ...(params as any)?.query, $limit: 0 } })) as Paginated<Result>
        total = counted.total
      }
      for (const row of rows) delete row.windowTotal
      return { result: rows, total }
    }
    // Outside a write's transaction, a total counted before and still true is not counted again (db/table-cache.ts).
    const cache = (params as any)?.transaction ? undefined : tableCacheOf(this.Model)
    const { result, total } = cache ? await cache.total(counting, readPage) : await readPage(true)
    return { total, limit: filters.$limit, skip: filters.$skip || 0, data: result }
  }
}
