import { MethodNotAllowed } from '@feathersjs/errors'
import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { announceChanged, sameInstant } from '../../../../hooks/audited-write.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { assertMayConfirm, assertOnTenancy, narrowLinks, narrowReadTenancies } from './tenancy-contacts.access.js'
import type { TenancyContact, TenancyContactData, TenancyContactPatch } from './tenancy-contacts.schema.js'
import { arrangeLinks, contactRoles, isEmergencyLink, mayUnlink, tenancyContactsPath, type ContactLink } from './tenancy-contacts.shared.js'
import { withTransaction } from '../../../../db/transaction.js'

type LinkParams = KnexAdapterParams & Params & { afterCommit?: Array<() => unknown> }

/** The contact as the tab shows it, one sub-select (the adapter's filters name this table's columns unqualified). */
const CONTACT = `(SELECT jsonb_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'prefix', c.prefix, 'position', c.position,
  'companyId', c.company_id, 'companyName', (SELECT name FROM companies WHERE companies.id = c.company_id), 'channels', c.channels, 'status', c.status)
  FROM ccd_contacts c WHERE c.id = tenancy_contacts.ccd_contact_id) AS contact`
/** The tenancy as the exports name it: company, trade name and building. */
const TENANCY = `(SELECT jsonb_build_object('companyName', t.company_name, 'tradeName', t.trade_name, 'buildingCode', (SELECT code FROM buildings WHERE buildings.id = t.building_id))
  FROM tenancies t WHERE t.id = tenancy_contacts.tenancy_id) AS tenancy`

/**
 * A tenancy's contacts and their roles (spec tenancies §3 "Tenancy contact link", §5, §7, §8):
 * staff link a contact of the region with roles (circular, emergency in and out of office hours
 * with its place in each call order, others, marketing, main, lease, finance), change them and
 * unlink it; every write re-arranges the tenancy's links (orders 1..n, one primary circular
 * contact: the first when none is). A circular, emergency or marketing contact is not unlinked
 * (409 CONTACT_ROLE_LINKED); a stale change answers 428 (spec §8). `confirm` records who
 * confirmed the tenancy's contacts and when.
 */
export class TenancyContactService extends PortalKnexService<TenancyContact> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  conn(params: LinkParams = {}): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  createQuery(params: any = {}) {
    const query = super.createQuery(params)
    const db = this.conn(params)
    if (!params.query?.$select) query.select(db.raw(CONTACT), db.raw(TENANCY))
    if (!params.query?.$sort) query.clearOrder().orderBy('tenancy_contacts.id')
    return query
  }

  private inTransaction<R>(params: LinkParams, work: (params: LinkParams) => Promise<R>): Promise<R> {
    return withTransaction(this.app.get('knex'), params, work)
  }

  /** The tenancy as the caller reads it, in the request's region, locked until the commit (404 otherwise). */
  private async lockTenancy(db: Knex, tenancyId: number, params: LinkParams) {
    const tenancy = await narrowReadTenancies(db('tenancies').where({ 'tenancies.id': tenancyId }), params)
      .modify((query) => {
        if (params.region) query.where('tenancies.region', params.region)
      })
      .forUpdate()
      .first('id', 'region', 'companyId', 'managedBy', 'confirmedAt')
    if (!tenancy) throw appError(404, 'NOT_FOUND')
    return tenancy as { id: number; region: string; companyId: number; managedBy: number | null }
  }

  /** The link as the caller reads it (404 otherwise). */
  private async readLink(db: Knex, id: Id, params: LinkParams) {
    const link = await narrowLinks(db('tenancy_contacts').where({ 'tenancy_contacts.id': id }), params, db)
      .modify((query) => {
        if (params.region) query.where('tenancy_contacts.region', params.region)
      })
      .first()
    if (!link) throw appError(404, 'NOT_FOUND')
    return link
  }

  /** The columns a write sets: roles given, `isEmergency` from the orders. */
  private columnsOf(input: Partial<TenancyContactData>, current: Partial<ContactLink> = {}) {
    const columns: Record<string, unknown> = {}
    for (const field of ['isCircular', 'isOthers', 'isMarketing', 'isMain', 'isLease', 'isFinance', 'workingHourOrder', 'nonWorkingHourOrder', 'roleType', 'cFloor', 'oRemarks'] as const) {
      if (input[field] !== undefined) columns[field] = typeof input[field] === 'string' ? (input[field] as string).trim() || null : input[field]
    }
    const orders = { workingHourOrder: current.workingHourOrder ?? null, nonWorkingHourOrder: current.nonWorkingHourOrder ?? null, ...columns } as ContactLink
    columns.isEmergency = isEmergencyLink(orders)
    const roles = { ...current, ...columns } as Record<string, unknown>
    if (!contactRoles.some((role) => roles[role] === true)) throw appError(400, 'CONTACT_ROLE_REQUIRED')
    if (input.cPrimary === true && roles.isCircular !== true) throw appError(400, 'PRIMARY_NOT_CIRCULAR')
    return columns
  }

  /**
   * Orders renumbered and the primary settled for the whole tenancy after a write (`arrangeLinks`);
   * the other links changed by it are announced after the commit. Primaries are cleared before
   * one is set: the database keeps one per tenancy at every step.
   */
  private async arrange(db: Knex, tenancyId: number, written: { id: number; cPrimary?: boolean } | null, params: LinkParams) {
    const rows: ContactLink[] = await db('tenancy_contacts').where({ tenancyId }).orderBy('id').select('id', 'isCircular', 'isEmergency', 'cPrimary', 'workingHourOrder', 'nonWorkingHourOrder')
    const asked = rows.map((row) => (written && row.id === written.id && written.cPrimary !== undefined ? { ...row, cPrimary: written.cPrimary } : row))
    const arranged = arrangeLinks(asked, written?.id ?? null)
    const before = new Map(rows.map((row) => [row.id, row]))
    const changed = arranged.filter((link) => {
      const was = before.get(link.id)!
      return was.cPrimary !== link.cPrimary || was.workingHourOrder !== link.workingHourOrder || was.nonWorkingHourOrder !== link.nonWorkingHourOrder
    })
    const now = new Date()
    for (const link of [...changed].sort((a, b) => Number(a.cPrimary) - Number(b.cPrimary))) {
      await db('tenancy_contacts').where({ id: link.id }).update({ cPrimary: link.cPrimary, workingHourOrder: link.workingHourOrder, nonWorkingHourOrder: link.nonWorkingHourOrder, updatedAt: now })
    }
    const others = changed.map((link) => link.id).filter((id) => id !== written?.id)
    if (others.length) announceChanged(this.app, tenancyContactsPath, others, params)
  }

  async create(input: any, params: LinkParams = {}): Promise<any> {
    if (Array.isArray(input)) throw new MethodNotAllowed('Can not create multiple entries')
    const data = input as TenancyContactData
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const tenancy = await this.lockTenancy(db, data.tenancyId, inner)
      assertOnTenancy(inner, 'linkContacts', tenancy)
      const contact = await db('ccd_contacts').where({ id: data.ccdContactId, region: tenancy.region }).first('id')
      if (!contact) throw appError(400, 'VALIDATION_FAILED', { details: 'ccdContactId' })
      const linked = await db('tenancy_contacts').where({ tenancyId: tenancy.id, ccdContactId: contact.id }).first('id')
      if (linked) throw appError(409, 'CONTACT_ALREADY_LINKED')
      const columns = this.columnsOf(data)
      const [{ id }] = await db('tenancy_contacts').insert({ ...columns, region: tenancy.region, tenancyId: tenancy.id, ccdContactId: contact.id, cPrimary: false }, ['id'])
      await this.arrange(db, tenancy.id, { id, cPrimary: data.cPrimary }, inner)
      return this._get(id, { ...inner, provider: undefined, query: {} } as any)
    })
  }

  /** Roles changed with the version read: none given 428 UPDATED_AT_REQUIRED; another user's change in between 428 TENANCY_CONTACT_CHANGED (spec §8). */
  async patch(id: NullableId, input: any, params: LinkParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    const data = input as TenancyContactPatch
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const link = await this.readLink(db, id, inner)
      const tenancy = await this.lockTenancy(db, link.tenancyId, inner)
      assertOnTenancy(inner, 'linkContacts', tenancy)
      const current = await db('tenancy_contacts').where({ id: link.id }).forUpdate().first()
      if (inner.provider) {
        if (data.updatedAt == null) throw appError(428, 'UPDATED_AT_REQUIRED')
        if (!sameInstant(data.updatedAt, current.updatedAt)) throw appError(428, 'TENANCY_CONTACT_CHANGED')
      }
      const { updatedAt: _read, cPrimary, region: _region, ...changes } = data as TenancyContactPatch & { region?: string }
      const columns = this.columnsOf({ ...changes, cPrimary }, current)
      await db('tenancy_contacts')
        .where({ id: link.id })
        .update({ ...columns, updatedAt: new Date() })
      await this.arrange(db, link.tenancyId, { id: link.id, cPrimary }, inner)
      return this._get(link.id, { ...inner, provider: undefined, query: {} } as any)
    })
  }

  /** Unlinks a contact; not while it is a circular, emergency or marketing contact (409 CONTACT_ROLE_LINKED, spec §8). */
  async remove(id: NullableId, params: LinkParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const link = await this.readLink(db, id, inner)
      const tenancy = await this.lockTenancy(db, link.tenancyId, inner)
      assertOnTenancy(inner, 'linkContacts', tenancy)
      const stored = await this._get(link.id, { ...inner, provider: undefined, query: {} } as any)
      if (!mayUnlink(stored)) throw appError(409, 'CONTACT_ROLE_LINKED')
      await db('tenancy_contacts').where({ id: link.id }).delete()
      await this.arrange(db, link.tenancyId, null, inner)
      return stored
    })
  }

  /**
   * The tenancy's contacts confirmed (spec §4 "contact confirmation sets confirmor, confirmedBy
   * and confirmedAt", POST tenancies/{id}/confirm_contact): by a tenant of the tenancy (master
   * account or TenancyRecord perm), or staff linking its contacts. Answers the tenancy's stamp.
   */
  async confirm(data: { tenancyId: number }, params: LinkParams = {}) {
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const tenancy = await this.lockTenancy(db, data.tenancyId, inner)
      assertMayConfirm(inner, tenancy)
      return confirmContacts(this.app, db, tenancy.id, inner)
    })
  }
}

/** Stamps a tenancy's contacts confirmed by the user of `params` (the one-click link of the reminder mail uses it too). */
export async function confirmContacts(app: Application, db: Knex, tenancyId: number, params: LinkParams) {
  const user = params.user as any
  const confirmor = String(user?.displayName || user?.username || '')
  const now = new Date()
  const [stamp] = await db('tenancies')
    .where({ id: tenancyId })
    .update({ confirmor, confirmedBy: user?.id ?? null, confirmedAt: now, updatedAt: now }, ['id', 'confirmor', 'confirmedBy', 'confirmedAt', 'updatedAt'])
  announceChanged(app, 'tenancies', [tenancyId], params)
  return stamp
}
