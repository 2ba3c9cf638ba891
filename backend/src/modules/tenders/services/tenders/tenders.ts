import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { resolveReferences, type ReferenceMap } from '../../../../hooks/resolve-references.js'
import { appError } from '../../../../errors.js'
import { knexOperators, containsPattern } from '../../../../kit/query.js'
import { TenderService } from './tenders.class.js'
import { authorizeTenderRead, markRepresentativeRead, tendersAccess } from './tenders.access.js'
import { hiddenQueryFields, tenderFieldsView, withAccounts } from './tender-views.js'
import { closeDueTenders } from './close-tenders.js'
import { tenderActionValidators, tenderDataValidator, tenderPatchValidator, tenderQueryValidator } from './tenders.schema.js'
import { invitableCompanyQuery, tenderPeriods, tendersMethods, tendersPath } from './tenders.shared.js'
import { parseNumericFilter, timeFilterSince, toFeathersQuery } from './numeric-filter.js'

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
    const pattern = containsPattern(poNumber.trim())
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
  const hidden = hiddenQueryFields(context.params, query)
  if (hidden.length) throw appError(400, 'INVALID_QUERY', { details: hidden.join(', ') })
  context.params.query = query
  return context
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
  // Only active vendor companies of the region are invited: not a tenant's company, not an inactive one.
  issue: { action: 'issue', fields: { vendorIds: { service: 'companies', query: invitableCompanyQuery } } },
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
    { methods: [...tendersMethods], regional: true, feature: 'TENDERS', concurrency: true, access: tendersAccess } as any
  )

  const actions = Object.fromEntries(
    Object.entries(tenderActionValidators).map(([name, validator]) => {
      const references = tenderReferences[name]
      return [name, [schemaHooks.validateData(validator), ...(references ? [resolveReferences(references.fields, { requires: [references.action, 'tenders'] })] : [])]]
    })
  )
  app.service(tendersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenderQueryValidator), listFilters, markRepresentativeRead, authorizeTenderRead],
      get: [schemaHooks.validateQuery(tenderQueryValidator), listFilters, markRepresentativeRead, authorizeTenderRead],
      create: [schemaHooks.validateData(tenderDataValidator)],
      patch: [schemaHooks.validateData(tenderPatchValidator)],
      ...actions
    },
    after: {
      all: [tenderFieldsView],
      find: [authorizeTenderRead],
      get: [authorizeTenderRead, withAccounts],
      setAccounts: [withAccounts]
    }
  } as any)

  // The closing job of each issued tender; the sweep also catches any that a restart missed.
  void app.get('queue')?.work('tenders.close', async () => {
    await closeDueTenders(app, new Date())
  })
}
