import { containsPattern } from '../../../../kit/query.js'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { ContactsWriteService, type ContactParams } from '../contacts-write.js'
import { checkChannels, searchTextOf } from './contact-rules.shared.js'
import { ccdcontactsPath, type ContactChannel } from './ccdcontacts.shared.js'
import { ccdContactSchema, type CcdContact } from './ccdcontacts.schema.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { mayReadContact } from './ccdcontacts.access.js'
import { repointContactLinks } from './contact-links.js'

export type { ContactParams } from '../contacts-write.js'

const KNEX_ERROR = Symbol.for('@feathersjs/knex/error')

/** The unique keys of a contact's entries: phones and faxes share one number plan. */
export function keysOf(channels: readonly ContactChannel[]): Array<{ kind: 'PHONE' | 'EMAIL'; normalized: string }> {
  const keys = new Map<string, { kind: 'PHONE' | 'EMAIL'; normalized: string }>()
  for (const channel of channels) {
    if (!channel.normalized || channel.kind === 'ADDRESS') continue
    const kind = channel.kind === 'EMAIL' ? 'EMAIL' : 'PHONE'
    keys.set(`${kind}:${channel.normalized}`, { kind, normalized: channel.normalized })
  }
  return [...keys.values()]
}

/** A contact's columns as answered: its search text is the index's, not the reader's (a seventh of a page). */
const answerColumns = Object.keys(ccdContactSchema.properties)
  .filter((field) => field !== 'companyName' && field !== 'searchText')
  .map((field) => `ccd_contacts.${field}`)

/** Fields a merge fills on the kept contact when it has none. */
const fillable = ['prefix', 'gender', 'position', 'title', 'department', 'roleType', 'remarks'] as const

/**
 * The central contacts database (spec §3 Contact, §5 Contacts): a contact belongs to one company;
 * its phones, faxes and e-mails are stored normalised (E.164, lower case) and none is saved for
 * two contacts of a region (409 DUPLICATE_PHONE / DUPLICATE_EMAIL naming the value, and the
 * contact when the caller may read it); two numbers of one contact differ, one of them is local;
 * a company keeps at least one contact (409 LAST_CONTACT). `merge` folds a duplicate into
 * another contact, moving every link to it.
 */
export class CcdContactService extends ContactsWriteService<CcdContact> {
  constructor(options: any, app: Application) {
    super({ ...options, jsonColumns: ['channels'] }, app)
  }

  /**
   * Every read carries the company's name (a sub-select: the adapter's filters name columns of this
   * table unqualified). A search reads the contacts that match first (the trigram index), then
   * filters, sorts and pages them: left to choose, PostgreSQL may walk the sort's index instead,
   * testing every contact on the way (0.6 ms or 15 ms for one search, as its statistics fell).
   */
  createQuery(params: ContactParams = {}) {
    const builder = super.createQuery(params as any)
    const db = this.conn(params)
    if (params.searchedFor) {
      const term = params.searchedFor
      // OFFSET 0 keeps the sub-query planned on its own; it keeps the table's name, so every column
      // reference holds. The search text is stored in lower case and the term comes lowered the
      // same way (searchTextOf, searchFilter): LIKE, without ILIKE's folding of every character.
      // A phone fragment is looked up in the index by its last four digits, then matched whole:
      // its first digits (a country code, a range's) are in thousands of numbers, and the index
      // spent most of a search going through those (0.3 of 0.5 ms at 30,000 contacts).
      const lookup = /^\d{5,}$/.test(term) ? term.slice(-4) : term
      builder.from(db.raw('(SELECT * FROM ccd_contacts WHERE search_text LIKE ? AND strpos(search_text, ?) > 0 OFFSET 0) AS ccd_contacts', [containsPattern(lookup), term]))
    }
    if (!params.query?.$select) builder.clearSelect().select(...answerColumns, db.raw('(SELECT name FROM companies WHERE companies.id = ccd_contacts.company_id) AS company_name'))
    return builder
  }

  async create(data: any, params: ContactParams = {}): Promise<any> {
    const region = this.regionOfNew(data, params)
    return this.inTransaction(params, (inner) => this.insertContact({ ...data, region }, inner))
  }

  /**
   * A new contact, in the caller's transaction, with no event of its own: a company created with
   * its contacts (ccdcompanies) announces them after its commit. Not a service method.
   */
  async insertContact(data: any, params: ContactParams): Promise<any> {
    const region = data.region
    const stored = await this.prepare(data, null, region, params)
    await this.assertNoClash(region, null, stored.channels, params)
    const user = params.user as any
    const created: any = await super._create({ ...stored, region, managedBy: user && portalOf(user.userType) === 'staff' ? user.id : null } as any, { ...params, query: {} })
    await this.writeKeys(region, created.id, stored.channels, params)
    return this._get(created.id, { ...params, query: {} })
  }

  async patch(id: NullableId, data: any, params: ContactParams = {}): Promise<any> {
    return this.patchInTransaction(id, data, params, async (current, stored, inner) => {
      const channels = stored.channels as ContactChannel[]
      if (Number(stored.companyId) !== Number(current.companyId)) await this.assertNotLastContact(current, inner)
      await this.assertNoClash(current.region, current.id, channels, inner)
      await super._patch(current.id, { ...stored, updatedAt: new Date() } as any, { ...inner, query: {} })
      await this.writeKeys(current.region, current.id, channels, inner)
    })
  }

  async remove(id: NullableId, params: ContactParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return this.inTransaction(params, async (inner) => {
      const current: any = await this._get(id, inner)
      await this.assertNotLastContact(current, inner)
      await super._remove(id, { ...inner, query: {} })
      return current
    })
  }

  /**
   * Folds the contact `mergeId` into `id`: the kept contact takes the other's phones, e-mails,
   * faxes and addresses it lacks (after its own), fills its empty fields from it, and every
   * record linking the other contact (a tenancy's contact roles...) links the kept one instead;
   * the other is removed. One audit row (the kept contact before and after, the merged one inside).
   */
  async merge(data: { id: number; mergeId: number }, params: ContactParams = {}): Promise<any> {
    const { id, mergeId } = data
    if (Number(id) === Number(mergeId)) throw appError(400, 'MERGE_SAME')
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const scope = { ...inner, query: inner.region ? { region: inner.region } : {} }
      const keep: any = await this._get(id, scope)
      const other: any = await this._get(mergeId, scope)
      await db('ccd_contacts').where({ id: mergeId }).forUpdate().first('id')
      if (Number(other.companyId) !== Number(keep.companyId)) await this.assertNotLastContact(other, inner)

      const keptKeys = new Set((keep.channels as ContactChannel[]).map((c) => `${c.kind}:${c.normalized ?? c.value.trim().toLowerCase()}`))
      const added = (other.channels as ContactChannel[])
        .filter((c) => !keptKeys.has(`${c.kind}:${c.normalized ?? c.value.trim().toLowerCase()}`))
        .map((c) => ({ ...c, priority: undefined, isPrimary: false }))
      const { channels } = checkChannels([...keep.channels, ...added], keep.region)
      const filled: Record<string, unknown> = {}
      for (const field of fillable) if ((keep[field] == null || keep[field] === '') && other[field] != null && other[field] !== '') filled[field] = other[field]

      const links = await repointContactLinks(db, mergeId, id)
      await db('ccd_contacts').where({ id: mergeId }).delete()
      const searchText = searchTextOf({ ...keep, ...filled, channels })
      await super._patch(id, { ...filled, channels, searchText, updatedAt: new Date() } as any, { ...inner, query: {} })
      await this.writeKeys(keep.region, id, channels, inner)

      const announce = () => (this.app.service(ccdcontactsPath) as any).emit('removed', other)
      if (inner.afterCommit) inner.afterCommit.push(announce)
      const merged = await this._get(id, { ...inner, query: {} })
      return { ...merged, merged: { id: other.id, before: other, links } }
    })
  }

  /** 409 LAST_CONTACT when the contact is the only one of its company (spec §5: at least one contact for a company). */
  private async assertNotLastContact(contact: { id: number; companyId: number }, params: ContactParams) {
    const other = await this.conn(params)('ccd_contacts').where({ companyId: contact.companyId }).whereNot({ id: contact.id }).first('id')
    if (!other) throw appError(409, 'LAST_CONTACT', { companyId: contact.companyId })
  }

  /** 409 naming the first phone or e-mail that another contact of the region has. */
  private async assertNoClash(region: string, contactId: number | null, channels: readonly ContactChannel[], params: ContactParams) {
    const keys = keysOf(channels)
    if (!keys.length) return
    const db = this.conn(params)
    const clash = await db('ccd_contact_keys as k')
      .join('ccd_contacts as c', 'c.id', 'k.contact_id')
      .where('k.region', region)
      .modify((query) => {
        if (contactId != null) query.whereNot('k.contact_id', contactId)
      })
      .where((query) => {
        for (const key of keys) query.orWhere((one) => one.where('k.kind', key.kind).where('k.normalized', key.normalized))
      })
      .orderBy('k.id')
      .first('k.kind', 'k.normalized', 'c.id', 'c.first_name', 'c.last_name', 'c.company_id', 'c.managed_by')
    if (!clash) return
    throw this.clashError(clash, channels, params)
  }

  private clashError(clash: any, channels: readonly ContactChannel[], params: ContactParams) {
    const email = clash.kind === 'EMAIL'
    const entered = channels.find((c) => c.normalized === clash.normalized)?.value ?? clash.normalized
    // The other contact is named only to a caller who may read it: a vendor learns that the number is taken, not whose it is.
    const named = mayReadContact(params, { id: clash.id, companyId: clash.companyId, managedBy: clash.managedBy })
    return appError(409, email ? 'DUPLICATE_EMAIL' : 'DUPLICATE_PHONE', {
      field: email ? 'email' : 'phone',
      value: entered,
      ...(named ? { contactId: clash.id, contactName: `${clash.firstName} ${clash.lastName}`.trim() } : {})
    })
  }

  private async writeKeys(region: string, contactId: number, channels: readonly ContactChannel[], params: ContactParams) {
    const db = this.conn(params)
    await db('ccd_contact_keys').where({ contactId }).delete()
    const rows = keysOf(channels).map((key) => ({ ...key, region, contactId }))
    if (!rows.length) return
    try {
      await db('ccd_contact_keys').insert(rows)
    } catch (error: any) {
      // Two saves at once, each unaware of the other: the index decides.
      if ((error?.[KNEX_ERROR] ?? error)?.code === '23505') throw appError(409, 'DUPLICATE_PHONE', { field: 'phone' })
      throw error
    }
  }

  /** The contact as stored: checked against the record it changes (null on create). */
  protected async prepare(data: any, current: any, region: string, params: ContactParams) {
    const merged = { ...(current ?? {}), ...data }
    const db = this.conn(params)
    const company = await db('companies')
      .where({ id: merged.companyId ?? -1, region })
      .first('id', 'name')
    if (!company) throw appError(400, 'VALIDATION_FAILED', { details: 'companyId' })
    const firstName = String(merged.firstName ?? '').trim()
    if (!firstName) throw appError(400, 'VALIDATION_FAILED', { details: 'firstName' })
    const lastName = String(merged.lastName ?? '').trim()
    const { channels, problems } = checkChannels(merged.channels ?? [], region)
    if (problems.length) {
      const [problem] = problems
      throw appError(400, problem.code, { ...problem })
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null))
    return {
      companyId: company.id,
      prefix: merged.prefix ?? null,
      firstName,
      lastName,
      gender: merged.gender ?? null,
      status: merged.status ?? 'ACTIVE',
      position: text(merged.position),
      title: text(merged.title),
      department: text(merged.department),
      roleType: merged.roleType ?? null,
      remarks: text(merged.remarks),
      channels,
      searchText: searchTextOf({ firstName, lastName, companyName: company.name, channels })
    }
  }
}
