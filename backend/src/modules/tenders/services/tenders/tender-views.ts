import type { Params } from '@feathersjs/feathers'
import type { HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { vendorHiddenTenderFields } from './tenders.shared.js'
import { tenderAccounts } from './tender-representatives.js'

// What each caller reads of a tender (the fields; tenders.access.ts decides which tenders): bidding
// vendors the vendor view, staff and representatives the whole record with its accounts.

/** A bidding vendor's call (internal calls are not). */
export const isVendor = (params: Params) => Boolean(params.provider && params.user && portalOf(params.user.userType) === 'vendors')

/** Fields a caller may not filter or sort the list on (400 INVALID_QUERY): those hidden from bidding vendors. */
export function hiddenQueryFields(params: Params, query: Record<string, any>): string[] {
  return isVendor(params) ? vendorHiddenTenderFields.filter((field) => field in query || field in (query.$sort ?? {})) : []
}

const hiddenFromVendors = new Set<string>(vendorHiddenTenderFields)

/** A tender as a bidding vendor reads it: without the internal fields (see vendorHiddenTenderFields). */
export function vendorTenderView(record: any) {
  if (!record || typeof record !== 'object') return record
  // Copied field by field, leaving the hidden ones out (deleting them from a copy made every row slow to print).
  const copy: Record<string, any> = {}
  for (const field in record) if (!hiddenFromVendors.has(field) || (field === 'recommendedBidId' && record.status === 'AWARDED')) copy[field] = record[field]
  // A pending addendum is internal: vendors read the issued version until it is issued.
  if (record.addendumStatus && typeof copy.version === 'number') copy.version = Math.max(0, copy.version - 1)
  // The engineer's rates are the estimate behind the budget: vendors price the items themselves.
  if (Array.isArray(copy.lineItemGroups)) {
    copy.lineItemGroups = copy.lineItemGroups.map((group: any) => ({
      ...group,
      lineItems: (group?.lineItems ?? []).map(({ rate: _estimate, ...item }: any) => item)
    }))
  }
  return copy
}

/** Bidding vendors read the vendor view; staff and representatives (vendor-portal ones too) the whole tender. */
export const readsVendorView = (params: Params) => isVendor(params) && !(params as any).representative

/**
 * After every method: the one place vendors' answers lose the internal fields (analysis,
 * approver, reject reason, the recommendation until the award, the engineer's rates of the line
 * items); `tenderEventReaders` does the same for live events.
 */
export const tenderFieldsView = async (context: HookContext) => {
  if (!readsVendorView(context.params) || !context.result) return context
  const result = context.result
  context.result = Array.isArray(result) ? result.map(vendorTenderView) : Array.isArray(result.data) ? { ...result, data: result.data.map(vendorTenderView) } : vendorTenderView(result)
  return context
}

/**
 * The tender's accounts (spec §7 GET tenders/{id}/accounts) ride on the tender read with
 * `withAccounts=true` (the review screens ask for them) and on `setAccounts`, for staff and
 * representatives, with `isRepresentative` for the caller; bidding vendors never see them.
 */
export const withAccounts = async (context: HookContext) => {
  const { params, result } = context
  if (!params.provider || !params.user || !result?.id) return context
  if (context.method === 'get' && !(params as any).withAccounts) return context
  if (readsVendorView(params)) return context
  // Inside a write (setAccounts) the rows are not committed yet: read through its transaction.
  const accounts = await tenderAccounts((params as any).transaction?.trx ?? context.app.get('knex'), result.id)
  context.result = { ...result, accounts, isRepresentative: accounts.some((account) => account.userId === params.user!.id) }
  return context
}
