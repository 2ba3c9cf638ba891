import type { Knex } from 'knex'
import type { RateType } from '../vendor-ratings/vendor-ratings.shared.js'

/** The rate types an event asks for; RANDOM is started by hand and has no task. */
export type TaskRateType = Exclude<RateType, 'RANDOM'>

export interface RatingTaskEvent {
  projectId: string
  rateType: TaskRateType
  /** The record of the event: the project (PROJECT_COMPLETED), the claim (WORK_COMPLETED, RETENTION_RECEIVED). */
  sourceId: string | number
}

/**
 * Asks for a rating of the project's vendor (issue 12 item 9: "a rating task is created by the
 * events that name them"), inside the transaction of the event, so the task exists exactly when
 * the event committed. The project's person in charge is the rater. Once per project, rate type and
 * event: a second call for the same event answers the task already there.
 * Called by the project's complete move and by the claims (work completed, retention received).
 */
export async function openRatingTask(trx: Knex, { projectId, rateType, sourceId }: RatingTaskEvent) {
  const project = await trx('projects').where({ id: projectId }).first('id', 'region', 'companyId', 'managedBy')
  if (!project) throw new Error(`openRatingTask: no project ${projectId}`)
  const [created] = await trx('vendor_rating_tasks')
    .insert({ region: project.region, projectId: project.id, companyId: project.companyId, rateType, sourceId: String(sourceId), managedBy: project.managedBy ?? null }, '*')
    .onConflict(['projectId', 'rateType', 'sourceId'])
    .ignore()
  return (
    created ??
    (await trx('vendor_rating_tasks')
      .where({ projectId, rateType, sourceId: String(sourceId) })
      .first())
  )
}
