// Browser-safe: the tenancy's status (PRODUCT.md "Tenancy: ACTIVE ⇄ INACTIVE"), one table for the
// server's status call and the screen's status button. Both moves need `tenancies:changeStatus`.
import { defineWorkflow } from '../../../../kit/workflow.js'

export const tenancyWorkflow = defineWorkflow({
  ACTIVE: [{ action: 'deactivate', to: 'INACTIVE', permission: 'changeStatus' }],
  INACTIVE: [{ action: 'activate', to: 'ACTIVE', permission: 'changeStatus' }]
} as const)

/** The status call carries the lower-cased status it asks for (spec §4); the action that leads there. */
export const tenancyActionTo = (status: 'active' | 'inactive') => (status === 'active' ? 'activate' : 'deactivate')
