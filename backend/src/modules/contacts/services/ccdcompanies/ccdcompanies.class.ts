import type { NullableId } from '@feathersjs/feathers'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { withConstraintErrors } from '../../../../services/buildings/reference-data.js'
import { searchTextOf } from '../ccdcontacts/contact-rules.shared.js'
import { ccdcontactsPath } from '../ccdcontacts/ccdcontacts.shared.js'
import { ContactsWriteService, type ContactParams } from '../contacts-write.js'
import { usesDefaultAddress } from './ccdcompanies.shared.js'
import { getSetting } from '../../../../settings-values.js'
import type { CcdCompany } from './ccdcompanies.schema.js'

const textFields = ['mailingName', 'department', 'email', 'phone', 'altPhone', 'fax', 'addressLine1', 'addressLine2', 'addressLine3', 'addressLine4'] as const
const addressLines = ['addressLine1', 'addressLine2', 'addressLine3', 'addressLine4'] as const

/**
 * Companies of the central contacts database (spec §3 Company): the platform's companies with
 * their parent, department, phones, fax and address lines 1-4. A company is created with its
 * contacts, at least one (spec §5), in one transaction; types C, T and D left without an address
 * take the default tenant address text. Names are unique in the region (409 DUPLICATE).
 */
export class CcdCompanyService extends ContactsWriteService<CcdCompany> {
  createQuery(params: any = {}) {
    const builder = super.createQuery(params)
    if (!params.query?.$select) {
      const db = this.conn(params)
      builder.select(
        db.raw('(SELECT p.name FROM companies p WHERE p.id = companies.parent_company_id) AS parent_company_name'),
        db.raw('(SELECT count(*)::int FROM ccd_contacts c WHERE c.company_id = companies.id) AS contact_count')
      )
    }
    return builder
  }

  async create(data: any, params: ContactParams = {}): Promise<any> {
    const region = this.regionOfNew(data, params)
    const { contacts = [], ...company } = data
    if (!contacts.length) throw appError(400, 'CONTACT_REQUIRED')
    return this.inTransaction(params, async (inner) => {
      const stored = await this.prepare(company, null, region, inner)
      const user = inner.user as any
      const created: any = await withConstraintErrors(() =>
        super._create({ ...stored, region, managedBy: user && portalOf(user.userType) === 'staff' ? user.id : null } as any, { ...inner, query: {} })
      )
      const contactService = this.app.service(ccdcontactsPath) as any
      const written: any[] = []
      for (const contact of contacts) written.push(await contactService.insertContact({ ...contact, companyId: created.id, region }, inner))
      const announce = () => written.forEach((contact) => contactService.emit('created', contact))
      if (inner.afterCommit) inner.afterCommit.push(announce)
      else await announce()
      const result = await this._get(created.id, { ...inner, query: {} })
      return { ...result, contacts: written }
    })
  }

  async patch(id: NullableId, data: any, params: ContactParams = {}): Promise<any> {
    return this.patchInTransaction(id, data, params, async (current, stored, inner) => {
      await withConstraintErrors(() => super._patch(current.id, { ...stored, updatedAt: new Date() } as any, { ...inner, query: {} }))
      if (stored.name !== undefined && stored.name !== current.name) await this.refreshContactSearch(current.id, String(stored.name), inner)
    })
  }

  /** The company's contacts are found by its new name. */
  private async refreshContactSearch(companyId: number, name: string, params: ContactParams) {
    const db = this.conn(params)
    const contacts = await db('ccd_contacts').where({ companyId }).select('id', 'firstName', 'lastName', 'channels')
    for (const contact of contacts)
      await db('ccd_contacts')
        .where({ id: contact.id })
        .update({ searchText: searchTextOf({ ...contact, companyName: name }) })
  }

  protected async prepare(data: any, current: any, region: string, params: ContactParams): Promise<Record<string, unknown>> {
    const stored: Record<string, unknown> = {}
    for (const field of ['name', 'type', 'status'] as const) if (data[field] !== undefined) stored[field] = typeof data[field] === 'string' ? data[field].trim() : data[field]
    for (const field of textFields) if (data[field] !== undefined) stored[field] = typeof data[field] === 'string' ? data[field].trim() || null : data[field]
    if (data.parentCompanyId !== undefined) {
      const parent = data.parentCompanyId
      if (parent != null) {
        if (current && Number(parent) === Number(current.id)) throw appError(400, 'VALIDATION_FAILED', { details: 'parentCompanyId' })
        const found = await this.conn(params)('companies').where({ id: parent, region }).first('id')
        if (!found) throw appError(400, 'VALIDATION_FAILED', { details: 'parentCompanyId' })
      }
      stored.parentCompanyId = parent
    }
    const merged = { ...(current ?? {}), ...stored }
    if (usesDefaultAddress(merged.type as string) && addressLines.every((line) => !merged[line])) {
      // The region's default tenant address text (system settings): its lines, address lines 1 to 4.
      const text = await getSetting(this.conn(params), region, 'contacts.defaultTenantAddress')
      const lines = [text ?? []]
        .flat()
        .map((line) => String(line).trim())
        .filter(Boolean)
      addressLines.forEach((line, index) => (stored[line] = lines[index] ?? null))
    }
    return stored
  }
}
