import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { narrowTasks, assertMayRate } from './vendor-ratings.access.js'
import { performanceSettings } from './vendor-ratings.settings.js'
import type { VendorRatingData } from './vendor-ratings.schema.js'
import { ratingCriteria, ratingScore, standingOf, type RatingScores } from './vendor-ratings.shared.js'
import { withTransaction } from '../../../../db/transaction.js'

const CHECK_VIOLATION = '23514'

/**
 * Vendor ratings (spec §3 Rating; issue 12 item 9): a staff member rates a project's vendor on the
 * five criteria with a comment. A rating answering a task takes the task's rate type and marks it
 * done in the same transaction (the audited write's), once: a second answer finds it done (409).
 * Without a task only a RANDOM rating is started by hand. Ratings are never edited: each is a
 * record of what was said then.
 */
export class VendorRatingService extends WorkflowKnexService<any> {
  constructor(options: any, app: Application) {
    super(options, app, { resource: 'vendor-ratings' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const result: any = await super._find(params as any)
    const { bands } = await performanceSettings(this.app.get('knex'), params.region)
    const shown = (rows: any[]) => rows.map((row) => ({ ...row, standing: standingOf(row.scoreHundredths, bands) }))
    return Array.isArray(result) ? shown(result) : { ...result, data: shown(result.data) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    const record = await super._get(id, params as any)
    const { bands } = await performanceSettings(this.app.get('knex'), params.region)
    return { ...record, standing: standingOf(record.scoreHundredths, bands) }
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const given = data as VendorRatingData
    const run = async (inner: WorkflowParams) => {
      const db = this.conn(inner)
      const project = await db('projects').where({ id: given.projectId }).first('id', 'region', 'companyId', 'managedBy', 'status')
      if (!project || (inner.region && project.region !== inner.region)) throw appError(400, 'REFERENCE_INVALID', { field: 'projectId' })
      let rateType = given.rateType ?? 'RANDOM'
      let task: any = null
      if (given.taskId != null) {
        // The task as the caller answers it (their own, or any with an unconditioned rule), locked until the commit.
        task = await narrowTasks(db('vendor_rating_tasks').where({ 'vendor_rating_tasks.id': given.taskId, 'vendor_rating_tasks.region': project.region }), inner)
          .forUpdate()
          .first()
        if (!task) throw appError(404, 'NOT_FOUND')
        if (task.projectId !== project.id) throw appError(400, 'REFERENCE_INVALID', { field: 'taskId' })
        if (given.rateType && given.rateType !== task.rateType) throw appError(400, 'RATING_TYPE_OF_TASK', { rateType: task.rateType })
        assertMayRate(inner, task.managedBy, project.companyId)
        if (task.doneAt) throw appError(409, 'RATING_TASK_DONE')
        rateType = task.rateType
      } else {
        if (rateType !== 'RANDOM') throw appError(400, 'RATING_NEEDS_TASK', { rateType })
        assertMayRate(inner, project.managedBy, project.companyId)
      }
      // The vendor is rated on work it was given: not on a draft it was never invited to.
      if (project.status === 'DRAFT') throw appError(409, 'RATING_PROJECT_NOT_STARTED')
      const { weights } = await performanceSettings(db, project.region)
      const scores = Object.fromEntries(ratingCriteria.map((name) => [name, given[name]])) as RatingScores
      const comment = typeof given.comment === 'string' ? given.comment.trim() || null : null
      let stored: any
      try {
        ;[stored] = await db('vendor_ratings').insert(
          { region: project.region, projectId: project.id, companyId: project.companyId, rateType, ratedBy: inner.user?.id, ...scores, comment, scoreHundredths: ratingScore(scores, weights) },
          '*'
        )
      } catch (error: any) {
        if (error?.code === CHECK_VIOLATION) throw appError(400, 'VALIDATION_FAILED', { details: error.constraint })
        throw error
      }
      if (task) {
        await db('vendor_rating_tasks').where({ id: task.id }).update({ ratingId: stored.id, doneAt: new Date(), doneBy: inner.user?.id, updatedAt: new Date() })
        // The rater's dashboard hears that the task is done, after the commit.
        const announce = () => this.app.service('vendor-rating-tasks' as any).emit('patched', { ...task, ratingId: stored.id, doneAt: new Date() })
        if ((inner as any).afterCommit) (inner as any).afterCommit.push(announce)
      }
      const { bands } = await performanceSettings(db, project.region)
      return { ...stored, taskId: task?.id ?? null, standing: standingOf(stored.scoreHundredths, bands) }
    }
    return withTransaction(this.app.get('knex'), params, run)
  }
}
