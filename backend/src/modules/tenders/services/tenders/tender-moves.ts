import type { Knex } from 'knex'
import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { isNoShow } from '../bids/bid.workflow.js'
import { missingSections } from './tender-sections.js'
import { latestTermsVersion } from '../tender-terms/terms-library.js'
import { conditionsFileCount } from '../tender-documents/tender-documents.class.js'
import type { TenderFacts } from './tender.workflow.js'
import { assertClosingAhead, scheduleClosing } from './closing-schedule.js'
import { isBidder, notifyManager, requestApproval, tenderNotice, vendorMailboxes } from './tender-notices.js'
import { runTenderInvitationChecks } from './invitation-checks.js'

// What each move of tenderWorkflow does beside the change of status (its checks, mails and the
// fields it writes); tenders.class.ts runs them through the kit's transition runner.

export type TenderParams = KnexAdapterParams & Params

/** A move's work inside the runner's transaction: the fields it writes beside the status. */
export type TenderMove = (db: Knex, record: any) => Promise<Record<string, unknown> | void>

export const tenderFacts = (record: any, now = new Date()): TenderFacts => ({
  status: record.status,
  managedBy: record.managedBy,
  approverId: record.approverId,
  version: record.version,
  closingAt: record.closingAt ? new Date(record.closingAt) : null,
  addendumStatus: record.addendumStatus,
  now
})

/** DRAFT → WAPPR: every section filled, closing still ahead, an approver of the region mailed; the terms version stamped. */
export function submitTender(app: Application, params: TenderParams, data: { approverId: number }): TenderMove {
  return async (db, record) => {
    const sections = missingSections(record, { conditionsFiles: await conditionsFileCount(db, record.id) })
    if (sections.length) throw appError(400, 'MISSING_FIELDS', { sections: sections.join(', '), list: sections })
    if (record.closingAt) await assertClosingAhead(app, new Date(record.closingAt), record.tenderType, record.region)
    const approverId = await requestApproval(app, params, db, record, data.approverId)
    // Spec §4: submitting stamps the highest terms version of the tender's region and department.
    return { approverId, rejectReason: null, termsVersion: await latestTermsVersion(db, record.region, record.departmentId) }
  }
}

/** WAPPR → APPR: the person in charge is told. */
export function approveTender(app: Application, params: TenderParams): TenderMove {
  return async (db, record) => {
    await notifyManager(app, params, record, 'APPROVED')
    return { approvedBy: params.user?.id ?? null }
  }
}

/** WAPPR → REJECTED with the reason: the person in charge is told. */
export function rejectTender(app: Application, params: TenderParams, data: { reason: string }): TenderMove {
  return async (db, record) => {
    await notifyManager(app, params, record, 'REJECTED')
    return { rejectReason: data.reason.trim(), approvedBy: null }
  }
}

/**
 * APPR → ISSUED: the vendors invited (one bid each), mailed, the closing scheduled; the terms
 * version stamped again. Other modules' invitation checks (invitation-checks.ts) run once the
 * issue's own checks passed, before anything is written.
 */
export function issueTender(app: Application, params: TenderParams, data: { vendorIds: number[]; overrideReason?: string | null }): TenderMove {
  return async (db, record) => {
    const closingAt = record.closingAt ? new Date(record.closingAt) : null
    if (!closingAt || closingAt.getTime() <= Date.now()) throw appError(400, 'CLOSING_TOO_EARLY', { days: record.tenderType === 'ITQ' ? 3 : 5 })
    const companies = await db('companies').where({ region: record.region }).whereIn('id', data.vendorIds).pluck('id')
    const missing = data.vendorIds.filter((vendorId) => !companies.includes(vendorId))
    if (missing.length) throw appError(400, 'VALIDATION_FAILED', { details: `vendorIds: ${missing.join(', ')}` })
    await runTenderInvitationChecks(app, {
      db,
      region: record.region,
      tender: record,
      vendorIds: data.vendorIds,
      caller: { id: params.user?.id ?? null, username: params.user?.username ?? null },
      overrideReason: data.overrideReason?.trim() || null
    })
    const now = new Date()
    await db('tender_vendors')
      .insert(data.vendorIds.map((companyId) => ({ tenderId: record.id, companyId, invitedAt: now })))
      .onConflict(['tender_id', 'company_id'])
      .ignore()
    await db('bids')
      .insert(data.vendorIds.map((companyId) => ({ region: record.region, tenderId: record.id, companyId, status: 'INVITED', version: record.version })))
      .onConflict(['tender_id', 'company_id'])
      .ignore()
    const to = await vendorMailboxes(db, record.region, data.vendorIds)
    await tenderNotice(app, params, 'tender.invitation', to, record, {})
    scheduleClosing(app, params, record.id, closingAt)
    // Spec §4: issuing stamps the highest terms version again (a newer one may have come since approval).
    return { issuedAt: now, termsVersion: await latestTermsVersion(db, record.region, record.departmentId) }
  }
}

/** A later closing date: the vendors who have not replied and the person in charge are told, the closing scheduled again. */
export function extendTender(app: Application, params: TenderParams, data: { closingAt: string; reason: string }): TenderMove {
  return async (db, record) => {
    const closingAt = new Date(data.closingAt)
    const current = record.closingAt ? new Date(record.closingAt).getTime() : 0
    if (!(closingAt.getTime() > Math.max(current, Date.now()))) throw appError(400, 'CLOSING_TOO_EARLY', { days: 0 })
    // The vendors who have not replied yet are told (spec: no-show bids).
    const bids = await db('bids').where({ tenderId: record.id }).select('companyId', 'status')
    const companyIds = bids.filter((bid: any) => isNoShow(bid)).map((bid: any) => bid.companyId)
    const to = await vendorMailboxes(db, record.region, companyIds)
    await tenderNotice(app, params, 'tender.extension', to, { ...record, closingAt }, { reason: data.reason.trim() })
    const manager = await db('users').where({ id: record.managedBy }).first('email')
    if (manager) await tenderNotice(app, params, 'tender.extension-staff', [[manager.email]], { ...record, closingAt }, { reason: data.reason.trim() })
    scheduleClosing(app, params, record.id, closingAt)
    return { closingAt, extendReason: data.reason.trim(), ...draftFollowingExtension(record, closingAt) }
  }
}

/** REVIEW → AWARDED to the recommended bid: award notice to its company, regret notices to the other bidders. */
export function awardTender(app: Application, params: TenderParams): TenderMove {
  return async (db, record) => {
    const bids = await db('bids').where({ tenderId: record.id }).select('id', 'companyId', 'status')
    const winner = bids.find((bid: any) => bid.id === record.recommendedBidId && bid.status === 'SUBMITTED')
    if (!winner) throw appError(400, 'RECOMMENDATION_REQUIRED')
    const others = bids.filter((bid: any) => bid.id !== winner.id && isBidder(bid)).map((bid: any) => bid.companyId)
    await tenderNotice(app, params, 'tender.award', await vendorMailboxes(db, record.region, [winner.companyId]), record, {})
    await tenderNotice(app, params, 'tender.regret', await vendorMailboxes(db, record.region, others), record, {})
    return { awardedAt: new Date() }
  }
}

/** REVIEW → REGRETTED: every bidder gets a regret notice. */
export function regretAllBids(app: Application, params: TenderParams): TenderMove {
  return async (db, record) => {
    const bids = await db('bids').where({ tenderId: record.id }).select('companyId', 'status')
    await tenderNotice(
      app,
      params,
      'tender.regret',
      await vendorMailboxes(
        db,
        record.region,
        bids.filter(isBidder).map((bid: any) => bid.companyId)
      ),
      record,
      {}
    )
    return {}
  }
}

/**
 * A pending addendum that leaves the closing date as issued follows an extension: issuing it
 * later must not bring the old closing date back. One that moves the closing date keeps its own.
 */
function draftFollowingExtension(record: any, closingAt: Date) {
  const draft = record.addendumDraft
  if (!draft || new Date(draft.closingAt).getTime() !== new Date(record.closingAt).getTime()) return {}
  return { addendumDraft: JSON.stringify({ ...draft, closingAt: closingAt.toISOString() }) }
}
