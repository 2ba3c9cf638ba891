import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { tenderPhases } from './tender.workflow.js'
import { tenderSchema } from './tenders.schema.js'
import { tendersPath } from './tenders.shared.js'
import { isVendor } from './tender-views.js'
import { tenderEventReaders } from './tender-event-readers.js'
import { isRepresentative, mayReview, representativeOf } from './tender-representatives.js'
import { NotFound } from '@feathersjs/errors'
import { errorHandler } from '@feathersjs/knex'
import { caslAllows, defineAccess } from '../../../../kit/access.js'

/*
 * Who reads tenders, in one place and in the CASL vocabulary (used by find, get, the lock of every
 * tender write, the live events, and by the tender's parts: bids, queries, revisions):
 * - staff through their `tenders` read rule: unconditioned, every tender of the region; "own"
 *   (`managedBy: user.id`), the tenders in their charge;
 * - vendors through their `tenders` read rule, but their "own" is the invitation of their company
 *   (tender_vendors), which no tender column holds, and only from issue on (`vendorVisible`);
 * - a tender's representatives (`tenders:review`, tender_accounts) the tenders listing them;
 * - tenants and anyone else: none.
 * Fields (tender-views.ts): bidding vendors read the vendor view (`vendorTenderView`); staff and
 * representatives the whole record (field rules of the ability aside, channels.ts and
 * authorize.ts), with its representatives' accounts when asked (`withAccounts`); who may be
 * chosen as a representative is listed to those who may update a tender
 * (`mayChooseRepresentatives`). Live events: tender-event-readers.ts.
 * The kit applies these through `tendersAccess` (kit/access.ts) at the end of this file.
 */

/** Statuses a vendor sees a tender in: from issue on (tender.workflow's phase). */
export const vendorVisibleStatuses = tenderPhases.vendorVisible

/**
 * The caller reads every tender of the region, not only those in their charge: their ability
 * reads a tender in nobody's charge, which no "own" rule (`managedBy: user.id`) matches.
 */
export const readsAnyTender = (params: Params) => Boolean((params as any).ability?.can('read', subject('tenders', { managedBy: null })))

/** Whether the caller reads a tender's internal side (its budget, draft queries): anyone but a bidding vendor (internal calls do). */
export const readsTenderInternals = (params: Params) => !isVendor(params)

/** A subquery for `whereExists`: the company is invited to the tender in `tenderColumn` (a vendor's "own" tender). */
export function invitedTo(db: Knex, tenderColumn: string, companyId: number | null | undefined) {
  return db('tender_vendors')
    .whereRaw(`tender_vendors.tender_id = ${tenderColumn}`)
    .where('tender_vendors.company_id', companyId ?? -1)
}

/**
 * The tenders the caller lists and locks (the staff's CASL conditions are added by `authorizeTenderRead`):
 * outside the staff portal, the invited tenders from issue on, or those the caller represents.
 */
export function narrowTenders(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  const user = params.user
  if (!params.provider || !user) return query
  // The `tenders/as-representative` list: the tenders whose accounts list the caller.
  if ((params as any).asRepresentative) query.whereExists(representativeOf(db, 'tenders.id', user.id))
  if (portalOf(user.userType) !== 'staff') {
    const invited = invitedTo(db, 'tenders.id', user.companyId)
    // The OR only for those who may review: a bidder's list keeps its plain, indexed semi-join.
    if (mayReview(params)) query.where((inner) => inner.whereExists(invited).orWhereExists(representativeOf(db, 'tenders.id', user.id)))
    else query.whereExists(invited)
    query.whereIn('tenders.status', vendorVisibleStatuses)
  }
  return query
}

/** A vendor's list read from its invitations (`tender_vendors as tv`, with their copies of the tender's status). */
export function narrowInvitations(query: Knex.QueryBuilder, params: Params): Knex.QueryBuilder {
  return query.where('tv.companyId', params.user?.companyId ?? -1).whereIn('tv.tenderStatus', vendorVisibleStatuses)
}

/**
 * The records of a tender's part (`tenderColumn`: e.g. `tender_revisions.tender_id`) the caller
 * reads through the tender: vendors those of tenders they are invited to from issue on, staff
 * those of tenders they read (any, or in their charge), nobody else.
 */
export function narrowByTender(query: Knex.QueryBuilder, params: Params, db: Knex, tenderColumn: string): Knex.QueryBuilder {
  const user = params.user
  if (!params.provider || !user) return query
  const tenders = db('tenders').whereRaw(`tenders.id = ${tenderColumn}`)
  const portal = portalOf(user.userType)
  if (portal === 'vendors') tenders.whereIn('tenders.status', vendorVisibleStatuses).whereExists(invitedTo(db, 'tenders.id', user.companyId))
  else if (portal === 'staff') {
    if (!readsAnyTender(params)) tenders.where('tenders.managedBy', user.id)
  } else return query.whereRaw('false')
  return query.whereExists(tenders)
}

/**
 * Staff whose ability allows the action on this tender (default `update`: its content and its
 * parts, documents, queries, revision comments): the person in charge with an own grant, or a
 * grant on every tender. Vendors and tenants never; internal calls always.
 */
export function mayActOnTender(params: Params, tender: Record<string, unknown>, action = 'update'): boolean {
  if (!params.provider) return true
  const user = params.user
  return Boolean(user && portalOf(user.userType) === 'staff' && (params as any).ability?.can(action, subject('tenders', { ...tender })))
}

/**
 * The tender as the caller reads it, through the tenders service with the caller's own params
 * (404 when they may not: the same answer as for a tender that does not exist). What a tender's
 * parts without a list of their own (documents, terms, revision files) read it with.
 */
export function readTenderAs(app: Application, tenderId: string, params: Params): Promise<any> {
  const { query: _query, route: _route, casl: _casl, files: _files, transaction: _trx, afterCommit: _after, lockedRecord: _locked, ...caller } = params as any
  return app.service('tenders').get(tenderId, { ...caller, query: {} }) as Promise<any>
}

const caslRead = authorize(tenderSchema)

/**
 * Before and after find and get: staff read tenders through their CASL rules (own = person in
 * charge). Vendors hold no condition a tender row could answer: they need a `tenders` read rule
 * at all (403 otherwise), and `narrowTenders` keeps them to their invitations. Tenants hold none.
 */
export const authorizeTenderRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  // A representative reads the tenders listing them (spec §6), whatever their own tender rules.
  if ((params as any).representative) return context
  // A get already answered, its rules asked of the row it read (`readAsRepresentativeOrNot`).
  if (context.type === 'before' && Object.prototype.hasOwnProperty.call(context, 'result')) return context
  if (portalOf(params.user.userType) === 'staff') return caslRead(context)
  if (!params.ability?.can('read', 'tenders')) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * Marks a representative's read (`params.representative`): the `as-representative` list, or a
 * get of a tender whose accounts list the caller, with `tenders:review` held in the region. The
 * get learns it in the statement that reads the tender (`readAsRepresentativeOrNot`).
 */
export const markRepresentativeRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user || !mayReview(params)) return context
  // Staff who read every tender read this one anyway: no lookup on their (frequent) reads.
  if (context.method === 'get' && portalOf(params.user.userType) === 'staff' && readsAnyTender(params)) return context
  if (context.method === 'find') {
    if ((params as any).asRepresentative) (params as any).representative = true
    return context
  }
  // A get with `$select` may leave out the columns the rules read: the lookup on its own, first.
  if (context.method !== 'get' || (params.query as any)?.$select) {
    if (await isRepresentative(context.app.get('knex'), String(context.id), params.user.id)) (params as any).representative = true
    return context
  }
  return readAsRepresentativeOrNot(context)
}

/**
 * A get by a caller who may review and does not read every tender, in one statement (issue 28
 * item 6): the tender as the list narrows it (outside the staff portal: invited or represented,
 * from issue on), with whether its accounts list the caller. A representative reads it as such
 * (`params.representative`: no further rule, the whole tender); anyone else as before, the rules
 * asked of the row read: staff by their CASL rules (403 without any `tenders` read rule, 404 for a
 * tender outside their conditions), others with a `tenders` read rule (403 without). A tender not
 * there answers 404 after the same 403s (a second statement, on that path only).
 */
async function readAsRepresentativeOrNot(context: HookContext) {
  const { params } = context
  const db = context.app.get('knex')
  const service = context.self as any
  const query = await service.sanitizeQuery(params)
  const found: any[] = await service
    .createQuery({ ...params, query })
    .select(db.raw('exists (?) as representative_read', [representativeOf(db, 'tenders.id', params.user!.id)]))
    .andWhere('tenders.id', '=', context.id)
    .catch(errorHandler)
  const [row] = found
  const { representativeRead, ...tender } = row ?? {}
  if (representativeRead) {
    ;(params as any).representative = true
    context.result = tender
    return context
  }
  const notFound = new NotFound(`No record found for id '${context.id}'`)
  if (!row) {
    // Not there as the caller lists it: a representative of a tender before its issue is told
    // 404, as the read with the lookup first answered, whatever their own tender rules.
    if (await isRepresentative(db, String(context.id), params.user!.id)) throw notFound
    await authorizeTenderRead(context)
    throw notFound
  }
  await authorizeTenderRead(context)
  if (portalOf(params.user!.userType) === 'staff' && !params.ability?.can('get', subject(tendersPath, { ...tender }))) throw notFound
  context.result = tender
  return context
}

/** The people who may be listed as representatives (tender-reviewers) are shown to who may update a tender. */
export const mayChooseRepresentatives = (params: Params) => !params.provider || Boolean(params.ability?.can('update', 'tenders'))

/**
 * A tender as the contract's rules take it: the row, with the companies invited to it
 * (tender_vendors) and its representatives (tender_accounts), which a vendor's and a
 * representative's "own" name and no tender column holds.
 */
export type TenderWithAudience = Record<string, any> & { id: string; status: string; invitedCompanyIds: number[]; representativeIds: number[] }

/** The tenders with their invited companies and representatives (`TenderWithAudience`), in two reads for any number of them. */
export async function withTenderAudience(tenders: any[], db: Knex): Promise<TenderWithAudience[]> {
  const ids = tenders.map((tender) => tender.id)
  const [vendors, accounts] = await Promise.all([
    db('tender_vendors').whereIn('tenderId', ids).select('tenderId', 'companyId'),
    db('tender_accounts').whereIn('tenderId', ids).select('tenderId', 'userId')
  ])
  return tenders.map((tender) => ({
    ...tender,
    invitedCompanyIds: vendors.filter((row: any) => row.tenderId === tender.id).map((row: any) => row.companyId),
    representativeIds: accounts.filter((row: any) => row.tenderId === tender.id).map((row: any) => row.userId)
  }))
}

/**
 * A part of a tender (a bid, a query, a revision, a document) as its contract's rules take it: the
 * row, with its tender (`tender`: the staff's "own" is its person in charge, a vendor's its
 * invitation) and the tender's audience (`TenderWithAudience`), none of which a part's column holds.
 */
export type TenderPart = Record<string, any> & { tenderId: string; tender: TenderWithAudience | undefined }

/** The parts with their tenders and the tenders' audience (`TenderPart`), in three reads for any number of them. */
export async function withPartTender<P extends TenderPart = TenderPart>(parts: any[], db: Knex): Promise<P[]> {
  const tenders = await withTenderAudience(await db('tenders').whereIn('id', [...new Set(parts.map((part) => part.tenderId))]), db)
  return parts.map((part) => ({ ...part, tender: tenders.find((tender) => tender.id === part.tenderId) }))
}

/** A tender's id, and a bid's: 24 lower-case letters and digits (migration 1100's `randomId`), not an integer. */
export const randomIdPattern = /^[a-z0-9]{24}$/

/**
 * Whether the caller reads this tender (find, get; `narrowTenders` and `authorizeTenderRead` in
 * SQL): a representative holding `tenders:review` (outside the staff portal from issue on);
 * staff by their CASL rules (any, or own); others invited, holding a `tenders` read rule, from
 * issue on.
 */
export function mayReadTender(params: Params, tender: TenderWithAudience): boolean {
  if (!params.provider) return true
  const user = params.user
  if (!user) return false
  const representative = mayReview(params) && tender.representativeIds.includes(user.id)
  if (portalOf(user.userType) === 'staff') return representative || caslAllows(params, 'read', tendersPath, tender)
  if (!(vendorVisibleStatuses as readonly string[]).includes(tender.status)) return false
  return representative || (tender.invitedCompanyIds.includes(user.companyId ?? -1) && Boolean(params.ability?.can('read', tendersPath)))
}

/**
 * The tenders' access contract (kit/access.ts): the rules above. A vendor's list starts from its
 * invitations (tenders.class.ts `vendorListQuery`, `params.vendorListBase`) and is narrowed
 * there by `narrowInvitations`; every other query by `narrowTenders`. Writes and the edit lock:
 * staff whose ability allows the action (`mayActOnTender`). Live events: `tenderEventReaders`.
 * A representative who holds no `tenders` read rule is refused the plain list (403) and lists
 * the tenders listing them with `asRepresentative` (`listedWith`).
 */
export const tendersAccess = defineAccess<TenderWithAudience>({
  subject: tendersPath,
  narrow: (query, caller, db) => ((caller as any).vendorListBase ? narrowInvitations(query, caller) : narrowTenders(query, caller, db)),
  read: (tender, caller) => mayReadTender(caller, tender),
  act: (tender, action, caller) => mayActOnTender(caller, tender, action),
  readers: tenderEventReaders,
  idPattern: randomIdPattern,
  joined: withTenderAudience,
  listedWith: (caller): Record<string, boolean> => (mayReview(caller) && !caller.ability?.can('read', tendersPath) ? { asRepresentative: true } : {})
})
