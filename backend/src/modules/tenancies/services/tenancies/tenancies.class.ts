import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { leaseMismatches } from '../leases/leases.shared.js'
import { assertMayOnTenancy } from './tenancies.access.js'
import type { Tenancy, TenancyData, TenancyPatch } from './tenancies.schema.js'
import { openingHoursProblems, premisesProblems, tenancyCompanyTypes, type Premises } from './tenancies.shared.js'
import { tenancyActionTo, tenancyWorkflow } from './tenancy.workflow.js'
import { withTransaction } from '../../../../db/transaction.js'

type TenancyParams = WorkflowParams & { premisesFilter?: { floor?: string; occupiedOn?: string }; staleFilter?: { stale: boolean; before: Date } }

const DUPLICATE = '23505'

/**
 * A tenancy's premises lines as one column of its row (read with the row, no second query), in
 * its building's floor order (floors it does not list last), then by effective date: ready to
 * send as they come (a DATE is 'yyyy-mm-dd' in JSON).
 */
function premisesColumns(db: Knex, table = 'tenancies') {
  return [
    db.raw(
      `(SELECT coalesce(json_agg(json_build_object('id', p.id, 'floor', p.floor, 'zone', p.zone, 'effectiveDate', p.effective_date, 'endDate', p.end_date, 'detail', p.detail)
          ORDER BY listed.position NULLS LAST, p.effective_date, p.id), '[]')
        FROM tenancy_premises p LEFT JOIN building_floors listed ON listed.building_id = ??.building_id AND listed.floor = p.floor
        WHERE p.tenancy_id = ??.id) AS premises`,
      [table, table]
    )
  ]
}

/**
 * Tenancy records (spec tenancies §3): the company, building, premises (effective-dated lines),
 * opening hours and remarks of one tenancy; the status through its workflow; leases linked and
 * unlinked. Every external write runs inside the audited write (lock, 428/410, audit, event).
 */
export class TenancyService extends WorkflowKnexService<Tenancy> {
  constructor(options: any, app: Application) {
    super({ ...options, jsonColumns: ['openingHours'] }, app, { resource: 'tenancies' })
  }

  createQuery(params: TenancyParams = {}) {
    const query = super.createQuery(params as any)
    const filter = params.premisesFilter
    if (filter?.floor || filter?.occupiedOn) {
      const db = this.app.get('knex')
      query.whereExists(
        db('tenancy_premises')
          .whereRaw('tenancy_premises.tenancy_id = tenancies.id')
          .modify((lines) => {
            if (filter.floor) lines.where('floor', filter.floor)
            if (filter.occupiedOn) lines.where('effectiveDate', '<=', filter.occupiedOn).where((end) => end.whereNull('endDate').orWhere('endDate', '>=', filter.occupiedOn!))
          })
      )
    }
    // Contacts never confirmed, or not since the setting's days (spec job "contact info confirm").
    const stale = params.staleFilter
    if (stale) {
      if (stale.stale) query.where((inner) => inner.whereNull('tenancies.confirmedAt').orWhere('tenancies.confirmedAt', '<', stale.before))
      else query.where('tenancies.confirmedAt', '>=', stale.before)
    }
    return query
  }

  /** The premises lines, worked out for the rows of the page only (knex-service.ts). */
  protected pageColumns(db: Knex, table: string) {
    return premisesColumns(db, table)
  }

  async _get(id: any, params: TenancyParams = {}): Promise<any> {
    const query = this.createQuery(params).select(premisesColumns(this.conn(params)))
    return super._get(id, { ...params, knex: query } as any)
  }

  /** The building of the region with its floor list and code (400 when it is not one). */
  private async building(db: Knex, region: string, buildingId: number) {
    const building = await db('buildings').where({ id: buildingId, region }).first('id', 'code', 'floors')
    if (!building) throw appError(400, 'VALIDATION_FAILED', { details: 'buildingId' })
    return building as { id: number; code: string; floors: string[] }
  }

  private async check(db: Knex, region: string, record: { buildingId: number; siteId?: number | null; openingHours?: unknown; premises?: Premises[] }) {
    const building = await this.building(db, region, record.buildingId)
    if (record.siteId != null) {
      const site = await db('sites').where({ id: record.siteId, region }).first('id')
      if (!site) throw appError(400, 'VALIDATION_FAILED', { details: 'siteId' })
    }
    const hours = openingHoursProblems(record.openingHours as any)
    if (hours.length) throw appError(400, 'OPENING_HOURS_INVALID', { details: hours.join(', ') })
    const lines = premisesProblems(record.premises ?? [], building.floors ?? [])
    if (lines.length) throw appError(400, 'PREMISES_INVALID', { details: lines.map((index) => index + 1).join(', ') })
    return building
  }

  private async writePremises(db: Knex, tenancyId: number, premises: Premises[]) {
    await db('tenancy_premises').where({ tenancyId }).delete()
    if (!premises.length) return
    await db('tenancy_premises').insert(
      premises.map((line) => ({ tenancyId, floor: line.floor, zone: line.zone || null, effectiveDate: line.effectiveDate, endDate: line.endDate || null, detail: line.detail || null }))
    )
  }

  /** The record as stored, for the answer and the event (the audited write announces it). */
  private async stored(db: Knex, id: number, params: TenancyParams) {
    const record = await db('tenancies')
      .where({ id })
      .first('tenancies.*', ...premisesColumns(db))
    ;(params as any).written = { service: this, record }
    return record
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error: any) {
      if (error?.code === DUPLICATE && String(error?.constraint ?? '').startsWith('tenancies_same_record')) throw appError(409, 'TENANCY_DUPLICATE')
      throw error
    }
  }

  async create(input: any, params: TenancyParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.createWithin(input, inner))
  }

  /** `create` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async createWithin(input: any, params: TenancyParams): Promise<any> {
    const data = input as TenancyData
    const db = this.conn(params)
    const region = params.region ?? data.region ?? 'GLOBAL'
    const company = await db('companies').where({ id: data.companyId, region }).first('id', 'name', 'type')
    if (!company) throw appError(400, 'VALIDATION_FAILED', { details: 'companyId' })
    if (!tenancyCompanyTypes.includes(company.type)) throw appError(400, 'TENANCY_COMPANY_TYPE', { type: company.type, allowed: tenancyCompanyTypes.join(', ') })
    await this.check(db, region, data)
    const { premises = [], confirmCompanyName: _confirm, ...fields } = data
    const [{ id }] = await this.saving(() =>
      db('tenancies').insert(
        this.encodeJson({ ...fields, region, companyName: (fields.companyName ?? company.name).trim(), type: fields.type ?? 'O', email: fields.email || null, managedBy: params.user?.id ?? null }),
        ['id']
      )
    )
    await this.writePremises(db, id, premises)
    return this.stored(db, id, params)
  }

  /**
   * Edit: the caller's `update` on this record; a new company name also takes
   * `changeCompanyName` and the caller's confirmation (428 COMPANY_NAME_CONFIRM, spec §5);
   * premises, when given, replace the lines.
   */
  async patch(id: any, input: any, params: TenancyParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.patchWithin(id, input, inner))
  }

  /** `patch` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async patchWithin(id: any, input: any, params: TenancyParams): Promise<any> {
    const data = input as TenancyPatch
    const db = this.conn(params)
    const current = await this.lockForWrite(id, params)
    assertMayOnTenancy(params, 'update', current)
    const { premises, confirmCompanyName, updatedAt: _read, region: _region, ...fields } = data
    if (fields.companyName !== undefined && fields.companyName.trim() !== current.companyName) {
      assertMayOnTenancy(params, 'changeCompanyName', current)
      if (confirmCompanyName !== true) throw appError(428, 'COMPANY_NAME_CONFIRM', { from: current.companyName, to: fields.companyName.trim() })
      fields.companyName = fields.companyName.trim()
    }
    const next = { ...current, ...fields }
    await this.check(db, current.region, { buildingId: next.buildingId, siteId: next.siteId, openingHours: fields.openingHours, premises })
    await this.saving(() =>
      db('tenancies')
        .where({ id: current.id })
        .update(this.encodeJson({ ...fields, ...(fields.email === '' ? { email: null } : {}), updatedAt: new Date() }))
    )
    if (premises) await this.writePremises(db, current.id, premises)
    return this.stored(db, current.id, params)
  }

  /** The status call (spec §4): ACTIVE ⇄ INACTIVE through the workflow, `tenancies:changeStatus` on the record. */
  async changeStatus(data: { id: number; status: 'active' | 'inactive' }, params: TenancyParams = {}) {
    const stored = await this.runTransition({ id: data.id, action: tenancyActionTo(data.status), params, workflow: tenancyWorkflow, facts: () => undefined })
    return this.stored(this.conn(params), stored.id, params)
  }

  /** The leases of the request, of the region (400 when one is not). */
  private async leasesOf(db: Knex, region: string, ids: number[]) {
    const leases = await db('leases').whereIn('id', ids).where({ region }).select('id', 'leaseType', 'buildingCode', 'tenancyId', 'number')
    if (leases.length !== new Set(ids).size) throw appError(400, 'VALIDATION_FAILED', { details: 'leaseIds' })
    return leases
  }

  /**
   * Links leases (spec PUT tenancies/{id}/leases): `tenancies:linkLeases` on the record; a lease of
   * a type the tenancy's type does not take, or of another building, asks for confirmation first
   * (428 LEASE_MISMATCH naming them). A lease linked to another tenancy moves here.
   */
  async linkLeases(data: { id: number; leaseIds: number[]; confirm?: boolean }, params: TenancyParams = {}): Promise<Tenancy> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.linkLeasesWithin(data, inner))
  }

  /** `linkLeases` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async linkLeasesWithin(data: { id: number; leaseIds: number[]; confirm?: boolean }, params: TenancyParams): Promise<Tenancy> {
    const db = this.conn(params)
    const tenancy = await this.lockForWrite(data.id, params)
    assertMayOnTenancy(params, 'linkLeases', tenancy)
    const leases = await this.leasesOf(db, tenancy.region, data.leaseIds)
    const building = tenancy.buildingId ? await db('buildings').where({ id: tenancy.buildingId }).first('code') : null
    const mismatched = leases
      .map((lease) => ({ id: lease.id, number: lease.number, reasons: leaseMismatches({ type: tenancy.type, buildingCode: building?.code }, lease) }))
      .filter((lease) => lease.reasons.length)
    if (mismatched.length && data.confirm !== true) throw appError(428, 'LEASE_MISMATCH', { leases: mismatched })
    await db('leases').whereIn('id', data.leaseIds).update({ tenancyId: tenancy.id, updatedAt: new Date() })
    // Lists of leases on other screens hear of it after the commit.
    announceChanged(this.app, 'leases', data.leaseIds, params as any)
    await db('tenancies').where({ id: tenancy.id }).update({ updatedAt: new Date() })
    return this.stored(db, tenancy.id, params)
  }

  /** Unlinks leases of this tenancy (spec DELETE tenancies/{id}/leases): `tenancies:linkLeases` on the record. */
  async unlinkLeases(data: { id: number; leaseIds: number[] }, params: TenancyParams = {}): Promise<Tenancy> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.unlinkLeasesWithin(data, inner))
  }

  /** `unlinkLeases` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async unlinkLeasesWithin(data: { id: number; leaseIds: number[] }, params: TenancyParams): Promise<Tenancy> {
    const db = this.conn(params)
    const tenancy = await this.lockForWrite(data.id, params)
    assertMayOnTenancy(params, 'linkLeases', tenancy)
    await db('leases').whereIn('id', data.leaseIds).where({ tenancyId: tenancy.id }).update({ tenancyId: null, updatedAt: new Date() })
    announceChanged(this.app, 'leases', data.leaseIds, params as any)
    await db('tenancies').where({ id: tenancy.id }).update({ updatedAt: new Date() })
    return this.stored(db, tenancy.id, params)
  }
}
