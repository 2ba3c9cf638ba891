import type { Knex } from 'knex'

/*
 * What the tenders module offers other modules (issue 28 item 3: modules meet through doors, not
 * tables), exported from its `module.ts`. Only this module's code names its tables. The projects
 * module raises a project from an awarded tender's purchase order or contract and shows the
 * tender's description as the project's title. The check on a tender's invitations that other
 * modules register lives beside the issue (services/tenders/invitation-checks.ts).
 */

/** The purchase record a project is raised from, by its number type. */
const purchaseTables = { PO: 'purchase_orders', CONTRACT: 'contracts' } as const

export type PurchaseType = keyof typeof purchaseTables

/**
 * A purchase order or contract of the region (undefined for none), with whether it is awarded:
 * ACTIVE, of a tender AWARDED. Read in `db` (a transaction's, where the caller writes after).
 */
export async function purchaseOf(db: Knex, type: PurchaseType, id: number, region: string): Promise<(Record<string, any> & { awarded: boolean }) | undefined> {
  const purchase = await db(purchaseTables[type]).where({ id, region }).first()
  if (!purchase) return undefined
  const tender = await db('tenders').where({ id: purchase.tenderId, region }).first('status')
  return { ...purchase, awarded: purchase.status === 'ACTIVE' && tender?.status === 'AWARDED' }
}

/** The status of each of these tenders, by id. */
export async function tenderStatuses(db: Knex, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const rows: Array<{ id: string; status: string }> = await db('tenders')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'status')
  return new Map(rows.map((row) => [row.id, row.status]))
}

/** The description (a project's title) of each of these tenders, by id. */
export async function tenderTitles(db: Knex, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map()
  const rows: Array<{ id: string; prDescription: string | null }> = await db('tenders')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'prDescription')
  return new Map(rows.map((row) => [String(row.id), row.prDescription ?? null]))
}

/** A sub-query for `whereExists`: the tender `tenderIdRef` names has a description like `pattern` (ILIKE). */
export function tenderTitleLike(db: Knex, tenderIdRef: string, pattern: string): Knex.QueryBuilder {
  return db('tenders').where('tenders.id', db.ref(tenderIdRef)).whereILike('tenders.prDescription', pattern).select(db.raw('1'))
}
