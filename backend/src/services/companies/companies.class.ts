import type { Application } from '../../declarations.js'
import { assertNotReferenced, ReferenceDataService, trimmed, trimmedOrNull, type ReferenceParams } from '../buildings/reference-data.js'
import type { Company } from './companies.schema.js'

/** Companies of a region (vendors, tenants, others): the name is unique in the region. */
export class CompanyService extends ReferenceDataService<Company> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  protected async prepare(data: any, _current: Company | null, _region: string, _params: ReferenceParams) {
    const stored: Record<string, unknown> = {}
    for (const field of ['name', 'type', 'status'] as const) if (data[field] !== undefined) stored[field] = trimmed(data[field])
    for (const field of ['mailingName', 'email', 'phone'] as const) if (data[field] !== undefined) stored[field] = trimmedOrNull(data[field])
    return stored
  }

  protected async assertRemovable(current: Company, params: ReferenceParams) {
    const db = this.conn(params)
    await assertNotReferenced([
      { by: 'users', query: db('users').where({ companyId: current.id }) },
      { by: 'tenancies', query: db('tenancies').where({ companyId: current.id }) }
    ])
  }
}
