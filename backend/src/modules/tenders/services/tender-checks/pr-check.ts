import type { Knex } from 'knex'
import { appError } from '../../../../errors.js'

export type TenderKind = 'TENDER' | 'ITQ'

export interface PrCheckResult {
  prNumber: string
  prDescription: string | null
  amount: number | null
  currency: string | null
  siteId: number
  departmentId: number
  threshold: number
  kind: TenderKind
}

/** A Tender needs an amount strictly above the department threshold; an ITQ one at or below it. */
export function kindForAmount(amount: number | null | undefined, threshold: number | null | undefined): TenderKind | null {
  if (amount == null || threshold == null) return null
  return amount > threshold ? 'TENDER' : 'ITQ'
}

/**
 * The spec's purchase request check, in its order, each failure with its own code:
 * site valid, site in a department, amount against the department threshold, PR not used by
 * another non-cancelled tender, and the caller allowed to see the PR's site.
 */
export async function checkPurchaseRequest(db: Knex, region: string, prNumber: string, options: { kind?: TenderKind; userId?: number; exceptTenderId?: string } = {}): Promise<PrCheckResult> {
  const pr = await db('purchase_requests').where({ region, number: prNumber }).first()
  if (!pr) throw appError(404, 'PR_NOT_FOUND', { prNumber })
  const site = pr.siteId == null ? null : await db('sites').where({ region, id: pr.siteId }).first()
  if (!site) throw appError(400, 'SITE_INVALID', { prNumber })
  const department =
    pr.departmentId != null
      ? await db('departments').where({ region, id: pr.departmentId }).whereRaw('? = ANY(site_ids)', [site.id]).first()
      : await db('departments').where({ region }).whereRaw('? = ANY(site_ids)', [site.id]).orderBy('id').first()
  if (!department) throw appError(400, 'SITE_NO_DEPARTMENT', { prNumber })
  const threshold = department.itqThreshold == null ? null : Number(department.itqThreshold)
  const amount = pr.amount == null ? null : Number(pr.amount)
  // Without an amount neither type fits: say what is missing rather than "does not match the type".
  if (amount == null) throw appError(400, 'PR_AMOUNT_REQUIRED', { prNumber, field: 'amount' })
  const fits = kindForAmount(amount, threshold)
  const kind = options.kind ?? fits ?? 'TENDER'
  if (fits !== kind) throw appError(400, `THRESHOLD_${kind}`, { prNumber, kind, threshold })
  const used = db('tenders').where({ region, prNumber }).whereNot({ status: 'CANCELLED' })
  if (options.exceptTenderId) used.whereNot({ id: options.exceptTenderId })
  if (await used.first('id')) throw appError(409, 'PR_IN_USE', { prNumber })
  // A department that names its users keeps its sites to them; an empty list is open to the region.
  const userIds: number[] = department.userIds ?? []
  if (options.userId != null && userIds.length > 0 && !userIds.includes(options.userId)) throw appError(403, 'PR_SITE_FORBIDDEN', { prNumber })
  return { prNumber, prDescription: pr.description ?? null, amount, currency: pr.currency ?? null, siteId: site.id, departmentId: department.id, threshold: threshold!, kind }
}
