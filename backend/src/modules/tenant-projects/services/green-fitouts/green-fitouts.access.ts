import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { extraReaders } from '../../../../kit/channels.js'
import { narrowToProjectReaders, projectOf, readsProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'

/** The points fields a caller who may not read points never receives. */
export const pointFields = ['pointsClaimed', 'pointsAwarded', 'totalPoints', 'claimedPoints', 'thresholdPoints'] as const

/*
 * Who reads a project's green fit-out (spec §6 "Tenant project read ... update equals read";
 * "green fit-out start/hold/review/comment/preview/send/read points"; issue 30 items 9, 10):
 * whoever reads the project, the tenant included (its own project's scheme, its folders, their
 * files and points). Staff read the points only with `readPoints`: without it the points are taken
 * off what they are answered, the points record and the portfolio (a list by score) are refused,
 * and no live event of a scored record reaches them. Who acts: the staff holding the workflow's
 * permission (green-fitout.workflow.ts) on a record they read; the tenant hands folders in and
 * uploads into them with the project's update.
 */

/** Whether the caller sees points: the tenant's side of its own project always, staff with `readPoints`, internal calls. */
export const seesPoints = (caller: Params) => !caller.provider || portalOf(caller.user?.userType ?? 0) === 'tenants' || caslAllows(caller, 'readPoints', 'green-fitouts', {})

/** Staff who hold any green fit-out right (the scheme's people); the tenant's side reads through the project. */
const holdsAny = (caller: Params, permissions: readonly string[]) => permissions.some((permission) => caslAllows(caller, permission, 'green-fitouts', {}))

/** A record as staff who may not read points receive it: without its points (a points update's history line without its figures). */
export function pointsRemoved<T extends Record<string, any>>(row: T): T {
  const copy: any = { ...row }
  for (const field of pointFields) delete copy[field]
  if (copy.actionType === 'UPDATE_POINTS') copy.comment = ''
  return copy
}

/**
 * The live connections of a part: its project's readers; those who see points (the tenant's side,
 * staff with `readPoints`) receive the record, the others receive it without its points.
 */
export function greenPartReaders(app: Application, part: TenantProjectPart, { pointsOnly = false }: { pointsOnly?: boolean } = {}) {
  if (!part?.region) return []
  const reads = (ability: any) => Boolean(ability?.can('read', subject('tenant-projects', projectOf(part))))
  const sees = (user: any, ability: any) => portalOf(user?.userType ?? 0) === 'tenants' || Boolean(ability?.can('readPoints', subject('green-fitouts', {})))
  const full = extraReaders(app, part.region, [], part, (user, ability) => reads(ability) && sees(user, ability))
  if (pointsOnly) return [full]
  return [full, extraReaders(app, part.region, [full], pointsRemoved(part), (user, ability) => reads(ability) && !sees(user, ability))]
}

const contract = (name: string, table: string, act: (row: TenantProjectPart, action: string, caller: Params) => boolean) =>
  defineAccess<TenantProjectPart>({
    subject: name,
    narrow: narrowToProjectReaders(table),
    read: (row, caller) => readsProjectOf(row, caller),
    readers: (app, part) => greenPartReaders(app, part),
    act: (row, action, caller) => readsProjectOf(row, caller) && act(row, action, caller)
  })

/** The scheme: its table's actions, comment, preview and send, each its own permission. */
export const greenFitoutsAccess = contract('green-fitouts', 'green_fitouts', (row, action, caller) => action !== 'update' && caslAllows(caller, action, 'green-fitouts', row))

/** A folder: staff add and edit them (`start`), reviewers decide them (`review`); the tenant hands them in (the project's update). */
export const greenFoldersAccess = contract('green-fitout-folders', 'green_fitout_folders', (row, action, caller) =>
  action === 'update'
    ? holdsAny(caller, ['start'])
    : action === 'submit'
      ? caslAllows(caller, 'update', 'tenant-projects', projectOf(row))
      : caslAllows(caller, action === 'updatePoints' || action === 'approve' || action === 'reject' ? 'review' : action, 'green-fitouts', row)
)

/** The history and the comments in it: read with the scheme; written by the acts it records. */
export const greenHistoriesAccess = contract('green-fitout-histories', 'green_fitout_histories', () => false)

const pointsByProject = narrowToProjectReaders('green_fitout_points')

/** The points record (who, old → new, when): staff who read the points; written by the database alone. */
export const greenPointsAccess = defineAccess<TenantProjectPart>({
  subject: 'green-fitout-points',
  narrow: (query, caller) => (seesPoints(caller) ? pointsByProject(query, caller) : query.whereRaw('false')),
  read: (row, caller) => readsProjectOf(row, caller) && seesPoints(caller),
  readers: (app, part) => greenPartReaders(app, part, { pointsOnly: true }),
  act: () => false
})

const portfolioByProject = narrowToProjectReaders('green_fitout_portfolio')

/** The portfolio (every green fit-out by score): as the schemes are read, and only by those who see points. */
export const greenPortfolioAccess = defineAccess<TenantProjectPart>({
  subject: 'green-fitout-portfolio',
  narrow: (query, caller) => (seesPoints(caller) ? portfolioByProject(query, caller) : query.whereRaw('false')),
  read: (row, caller) => readsProjectOf(row, caller) && seesPoints(caller),
  readers: (app, part) => greenPartReaders(app, part, { pointsOnly: true }),
  act: () => false
})
