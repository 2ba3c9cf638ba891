import type { Knex } from 'knex'
import { awardedTotalCents } from '../services/purchase-orders/purchase-records.js'
import { grantsByGroup } from '../migrations/20261121002500_grants_of_purchases.js'
import { grantsByGroup as correctionGrants } from '../migrations/20261121002600_grants_to_correct_purchases.js'
import { grant } from './grant.js'

/** What vendors may do with purchases: read their own company's orders and contracts. */
export const vendorPurchasePermissions = [
  { resource: 'purchase-orders', action: 'read', attribute: 'own' },
  { resource: 'contracts', action: 'read', attribute: 'own' }
] as const

/**
 * Demo purchases (runs after seedTenders): vendor admins read their own purchase orders and
 * contracts, project managers raise, read, correct and cancel those of the tenders they run (the
 * grants of migrations 2500 and 2600, so older databases and fresh seeds agree), and the AWARDED demo tender gets its purchase order PO-ES-0006 for the awarded bid (and a
 * cancelled PO-ES-0016 and CT-ES-0016 before it).
 * The demo tender was seeded without a recommended bid; the lowest submitted bid becomes it.
 */
export async function seedPurchases(trx: Knex) {
  const group = await trx('security_groups').where({ name: 'Vendor Admin' }).first('id', 'permissions')
  if (group) {
    const permissions = [...(group.permissions ?? []), ...vendorPurchasePermissions]
    await trx('security_groups')
      .where({ id: group.id })
      .update({ permissions: JSON.stringify(permissions) })
  }
  await grant(trx, 'Project Manager', [...grantsByGroup['Project Manager'], ...correctionGrants['Project Manager']])
  const tender = await trx('tenders').where({ region: 'HK', prNumber: 'PR-ES-0006', status: 'AWARDED' }).first()
  if (!tender) return
  const bids = await trx('bids').where({ tenderId: tender.id, status: 'SUBMITTED' })
  if (!bids.length) return
  const totals = bids.map((bid: any) => ({ bid, cents: awardedTotalCents(tender, bid) })).sort((a: any, b: any) => a.cents - b.cents)
  const awarded = tender.recommendedBidId ? (totals.find((t: any) => t.bid.id === tender.recommendedBidId) ?? totals[0]) : totals[0]
  if (!tender.recommendedBidId) await trx('tenders').where({ id: tender.id }).update({ recommendedBidId: awarded.bid.id })
  const region = await trx('regions').where({ code: 'HK' }).first('currency')
  const purchase = {
    region: 'HK',
    tenderId: tender.id,
    companyId: awarded.bid.companyId,
    siteId: tender.siteId,
    currency: region?.currency ?? 'USD',
    amount: awarded.cents / 100,
    retentionPercent: 5,
    deduction: 0,
    managedBy: tender.managedBy
  }
  await trx('purchase_orders').insert({ ...purchase, number: 'PO-ES-0006', status: 'ACTIVE' })
  // Raised first with the wrong retention and cancelled (its number never given again): the demo's
  // CANCELLED purchase order and contract, on the same awarded tender.
  await trx('purchase_orders').insert({ ...purchase, number: 'PO-ES-0016', retentionPercent: 10, status: 'CANCELLED' })
  await trx('contracts').insert({ ...purchase, number: 'CT-ES-0016', revisionNum: 0, retentionPercent: 10, status: 'CANCELLED' })
}
