import { KnexService, type KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { AuditEntry } from './audit-log.schema.js'

type AuditParams = KnexAdapterParams & Params

/** The audit log of the request's region, read-only (the table itself refuses changes); newest first. */
export class AuditLogService extends KnexService<AuditEntry> {
  async find(params: AuditParams = {}): Promise<any> {
    const query = params.query ?? {}
    return super.find({ ...params, query: query.$sort ? query : { ...query, $sort: { at: -1, id: -1 } } })
  }
}
