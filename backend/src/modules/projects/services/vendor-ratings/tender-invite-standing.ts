import { subject } from '@casl/ability'
import type { Application, HookContext, NextFunction } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { VendorPerformanceService } from '../vendor-performance/vendor-performance.js'
import { STANDING_NEEDING_OVERRIDE } from './vendor-ratings.shared.js'

/*
 * The tender's issue and vendor standings (issue 12 item 9: "inviting a Very Poor vendor needs an
 * override reason, recorded in the audit log"). Hooked onto the tenders service from here, so the
 * tenders module knows nothing of ratings:
 * - around `issue` (before the tender's own validation): the optional `overrideReason` is taken
 *   off the body (the tender's validator knows no such field) and kept on the call;
 * - before `issue` (after the tender's own checks: the `issue` rule, the body, the vendors read
 *   through their own rules): when the region has VENDOR_PERFORMANCE on and the caller may issue
 *   this tender, vendors of Very Poor standing need the reason (400 TENDER_INVITE_OVERRIDE_REQUIRED
 *   naming them); given, it is written to the audit log in the issue's own transaction.
 */

const MAX_REASON = 1000

/** Takes `overrideReason` off the issue's body (400 when it is not a short text). */
export const takeOverrideReason = async (context: HookContext, next: NextFunction) => {
  const data = context.data as Record<string, unknown> | undefined
  if (data && typeof data === 'object' && !Array.isArray(data) && 'overrideReason' in data) {
    const { overrideReason, ...rest } = data
    if (overrideReason != null && (typeof overrideReason !== 'string' || overrideReason.length > MAX_REASON)) throw appError(400, 'VALIDATION_FAILED', { details: 'overrideReason' })
    ;(context.params as any).inviteOverrideReason = typeof overrideReason === 'string' ? overrideReason.trim() : ''
    context.data = rest
  }
  return next()
}

/** The vendors of the issue that stand Very Poor in the region now (none when the feature is off there). */
export async function veryPoorVendors(app: Application, region: string, companyIds: number[]) {
  const regionRow = await app.get('regionCache').get(region)
  if (!regionRow?.features?.includes('VENDOR_PERFORMANCE') || !companyIds.length) return []
  const found = await new VendorPerformanceService(app).find({ region, query: { companyId: { $in: companyIds }, $limit: 100 }, paginate: { default: 100, max: 100 } } as any)
  return found.data.filter((row) => row.standing === STANDING_NEEDING_OVERRIDE)
}

export const checkInviteStandings = (app: Application) => async (context: HookContext) => {
  const { params } = context
  const data = context.data as { id?: string; vendorIds?: number[] } | undefined
  if (!params.provider || !params.region || !data?.id || !Array.isArray(data.vendorIds)) return context
  const service = context.self as any
  // Only a caller the tender's own rules let issue it hears about standings; anyone else gets the method's own answer.
  const record = await service.lockForWrite(data.id, params)
  if (record.status !== 'APPR' || !params.ability?.can('update', subject('tenders', { ...record }))) return context
  const poor = await veryPoorVendors(app, params.region, data.vendorIds)
  if (!poor.length) return context
  const reason = (params as any).inviteOverrideReason as string | undefined
  if (!reason) throw appError(400, 'TENDER_INVITE_OVERRIDE_REQUIRED', { vendors: poor.map((row) => row.companyName).join(', '), companyIds: poor.map((row) => row.companyId) })
  const trx = params.transaction?.trx ?? app.get('knex')
  await trx('audit_log').insert({
    userId: params.user?.id ?? null,
    username: params.user?.username ?? null,
    region: params.region,
    action: 'tenders.issue',
    resource: 'tenders',
    recordId: String(record.id),
    before: null,
    after: JSON.stringify({
      overrideReason: reason,
      veryPoorVendors: poor.map(({ companyId, companyName, scoreHundredths, standing }) => ({ companyId, companyName, scoreHundredths, standing }))
    })
  })
  return context
}

/** Hooks the standing check onto the tenders service's issue, when the tenders module is there. */
export function hookTenderIssue(app: Application) {
  const tenders = (app as any).services?.tenders
  if (!tenders) return
  app.service('tenders' as any).hooks({ around: { issue: [takeOverrideReason] }, before: { issue: [checkInviteStandings(app)] } } as any)
}
