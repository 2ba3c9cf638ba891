import type { KnexAdapterParams } from '@feathersjs/knex'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations.js'
import { appError } from '../../../errors.js'
import { PortalKnexService } from '../../../kit/knex-service.js'
import { withTransaction } from '../../../db/transaction.js'

export type ContactParams = KnexAdapterParams &
  Params & {
    afterCommit?: Array<() => unknown>
    /** A list's search text (`q`, lower case; a phone fragment as its digits): matched anywhere in the record's search text. */
    searchedFor?: string
  }

/**
 * What companies and contacts of the contacts database write alike: every write runs in one
 * transaction (the caller's when it has one, so a company and its contacts commit together), a
 * new record needs a region, and a patch checks the caller's changes against the stored record
 * before anything is written.
 */
export abstract class ContactsWriteService<Result> extends PortalKnexService<Result> {
  constructor(
    options: any,
    protected app: Application
  ) {
    super(options)
  }

  protected conn(params: ContactParams = {}): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  protected inTransaction<R>(params: ContactParams, work: (params: ContactParams) => Promise<R>): Promise<R> {
    return withTransaction(this.app.get('knex'), params, work)
  }

  /** The region one new record goes to: the data's, else the caller's (400 without either). */
  protected regionOfNew(data: any, params: ContactParams): string {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const region = data.region ?? params.region
    if (!region) throw appError(400, 'VALIDATION_FAILED', { details: 'region' })
    return region
  }

  /** The record as stored: the caller's fields checked against the record they change (null on create). */
  protected abstract prepare(data: any, current: any, region: string, params: ContactParams): Promise<Record<string, unknown>>

  /**
   * One record changed in one transaction: `write` gets the stored record and the prepared changes
   * (the region and the caller's `updatedAt` never among them) and the record is read back after it.
   */
  protected patchInTransaction(id: NullableId, data: any, params: ContactParams, write: (current: any, stored: Record<string, unknown>, inner: ContactParams) => Promise<unknown>): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return this.inTransaction(params, async (inner) => {
      const current: any = await this._get(id, inner)
      const { updatedAt: _read, region: _region, ...changes } = data
      const stored = await this.prepare(changes, current, current.region, inner)
      await write(current, stored, inner)
      return this._get(id as Id, { ...inner, query: {} })
    })
  }
}
