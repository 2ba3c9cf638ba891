import type { KnexAdapterParams } from '@feathersjs/knex'
import { schemaHooks } from '../../../../validators.js'
import type { TObject } from '@feathersjs/typebox'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { formatAmount, fromCents } from '../../../../format/format.shared.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { authorize } from '../../../../hooks/authorize.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { withConstraintErrors } from '../../../../services/buildings/reference-data.js'
import { bidTotal, flattenLineItems, toDecimal, type Numeric } from '../tenders/tender-amounts.js'
import { type PurchaseFacts, type PurchaseResource, type PurchaseState, type PurchaseWorkflow } from './purchase.workflow.js'
import { purchaseActionValidators } from './purchase-records.schema.js'
import { managedByTenderManager, purchaseAccess } from './purchase-records.access.js'

export type PurchaseParams = KnexAdapterParams & Params

/** Spec §5 and §9: a purchase order number has at least 5 characters. */
export const PO_MIN_LENGTH = 5
export type PurchaseKind = 'PO' | 'CONTRACT'

/** Money in cents, exactly; more than 2 decimals is refused (spec §5 "at most 2 decimals"). */
export function centsOf(value: Numeric, field: string): number {
  const { units, scale } = toDecimal(value)
  if (scale <= 2) return Number(units * 10n ** BigInt(2 - scale))
  const divisor = 10n ** BigInt(scale - 2)
  if (units % divisor !== 0n) throw appError(400, 'VALIDATION_FAILED', { details: `${field}: at most 2 decimals` })
  return Number(units / divisor)
}

/**
 * The final amount of an awarded tender: the awarded (recommended) bid's total, worked out from
 * the tender's line items and the bid's quantities and rates with `bidTotal` — the same
 * arithmetic the tender screens show. Nothing is stored: the bid content is the source.
 */
export function awardedTotalCents(tender: { lineItemGroups?: any }, bid: { content?: any }): number {
  const groups = Array.isArray(tender.lineItemGroups) ? tender.lineItemGroups : []
  const content = bid.content ?? {}
  return Math.round(bidTotal(flattenLineItems(groups), content.bidItemQtys ?? {}, content.rates ?? {}) * 100)
}

export interface AwardedTender {
  tender: any
  bid: any
}

/** The tender of the region with its awarded bid; null when it does not exist or is not awarded. */
export async function loadAwardedTender(db: Knex, region: string, tenderId: string): Promise<AwardedTender | null> {
  const tender = await db('tenders').where({ id: tenderId, region }).first()
  if (!tender || tender.status !== 'AWARDED' || !tender.recommendedBidId) return null
  const bid = await db('bids').where({ id: tender.recommendedBidId, tenderId: tender.id }).first()
  return bid ? { tender, bid } : null
}

/**
 * Purchase orders and contracts of a region (spec §3, §5). Each is raised against an awarded
 * tender and must match it: the vendor is the awarded bid's company (VENDOR_MISMATCH), the site
 * the tender's (SITE_MISMATCH), the amount the awarded bid's total (TOTAL_MISMATCH); a tender that
 * is missing or not awarded is TENDER_MISMATCH. Numbers are unique in the region (409 DUPLICATE;
 * contracts per revision). The currency defaults to the region's, USD when it has none.
 */
export class PurchaseRecordService<T = any> extends WorkflowKnexService<T> {
  constructor(
    options: any,
    app: Application,
    protected kind: PurchaseKind,
    /** The record's workflow (purchase-order.workflow.ts, contract.workflow.ts): its moves, its editable phase. */
    readonly workflow: PurchaseWorkflow,
    resource: PurchaseResource
  ) {
    super(options, app, { resource })
  }

  protected get table(): string {
    return this.getOptions({}).name
  }

  async create(data: any, params: PurchaseParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const region = data.region ?? params.region
    if (!region) throw appError(400, 'VALIDATION_FAILED', { details: 'region' })
    const stored = await this.prepare(data, null, region, params)
    const created: any = await withConstraintErrors(() => super._create({ ...stored, region } as any, params))
    return this._get(created.id, { ...params, query: {} })
  }

  /**
   * A correction of an ACTIVE record (the workflow's `editable` phase). A `status` in the body
   * is the workflow's move to it (PATCH `{status: 'CANCELLED'}` is `cancel`, the API as it was),
   * run by the shared transition runner after the correction, in the same transaction.
   */
  async patch(id: NullableId, data: any, params: PurchaseParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    const current: any = await this.lockForWrite(id, params)
    this.assertCan(params, 'update', current)
    const { updatedAt: _read, region: _region, status, ...changes } = data
    const action = status !== undefined && status !== current.status ? this.actionTo(current.status, status) : undefined
    // A cancelled order or contract is closed in the books: it is neither corrected nor revived.
    if (!this.workflow.isIn('editable', current.status)) throw appError(409, 'INVALID_TRANSITION', { status: current.status, action: action ?? 'patch' })
    // A correction stays on the record's tender: its person in charge is who manages it ("own").
    if (changes.tenderId !== undefined && changes.tenderId !== current.tenderId) throw appError(400, 'TENDER_MISMATCH', { tenderId: changes.tenderId })
    const stored = await this.prepare(changes, current, current.region, params)
    const { status: _status, ...corrected } = stored
    await withConstraintErrors(() =>
      this.conn(params)(this.table)
        .where({ id: current.id })
        .update({ ...corrected, updatedAt: new Date() })
    )
    if (action) return this.move(current.id, action, { ...params, lockedRecord: { service: this, record: { ...current, ...corrected } } } as any)
    return this._get(id as Id, { ...params, query: {} })
  }

  /** `cancel` ({id, updatedAt}): ACTIVE → CANCELLED, by whoever may update the record. */
  async cancel(data: { id: number }, params: PurchaseParams = {}): Promise<any> {
    return this.move(data.id, 'cancel', params)
  }

  /** The action of the table that leads from a state to another; 409 when none does. */
  private actionTo(from: PurchaseState, to: string): string {
    const transition = (this.workflow.table[from] ?? []).find((candidate) => candidate.to === to)
    if (!transition) throw appError(409, 'INVALID_TRANSITION', { status: from, action: `status:${to}` })
    return transition.action
  }

  private move(id: Id, action: string, params: PurchaseParams) {
    return this.runTransition<any, PurchaseState, PurchaseFacts>({ id, action, params: params as WorkflowParams, workflow: this.workflow, facts: (record) => record })
  }

  async remove(id: NullableId, params: PurchaseParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return super._remove(id, params)
  }

  /** The checked record as stored; `current` is the record a patch changes. */
  protected async prepare(data: any, current: any, region: string, params: PurchaseParams): Promise<Record<string, unknown>> {
    const db = this.conn(params)
    const merged = { ...(current ?? {}), ...data }
    const number = String(merged.number ?? '').trim()
    if (this.kind === 'PO' && number.length < PO_MIN_LENGTH) throw appError(400, 'PO_TOO_SHORT', { min: PO_MIN_LENGTH })
    if (!number) throw appError(400, 'VALIDATION_FAILED', { details: 'number' })
    const revisionNum = this.kind === 'CONTRACT' ? Number(merged.revisionNum ?? 0) : undefined

    const awarded = await loadAwardedTender(db, region, merged.tenderId)
    if (!awarded) throw appError(400, 'TENDER_MISMATCH', { tenderId: merged.tenderId })
    if (this.kind === 'CONTRACT') {
      // Revisions of one contract stay with one tender.
      const other = await db(this.table)
        .where({ region })
        .whereRaw('lower(number) = lower(?)', [number])
        .whereNot('tenderId', awarded.tender.id)
        .modify((q) => {
          if (current) q.whereNot({ id: current.id })
        })
        .first('id')
      if (other) throw appError(400, 'TENDER_MISMATCH', { tenderId: merged.tenderId })
    }
    if (Number(merged.companyId) !== Number(awarded.bid.companyId)) throw appError(400, 'VENDOR_MISMATCH')
    if (Number(merged.siteId) !== Number(awarded.tender.siteId)) throw appError(400, 'SITE_MISMATCH')

    const amountCents = centsOf(merged.amount, 'amount')
    const finalCents = awardedTotalCents(awarded.tender, awarded.bid)
    if (amountCents !== finalCents) {
      // The numbers for a client, and as a reader expects them in the message (90,000.00).
      const shown = (cents: number) => formatAmount(fromCents(cents))
      throw appError(400, 'TOTAL_MISMATCH', { amount: amountCents / 100, finalAmount: finalCents / 100, amountText: shown(amountCents), finalAmountText: shown(finalCents) })
    }
    const deductionCents = centsOf(merged.deduction ?? 0, 'deduction')
    if (deductionCents > amountCents) throw appError(400, 'VALIDATION_FAILED', { details: 'deduction: above the amount' })
    const retentionCents = centsOf(merged.retentionPercent ?? 0, 'retentionPercent')
    if (retentionCents < 0 || retentionCents > 10_000) throw appError(400, 'VALIDATION_FAILED', { details: 'retentionPercent: 0 to 100' })

    // Every record of the region counts, CANCELLED ones too: a cancelled PO number stays in the
    // books (the vendor, the accounts and the audit trail know it by that number), so reusing it
    // for another order would make two different orders answer to one reference. The unique
    // index on (region, lower(number)[, revision]) says so (409 DUPLICATE), also for two saves at once.

    const currency = merged.currency || (await regionCurrency(db, region))
    return {
      number,
      ...(revisionNum !== undefined ? { revisionNum } : {}),
      tenderId: awarded.tender.id,
      companyId: Number(merged.companyId),
      siteId: Number(merged.siteId),
      currency: String(currency).toUpperCase(),
      amount: amountCents / 100,
      retentionPercent: retentionCents / 100,
      deduction: deductionCents / 100,
      status: merged.status ?? 'ACTIVE',
      // The record is the tender's: its person in charge manages it ("own"), whoever raised it.
      ...(current ? {} : { managedBy: awarded.tender.managedBy ?? null })
    }
  }
}

/** Spec §9: purchases are in the region's currency, USD when the region has none. */
export async function regionCurrency(db: Knex, region: string): Promise<string> {
  const row = await db('regions').where({ code: region }).first('currency')
  return row?.currency || 'USD'
}

/**
 * What the number screens ask before a project is created (spec §7 is-awarded, is-used,
 * is-site-valid): `isAwarded` when a record of the region carries the number (and revision) and
 * its tender is AWARDED; `isUsed` when any purchase order or contract of the region already
 * carries it; with a `siteId`, `isSiteValid` when that record is for that site. A project
 * referring to the number will count as use once projects exist. `visible` keeps only the records
 * the caller may read (by service path and ids): the answer speaks of no one else's records.
 */
export async function checkNumber(
  db: Knex,
  region: string,
  kind: PurchaseKind,
  number: string,
  revisionNum?: number,
  siteId?: number,
  visible: (service: string, ids: number[]) => Promise<unknown[]> = async (_service, ids) => ids
) {
  const table = kind === 'PO' ? 'purchase_orders' : 'contracts'
  const own = db(table)
    .where({ [`${table}.region`]: region })
    .whereRaw(`lower(${table}.number) = lower(?)`, [number.trim()])
  if (kind === 'CONTRACT' && revisionNum !== undefined) own.where(`${table}.revisionNum`, revisionNum)
  const records: any[] = await own.join('tenders', 'tenders.id', `${table}.tenderId`).orderBy(`${table}.id`).select(`${table}.id`, `${table}.siteId`, 'tenders.status')
  const readable = records.length
    ? (
        await visible(
          kind === 'PO' ? 'purchase-orders' : 'contracts',
          records.map((row) => row.id)
        )
      ).map(String)
    : []
  const record = records.find((row) => readable.includes(String(row.id)))
  const other = kind === 'PO' ? 'contracts' : 'purchase_orders'
  const elsewhere: number[] = await db(other).where({ region }).whereRaw('lower(number) = lower(?)', [number.trim()]).pluck('id')
  const usedElsewhere = elsewhere.length > 0 && (await visible(other === 'contracts' ? 'contracts' : 'purchase-orders', elsewhere)).length > 0
  return {
    kind,
    number: number.trim(),
    ...(revisionNum !== undefined ? { revisionNum } : {}),
    isAwarded: record?.status === 'AWARDED',
    isUsed: Boolean(record || usedElsewhere),
    ...(siteId !== undefined ? { siteId, isSiteValid: record != null && Number(record.siteId) === siteId } : {})
  }
}

/**
 * Registers one kind of purchase record (purchase orders, contracts): same rules, same hooks,
 * same access, each on its own table, schema and path.
 */
export function registerPurchaseRecords(
  app: Application,
  options: {
    path: string
    table: string
    kind: PurchaseKind
    methods: readonly string[]
    schema: TObject
    validators: { data: any; patch: any; query: any }
    workflow: PurchaseWorkflow
  }
) {
  app.use(
    options.path as any,
    new PurchaseRecordService(
      {
        Model: app.get('knex'),
        name: options.table,
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app,
      options.kind,
      options.workflow,
      options.path as PurchaseResource
    ),
    // The records the caller reads, for the list and the lock of a write alike, and who hears of them: purchase-records.access.ts.
    { methods: [...options.methods], regional: true, feature: 'TENDERS', concurrency: true, access: purchaseAccess(options.path as PurchaseResource) } as any
  )

  const guard = authorize(options.schema)
  // The tender, vendor and site a purchase names, each read through its own service's rules.
  const references = resolveReferences({ tenderId: 'tenders', companyId: 'companies', siteId: 'sites' })
  const { data, patch, query } = options.validators
  ;(app.service(options.path as any) as any).hooks({
    before: {
      find: [schemaHooks.validateQuery(query), guard],
      get: [schemaHooks.validateQuery(query), guard],
      create: [schemaHooks.validateData(data), managedByTenderManager, guard, references],
      patch: [schemaHooks.validateData(patch), guard, references],
      // The workflow's actions: their validator; the runner checks the ability on the record.
      ...Object.fromEntries(options.workflow.actions.map(({ action }) => [action, [schemaHooks.validateData(purchaseActionValidators[action as keyof typeof purchaseActionValidators])]])),
      remove: [guard]
    },
    after: { find: [guard], get: [guard], create: [guard], patch: [guard] }
  })
}
