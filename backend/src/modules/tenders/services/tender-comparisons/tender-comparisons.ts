import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { sendExport } from '../../../../services/exports/exports.js'
import { XLSX_TYPE, type ExportFile } from '../../../../services/exports/exports.schema.js'
import { calendarDay } from '../../../../format/format.shared.js'
import { toWorkbook } from '../../../../services/exports/workbook.js'
import { unsealedTenderStatuses } from '../bids/bid-seal.js'
import { compareBids, type ComparisonBid } from '../tenders/bid-comparison.js'
import { tenderComparisonsPath } from './tender-comparisons.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderComparisonsPath]: TenderComparisonService
  }
}

const money = (cents: number | null) => (cents === null ? null : cents / 100)

/**
 * `GET tender-comparisons/:tenderId`: the comparison screen as a spreadsheet, one row per line
 * and a column pair (rate, line total) per compared bid, the lowest marked, the vendor's remark
 * when some vendor wrote one (as on screen), then the totals.
 * The tender and bids are read with the caller's own params, so reading rights, representatives
 * and sealed bids apply exactly as on screen; before the tender is opened there is nothing to
 * compare (409 TENDER_SEALED); a bidding vendor never compares (403).
 */
export class TenderComparisonService {
  constructor(private app: Application) {}

  async find(params: Params & { route?: Record<string, string> } = {}): Promise<ExportFile> {
    const { route, query: _query, ...caller } = params as any
    const tender: any = await this.app.service('tenders').get(String(route?.tenderId ?? ''), { ...caller, query: { withAccounts: true } })
    // Bidders never compare: outside staff only a representative of the tender does.
    if (caller.provider && caller.user && portalOf(caller.user.userType) !== 'staff' && !tender.isRepresentative) throw appError(403, 'FORBIDDEN')
    if (!unsealedTenderStatuses.includes(tender.status)) throw appError(409, 'TENDER_SEALED', { status: tender.status })
    const bids = (await this.app.service('bids').find({ ...caller, query: { tenderId: tender.id, $limit: 100 } } as any)) as any
    const list: ComparisonBid[] = Array.isArray(bids) ? bids : bids.data
    const companies: any[] = await this.app
      .get('knex')('companies')
      .whereIn(
        'id',
        list.map((bid) => bid.companyId)
      )
      .select('id', 'name')
    const name = (companyId: number) => companies.find((company) => company.id === companyId)?.name ?? `#${companyId}`
    const comparison = compareBids(tender.lineItemGroups ?? [], list)
    const remarks = comparison.lines.some((line) => Object.values(line.cells).some((cell) => cell.remark))
    const rows: Record<string, unknown>[] = comparison.lines.map((line) => {
      const row: Record<string, unknown> = {
        Group: line.groupName,
        'Item no.': line.item.itemNo ?? '',
        Description: line.item.itemDesc ?? '',
        Qty: line.item.itemQty ?? null,
        Unit: line.item.itemUnit ?? '',
        Optional: line.excluded ? 'yes' : ''
      }
      for (const bid of comparison.bids) {
        const cell = line.cells[bid.id]
        row[`${name(bid.companyId)}: rate`] = cell.rate
        row[`${name(bid.companyId)}: line total`] = money(cell.totalCents)
        row[`${name(bid.companyId)}: lowest`] = cell.lowest ? 'lowest' : ''
        if (remarks) row[`${name(bid.companyId)}: remark`] = cell.remark ?? ''
      }
      return row
    })
    const total: Record<string, unknown> = { Group: 'Total (optional items excluded)' }
    for (const bid of comparison.bids) {
      total[`${name(bid.companyId)}: line total`] = money(comparison.totalsCents[bid.id])
      total[`${name(bid.companyId)}: lowest`] = comparison.lowestTotal.includes(bid.id) ? 'lowest' : ''
    }
    rows.push(total)
    const region = params.region ? await (this.app.get('regionCache' as any) as any)?.get(params.region) : undefined
    return {
      filename: `Bid Comparison ${tender.prNumber} ${calendarDay(new Date(), region?.timeZone)}.xlsx`,
      contentType: XLSX_TYPE,
      rowCount: rows.length,
      truncated: false,
      content: await toWorkbook('Bid comparison', rows, region?.timeZone)
    }
  }
}

export const tenderComparisons = (app: Application) => {
  app.use(tenderComparisonsPath, new TenderComparisonService(app), {
    methods: ['find'],
    events: [],
    regional: true,
    feature: 'TENDERS',
    koa: { after: [sendExport] }
  } as any)
}
