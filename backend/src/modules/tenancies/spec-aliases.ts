import { enc, find, type SpecRoute, type SpecTarget } from '../../spec-aliases.js'

/*
 * The tenancy calls of spec tenancies §7 as thin aliases onto our services (every hook runs as
 * for the service's own call: sign-in, region, abilities, 428/410, audit, events):
 *
 * | Spec call                                   | Our service call                                 |
 * |---------------------------------------------|--------------------------------------------------|
 * | GET tenancies/all                           | GET tenancies (filters) → {…, count}             |
 * | GET tenancies/all/export                    | GET exports/tenancies (filters; a spreadsheet)   |
 * | PUT tenancies/{id}                          | PATCH tenancies/{id}                             |
 * | PUT tenancies/{id}/status {status}          | tenancies.changeStatus (status lower-cased)      |
 * | PUT tenancies/{id}/leases {leaseIds}        | tenancies.linkLeases (confirm after a 428)       |
 * | DELETE tenancies/{id}/leases {leaseIds}     | tenancies.unlinkLeases (the platform reads no    |
 * |                                             | DELETE body: leaseIds and updatedAt in the query)|
 * | GET leases/?tenantNo=                       | (the same path)                                  |
 */
const method = (serviceMethod: string, id: string, body: any): SpecTarget => ({
  method: 'POST',
  path: '/tenancies',
  serviceMethod,
  body: { ...(body && typeof body === 'object' ? body : {}), id: Number(id) }
})

export const tenancySpecAliases: SpecRoute[] = [
  { method: 'GET', pattern: 'tenancies/all', to: (_, { query }) => find('tenancies', query, (body) => ({ ...body, count: body.total })) },
  { method: 'GET', pattern: 'tenancies/all/export', to: (_, { query }) => find('exports/tenancies', query) },
  { method: 'PUT', pattern: 'tenancies/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tenancies/${enc(id)}`, body }) },
  {
    method: 'PUT',
    pattern: 'tenancies/:id/status',
    to: ({ id }, { body }) => method('changeStatus', id, { ...body, status: String(body?.status ?? '').toLowerCase() })
  },
  { method: 'PUT', pattern: 'tenancies/:id/leases', to: ({ id }, { body }) => method('linkLeases', id, body) },
  {
    method: 'DELETE',
    pattern: 'tenancies/:id/leases',
    to: ({ id }, { query }) => method('unlinkLeases', id, { updatedAt: query.updatedAt, leaseIds: [query.leaseIds ?? []].flat().map(Number) })
  }
]
