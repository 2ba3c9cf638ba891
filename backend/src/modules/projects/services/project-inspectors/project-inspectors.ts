import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { idFilter } from '../../../../kit/query.js'
import { assertClaimStaff, inspectorCandidates } from '../project-submissions/project-submissions.access.js'
import { projectInspectorsPath, type ProjectInspector } from './project-inspectors.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectInspectorsPath]: ProjectInspectorsService
  }
}

const projectInspectorsQuery = Type.Object(
  {
    projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    /** A part of the name or username. */
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The accounts with these ids only (the inspector shown now). */
    id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Object({ $in: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 }) })])),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'ProjectInspectorsQuery', additionalProperties: false }
)
const projectInspectorsQueryValidator = getValidator(projectInspectorsQuery, queryValidator)

const like = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

/**
 * The accounts a project's claims may name as inspector (spec §8 GET projects/{id}/inspector): the
 * enabled staff accounts of the project's region, the same rule the claim's PUT .../inspector
 * checks (inspectorCandidates). Staff with `update` on a project they read ask it (404 for a project
 * they do not read, 403 for a vendor or a reader without `update`), as those who run tenders list
 * representatives (tender-reviewers): without any right to read user accounts, so it answers
 * names and usernames only.
 */
export class ProjectInspectorsService {
  constructor(private app: Application) {}

  async find(params: Params = {}) {
    const { projectId, search, id, $limit = 20, $skip = 0 } = (params.query ?? {}) as { projectId: string; search?: string; id?: unknown; $limit?: number; $skip?: number }
    const project: any = await this.app.service('projects').get(projectId, callerParams(params) as any)
    assertClaimStaff(params, project)
    const query = inspectorCandidates(this.app.get('knex'), project.region).modify((inner) => {
      const ids = idFilter(id)
      if (ids) inner.whereIn('id', ids)
      if (search) inner.where((either) => either.whereILike('displayName', like(search)).orWhereILike('username', like(search)))
    })
    const [{ count }] = await query.clone().count({ count: '*' })
    const data: ProjectInspector[] = $limit
      ? await query
          .select('id', 'username', 'displayName')
          .orderBy([{ column: 'displayName' }, { column: 'id' }])
          .limit($limit)
          .offset($skip)
      : []
    return { total: Number(count), limit: $limit, skip: $skip, data }
  }
}

export const projectInspectors = (app: Application) => {
  app.use(projectInspectorsPath, new ProjectInspectorsService(app), { methods: ['find'], events: [], regional: true, feature: 'HONGKONG_LAND_PROJECTS', audit: false } as any)
  app.service(projectInspectorsPath).hooks({ before: { find: [schemaHooks.validateQuery(projectInspectorsQueryValidator)] } } as any)
}
