import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { resolveReferences, type ReferenceMap } from '../../../../hooks/resolve-references.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { knexOperators } from '../../../../services/query.js'
import { TenderService, vendorVisibleStatuses, readsAnyTender } from './tenders.class.js'
import { extraReaders, readersOf } from '../../../../channels.js'
import { closeDueTenders } from './close-tenders.js'
import { tenderActionValidators, tenderDataValidator, tenderPatchValidator, tenderQueryValidator, tenderSchema } from './tenders.schema.js'
import { tenderPeriods, tendersMethods, tendersPath, vendorHiddenTenderFields } from './tenders.shared.js'
import { parseNumericFilter, timeFilterSince, toFeathersQuery } from './numeric-filter.js'
import { isRepresentative, mayReview, tenderAccounts } from './tender-representatives.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tendersPath]: TenderService
  }
}

declare module '../../../../jobs/queue.js' {
  interface JobTypes {
    'tenders.close': { tenderId: string }
  }
}

const caslRead = authorize(tenderSchema)

/**
 * Staff read tenders through their CASL rules (own = person in charge). Vendors hold no
 * condition a tender row could answer: they need a `tenders` read rule at all, and the service
 * narrows their lists to the tenders their company is invited to (tender_vendors).
 */
const authorizeRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  // A representative reads the tenders listing them (spec §6), whatever their own tender rules.
  if ((params as any).representative) return context
  if (portalOf(params.user.userType) === 'staff') return caslRead(context)
  if (!params.ability?.can('read', 'tenders')) throw appError(403, 'FORBIDDEN')
  return context
}

const isVendor = (params: any) => Boolean(params.provider && params.user && portalOf(params.user.userType) === 'vendors')

/**
 * Marks a representative's read (`params.representative`): the `as-representative` list, or a
 * get of a tender whose accounts list the caller, with `tenders:review` held in the region.
 */
const representativeRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user || !mayReview(params)) return context
  // Staff who read every tender read this one anyway: no lookup on their (frequent) reads.
  if (context.method === 'get' && portalOf(params.user.userType) === 'staff' && readsAnyTender(params)) return context
  const db = context.app.get('knex')
  if (context.method === 'find' ? (params as any).asRepresentative : await isRepresentative(db, String(context.id), params.user.id)) {
    ;(params as any).representative = true
  }
  return context
}

/**
 * The tender's accounts (spec §7 GET tenders/{id}/accounts) ride on the tender read with
 * `withAccounts=true` (the review screens ask for them) and on `setAccounts`, for staff and
 * representatives, with `isRepresentative` for the caller; bidding vendors never see them.
 */
const withAccounts = async (context: HookContext) => {
  const { params, result } = context
  if (!params.provider || !params.user || !result?.id) return context
  if (context.method === 'get' && !(params as any).withAccounts) return context
  if (isVendor(params) && !(params as any).representative) return context
  // Inside a write (setAccounts) the rows are not committed yet: read through its transaction.
  const accounts = await tenderAccounts((params as any).transaction?.trx ?? context.app.get('knex'), result.id)
  context.result = { ...result, accounts, isRepresentative: accounts.some((account) => account.userId === params.user!.id) }
  return context
}

/**
 * The list's own filters, turned into adapter queries (and so never reaching the adapter as
 * such): `amount` as text ('>=1,000.50' → {$gte: 1000.5}; 400 INVALID_NUMBER when it is not a
 * number), `period` (1W…1M: closingAt from now less 7/14/21/31 days; ALL: no filter) and
 * `poNumber` (part of a purchase order or contract number). Vendors may not filter on the fields hidden from them.
 */
const listFilters = async (context: HookContext) => {
  const { amount, period, poNumber, asRepresentative, withAccounts, ...query } = context.params.query ?? {}
  if (asRepresentative === true) (context.params as any).asRepresentative = true
  if (withAccounts === true) (context.params as any).withAccounts = true
  if (typeof poNumber === 'string') {
    // Few tenders carry a purchase: read their ids first and narrow the list (and any id filter) to them.
    const pattern = `%${poNumber.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    const db = context.app.get('knex')
    const tendersOf = (table: string) => db(table).where({ region: context.params.region }).whereILike('number', pattern).pluck('tender_id') // pluck reads the raw row: the column's own name
    const ids: string[] = [...(await tendersOf('purchase_orders')), ...(await tendersOf('contracts'))]
    const matching = { id: { $in: [...new Set(ids)] } }
    if (query.id === undefined) Object.assign(query, matching)
    else query.$and = [...(query.$and ?? []), matching]
  }
  if (typeof amount === 'string') {
    if (amount.trim() !== '') {
      const parsed = parseNumericFilter(amount)
      if (!parsed) throw appError(400, 'INVALID_NUMBER')
      Object.assign(query, toFeathersQuery('amount', parsed))
    }
  } else if (amount !== undefined) query.amount = amount
  if (period !== undefined) {
    const since = timeFilterSince(tenderPeriods[period as keyof typeof tenderPeriods], new Date())
    if (since) query.closingAt = query.closingAt && typeof query.closingAt === 'object' ? { ...query.closingAt, $gte: since } : (query.closingAt ?? { $gte: since })
  }
  const hidden = isVendor(context.params) ? vendorHiddenTenderFields.filter((field) => field in query || field in (query.$sort ?? {})) : []
  if (hidden.length) throw appError(400, 'INVALID_QUERY', { details: hidden.join(', ') })
  context.params.query = query
  return context
}

/** A tender as a bidding vendor reads it: without the internal fields (see vendorHiddenTenderFields). */
export function vendorTenderView(record: any) {
  if (!record || typeof record !== 'object') return record
  const copy = { ...record }
  // A pending addendum is internal: vendors read the issued version until it is issued.
  if (copy.addendumStatus && typeof copy.version === 'number') copy.version = Math.max(0, copy.version - 1)
  for (const field of vendorHiddenTenderFields) {
    if (field === 'recommendedBidId' && copy.status === 'AWARDED') continue
    delete copy[field]
  }
  // The engineer's rates are the estimate behind the budget: vendors price the items themselves.
  if (Array.isArray(copy.lineItemGroups)) {
    copy.lineItemGroups = copy.lineItemGroups.map((group: any) => ({
      ...group,
      lineItems: (group?.lineItems ?? []).map(({ rate: _estimate, ...item }: any) => item)
    }))
  }
  return copy
}

/**
 * The one place vendors' answers lose the internal fields (analysis, approver, reject reason,
 * the recommendation until the award, the engineer's rates of the line items), whatever the
 * method; `publishTender` does the same for real-time events.
 */
const vendorView = async (context: HookContext) => {
  // A vendor-portal representative reviews the analysis and recommendation; bidders never do.
  if (!isVendor(context.params) || !context.result || (context.params as any).representative) return context
  const result = context.result
  context.result = Array.isArray(result) ? result.map(vendorTenderView) : Array.isArray(result.data) ? { ...result, data: result.data.map(vendorTenderView) } : vendorTenderView(result)
  return context
}

/**
 * Real-time tender events: staff through their abilities (channels.ts), plus the vendors the
 * tender is issued to (their `tenders` rule names their company, which no tender row carries, so
 * the ability filter alone would never reach them), with the vendor view; plus the tender's
 * representatives holding `tenders:review`. Nothing reaches vendors before issue.
 */
async function publishTender(app: Application, data: any, context: HookContext) {
  const readers = readersOf(app, data, context)
  if (!data?.id || !data.region) return readers
  const db = app.get('knex')
  const [vendors, accounts] = await Promise.all([db('tender_vendors').where({ tenderId: data.id }).select('companyId'), db('tender_accounts').where({ tenderId: data.id }).select('userId')])
  const companies = vendors.map((row: any) => row.companyId)
  const representatives = accounts.map((row: any) => row.userId)
  const visible = vendorVisibleStatuses.includes(data.status)
  const invited = extraReaders(
    app,
    data.region,
    readers,
    vendorTenderView(data),
    (user, ability) => visible && user.portal === 'vendors' && companies.includes(user.companyId) && !representatives.includes(user.id) && ability.can('read', 'tenders')
  )
  const represented = extraReaders(
    app,
    data.region,
    [...readers, invited],
    data,
    (user, ability) => representatives.includes(user.id) && (user.portal === 'staff' || visible) && ability.can('review', 'tenders')
  )
  return [...readers, invited, represented]
}

/**
 * The ids of other records the tender actions take, each read through its own service's rules
 * (resolve-references.ts): approvers and new persons in charge from the lists the tender screens
 * offer, vendors the caller reads, a bid of the tender, files the caller reads (or already in the
 * addendum: read through the tender), representatives from `tender-reviewers`. `action` is the
 * CASL action the method needs: a caller without it anywhere is refused (403) before any id is
 * looked at.
 */
const tenderReferences: Record<string, { action: string; fields: ReferenceMap }> = {
  submit: { action: 'submit', fields: { approverId: { service: 'tender-approvers', query: {} } } },
  submitAddendum: { action: 'submit', fields: { approverId: { service: 'tender-approvers', query: {} } } },
  issue: { action: 'issue', fields: { vendorIds: 'companies' } },
  changeManager: { action: 'changeManager', fields: { userId: { service: 'tender-approvers', query: { role: 'manager' } } } },
  recommend: { action: 'update', fields: { bidId: 'bids' } },
  saveAddendum: { action: 'update', fields: { documentIds: { service: 'files', held: addendumDocumentIds } } },
  setAccounts: { action: 'update', fields: { userIds: { service: 'tender-reviewers', query: {}, code: 'REPRESENTATIVE_INVALID' } } }
}

/** The files the pending addendum lists already (checked when they came in; read through the tender). */
async function addendumDocumentIds(context: HookContext): Promise<number[]> {
  const { params, data } = context
  const row = await ((params as any).transaction?.trx ?? context.app.get('knex'))('tenders')
    .where({ id: String(data?.id ?? ''), region: params.region })
    .first('addendumDraft')
  return (row?.addendumDraft?.documents ?? []).map((document: any) => document.id)
}

export const tenders = (app: Application) => {
  app.use(
    tendersPath,
    new TenderService(
      {
        Model: app.get('knex'),
        name: 'tenders',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...tendersMethods], regional: true, feature: 'TENDERS', concurrency: true } as any
  )

  const actions = Object.fromEntries(
    Object.entries(tenderActionValidators).map(([name, validator]) => {
      const references = tenderReferences[name]
      return [name, [schemaHooks.validateData(validator), ...(references ? [resolveReferences(references.fields, { requires: [references.action, 'tenders'] })] : [])]]
    })
  )
  app.service(tendersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenderQueryValidator), listFilters, representativeRead, authorizeRead],
      get: [schemaHooks.validateQuery(tenderQueryValidator), listFilters, representativeRead, authorizeRead],
      create: [schemaHooks.validateData(tenderDataValidator)],
      patch: [schemaHooks.validateData(tenderPatchValidator)],
      ...actions
    },
    after: {
      all: [vendorView],
      find: [authorizeRead],
      get: [authorizeRead, withAccounts],
      setAccounts: [withAccounts]
    }
  } as any)

  app.service(tendersPath).publish((data: any, context: HookContext) => publishTender(app, data, context) as any)

  // The closing job of each issued tender; the sweep also catches any that a restart missed.
  void app.get('queue')?.work('tenders.close', async () => {
    await closeDueTenders(app, new Date())
  })
}
