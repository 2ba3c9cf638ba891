import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'

/**
 * The rating tasks (issue 12 item 9): asked for by events (openRatingTask), answered by a rating
 * (vendor-ratings create). Read only here: shown with the project's number and the vendor's name,
 * which the rater reads through the task (they are the project's rater).
 */
export class VendorRatingTaskService extends WorkflowKnexService<any> {
  constructor(options: any, app: Application) {
    super(options, app, { resource: 'vendor-rating-tasks' })
  }

  createQuery(params: WorkflowParams = {}) {
    const { open, ...query } = (params.query ?? {}) as Record<string, any>
    const builder = super.createQuery({ ...params, query })
    if (open === true) builder.whereNull('vendor_rating_tasks.doneAt')
    if (open === false) builder.whereNotNull('vendor_rating_tasks.doneAt')
    return builder
  }

  private async described(rows: any[]) {
    if (!rows.length) return rows
    const db = this.app.get('knex')
    const projects = await db('projects')
      .whereIn('id', [...new Set(rows.map((row) => row.projectId))])
      .select('id', 'number', 'status')
    const companies = await db('companies')
      .whereIn('id', [...new Set(rows.map((row) => row.companyId))])
      .select('id', 'name')
    return rows.map((row) => ({
      ...row,
      projectNumber: projects.find((project) => project.id === row.projectId)?.number ?? null,
      companyName: companies.find((company) => company.id === row.companyId)?.name ?? null
    }))
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const result: any = await super._find(params as any)
    return Array.isArray(result) ? this.described(result) : { ...result, data: await this.described(result.data) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    const [record] = await this.described([await super._get(id, params as any)])
    return record
  }
}
