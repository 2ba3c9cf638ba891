import { call, enc, find, get, statusAction, type SpecRoute } from '../../kit/spec-aliases.js'
import { tenantProjectWorkflow } from './services/tenant-projects/tenant-project.workflow.js'
import { tenantProjectsMethods } from './services/tenant-projects/tenant-projects.shared.js'

/*
 * The spec's tenant project calls (§7 "Tenant projects") as thin aliases onto the module's
 * service (every hook runs as for the service's own call: sign-in, region, abilities, 428/410,
 * audit, events):
 * | spec call                                      | ours                                             |
 * | POST tenant_projects {fields, isAccept, type}  | POST tenant-projects                             |
 * | GET tenant_projects/, tenant_projects/all      | GET tenant-projects (filters) → {…, count}       |
 * | GET tenant_projects/all/export                 | GET exports/tenant-projects (a spreadsheet)      |
 * | GET tenant_projects/{id}                       | GET tenant-projects/{id}                         |
 * | GET tenant_projects/{id}/status                | GET tenant-projects/{id} → {id, status}          |
 * | PUT tenant_projects/{id}                       | PATCH tenant-projects/{id}                       |
 * | PATCH tenant_projects/{id} {status}            | the workflow's action leading there (submit,     |
 * |                                                | accept, complete, withdraw, cancel); an          |
 * |                                                | X-CMS-Action naming one wins                     |
 * | DELETE tenant_projects/{id}                    | DELETE tenant-projects/{id}                      |
 */
const listed = (body: any) => ({ ...body, count: body.total })

export const tenantProjectSpecAliases: SpecRoute[] = [
  { method: 'POST', pattern: 'tenant_projects', to: (_, { body }) => ({ method: 'POST', path: '/tenant-projects', body }) },
  { method: 'GET', pattern: 'tenant_projects', to: (_, { query }) => find('tenant-projects', query, listed) },
  { method: 'GET', pattern: 'tenant_projects/all', to: (_, { query }) => find('tenant-projects', query, listed) },
  { method: 'GET', pattern: 'tenant_projects/all/export', to: (_, { query }) => find('exports/tenant-projects', query) },
  { method: 'GET', pattern: 'tenant_projects/:id', to: ({ id }, { query }) => get('tenant-projects', id, query) },
  { method: 'GET', pattern: 'tenant_projects/:id/status', to: ({ id }) => get('tenant-projects', id, {}, (body) => ({ id: body.id, status: body.status })) },
  { method: 'PUT', pattern: 'tenant_projects/:id', to: ({ id }, { body }) => ({ method: 'PATCH', path: `/tenant-projects/${enc(id)}`, body }) },
  {
    method: 'PATCH',
    pattern: 'tenant_projects/:id',
    to: ({ id }, request) => {
      const action = statusAction(request, tenantProjectWorkflow.table, tenantProjectsMethods)
      return action ? call('tenant-projects', action, Number(id), request.body) : { method: 'PATCH', path: `/tenant-projects/${enc(id)}`, body: request.body }
    }
  },
  { method: 'DELETE', pattern: 'tenant_projects/:id', to: ({ id }) => ({ method: 'DELETE', path: `/tenant-projects/${enc(id)}` }) }
]
