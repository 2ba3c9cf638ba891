import type { KnexAdapterParams } from '@feathersjs/knex'
import { PortalKnexService } from '../../kit/knex-service.js'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { assertNotLockedByOther } from '../edit-locks/edit-locks.guard.js'

export type ReferenceParams = KnexAdapterParams & Params

const KNEX_ERROR = Symbol.for('@feathersjs/knex/error')

/**
 * The regional reference data (buildings, sites, locations, departments, companies): one place for
 * what their writes share. Subclasses say how data is checked and stored (`prepare`) and what
 * keeps a record from being removed (`assertRemovable`); every write also respects edit locks.
 */
export abstract class ReferenceDataService<T extends { id: number; region: string }> extends PortalKnexService<T> {
  constructor(
    options: any,
    protected app: Application
  ) {
    super(options)
  }

  protected get table(): string {
    return this.getOptions({}).name
  }

  protected conn(params: ReferenceParams = {}): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** The data as stored: checked against the record it changes (null on create). */
  protected abstract prepare(data: any, current: T | null, region: string, params: ReferenceParams): Promise<Record<string, unknown>>

  /** Throws 409 IN_USE when other records still refer to this one. */
  protected async assertRemovable(_current: T, _params: ReferenceParams): Promise<void> {}

  async create(data: any, params: ReferenceParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const region = data.region ?? params.region
    if (!region) throw appError(400, 'VALIDATION_FAILED', { details: 'region' })
    const prepared = await this.prepare(data, null, region, params)
    return withConstraintErrors(() => super.create({ ...prepared, region } as any, params))
  }

  async patch(id: NullableId, data: any, params: ReferenceParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    await assertNotLockedByOther(this.conn(params), this.table, id, params.user?.id)
    const current = await this._get(id, params)
    const { updatedAt: _read, region: _region, ...changes } = data
    const prepared = await this.prepare(changes, current, current.region, params)
    return withConstraintErrors(() => super.patch(id, { ...prepared, updatedAt: new Date() } as any, params))
  }

  async remove(id: NullableId, params: ReferenceParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    await assertNotLockedByOther(this.conn(params), this.table, id, params.user?.id)
    const current = await this._get(id as Id, params)
    await this.assertRemovable(current, params)
    return withConstraintErrors(() => super.remove(id, params))
  }

  /** 400 VALIDATION_FAILED unless every id names a record of `table` in the region. */
  protected async assertExist(table: string, ids: readonly number[] | undefined | null, region: string, field: string, params: ReferenceParams) {
    const wanted = [...new Set((ids ?? []).filter((id) => id != null))]
    if (!wanted.length) return
    const found = await this.conn(params)(table).where({ region }).whereIn('id', wanted).pluck('id')
    const missing = wanted.filter((id) => !found.includes(id))
    if (missing.length) throw appError(400, 'VALIDATION_FAILED', { details: `${field}: ${missing.join(', ')}` })
  }
}

/** 409 IN_USE naming what still refers to the record. */
export async function assertNotReferenced(checks: Array<{ by: string; query: Knex.QueryBuilder }>) {
  for (const { by, query } of checks) {
    if (await query.first()) throw appError(409, 'IN_USE', { by })
  }
}

/**
 * A foreign key still pointing here answers 409 IN_USE. (A unique key, names and codes unique in
 * the region ignoring case, answers 409 DUPLICATE for every service in hooks/translate-errors.ts.)
 */
export async function withConstraintErrors<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work()
  } catch (error: any) {
    const cause = error?.[KNEX_ERROR] ?? error
    if (cause?.code === '23503') throw appError(409, 'IN_USE', { by: cause.table })
    throw error
  }
}

/** Text fields arrive trimmed; a blank optional text is stored as null. */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value)
export const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value)
