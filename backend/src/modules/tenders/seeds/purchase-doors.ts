import type { Knex } from 'knex'
import { uniqueNumber } from './factories.js'

/*
 * Doors for other modules' demo data, tests and bench (issue 28 §3: modules meet through doors,
 * not tables): what a project is raised from, an awarded tender's purchase order or contract,
 * written by the module that owns those tables. Exported from the tenders module's `module.ts`.
 */

export interface AwardedPurchaseInput {
  kind?: 'PO' | 'CONTRACT'
  companyId?: number
  siteId?: number
  managedBy?: number
  /** In currency units with 2 decimals, as purchase records store it. */
  amount?: number
  retentionPercent?: number
  revisionNum?: number
  number?: string
  /** The purchase request's and the tender's PR number. */
  prNumber?: string
  /** The tender's status (AWARDED by default; another to test a refusal). */
  tenderStatus?: string
  description?: string
}

/** Who the purchase is of when the input does not say: the person in charge, the site and its department, the vendor. */
export interface PurchaseParties {
  pm: number
  siteId: number
  departmentId: number
  alpha: number
}

export interface AwardedPurchase {
  kind: 'PO' | 'CONTRACT'
  id: number
  number: string
  tenderId: string
  companyId: number
  siteId: number
}

/**
 * An awarded tender with its recommended bid (the vendor's) and a purchase order or contract for
 * it, in the database directly, as the tenders module's own factories build their state.
 */
export async function createAwardedPurchase(db: Knex, input: AwardedPurchaseInput, { pm, siteId, departmentId, alpha }: PurchaseParties): Promise<AwardedPurchase> {
  const kind = input.kind ?? 'PO'
  const companyId = input.companyId ?? alpha
  const site = input.siteId ?? siteId
  const amount = input.amount ?? 54_000
  const prNumber = input.prNumber ?? uniqueNumber('PR-PJ')
  const description = input.description ?? `Project works ${prNumber}`
  // The tender's budget stays between 650,000 and 1,000,000 (exclusive), as the tenders module's
  // factories keep theirs, so the tender list's amount filters answer the same beside these; the
  // purchase record carries the awarded bid's total.
  const budget = 800_000
  await db('purchase_requests').insert({ region: 'HK', number: prNumber, description, siteId: site, amount: budget, currency: 'HKD', departmentId })
  const [tender] = await db('tenders').insert(
    {
      region: 'HK',
      prNumber,
      prDescription: description,
      amount: budget,
      currency: 'HKD',
      tenderType: 'TENDER',
      status: input.tenderStatus ?? 'AWARDED',
      managedBy: input.managedBy ?? pm,
      siteId: site,
      departmentId,
      issuedAt: new Date(Date.now() - 40 * 86_400_000),
      closingAt: new Date(Date.now() - 20 * 86_400_000),
      lineItemGroups: JSON.stringify([{ id: 'g1', name: 'Works', lineItems: [{ id: 'i1', itemNo: '1', itemDesc: 'Lump sum', itemQty: 1, itemUnit: 'Lot' }] }])
    },
    ['id']
  )
  const [bid] = await db('bids').insert(
    { region: 'HK', tenderId: tender.id, companyId, status: 'SUBMITTED', content: JSON.stringify({ rates: { i1: amount } }), submittedAt: new Date(), respondedOn: new Date() },
    ['id']
  )
  await db('tenders').where({ id: tender.id }).update({ recommendedBidId: bid.id })
  const number = input.number ?? uniqueNumber(kind === 'PO' ? 'PO' : 'CT')
  const row = {
    region: 'HK',
    number,
    tenderId: tender.id,
    companyId,
    siteId: site,
    currency: 'HKD',
    amount,
    retentionPercent: input.retentionPercent ?? 5,
    deduction: 0,
    status: 'ACTIVE',
    managedBy: input.managedBy ?? pm
  }
  const [purchase] = await db(kind === 'PO' ? 'purchase_orders' : 'contracts').insert(kind === 'PO' ? row : { ...row, revisionNum: input.revisionNum ?? 0 }, ['id', 'number'])
  return { kind, id: purchase.id as number, number: purchase.number as string, tenderId: tender.id as string, companyId, siteId: site }
}

/** An active purchase order of the region by its number (the demo's PO-ES-0006), undefined for none. */
export function activePurchaseOrder(db: Knex, region: string, number: string): Promise<Record<string, any> | undefined> {
  return db('purchase_orders').where({ region, number, status: 'ACTIVE' }).first()
}

/** The bench's purchase orders, as the rows a project is raised from. */
export interface BenchPurchaseOrder {
  id: number
  number: string
  tenderId: string
  companyId: number
  siteId: number
  amount: string
  managedBy: number
}

/**
 * `npm run bench`: up to `count` ACTIVE purchase orders (PO-BENCH-n) on the region's first tenders
 * (by id; the tenders bench's bulk data), over the given vendors and sites in turn, all of
 * `managedBy`; vacuumed, and answered.
 */
export async function benchPurchaseOrders(
  db: Knex,
  { region, count, vendors, sites, managedBy }: { region: string; count: number; vendors: number[]; sites: number[]; managedBy: number }
): Promise<BenchPurchaseOrder[]> {
  const tenders: string[] = await db('tenders').where({ region }).orderBy('id').limit(count).pluck('id')
  await db.raw(
    `
    INSERT INTO purchase_orders (region, number, tender_id, company_id, site_id, currency, amount, retention_percent, status, managed_by)
    SELECT ?, 'PO-BENCH-' || g, (?::varchar[])[g], (?::int[])[1 + g % ?::int], (?::int[])[1 + g % ?::int], 'HKD', (g % 997) * 1000 + 0.5, 5, 'ACTIVE', ?::int
    FROM generate_series(1, ?::int) g`,
    [region, tenders, vendors, vendors.length, sites, sites.length, managedBy, tenders.length]
  )
  await db.raw('VACUUM ANALYZE purchase_orders')
  return db('purchase_orders').where({ region }).whereLike('number', 'PO-BENCH-%').orderBy('id').select('id', 'number', 'tenderId', 'companyId', 'siteId', 'amount', 'managedBy')
}
