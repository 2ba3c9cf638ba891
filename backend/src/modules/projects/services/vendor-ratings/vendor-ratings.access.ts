import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import { rulesToQuery } from '@casl/ability/extra'
import type { Knex } from 'knex'
import type { HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { defineAccess } from '../../../../kit/access.js'
import { ratingEventReaders, ratingTaskEventReaders } from './vendor-ratings.events.js'
import { vendorRatingsPath } from './vendor-ratings.shared.js'
import { vendorRatingTasksPath } from '../vendor-rating-tasks/vendor-rating-tasks.shared.js'

/*
 * Who reads and writes vendor ratings, in one place and in CASL's vocabulary (spec §6 "performance
 * to Performance"; feature VENDOR_PERFORMANCE, off → 404 by the region scope):
 * - staff with a `vendor-ratings` read rule read the region's ratings: unconditioned all of them,
 *   "own" those they gave (ratedBy). A vendor's standing is the region's view of it, not a
 *   project's, so it is not narrowed by site;
 * - staff with a `vendor-ratings` create rule rate the vendor of a project they read (the project
 *   through its own rules): unconditioned any, "own" the projects in their charge (managedBy), and
 *   answer the rating tasks of those projects;
 * - vendors, tenants and anyone else: 403. The spec gives a vendor no view of ratings, its own neither.
 */

/** Staff only, and a rule for `action` on vendor-ratings at all: 403 before any record is looked at. */
export const staffMay = (action: 'read' | 'create') => async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const user = params.user
  if (!user || portalOf(user.userType) !== 'staff' || !params.ability?.can(action, 'vendor-ratings')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Whether the caller's rule for `action` is unconditioned (any record) or only "own"; null without one. */
export function reach(params: Params, action: 'read' | 'create'): 'any' | 'own' | null {
  const ability = (params as any).ability
  if (!params.user || !ability) return null
  const found = rulesToQuery(ability, action, 'vendor-ratings' as never, (rule: any) => (rule.inverted ? { $not: rule.conditions } : rule.conditions)) as any
  if (found === null) return null
  if (Object.keys(found).length === 0) return 'any'
  return 'own'
}

/** The ratings the caller reads (list, get, export, aggregate). Internal calls read all. */
export function narrowRatings(query: Knex.QueryBuilder, params: Params, table = 'vendor_ratings'): Knex.QueryBuilder {
  if (!params.provider) return query
  const user = params.user
  if (!user || portalOf(user.userType) !== 'staff') return query.whereRaw('false')
  const scope = reach(params, 'read')
  if (scope === null) return query.whereRaw('false')
  if (scope === 'own') query.where(`${table}.ratedBy`, user.id)
  return query
}

/** The rating tasks the caller answers: unconditioned all of the region's, "own" those of projects in their charge. */
export function narrowTasks(query: Knex.QueryBuilder, params: Params): Knex.QueryBuilder {
  if (!params.provider) return query
  const user = params.user
  if (!user || portalOf(user.userType) !== 'staff') return query.whereRaw('false')
  const scope = reach(params, 'create')
  if (scope === null) return query.whereRaw('false')
  if (scope === 'own') query.where('vendor_rating_tasks.managedBy', user.id)
  return query
}

/** 403 unless the caller may rate on this project ("own" = the project's person in charge, or the task's rater). */
export function assertMayRate(params: Params, managedBy: number | null | undefined, companyId: number) {
  if (params.provider && !(params as any).ability?.can('create', subject('vendor-ratings', { managedBy: managedBy ?? -1, companyId }))) throw appError(403, 'FORBIDDEN')
}

const isStaff = (caller: Params) => Boolean(caller.user && portalOf(caller.user.userType) === 'staff')

/**
 * The ratings' access contract (kit/access.ts): `narrowRatings` as SQL and on one rating; ratings
 * are never edited or removed (each is a record of what was said then), so no external caller acts
 * on one and none is locked.
 */
export const vendorRatingsAccess = defineAccess<{ id: number; ratedBy: number | null }>({
  subject: vendorRatingsPath,
  narrow: (query, caller) => narrowRatings(query, caller),
  read(rating, caller) {
    if (!caller.provider) return true
    const scope = isStaff(caller) ? reach(caller, 'read') : null
    return scope === 'any' || (scope === 'own' && rating.ratedBy === caller.user!.id)
  },
  act: (_rating, _action, caller) => !caller.provider,
  readers: (app, rating) => ratingEventReaders(app, rating)
})

/**
 * The rating tasks' access contract (kit/access.ts): `narrowTasks` as SQL and on one task (who
 * answers it reads it); a task is answered by a rating, never edited, so nobody acts on one here.
 */
export const vendorRatingTasksAccess = defineAccess<{ id: number; managedBy: number | null }>({
  subject: vendorRatingTasksPath,
  narrow: (query, caller) => narrowTasks(query, caller),
  read(task, caller) {
    if (!caller.provider) return true
    const scope = isStaff(caller) ? reach(caller, 'create') : null
    return scope === 'any' || (scope === 'own' && task.managedBy === caller.user!.id)
  },
  act: (_task, _action, caller) => !caller.provider,
  readers: (app, task) => ratingTaskEventReaders(app, task)
})
