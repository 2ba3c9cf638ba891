import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { editsTemplatesWith, readsTemplates } from './building-handover-templates.access.js'
import type { BuildingHandoverTemplateData } from './building-handover-templates.schema.js'

/**
 * A building's handover templates (issue 31 item 3): each save publishes the building's next
 * version (the building's row is locked so two saves get two versions); a version is never
 * changed, so a record filled from an older one keeps what it had. `$latest=true` lists each
 * building's latest version only. Who: building-handover-templates.access.ts.
 */
export class BuildingHandoverTemplateService extends WorkflowKnexService<any> {
  constructor(options: any, app: Application) {
    super(options, app, { resource: 'building-handover-templates' })
  }

  private assertReads(params: WorkflowParams) {
    if (!readsTemplates(params)) throw appError(403, 'FORBIDDEN')
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    this.assertReads(params)
    const { $latest, ...query } = (params.query ?? {}) as Record<string, any>
    const knex = this.createQuery({ ...params, query } as any)
    if ($latest === true || $latest === 'true') {
      knex.whereRaw('building_handover_templates.version = (SELECT max(v.version) FROM building_handover_templates v WHERE v.building_id = building_handover_templates.building_id)')
    }
    return super._find({ ...params, query, knex } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    this.assertReads(params)
    return super._get(id, params as any)
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const { buildingId, items, keys } = data as BuildingHandoverTemplateData
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      if (inner.provider && !editsTemplatesWith(inner.ability as any)) throw appError(403, 'FORBIDDEN')
      const building = await db('buildings').where({ id: buildingId }).forUpdate().first('id', 'region')
      if (!building || (inner.region && building.region && building.region !== inner.region)) throw appError(400, 'HOTB_TEMPLATE_BUILDING', { field: 'buildingId' })
      if (inner.provider && !editsTemplatesWith(inner.ability as any, { buildingId, region: building.region })) throw appError(403, 'FORBIDDEN')
      const last = await db('building_handover_templates').where({ buildingId }).max('version as version').first()
      const [stored] = await db('building_handover_templates').insert(
        {
          region: building.region ?? inner.region,
          buildingId,
          version: Number(last?.version ?? 0) + 1,
          items: JSON.stringify(items.map((line) => ({ section: line.section, item: line.item.trim() }))),
          keys: JSON.stringify((keys ?? []).map((line) => ({ item: line.item.trim(), keys: line.keys, accessCards: line.accessCards }))),
          createdBy: inner.user?.id ?? null
        },
        '*'
      )
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }
}
