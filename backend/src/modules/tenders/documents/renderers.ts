import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations.js'
import { appError } from '../../../errors.js'
import { MAX_PAGE } from '../../../kit/query.js'
import type { DocumentRenderer } from '../../../services/documents/documents.class.js'
import { bidTotal, flattenLineItems } from '../services/tenders/tender-amounts.js'
import { documentFileName, type DocumentType } from '../services/documents/documents.shared.js'
import { tenderBidDocument, tenderQueryDocument, tenderSummaryDocument, type BidLine } from './tender-documents.js'
import { readsTenderInternals } from '../services/tenders/tenders.access.js'

/*
 * The tender PDFs of spec §7 for the platform's documents service (`GET documents/<type>/<id>`):
 * tender id, bid id or query id. Every record is read through its own service with the caller's
 * params, so region scope, abilities and the bid seal decide what the document may show.
 */

/** The bids the caller may list for the tender (a vendor: its own), totals only where unsealed. */
async function bidLines(app: Application, tender: any, caller: Params): Promise<BidLine[]> {
  const page: any = await app.service('bids').find({ ...caller, query: { tenderId: tender.id, $limit: MAX_PAGE, $sort: { createdAt: 1 } } })
  const bids: any[] = Array.isArray(page) ? page : page.data
  const names = await companyNames(
    app,
    bids.map((bid) => bid.companyId)
  )
  const items = flattenLineItems(Array.isArray(tender.lineItemGroups) ? tender.lineItemGroups : [])
  return bids.map((bid) => {
    const priced = !bid.sealed && bid.content?.rates && !['INVITED', 'DECLINED'].includes(bid.status)
    return {
      companyName: names.get(bid.companyId) ?? String(bid.companyId),
      status: bid.status,
      submittedAt: bid.submittedAt,
      sealed: Boolean(bid.sealed),
      total: priced ? bidTotal(items, bid.content.bidItemQtys ?? {}, bid.content.rates ?? {}) : null
    }
  })
}

async function companyNames(app: Application, ids: number[]) {
  const unique = [...new Set(ids)]
  const rows = unique.length ? await app.get('knex')('companies').whereIn('id', unique).select('id', 'name') : []
  return new Map<number, string>(rows.map((row: any) => [row.id, row.name]))
}

async function companyName(app: Application, id: number) {
  return (await companyNames(app, [id])).get(id) ?? String(id)
}

export const tenderDocumentRenderers: Record<DocumentType, DocumentRenderer> = {
  'tender-summary': {
    async render(app, { id, caller, settings }) {
      const tender = await app.service('tenders').get(id, { ...caller, query: {} })
      const definition = tenderSummaryDocument(tender, await bidLines(app, tender, caller), settings, { showBudget: readsTenderInternals(caller) })
      return { filename: documentFileName('tender-summary', tender.prNumber, settings.language), definition }
    }
  },
  'tender-bid': {
    async render(app, { id, caller, settings }) {
      if (!/^[a-z0-9]{24}$/.test(id)) throw appError(404, 'NOT_FOUND')
      const bid: any = await app.service('bids').get(id, { ...caller, query: {} })
      const tender = await app.service('tenders').get(bid.tenderId, { ...caller, query: {} })
      const definition = tenderBidDocument(tender, bid, await companyName(app, bid.companyId), settings)
      return { filename: documentFileName('tender-bid', tender.prNumber, settings.language), definition }
    }
  },
  // No service reads one query for a PDF yet: the row is read here and the caller must be able
  // to read its bid (vendor: own bid; staff: the tender's bids) and its tender.
  'tender-query': {
    async render(app, { id, caller, params, settings }) {
      const queryId = Number(id)
      if (!Number.isSafeInteger(queryId) || queryId <= 0) throw appError(404, 'NOT_FOUND')
      const query = await app.get('knex')('tender_queries').where({ id: queryId }).first()
      if (!query || (params.region && query.region !== params.region)) throw appError(404, 'NOT_FOUND')
      // A draft query is staff work in progress: vendors see it once issued.
      if (!readsTenderInternals(caller) && query.status === 'DRAFT') throw appError(404, 'NOT_FOUND')
      // Once the queries service exists, its own rules apply as well.
      const queries = (app as any).services['tender-queries']
      if (queries) await queries.get(queryId, { ...caller, query: {} })
      await app.service('bids').get(query.bidId, { ...caller, query: {} })
      const tender = await app.service('tenders').get(query.tenderId, { ...caller, query: {} })
      const definition = tenderQueryDocument(tender, query, await companyName(app, query.companyId), settings)
      return { filename: documentFileName('tender-query', tender.prNumber, settings.language), definition }
    }
  }
}
