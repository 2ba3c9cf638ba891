import type { HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { ccdCompanySchema } from './ccdcompanies.schema.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { ccdcompaniesPath } from './ccdcompanies.shared.js'

/*
 * Who reads and writes the companies of the central contacts database (the company screens):
 * staff through their `ccdcompanies` rules (`any`: every company of the region; `own`: those they
 * keep, `managedBy`). Vendors and tenants read their own company through the platform's
 * `companies`; here they are refused (403). Live events: channels.ts's ability filter, same rules.
 */

const caslCheck = authorize(ccdCompanySchema)

export const authorizeCompanies = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  if (!params.user || portalOf(params.user.userType) !== 'staff') throw appError(403, 'FORBIDDEN')
  return caslCheck(context)
}

/** The companies' access contract (kit/access.ts): staff by their CASL rules, nobody else. */
export const companiesAccess = defineAccess<{ id: number; managedBy?: number | null }>({
  subject: ccdcompaniesPath,
  read: (company, caller) => !caller.provider || (caller.user != null && portalOf(caller.user.userType) === 'staff' && caslAllows(caller, 'read', ccdcompaniesPath, company)),
  act: (company, action, caller) => !caller.provider || (caller.user != null && portalOf(caller.user.userType) === 'staff' && caslAllows(caller, action, ccdcompaniesPath, company))
})
