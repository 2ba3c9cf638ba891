import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * The tender workflow (PRODUCT.md "Workflows": Tender; spec §4). Browser-safe and pure: the
 * server checks a change with `tenderWorkflow.next(...)`, the browser draws buttons with
 * `tenderWorkflow.actionsFrom(...)`, both from the same table.
 *
 * Who the caller is and what they may do is their CASL ability (`TenderActor.ability`, the same
 * ability the server's hooks and the browser's access control ask): a guard asks
 * `ability.can(action, subject('tenders', facts))`, so a grant on every tender (an unconditioned
 * rule) passes for any tender and an `own` grant (the condition `managedBy: user.id`, see
 * abilities/define-rules.ts) only where the actor is the person in charge.
 *
 * Who may do what:
 * - submit, issue, extend, open, award, regretAll, cancel, addendum, reset: a staff actor
 *   permitted `tenders:update` (own as person in charge, or any). `reset` is also open with
 *   `tenders:reset`, `extend` with `tenders:extend` (the spec's separate staff permissions).
 * - submit also needs an approver chosen who is neither the person in charge nor the submitter.
 * - approve, reject: only the chosen approver (`approverId`), never the person in charge, and
 *   holding `tenders:approve` (own or any: being chosen is what "own" means for approval).
 * - close (ISSUED → READY), declineAll (every bid declined): the system actor only
 *   (`systemActor`, portal 'system'); people never take these.
 *
 * Time: guards never read the clock. The caller puts `now` in the facts; a time guard with no
 * `now` (or no `closingAt`) refuses. close and open need now >= closingAt; extend and addendum
 * need now < closingAt (a closed tender is not extended or amended: the bids are in).
 *
 * Data rules (reject reason, extension reason, recommended vendor for award, required sections)
 * are validations of the service (400), not guards: a guard answers who and when.
 */

import type { AddendumPendingState, AddendumState, TenderState } from './tender-status.shared.js'

// The states and the status text live apart (the export columns the login page loads read them, not the table).
export * from './tender-status.shared.js'

/** Statuses before issue (spec §4) and the after-issue statuses. */
export const tenderPreIssueStates = ['DRAFT', 'WAPPR', 'APPR', 'REJECTED'] as const satisfies readonly TenderState[]
export const tenderAfterIssueStates = ['REVIEW', 'READY', 'AWARDED', 'REGRETTED'] as const satisfies readonly TenderState[]
/** The person in charge edits the tender's content (spec §4: a draft, or one sent back). */
const tenderEditableStates = ['DRAFT', 'REJECTED'] as const satisfies readonly TenderState[]
/** Opened after closing: staff read the bids' prices (bid-seal.ts). A tender cancelled in REVIEW stays sealed. */
const tenderOpenedStates = ['REVIEW', 'AWARDED', 'REGRETTED'] as const satisfies readonly TenderState[]

export const tenderActions = ['submit', 'approve', 'reject', 'reset', 'issue', 'extend', 'close', 'open', 'award', 'regretAll', 'declineAll', 'cancel', 'addendum'] as const
export type TenderAction = (typeof tenderActions)[number]

export const addendumActions = ['submit', 'approve', 'reject', 'reset', 'issue'] as const

export type Id = number | string
export type Instant = Date | string

export interface TenderFacts {
  status: TenderState
  managedBy: Id | null
  approverId: Id | null
  /** 0 for the original tender; each addendum adds one. */
  version: number
  /** The closing instant (ISO string or Date). */
  closingAt: Instant | null
  /** The pending addendum's status; null or absent when none is pending. */
  addendumStatus?: AddendumPendingState | null
  /** The clock, given by the caller so the guards stay pure. */
  now?: Instant
  /** Set by the server when every invited bid is DECLINED (guard of declineAll). */
  allBidsDeclined?: boolean
}

export type ActorPortal = 'staff' | 'vendors' | 'tenants' | 'system'

/** The part of a CASL ability the guards ask (createMongoAbility's, on the server and in the browser). */
export interface WorkflowAbility {
  can(action: string, subject: any, field?: string): boolean
}

export interface TenderActor {
  id: Id
  portal: ActorPortal
  /** The caller's CASL ability in the request's region. */
  ability: WorkflowAbility
}

/** The scheduler and other server-side automation: takes only the system transitions. */
export const systemActor: TenderActor = Object.freeze({ id: 0, portal: 'system' as const, ability: Object.freeze({ can: () => false }) })

export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b)
}

export function toMillis(value: Instant | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const ms = value instanceof Date ? value.getTime() : Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

/** now >= closingAt; false when either is unknown. */
export function isClosed(facts: { closingAt: Instant | null; now?: Instant }): boolean {
  const closing = toMillis(facts.closingAt)
  const now = toMillis(facts.now)
  return closing !== null && now !== null && now >= closing
}

/** now < closingAt; false when either is unknown. */
export function isBeforeClosing(facts: { closingAt: Instant | null; now?: Instant }): boolean {
  const closing = toMillis(facts.closingAt)
  const now = toMillis(facts.now)
  return closing !== null && now !== null && now < closing
}

const isStaff = (user: TenderActor | undefined): user is TenderActor => user?.portal === 'staff'
const isSystem = (user: TenderActor | undefined) => user?.portal === 'system'

/** The staff actor's ability allows the action on this tender: any tender, or own (person in charge). */
export function permitted(tender: TenderFacts, user: TenderActor | undefined, action: string): boolean {
  if (!isStaff(user)) return false
  // An id read as text (a route parameter, a JSON string) is the same person: the rule's condition compares values of one type.
  const managedBy = sameId(tender?.managedBy, user.id) ? user.id : tender?.managedBy
  return user.ability.can(action, subject('tenders', { ...tender, managedBy }))
}

const mayUpdate = (tender: TenderFacts, user: TenderActor) => permitted(tender, user, 'update')

const maySubmit = (tender: TenderFacts, user: TenderActor) =>
  mayUpdate(tender, user) && tender.approverId !== null && tender.approverId !== undefined && !sameId(tender.approverId, tender.managedBy) && !sameId(tender.approverId, user.id)

const isChosenApprover = (tender: TenderFacts, user: TenderActor) =>
  isStaff(user) && sameId(tender?.approverId, user.id) && !sameId(tender.managedBy, user.id) && user.ability.can('approve', 'tenders')

const mayReset = (tender: TenderFacts, user: TenderActor) => mayUpdate(tender, user) || permitted(tender, user, 'reset')
const mayExtend = (tender: TenderFacts, user: TenderActor) => (mayUpdate(tender, user) || permitted(tender, user, 'extend')) && isBeforeClosing(tender)
const mayClose = (tender: TenderFacts, user: TenderActor) => isSystem(user) && isClosed(tender)
const mayOpen = (tender: TenderFacts, user: TenderActor) => mayUpdate(tender, user) && isClosed(tender)
const mayDeclineAll = (tender: TenderFacts, user: TenderActor) => isSystem(user) && tender?.allBidsDeclined === true
const mayAmend = (tender: TenderFacts, user: TenderActor) => mayUpdate(tender, user) && !tender.addendumStatus && isBeforeClosing(tender)

type T = Transition<TenderState, TenderFacts, TenderActor>
const cancel: T = { action: 'cancel', to: 'CANCELLED', guard: mayUpdate }

export const tenderWorkflow = defineWorkflow<TenderState, TenderFacts, TenderActor, 'preIssue' | 'afterIssue' | 'editable' | 'opened'>(
  {
    DRAFT: [{ action: 'submit', to: 'WAPPR', guard: maySubmit }, cancel],
    WAPPR: [{ action: 'approve', to: 'APPR', guard: isChosenApprover }, { action: 'reject', to: 'REJECTED', guard: isChosenApprover, requiresReason: true }, cancel],
    REJECTED: [{ action: 'reset', to: 'DRAFT', guard: mayReset }, cancel],
    APPR: [{ action: 'issue', to: 'ISSUED', guard: mayUpdate }, cancel],
    ISSUED: [
      { action: 'extend', to: 'ISSUED', guard: mayExtend, requiresReason: true, timeWindow: 'beforeClosing' },
      { action: 'addendum', to: 'ISSUED', guard: mayAmend, permission: 'update', timeWindow: 'beforeClosing' },
      { action: 'close', to: 'READY', guard: mayClose, timeWindow: 'afterClosing', system: true },
      { action: 'declineAll', to: 'DECLINED', guard: mayDeclineAll, system: true },
      cancel
    ],
    READY: [{ action: 'open', to: 'REVIEW', guard: mayOpen, timeWindow: 'afterClosing' }, { action: 'declineAll', to: 'DECLINED', guard: mayDeclineAll, system: true }, cancel],
    REVIEW: [{ action: 'award', to: 'AWARDED', guard: mayUpdate }, { action: 'regretAll', to: 'REGRETTED', guard: mayUpdate }, cancel],
    AWARDED: [],
    REGRETTED: [],
    DECLINED: [],
    CANCELLED: []
  },
  { phases: { preIssue: tenderPreIssueStates, afterIssue: tenderAfterIssueStates, editable: tenderEditableStates, opened: tenderOpenedStates } }
)

/**
 * The status phases other code asks about, all from the table above: vendors see a tender from
 * issue on; it is decided when no action leads out of its status (no more hand-overs or
 * representatives then); bidding is over once it has left ISSUED for good.
 */
export const tenderPhases = {
  editable: tenderWorkflow.phases.editable,
  opened: tenderWorkflow.phases.opened,
  decided: tenderWorkflow.terminal,
  vendorVisible: tenderWorkflow.statesExcept(tenderPreIssueStates),
  biddingOver: tenderWorkflow.statesExcept([...tenderPreIssueStates, 'ISSUED'])
} as const
export type TenderPhase = keyof typeof tenderPhases

/**
 * The tender actions of the permission catalogue (beyond create, read, update, delete): the
 * workflow's, plus handing a tender over and reviewing it as a representative, which move no status.
 */
export const tenderPermissionActions = [...tenderWorkflow.permissions().filter((action) => action !== 'update'), 'changeManager', 'review']
export const isTenderIn = (phase: TenderPhase, status: string | null | undefined) => status != null && (tenderPhases[phase] as readonly string[]).includes(status)

/**
 * The addendum's own cycle while the tender stays ISSUED (the record is the tender's facts; the
 * state is its `addendumStatus`). Same people as the tender's cycle; issuing also needs the
 * tender still ISSUED and open for bids. ISSUED ends the cycle: the server then sets
 * `addendumStatus` back to null and re-invites the bids (see bid.workflow `reinvite`).
 */
const mayIssueAddendum = (tender: TenderFacts, user: TenderActor) => mayUpdate(tender, user) && tender.status === 'ISSUED' && isBeforeClosing(tender)

export const addendumWorkflow = defineWorkflow<AddendumState, TenderFacts, TenderActor>({
  DRAFT: [{ action: 'submit', to: 'WAPPR', guard: maySubmit }],
  WAPPR: [
    { action: 'approve', to: 'APPR', guard: isChosenApprover },
    { action: 'reject', to: 'REJECTED', guard: isChosenApprover }
  ],
  REJECTED: [{ action: 'reset', to: 'DRAFT', guard: mayReset }],
  APPR: [{ action: 'issue', to: 'ISSUED', guard: mayIssueAddendum }],
  ISSUED: []
})

/**
 * Discarding a pending addendum (spec §7 "POST revisions/tenders/{id}/fallback"): back to the
 * issued version, its draft dropped. Only a draft the person in charge still holds, DRAFT or
 * REJECTED (one waiting for approval or approved is the approver's to decide, or to reject
 * first), by whoever may update the tender, before closing (the closing drops it anyway).
 */
export function mayDiscardAddendum(tender: TenderFacts, user: TenderActor | undefined): boolean {
  return tender.status === 'ISSUED' && (tender.addendumStatus === 'DRAFT' || tender.addendumStatus === 'REJECTED') && permitted(tender, user, 'update') && isBeforeClosing(tender)
}

/** Tender screens by route (spec §2 route names and paths; the spec names no vendor review route). */
export const tenderRoutes = {
  edit: { name: 'tenderDetails', path: '/tender/edit/:id' },
  view: { name: 'tenderDetailsView', path: '/tender/:id' },
  addendumEdit: { name: 'tenderAddendumDetails', path: '/tender/addendum/edit/:id' },
  addendumView: { name: 'tenderAddendumDetailsView', path: '/tender/addendum/:id' },
  approverView: { name: 'tmView', path: '/tm/tender/:id' },
  representativeEdit: { name: 'tenderDetails', path: '/vendors/tender/edit/:id' },
  representativeReview: { name: 'tenderReview', path: '/vendors/tender/review/:id' },
  healthCheck: { name: 'healthCheck', path: '/summary/:id/health-check' },
  addendumSummary: { name: 'addendumSummary', path: '/summary/:id/addendum' },
  analysisRecos: { name: 'analysisRecos', path: '/summary/:id/analysis-recos' },
  comparison: { name: 'tenderComparison', path: '/comparison/:id' },
  queryStatus: { name: 'queryStatus', path: '/summary/:id/query' }
} as const
export type TenderRoute = keyof typeof tenderRoutes

/**
 * Which screen opens, by status (spec "Which tender screen opens, by status"). Pass the screen
 * status (`tenderScreenStatus`) for a tender with a pending addendum. DECLINED is not in the
 * spec's list: our reading opens the health check, which shows that every vendor declined.
 */
export function tenderScreen(status: TenderState, version: number, { isApprover = false }: { isApprover?: boolean } = {}): TenderRoute {
  switch (status) {
    case 'DRAFT':
    case 'REJECTED':
      return version > 0 ? 'addendumEdit' : 'edit'
    case 'WAPPR':
      return isApprover ? 'approverView' : 'view'
    case 'APPR':
    case 'CANCELLED':
      return 'view'
    case 'ISSUED':
    case 'READY':
    case 'DECLINED':
      return 'healthCheck'
    case 'REVIEW':
    case 'AWARDED':
    case 'REGRETTED':
      return 'analysisRecos'
  }
}

const summaryRoutes: TenderRoute[] = ['healthCheck', 'addendumSummary']
const reviewRoutes: TenderRoute[] = ['analysisRecos', 'comparison', 'queryStatus']

/** The routes valid for a status and version, before the representative and external rules. */
export function tenderRoutesFor(status: TenderState, version: number): TenderRoute[] {
  const addendum = version > 0
  switch (status) {
    case 'DRAFT':
      return addendum ? ['addendumEdit', 'addendumView', 'view'] : ['edit', 'view', 'representativeEdit']
    case 'REJECTED':
      return addendum ? ['addendumEdit', 'addendumView', 'approverView'] : ['edit', 'view', 'approverView']
    case 'WAPPR':
    case 'APPR':
      // Our addition: an addendum waiting for approval is also read in the addendum view.
      return addendum ? ['view', 'approverView', 'addendumView'] : ['view', 'approverView']
    case 'CANCELLED':
      return ['view']
    case 'ISSUED':
    case 'READY':
      return [...summaryRoutes]
    case 'DECLINED':
      return [...summaryRoutes, 'view']
    case 'REVIEW':
      return [...summaryRoutes, ...reviewRoutes, 'representativeReview']
    case 'AWARDED':
    case 'REGRETTED':
      return [...summaryRoutes, ...reviewRoutes]
  }
}

/**
 * Route validity (spec §2): false sends the user home. A representative reviews only in REVIEW
 * (`representativeReview` is valid in no other status). External users (vendors acting as
 * tender representatives) never use the engineer-only edit and approver routes.
 */
export function tenderRouteAllowed(route: TenderRoute, status: TenderState, version: number, { external = false }: { external?: boolean } = {}): boolean {
  if (external && (route === 'edit' || route === 'addendumEdit' || route === 'approverView')) return false
  return tenderRoutesFor(status, version).includes(route)
}
