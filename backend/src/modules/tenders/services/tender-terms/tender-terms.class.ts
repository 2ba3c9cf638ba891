import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { termsOfTender } from './terms-library.js'
import { tenderOfTerms } from './tender-terms.access.js'
import { termItemId } from './tender-terms.shared.js'
import type { TenderTerms, TenderTermsData } from './tender-terms.schema.js'

type TermsParams = KnexAdapterParams & Params

/**
 * The terms library of a region: one row per department and version. A version is never edited
 * (tenders are stamped with it and bids accepted it); `create` adds the next version.
 */
export class TenderTermsService extends PortalKnexService<TenderTerms> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  async create(input: any, params: TermsParams = {}): Promise<any> {
    const data = input as TenderTermsData
    const db = params.transaction?.trx ?? this.app.get('knex')
    const region = params.region ?? data.region ?? 'GLOBAL'
    // The department row is locked: two new versions of one department are numbered one after the other.
    const department = await db('departments').where({ id: data.departmentId, region }).forUpdate().first('id')
    if (!department) throw appError(400, 'VALIDATION_FAILED', { details: 'departmentId' })
    const latest = await db('tender_terms').where({ region, departmentId: department.id }).max('version as version').first()
    const version = Number(latest?.version ?? 0) + 1
    const items = data.items.map((item, index) => ({ id: termItemId(version, index), title: item.title.trim(), text: item.text.trim() }))
    const [{ id }] = await db('tender_terms').insert({ region, departmentId: department.id, version, items: JSON.stringify(items), createdBy: params.user?.id ?? null }, ['id'])
    return this._get(id, { ...params, query: {} })
  }
}

/**
 * `GET tenders/:tenderId/terms`: the terms of one tender (spec §7 termsId and tnc-docs), for
 * whoever may read that tender: the tender is read through its own service with the caller's
 * params, so a vendor not invited gets 404 like for the tender itself.
 */
export class TermsOfTenderService {
  constructor(private app: Application) {}

  async find(params: Params & { route?: Record<string, string> } = {}) {
    const tenderId = String(params.route?.tenderId ?? '')
    if (!/^[a-z0-9]{24}$/.test(tenderId)) throw appError(404, 'NOT_FOUND')
    const tender: any = await tenderOfTerms(this.app, tenderId, params)
    const terms = await termsOfTender(this.app.get('knex'), tender)
    return { tenderId, stamped: tender.termsVersion != null, ...terms }
  }
}
