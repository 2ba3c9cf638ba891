import { call, enc, find, listOf, type SpecRequest, type SpecRoute, type SpecTarget } from '../../kit/spec-aliases.js'
import { masterAccountType, subAccountType } from './services/tenancy-accounts/tenancy-accounts.shared.js'

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
 * | GET tenancies/allTenancyAccounts/{id}       | GET tenancy-accounts?tenancyId= (a list)         |
 * | POST tenancies/{id}/invite                  | POST tenancy-accounts (the master, userType 601) |
 * | PUT tenancies/{id}/admin-account            | PATCH tenancy-accounts/{the master's id}         |
 * | PUT tenancies/{id}/sub-accounts             | PATCH tenancy-accounts/{body.id}, or without an  |
 * |                                             | id POST tenancy-accounts (a sub-account, 621)    |
 * | POST tenancies/{id}/sub-accounts/{s}/invite | tenancy-accounts.invite (sends it again)         |
 * | PUT tenancies/{id}/contractors              | PATCH tenancy-contractors/{body.id}, or POST     |
 * | POST tenancies/{id}/contractor/{c}/invite   | tenancy-contractors.invite                       |
 * | GET tenancies/{id}/move                     | GET moves?tenancyId= (a list)                    |
 * | POST tenancies/{id}/move                    | POST moves (of that tenancy)                     |
 * | PUT tenancies/{id}/move                     | PATCH moves/{body.id}, or without an id POST     |
 * | POST tenancies/{id}/confirm_contact         | tenancy-contacts.confirm                         |
 * An account or contractor named in the path must be of the tenancy named there: one of another
 * tenancy is asked for as the service's record 0, so the caller meets the service's own answer
 * (403 without the right, else 404) and nothing is done.
 */
const method = (serviceMethod: string, id: string, body: any): SpecTarget => ({
  method: 'POST',
  path: '/tenancies',
  serviceMethod,
  body: { ...(body && typeof body === 'object' ? body : {}), id: Number(id) }
})

/** The service's own answer for a record that is not there (403 first for a caller without the right). */
const notHere = (service: string): SpecTarget => ({ method: 'GET', path: `/${service}/0` })

/** `id` in `table` when it is of tenancy `tenancyId`, else undefined. */
async function ofTenancy({ knex }: SpecRequest, table: string, id: unknown, tenancyId: string) {
  const row = Number.isSafeInteger(Number(id))
    ? await knex(table)
        .where({ id: Number(id) })
        .first('tenancyId')
    : undefined
  return row && String(row.tenancyId) === tenancyId ? Number(id) : undefined
}

/** PUT of a row of the tenancy's (its id in the body): an edit of that row, or without an id a new one. */
const upsert =
  (service: string, table: string, created: Record<string, unknown>) =>
  async ({ id }: Record<string, string>, request: SpecRequest) => {
    const { id: rowId, ...body } = request.body && typeof request.body === 'object' ? request.body : ({} as Record<string, unknown>)
    if (rowId === undefined || rowId === null) return { method: 'POST', path: `/${service}`, body: { ...body, ...created, tenancyId: Number(id) } } as SpecTarget
    const own = await ofTenancy(request, table, rowId, id)
    return own ? ({ method: 'PATCH', path: `/${service}/${own}`, body } as SpecTarget) : notHere(service)
  }

/** A row action (invite) on a row named in the path, when that row is of the tenancy named there. */
const rowAction = (service: string, table: string, action: string, key: string) => async (match: Record<string, string>, request: SpecRequest) => {
  const own = await ofTenancy(request, table, match[key], match.id)
  return own ? call(service, action, own, request.body) : notHere(service)
}

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
  },
  { method: 'GET', pattern: 'tenancies/allTenancyAccounts/:id', to: ({ id }, { query }) => find('tenancy-accounts', { ...query, tenancyId: id }, listOf) },
  {
    method: 'POST',
    pattern: 'tenancies/:id/invite',
    to: ({ id }, { body }) => ({ method: 'POST', path: '/tenancy-accounts', body: { ...(body && typeof body === 'object' ? body : {}), tenancyId: Number(id), userType: masterAccountType } })
  },
  {
    method: 'PUT',
    pattern: 'tenancies/:id/admin-account',
    to: async ({ id }, { body, knex }) => {
      const master = Number.isSafeInteger(Number(id))
        ? await knex('users')
            .where({ tenancyId: Number(id), userType: masterAccountType })
            .first('id')
        : undefined
      return master ? { method: 'PATCH', path: `/tenancy-accounts/${master.id}`, body } : notHere('tenancy-accounts')
    }
  },
  { method: 'PUT', pattern: 'tenancies/:id/sub-accounts', to: upsert('tenancy-accounts', 'users', { userType: subAccountType }) },
  { method: 'POST', pattern: 'tenancies/:id/sub-accounts/:subId/invite', to: rowAction('tenancy-accounts', 'users', 'invite', 'subId') },
  { method: 'PUT', pattern: 'tenancies/:id/contractors', to: upsert('tenancy-contractors', 'tenancy_contractors', {}) },
  { method: 'POST', pattern: 'tenancies/:id/contractor/:contractorId/invite', to: rowAction('tenancy-contractors', 'tenancy_contractors', 'invite', 'contractorId') },
  { method: 'GET', pattern: 'tenancies/:id/move', to: ({ id }, { query }) => find('moves', { ...query, tenancyId: id }, listOf) },
  {
    method: 'POST',
    pattern: 'tenancies/:id/move',
    to: ({ id }, { body }) => ({ method: 'POST', path: '/moves', body: { ...(body && typeof body === 'object' ? body : {}), tenancyId: Number(id) } })
  },
  { method: 'PUT', pattern: 'tenancies/:id/move', to: upsert('moves', 'tenancy_moves', {}) },
  {
    method: 'POST',
    pattern: 'tenancies/:id/confirm_contact',
    to: ({ id }) => ({ method: 'POST', path: '/tenancy-contacts', serviceMethod: 'confirm', body: { tenancyId: Number(id) } })
  }
]
