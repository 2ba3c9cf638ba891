import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { ccdContactSchema } from './ccdcontacts.schema.js'
import { ccdcontactsPath } from './ccdcontacts.shared.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'

/*
 * Who reads and writes contacts of the central contacts database, in one place and in CASL's
 * vocabulary (used by find, get, every write, merge, the export and the live events):
 * - staff through their `ccdcontacts` rules: `any`, every contact of the region; `own`, the
 *   contacts they keep (`managedBy`);
 * - vendors through their `ccdcontacts` rules, whose `own` is their company (`companyId`): they
 *   read and edit their company's contacts only, and another vendor's contact is not found (404);
 * - tenants: none here (their contacts come with their tenancy); anyone else neither.
 * Live events go through channels.ts's ability filter with the same rules; the export needs
 * `ccdcontacts:export` besides read.
 */

const caslCheck = authorize(ccdContactSchema)

const portalOfCaller = (params: Params) => (params.user ? portalOf(params.user.userType) : null)

/** Whether the caller may read this contact (internal calls may). */
export function mayReadContact(params: Params, contact: { id: number; companyId: number; managedBy?: number | null }): boolean {
  if (!params.provider) return true
  const portal = portalOfCaller(params)
  if (portal !== 'staff' && portal !== 'vendors') return false
  return Boolean((params as any).ability?.can('read', subject(ccdcontactsPath, { ...contact })))
}

/**
 * Before every method and after reads and writes: staff and vendors pass through their CASL
 * rules (403 without any, conditions added to the query, so a record outside them is 404);
 * tenants and other portals are refused (403).
 */
export const authorizeContacts = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const portal = portalOfCaller(params)
  if (portal !== 'staff' && portal !== 'vendors') throw appError(403, 'FORBIDDEN')
  return caslCheck(context)
}

/**
 * Before create and patch: a vendor's contact is of its own company. A create without a company
 * takes the vendor's; a vendor never moves a contact to another company (403).
 */
export const vendorsOwnCompany = async (context: HookContext) => {
  const { params, data } = context
  if (!params.provider || portalOfCaller(params) !== 'vendors' || !data || Array.isArray(data)) return context
  const own = params.user?.companyId ?? -1
  if (context.method === 'create' && data.companyId === undefined) context.data = { ...data, companyId: own }
  else if (data.companyId !== undefined && Number(data.companyId) !== Number(own)) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * Before merge: both contacts must be readable by the caller (404 otherwise, as for any other id)
 * and the caller's ability must allow `merge` on both (403).
 */
export const authorizeMerge = async (context: HookContext) => {
  const { params, data } = context
  if (!params.provider) return context
  const portal = portalOfCaller(params)
  if (portal !== 'staff' && portal !== 'vendors') throw appError(403, 'FORBIDDEN')
  const service = context.self as any
  const { query: _query, casl: _casl, transaction: _trx, afterCommit: _after, ...caller } = params as any
  const records: any[] = []
  for (const id of [data.id, data.mergeId]) {
    try {
      records.push(await service.get(id, { ...caller, query: {} }))
    } catch (error: any) {
      if (error?.code === 404 || error?.code === 403) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
  if (!records.every((record) => (params as any).ability?.can('merge', subject(ccdcontactsPath, { ...record })))) throw appError(403, 'FORBIDDEN')
  return context
}

/** The export of the list needs `ccdcontacts:export` (spec §6: export contacts), and writes the entries as text columns. */
export const exportRights = async (context: HookContext) => {
  const { params } = context
  if (!(params as any).exporting || !params.provider) return context
  if (!params.ability?.can('export', ccdcontactsPath)) throw appError(403, 'FORBIDDEN')
  return context
}

const joined = (contact: any, kind: string) =>
  (contact.channels ?? [])
    .filter((channel: any) => channel.kind === kind)
    .map((channel: any) => channel.value)
    .join('; ')

/** After an export's find: the entries by kind, as text. */
export const exportRows = async (context: HookContext) => {
  if (!(context.params as any).exporting || !context.result) return context
  const flatten = ({ channels: _channels, searchText: _search, ...contact }: any) => ({
    ...contact,
    phones: joined({ channels: _channels }, 'PHONE'),
    emails: joined({ channels: _channels }, 'EMAIL'),
    faxes: joined({ channels: _channels }, 'FAX'),
    addresses: joined({ channels: _channels }, 'ADDRESS')
  })
  const result = context.result
  context.result = Array.isArray(result) ? result.map(flatten) : { ...result, data: result.data.map(flatten) }
  return context
}

/** The contacts' access contract (kit/access.ts): staff and vendors by their CASL rules, nobody else. */
export const contactsAccess = defineAccess<{ id: number; companyId: number; managedBy?: number | null }>({
  subject: ccdcontactsPath,
  read: (contact, caller) => mayReadContact(caller, contact),
  act: (contact, action, caller) => !caller.provider || (['staff', 'vendors'].includes(portalOfCaller(caller) ?? '') && caslAllows(caller, action, ccdcontactsPath, contact))
})
