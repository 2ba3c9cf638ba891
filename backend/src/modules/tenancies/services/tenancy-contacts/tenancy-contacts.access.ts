import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { extraReaders } from '../../../../kit/channels.js'
import { narrowTenancies, tenanciesAccess, tenancyOfPart, tenantReads, type TenancyPart } from '../tenancies/tenancies.access.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { tenancyContactsPath } from './tenancy-contacts.shared.js'

/*
 * Who reads and writes a tenancy's contacts, in one place (find, get, every write, the confirm
 * call, the exports and the live events): through the tenancy they belong to.
 * - staff who read the tenancy (`tenancies` read: any, or own = in their charge) read its
 *   contacts; linking, changing roles and unlinking take `tenancies:linkContacts` on it (spec §6
 *   tenancy attribute "link contacts");
 * - tenants read the contacts of the tenancies they read (`narrowTenancies`: their own, a master
 *   account its company's) and confirm them as a master account or with the TenancyRecord perm
 *   (spec §6 "editing contacts needs TenancyRecord");
 * - vendors: none (403).
 */

const isStaff = (params: Params) => Boolean(params.user && portalOf(params.user.userType) === 'staff')

/** Whether the caller reads a building's emergency call tree: staff only (internal calls do). */
export const readsCallTree = (params: Params) => !params.provider || isStaff(params)

/** Whether a staff member's `tenancies` read rule is only "own" (the tenancies in their charge). */
function staffReadsOwnOnly(params: Params): boolean {
  const rules = (params as any).ability?.rulesFor?.('read', 'tenancies') ?? []
  return !rules.some((rule: any) => !rule.inverted && !rule.conditions)
}

/** The tenancies the caller reads (a sub-query's `tenancies` rows), beyond the region. */
export function narrowReadTenancies(query: Knex.QueryBuilder, params: Params): Knex.QueryBuilder {
  if (!params.provider || !params.user) return query
  if (isStaff(params)) return staffReadsOwnOnly(params) ? query.where('tenancies.managedBy', params.user.id) : query
  return narrowTenancies(query, params)
}

/** The links of the tenancies the caller reads (the list, get and every write's lock read them alike). */
export function narrowLinks(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  if (!params.provider || !params.user) return query
  return query.whereExists(narrowReadTenancies(db('tenancies').whereRaw('tenancies.id = tenancy_contacts.tenancy_id').select(db.raw('1')), params))
}

/** Before find and get: vendors and callers without a `tenancies` read rule are refused (403). */
export const authorizeLinkRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const portal = params.user ? portalOf(params.user.userType) : null
  if (!portal || portal === 'vendors' || !params.ability?.can('read', 'tenancies')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Before create, patch and remove: staff holding `tenancies:linkContacts` at all (the record's own check follows, 403). */
export const linkWriters = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  if (!isStaff(params) || !params.ability?.can('linkContacts', 'tenancies')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Before confirm: tenants reading tenancies, or staff linking contacts (403 otherwise). */
export const confirmers = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const portal = params.user ? portalOf(params.user.userType) : null
  const allowed = portal === 'tenants' ? params.ability?.can('read', 'tenancies') : portal === 'staff' && params.ability?.can('linkContacts', 'tenancies')
  if (!allowed) throw appError(403, 'FORBIDDEN')
  return context
}

/** 403 unless the external caller may take `action` on this tenancy (its CASL rule, own = in their charge). */
export function assertOnTenancy(params: Params, action: string, tenancy: Record<string, unknown>) {
  if (!params.provider) return
  if (!(params as any).ability?.can(action, subject('tenancies', { ...tenancy }))) throw appError(403, 'FORBIDDEN')
}

/** Whether a tenant confirms this tenancy's contacts: as the master account or with the TenancyRecord perm. */
function tenantConfirms(user: NonNullable<Params['user']>, tenancy: Record<string, unknown>): boolean {
  const own = user.tenancyId === tenancy.id && (user.userType === 601 || (user.tenancyPerms ?? []).includes('TenancyRecord'))
  const master = user.userType === 601 && tenantReads(user as any, tenancy as any)
  return own || master
}

/** A tenant confirms its tenancy's contacts as the master account or with the TenancyRecord perm. */
export function assertMayConfirm(params: Params, tenancy: Record<string, unknown>) {
  if (!params.provider || !params.user) return
  if (isStaff(params)) return assertOnTenancy(params, 'linkContacts', tenancy)
  if (!tenantConfirms(params.user, tenancy)) throw appError(403, 'FORBIDDEN')
}

/**
 * Live events of a link: the connections of its region whose user reads its tenancy (staff by
 * their `tenancies` read rule on it, tenants by `tenantReads` with a read rule). Never a vendor.
 */
async function linkEventReaders(app: Application, data: any) {
  if (!data?.tenancyId || !data.region) return []
  const tenancy = await app.get('knex')('tenancies').where({ id: data.tenancyId }).first('id', 'region', 'companyId', 'managedBy')
  if (!tenancy) return []
  return [
    extraReaders(app, data.region, [], data, (user, ability) => {
      const portal = portalOf(user.userType)
      if (portal === 'staff') return Boolean(ability?.can('read', subject('tenancies', { ...tenancy })))
      if (portal === 'tenants') return tenantReads(user as any, tenancy) && Boolean(ability?.can('read', 'tenancies'))
      return false
    })
  ]
}

/**
 * An export of the list (exports/tenancy-contacts) is of emergency contacts (`isEmergency=true`,
 * `tenancy-contacts:exportEmergency`) or of marketing contacts (`isMarketing=true`,
 * `tenancy-contacts:exportMarketing`); an export of every role takes both rights (403 otherwise).
 */
export const exportRights = async (context: HookContext) => {
  const { params } = context
  if (!(params as any).exporting || !params.provider) return context
  const query = params.query ?? {}
  const asked = (value: unknown) => value === true || value === 'true'
  const rights = asked(query.isEmergency) ? ['exportEmergency'] : asked(query.isMarketing) ? ['exportMarketing'] : ['exportEmergency', 'exportMarketing']
  if (!rights.every((right) => params.ability?.can(right, 'tenancy-contacts'))) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * The contact links' access contract (kit/access.ts): read by whoever reads their tenancy (the
 * copy of its manager and company on the row, `tenancyOfPart`); linked, changed and unlinked by
 * staff holding `tenancies:linkContacts` on it; confirmed also by its tenants as above.
 */
export const tenancyContactsAccess = defineAccess<TenancyPart & Record<string, unknown>>({
  subject: tenancyContactsPath,
  narrow: (query, caller, db) => narrowLinks(query, caller, db),
  read: (link, caller) => tenanciesAccess.read(tenancyOfPart(link), caller),
  act(link, action, caller) {
    if (!caller.provider) return true
    const tenancy = tenancyOfPart(link)
    if (isStaff(caller)) return caslAllows(caller, 'linkContacts', 'tenancies', tenancy)
    return action === 'confirm' && caller.user != null && portalOf(caller.user.userType) === 'tenants' && Boolean(caller.ability?.can('read', 'tenancies')) && tenantConfirms(caller.user, tenancy)
  },
  readers: (app, link) => linkEventReaders(app, link)
})
