import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { TenderInvitationCheck } from '../../../tenders/module.js'
import { VendorPerformanceService } from '../vendor-performance/vendor-performance.js'
import { STANDING_NEEDING_OVERRIDE } from './vendor-ratings.shared.js'

/*
 * The tender's issue and vendor standings (issue 12 item 9: "inviting a Very Poor vendor needs an
 * override reason, recorded in the audit log"). Registered through the tenders module's door
 * (`addTenderInvitationCheck`), which runs it inside the transaction once the tender's own
 * checks passed: only a caller who may issue this tender hears of standings, and the audit row
 * commits or rolls back with the issue. The tenders module knows nothing of ratings.
 */

/** The vendors of the issue that stand Very Poor in the region now (none when the feature is off there). */
export async function veryPoorVendors(app: Application, region: string, companyIds: readonly number[]) {
  const regionRow = await app.get('regionCache').get(region)
  if (!regionRow?.features?.includes('VENDOR_PERFORMANCE') || !companyIds.length) return []
  const found = await new VendorPerformanceService(app).find({ region, query: { companyId: { $in: [...companyIds] }, $limit: 100 }, paginate: { default: 100, max: 100 } } as any)
  return found.data.filter((row) => row.standing === STANDING_NEEDING_OVERRIDE)
}

/** Very Poor vendors need the override reason (400 TENDER_INVITE_OVERRIDE_REQUIRED naming them); given, it goes to the audit log. */
export const checkInviteStandings =
  (app: Application): TenderInvitationCheck =>
  async ({ db, region, tender, vendorIds, caller, overrideReason }) => {
    const poor = await veryPoorVendors(app, region, vendorIds)
    if (!poor.length) return
    if (!overrideReason) throw appError(400, 'TENDER_INVITE_OVERRIDE_REQUIRED', { vendors: poor.map((row) => row.companyName).join(', '), companyIds: poor.map((row) => row.companyId) })
    await db('audit_log').insert({
      userId: caller.id,
      username: caller.username,
      region,
      action: 'tenders.issue',
      resource: 'tenders',
      recordId: String(tender.id),
      before: null,
      after: JSON.stringify({
        overrideReason,
        veryPoorVendors: poor.map(({ companyId, companyName, scoreHundredths, standing }) => ({ companyId, companyName, scoreHundredths, standing }))
      })
    })
  }
