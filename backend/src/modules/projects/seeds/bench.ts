import type { Knex } from 'knex'
import type { BenchCall } from '../../manifest.js'
import { benchPurchaseOrders } from '../../tenders/module.js'

const PROJECTS = 20_000

/**
 * `npm run bench` (issue 12 "How it is checked"): 20,000 projects in HK, each raised from a purchase
 * order of a bench tender, spread over the demo's two vendors and the 20 bench vendors, every status,
 * on the region's physical sites; Alpha holds one in eleven. Measured: the staff list as it opens
 * (by last update, 25 a page, with its count) and the vendor's own list (vendor.alpha).
 */
export async function benchProjects(db: Knex): Promise<BenchCall[]> {
  const companies: number[] = await db('companies').where({ region: 'HK' }).whereIn('type', ['C']).orderBy('id').limit(21).pluck('id')
  const alpha = await db('users').where({ username: 'vendor.alpha' }).first('companyId')
  const vendors = [alpha.companyId, ...companies.filter((id) => id !== alpha.companyId)].slice(0, 11)
  const sites: number[] = await db('sites').where({ region: 'HK' }).orderBy('id').pluck('id')
  const pm = await db('users').where({ username: 'pm.hk' }).first('id')
  // The purchase orders are the tenders module's: written through its door, on its bench tenders.
  const orders = await benchPurchaseOrders(db, { region: 'HK', count: PROJECTS, vendors, sites, managedBy: pm.id })
  const count = orders.length
  await db.raw(
    `
    INSERT INTO projects (region, status, company_id, managed_by, type, number_type, purchase_order_id, number, tender_id, site_id, currency,
                          total_amount_cents, retention_percent, actual_commencement_date, actual_completion_date, dlp_date, project_location, updated_at)
    SELECT 'HK', s.status, po.company_id, po.managed_by, 'Bench works', 'PO', po.id, po.number, po.tender_id, po.site_id, 'HKD',
           round(po.amount * 100), 5,
           CASE WHEN s.status <> 'DRAFT' THEN current_date - 200 END,
           CASE WHEN s.status = 'COMPLETED' THEN current_date - 30 END,
           CASE WHEN s.status = 'COMPLETED' THEN current_date + 335 END,
           'Bench location ' || po.id, now() - (po.id % 720) * interval '1 hour'
    FROM json_to_recordset(?::json) AS po(id int, number text, tender_id text, company_id int, site_id int, amount numeric, managed_by int)
    CROSS JOIN LATERAL (SELECT (ARRAY['DRAFT','ACTIVE','ACTIVE','COMPLETED','CANCELLED'])[1 + po.id % 5] AS status) s`,
    [
      JSON.stringify(
        orders.map((order) => ({
          id: order.id,
          number: order.number,
          tender_id: order.tenderId,
          company_id: order.companyId,
          site_id: order.siteId,
          amount: order.amount,
          managed_by: order.managedBy
        }))
      )
    ]
  )
  await db.raw('VACUUM ANALYZE projects')
  const total = `${count.toLocaleString('en-US')}`
  return [
    {
      title: `staff project list of ${total}, HK, by last update, 25 a page, with count (GET /hk/v1/projects)`,
      path: '/hk/v1/projects?$sort[updatedAt]=-1&$limit=25&$skip=0'
    },
    {
      title: `vendor project list, Alpha's own among ${total}, by last update, 25 a page, with count (GET /hk/v1/projects as vendor.alpha)`,
      path: '/hk/v1/projects?$sort[updatedAt]=-1&$limit=25&$skip=0',
      as: 'vendor.alpha'
    }
  ]
}
