import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf, userTypes } from '../../../../abilities/permissions.shared.js'

/*
 * Tender representatives (spec §6): users the person in charge lists in the tender's accounts
 * (`tender_accounts`, each with invitedAt). A representative holds the "review as tender
 * representative" permission (`tenders:review`) in the tender's region and is a staff user or a
 * vendor TenderAccount user (461). A representative reads the tender, and while it is in REVIEW
 * its bids (prices are unsealed then) and issued queries, and nothing else; the person in charge
 * keeps every action.
 */

/** The caller holds `tenders:review` in the request's region. */
export const mayReview = (params: Params) => Boolean(params.user && params.ability?.can('review', 'tenders'))

/**
 * A subquery for `whereExists`: the caller is a representative of the tender in `tenderColumn`
 * (optionally only while that tender is in REVIEW).
 */
export function representativeOf(db: Knex, tenderColumn: string, userId: number, { inReview = false } = {}) {
  const query = db('tender_accounts').whereRaw(`tender_accounts.tender_id = ${tenderColumn}`).where('tender_accounts.userId', userId)
  if (inReview) query.whereExists(db('tenders as reviewed').whereRaw('reviewed.id = tender_accounts.tender_id').where('reviewed.status', 'REVIEW'))
  return query
}

export async function isRepresentative(db: Knex, tenderId: string, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false
  return Boolean(await db('tender_accounts').where({ tenderId, userId }).first('userId'))
}

/** The user ids of the tender's representatives while it is in REVIEW (none otherwise). */
export async function reviewingRepresentatives(db: Knex, tenderId: string): Promise<number[]> {
  const rows = await db('tender_accounts')
    .join('tenders', 'tenders.id', 'tender_accounts.tender_id')
    .where({ 'tender_accounts.tender_id': tenderId, 'tenders.status': 'REVIEW' })
    .select('tender_accounts.userId')
  return rows.map((row: any) => row.userId)
}

export interface TenderAccount {
  userId: number
  invitedAt: string
  username: string
  displayName: string | null
  userType: number
}

/** The tender's accounts with who each user is, in the order they were listed. */
export async function tenderAccounts(db: Knex, tenderId: string): Promise<TenderAccount[]> {
  return db('tender_accounts')
    .join('users', 'users.id', 'tender_accounts.user_id')
    .where('tender_accounts.tender_id', tenderId)
    .orderBy([
      { column: 'tender_accounts.invited_at', order: 'asc' },
      { column: 'users.username', order: 'asc' }
    ])
    .select('tender_accounts.userId', 'tender_accounts.invitedAt', 'users.username', 'users.displayName', 'users.userType')
}

/**
 * Replaces the tender's representatives. Each must be a valid system user for the tender (400
 * REPRESENTATIVE_INVALID, spec §8 "tender representative not a valid system user"): enabled,
 * authorised in the region, staff or a vendor TenderAccount, holding `tenders:review` there,
 * and not the person in charge. Users kept keep their invitedAt.
 */
export async function replaceRepresentatives(app: Application, db: Knex, tender: { id: string; region: string; managedBy: number }, userIds: number[], invitedBy: number | null) {
  const wanted = [...new Set(userIds)]
  const rows = wanted.length ? await db('users').whereIn('id', wanted).select('id', 'username', 'enabled', 'userType', 'regions') : []
  for (const userId of wanted) {
    const row = rows.find((candidate: any) => candidate.id === userId)
    const portal = row ? portalOf(row.userType) : null
    const kind = portal === 'staff' || row?.userType === userTypes.vendors.TenderAccount
    const inRegion = Boolean(row?.regions?.includes(tender.region))
    const principal = row && row.enabled && kind && inRegion ? await app.get('principals').get(userId) : undefined
    const reviews = principal?.forRegion(tender.region).ability.can('review', 'tenders') ?? false
    if (!reviews || userId === tender.managedBy) throw appError(400, 'REPRESENTATIVE_INVALID', { userId, username: row?.username ?? String(userId) })
  }
  await db('tender_accounts').where({ tenderId: tender.id }).whereNotIn('userId', wanted).delete()
  if (wanted.length) {
    await db('tender_accounts')
      .insert(wanted.map((userId) => ({ tenderId: tender.id, userId, invitedAt: new Date(), invitedBy })))
      .onConflict(['tender_id', 'user_id'])
      .ignore()
  }
}
