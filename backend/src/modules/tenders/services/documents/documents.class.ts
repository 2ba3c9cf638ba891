import { MethodNotAllowed } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { pickLanguage, type Language } from '../../../../i18n/messages.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { renderPdf } from '../../../../documents/pdf.js'
import { tenderBidDocument, tenderQueryDocument, tenderSummaryDocument, type BidLine, type DocumentSettings } from '../../documents/tender-documents.js'
import { bidTotal, flattenLineItems } from '../tenders/tender-amounts.js'
import { MAX_PAGE } from '../../../../services/query.js'
import { documentFileName, isDocumentType } from './documents.shared.js'

export interface DocumentFile {
  filename: string
  contentType: 'application/pdf'
  content: Buffer
}

type DocumentParams = Params & { route?: Record<string, string>; language?: Language }

/**
 * `GET documents/:type/:id`: a tender document as a PDF, in the reader's language. Every record
 * is read through its own service with the caller's params, so region scope, abilities and the
 * bid seal decide what the document may show (404 for what the caller may not read).
 */
export class DocumentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}): Promise<DocumentFile> {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Documents are downloaded over HTTP')
    const type = String(params.route?.type ?? '')
    const id = String(params.route?.id ?? '')
    if (!isDocumentType(type) || !id) throw appError(404, 'NOT_FOUND')
    const { query: _query, route: _route, casl: _casl, ...rest } = params as any
    const caller: Params = rest
    const settings = await this.settings(params)

    if (type === 'tender-summary') {
      const tender = await this.app.service('tenders').get(id, { ...caller, query: {} })
      const definition = tenderSummaryDocument(tender, await this.bidLines(tender, caller), settings, { showBudget: this.isStaff(params) })
      return this.pdf(documentFileName(type, tender.prNumber), definition)
    }
    if (type === 'tender-bid') {
      if (!/^[a-z0-9]{24}$/.test(id)) throw appError(404, 'NOT_FOUND')
      const bid: any = await this.app.service('bids').get(id, { ...caller, query: {} })
      const tender = await this.app.service('tenders').get(bid.tenderId, { ...caller, query: {} })
      const definition = tenderBidDocument(tender, bid, await this.companyName(bid.companyId), settings)
      return this.pdf(documentFileName(type, tender.prNumber), definition)
    }
    // tender-query: no service of its own yet; the row is read here and the caller must be able
    // to read its bid (vendor: own bid; staff: the tender's bids) and its tender.
    const queryId = Number(id)
    if (!Number.isSafeInteger(queryId) || queryId <= 0) throw appError(404, 'NOT_FOUND')
    const query = await this.app.get('knex')('tender_queries').where({ id: queryId }).first()
    if (!query || (params.region && query.region !== params.region)) throw appError(404, 'NOT_FOUND')
    // A draft query is staff work in progress: vendors see it once issued.
    if (params.provider && !this.isStaff(params) && query.status === 'DRAFT') throw appError(404, 'NOT_FOUND')
    // Once the queries service exists, its own rules apply as well.
    const queries = (this.app as any).services['tender-queries']
    if (queries) await queries.get(queryId, { ...caller, query: {} })
    await this.app.service('bids').get(query.bidId, { ...caller, query: {} })
    const tender = await this.app.service('tenders').get(query.tenderId, { ...caller, query: {} })
    const definition = tenderQueryDocument(tender, query, await this.companyName(query.companyId), settings)
    return this.pdf(documentFileName(type, tender.prNumber), definition)
  }

  private isStaff(params: Params) {
    return !params.provider || (params.user ? portalOf(params.user.userType) === 'staff' : false)
  }

  private async settings(params: DocumentParams): Promise<DocumentSettings> {
    const language: Language = params.language ?? pickLanguage(params.headers?.['accept-language'] ?? params.user?.language)
    const region = params.region ? await this.app.get('regionCache').get(params.region) : undefined
    return { language, timeZone: region?.timeZone ?? 'UTC', currency: region?.currency ?? undefined, now: new Date() }
  }

  /** The bids the caller may list for the tender (a vendor: its own), totals only where unsealed. */
  private async bidLines(tender: any, caller: Params): Promise<BidLine[]> {
    const page: any = await this.app.service('bids').find({ ...caller, query: { tenderId: tender.id, $limit: MAX_PAGE, $sort: { createdAt: 1 } } })
    const bids: any[] = Array.isArray(page) ? page : page.data
    const names = await this.companyNames(bids.map((bid) => bid.companyId))
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

  private async companyNames(ids: number[]) {
    const unique = [...new Set(ids)]
    const rows = unique.length ? await this.app.get('knex')('companies').whereIn('id', unique).select('id', 'name') : []
    return new Map<number, string>(rows.map((row: any) => [row.id, row.name]))
  }

  private async companyName(id: number) {
    return (await this.companyNames([id])).get(id) ?? String(id)
  }

  private async pdf(filename: string, definition: any): Promise<DocumentFile> {
    return { filename, contentType: 'application/pdf', content: await renderPdf(definition) }
  }
}
