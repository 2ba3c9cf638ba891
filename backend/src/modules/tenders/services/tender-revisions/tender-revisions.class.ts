import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { mayComment } from './tender-revisions.access.js'
import type { TenderRevision } from './tender-revisions.schema.js'

type RevisionParams = KnexAdapterParams & Params

/**
 * The revision history of tenders: one row per issued addendum, written by the tenders service
 * when it issues one. Read through the tender: staff who may read the tender (own = person in
 * charge), vendors only for tenders their company is invited to, once issued. The person in
 * charge edits the addendum comment.
 */
export class TenderRevisionService extends PortalKnexService<TenderRevision> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  private conn(params: RevisionParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** The addendum comment of one version: the tender's person in charge (or `tenders:update:any`). */
  async comment(data: { id: number; comment: string }, params: RevisionParams = {}) {
    const db = this.conn(params)
    const revision = await this.createQuery({ ...params, query: { region: params.region } } as any)
      .where('tender_revisions.id', data.id)
      .forUpdate()
      .first()
    if (!revision) throw appError(404, 'NOT_FOUND')
    const tender = await db('tenders').where({ id: revision.tenderId }).first()
    if (!mayComment(params, tender)) throw appError(403, 'FORBIDDEN')
    const now = new Date()
    await db('tender_revisions')
      .where({ id: revision.id })
      .update({
        comment: data.comment.trim() || null,
        commentUpdatedAt: now,
        commentUpdatedBy: params.user?.id ?? null,
        updatedAt: now
      })
    return this._get(revision.id, { ...params, query: {} })
  }
}
