import { call, find, get, one, statusAction, type SpecRoute } from '../../kit/spec-aliases.js'
import { projectWorkflow } from './services/projects/project.workflow.js'
import { projectsMethods } from './services/projects/projects.shared.js'

/*
 * The spec's project calls (§8 "Projects and submissions") on the module's services:
 * | spec call                                        | ours                                              |
 * | GET projects/project-meta (numbers, numberType)  | GET project-meta                                  |
 * | GET projects/by-numbers/latest (numberIds, ...)  | GET project-meta (numbers = numberIds)            |
 * | GET projects/all, GET projects/vendor            | GET projects (filters) → {total, ..., count}       |
 * | GET projects/all/export                          | GET exports/projects (filters; a spreadsheet)     |
 * | PATCH projects/{id} {status}                     | the workflow's action leading there (activate,    |
 * |                                                  | complete, cancel); X-CMS-Action naming one wins   |
 * | GET submissions, GET submissions/{id}            | GET project-submissions (filters), /{id}          |
 * | GET submissions/{id}/versions/{version}          | GET project-submission-versions (one; 404)        |
 * | PUT submissions/{id}/inspector {inspectorId}     | project-submissions assignInspector               |
 * | GET projects/{id}/inspector (search)             | GET project-inspectors?projectId= (who may be one) |
 */
export const projectSpecAliases: SpecRoute[] = [
  { method: 'GET', pattern: 'projects/project-meta', to: (_, { query }) => find('project-meta', query) },
  {
    method: 'GET',
    pattern: 'projects/by-numbers/latest',
    to: (_, { query }) => {
      const { numberIds, ...rest } = query
      return find('project-meta', { ...rest, numbers: numberIds })
    }
  },
  { method: 'GET', pattern: 'projects/all', to: (_, { query }) => find('projects', query, (body) => ({ ...body, count: body.total })) },
  { method: 'GET', pattern: 'projects/vendor', to: (_, { query }) => find('projects', query) },
  { method: 'GET', pattern: 'projects/all/export', to: (_, { query }) => find('exports/projects', query) },
  // The payment claims (spec §8 "submissions"): our project-submissions.
  { method: 'GET', pattern: 'submissions', to: (_, { query }) => find('project-submissions', query) },
  { method: 'GET', pattern: 'submissions/:id', to: ({ id }, { query }) => get('project-submissions', id, query) },
  {
    method: 'GET',
    pattern: 'submissions/:id/versions/:version',
    to: ({ id, version }) => find('project-submission-versions', { submissionId: id, version }, one)
  },
  { method: 'GET', pattern: 'projects/:id/inspector', to: ({ id }, { query }) => find('project-inspectors', { ...query, projectId: id }) },
  { method: 'PUT', pattern: 'submissions/:id/inspector', to: ({ id }, { body }) => call('project-submissions', 'assignInspector', id, body) },
  { method: 'PUT', pattern: 'project-submissions/:id/inspector', to: ({ id }, { body }) => call('project-submissions', 'assignInspector', id, body) },
  {
    method: 'PATCH',
    pattern: 'projects/:id',
    to: ({ id }, request) => {
      const action = statusAction(request, projectWorkflow.table, projectsMethods)
      return action ? call('projects', action, id, request.body) : null
    }
  }
]
