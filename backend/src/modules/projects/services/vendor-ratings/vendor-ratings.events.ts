import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { extraReaders } from '../../../../kit/channels.js'

/** Whether the ability's rule for `action` on vendor-ratings holds for any record (no "own" condition): no user has id -1. */
const reachesAny = (ability: any, action: string) => Boolean(ability?.can(action, subject('vendor-ratings', { managedBy: -1 })))

/** Live events of a rating: the region's staff who read it (any, or the one who gave it). Nobody else. */
export function ratingEventReaders(app: Application, data: any): Channel[] {
  if (!data?.region) return []
  return [
    extraReaders(
      app,
      data.region,
      [],
      data,
      (user, ability) => portalOf(user.userType) === 'staff' && Boolean(ability?.can('read', 'vendor-ratings')) && (reachesAny(ability, 'read') || Number(data.ratedBy) === Number(user.id))
    )
  ]
}

/** Live events of a rating task: the region's staff who answer it (any, or the task's rater). */
export function ratingTaskEventReaders(app: Application, data: any): Channel[] {
  if (!data?.region) return []
  return [
    extraReaders(
      app,
      data.region,
      [],
      data,
      (user, ability) => portalOf(user.userType) === 'staff' && Boolean(ability?.can('create', subject('vendor-ratings', { managedBy: data.managedBy ?? -1, companyId: data.companyId })))
    )
  ]
}
