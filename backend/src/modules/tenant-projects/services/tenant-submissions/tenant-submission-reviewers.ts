import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { idFilter } from '../../../../kit/query.js'
import { stepPermission, staffWho } from './reviewers.js'
import type { ReviewStep } from './tenant-submission.workflow.js'

export const tenantSubmissionReviewersPath = 'tenant-submission-reviewers'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantSubmissionReviewersPath]: TenantSubmissionReviewerService
  }
}

/**
 * Who can take a review step in the region (`?step=design|cp|technical`): the staff whose ability
 * there holds the step's permission, for the reviewer pickers (pass on, reassign). A reviewer or a
 * reassigner needs no right to read user accounts for it; nobody else may list them (403).
 */
export class TenantSubmissionReviewerService {
  constructor(private app: Application) {}

  async find(params: Params) {
    const mayPick = ['reassign', ...Object.values(stepPermission)].some((permission) => params.ability?.can(permission, 'tenant-submissions'))
    if (params.provider && !mayPick) throw appError(403, 'FORBIDDEN')
    const step = String(params.query?.step ?? 'design') as ReviewStep
    if (!(step in stepPermission)) throw appError(400, 'SUBMISSION_STEP_INVALID', { step })
    const wanted = idFilter(params.query?.id)
    const holders = await staffWho(this.app, { region: String(params.region) }, (ability) => ability.can(stepPermission[step], 'tenant-submissions'))
    const data = holders.filter((user) => !wanted || wanted.includes(user.id)).map(({ id, displayName }) => ({ id, displayName }))
    return { total: data.length, limit: data.length, skip: 0, data }
  }
}

export const tenantSubmissionReviewers = (app: Application) => {
  app.use(tenantSubmissionReviewersPath, new TenantSubmissionReviewerService(app), { methods: ['find'], events: [], regional: true, feature: 'TENANT_PROJECTS', audit: false } as any)
}
