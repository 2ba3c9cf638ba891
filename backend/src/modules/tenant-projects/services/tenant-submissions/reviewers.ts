import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import type { AppAbility } from '../../../../abilities/define-rules.js'
import type { ReviewStep } from './tenant-submission.workflow.js'

/** The permission on `tenant-submissions` each review step asks of its reviewer. */
export const stepPermission: Record<ReviewStep, string> = { design: 'designReview', cp: 'cpReview', technical: 'techReview' }

/**
 * The landlord accounts whose ability in the batch's region, asked about this batch, says yes
 * (spec §6 "Notification recipients are landlord users found by permission keys per building"):
 * enabled, unlocked staff authorised in the region. Each with its id and e-mail.
 */
export async function staffWho(
  app: Application,
  batch: { region: string; [field: string]: unknown },
  holds: (ability: AppAbility) => boolean
): Promise<Array<{ id: number; email: string; displayName: string }>> {
  const db: Knex = app.get('knex')
  const candidates: Array<{ id: number; email: string; displayName: string }> = await db('users')
    .whereBetween('userType', [500, 599])
    .where({ enabled: true })
    .whereNull('lockedAt')
    .whereRaw('regions @> ARRAY[?]::varchar[]', [batch.region])
    .whereExists(db('user_groups').whereRaw('user_groups.user_id = users.id').where('user_groups.region', batch.region))
    .orderBy('id')
    .select('id', 'email', 'displayName')
  const principals = app.get('principals')
  const holders: Array<{ id: number; email: string; displayName: string }> = []
  for (const candidate of candidates) {
    const principal = await principals.get(candidate.id)
    if (principal && holds(principal.forRegion(batch.region).ability)) holders.push(candidate)
  }
  return holders
}

/** Whether a user may take a step of this batch: a staff account of its region holding the step's permission on it. */
export async function holdsStep(app: Application, batch: { region: string; [field: string]: unknown }, step: ReviewStep, userId: number): Promise<boolean> {
  if (!Number.isSafeInteger(userId) || userId < 1) return false
  const user = await app.get('knex')('users').where({ id: userId, enabled: true }).whereBetween('userType', [500, 599]).first('id')
  if (!user) return false
  const principal = await app.get('principals').get(userId)
  return Boolean(principal?.forRegion(batch.region).ability.can(stepPermission[step], subject('tenant-submissions', { ...batch }) as any))
}
