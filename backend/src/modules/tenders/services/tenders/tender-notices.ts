import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { vendorSubAccountTypes } from '../../../../abilities/permissions.shared.js'
import { isNoShow } from '../bids/bid.workflow.js'
import { sendTenderMail } from './tender-mail.js'
import type { TenderParams } from './tender-moves.js'

// Who hears of a tender's moves, and the notice each is sent (tender-mail.ts sends it).

/** The notices vendors receive. */
const vendorTemplates = new Set<string>(['tender.invitation', 'tender.extension', 'tender.award', 'tender.regret', 'tender.addendum'])

/** A tender notice (tender-mail.ts): vendor templates link into the vendor portal; `path` is the staff screen (default the tender view). */
export function tenderNotice<T extends Parameters<typeof sendTenderMail>[2]>(
  app: Application,
  params: TenderParams,
  template: T,
  to: string[][],
  record: any,
  extra: Parameters<typeof sendTenderMail<T>>[5],
  path?: string
) {
  return sendTenderMail(app, params, template, to, record, extra, { audience: vendorTemplates.has(template) ? 'vendors' : 'staff', path })
}

/**
 * Asks the chosen approver for approval: an enabled staff approver (user type 500-599) of the
 * tender's region, else 400 on `approverId`. Returns the approver's id, which the move stores.
 */
export async function requestApproval(app: Application, params: TenderParams, db: Knex, record: any, approverId: number, path?: string): Promise<number> {
  const approver = await db('users')
    .where({ id: approverId, enabled: true })
    .whereBetween('userType', [500, 599])
    .whereRaw('regions @> ARRAY[?]::varchar[]', [record.region])
    .first('id', 'email', 'displayName')
  if (!approver) throw appError(400, 'VALIDATION_FAILED', { details: 'approverId' })
  await tenderNotice(app, params, 'tender.approval-request', [[approver.email]], record, { approverName: approver.displayName }, path)
  return approver.id
}

/** The person in charge hears the approver's answer. */
export async function notifyManager(app: Application, params: TenderParams, record: any, result: 'APPROVED' | 'REJECTED', path?: string) {
  const manager = await ((params as any).transaction?.trx ?? app.get('knex'))('users').where({ id: record.managedBy }).first('email')
  const words = result === 'APPROVED' ? { 'en-US': 'approved', 'zh-CN': '已批准' } : { 'en-US': 'rejected', 'zh-CN': '已退回' }
  if (manager) await tenderNotice(app, params, 'tender.approval-result', [[manager.email]], record, { result: words }, path)
}

/** A bidder: replied with a bid (not a no-show, not declined); these hear the award or regret. */
export const isBidder = (bid: { status: any }) => !isNoShow(bid) && bid.status !== 'DECLINED'

/**
 * The mail addresses of the enabled vendor accounts of these companies in the region that see
 * their tenders, one list per company: the master account (its Vendor Admin group) and the
 * sub-accounts holding the Tenders toggle, whose rights are their toggles' (a sub-account without
 * it reads no tender, so it is sent none: issue 27 item 10). Each company gets its own message
 * (sendTenderMail), so no vendor ever reads the address or the name of a competitor in a header.
 */
export async function vendorMailboxes(db: Knex, region: string, companyIds: number[]): Promise<string[][]> {
  if (!companyIds.length) return []
  const rows: { companyId: number; email: string }[] = await db('users')
    .whereIn('companyId', companyIds)
    .where({ enabled: true })
    .whereBetween('userType', [400, 499])
    .whereRaw('regions @> ARRAY[?]::varchar[]', [region])
    .where((who) => who.whereNotIn('userType', [...vendorSubAccountTypes]).orWhereRaw("vendor_perms @> ARRAY['Tenders']::text[]"))
    .orderBy('id')
    .select('companyId', 'email')
  const byCompany = new Map<number, string[]>()
  for (const { companyId, email } of rows) byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), email])
  return [...byCompany.values()]
}
