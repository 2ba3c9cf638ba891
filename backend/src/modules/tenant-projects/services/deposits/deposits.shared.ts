// Browser-safe: the deposit ledger's services (issue 30 items 1 to 4), shared by the services,
// their validators and the project control tab.
import { refundWorkflow } from './refund.workflow.js'

export const depositsPath = 'tenant-project-deposits'
/** Record (create), edit (patch), and the deposit notice to the project manager and accounting (spec "deposit notices"). */
export const depositsMethods = ['find', 'get', 'create', 'patch', 'notify'] as const

export const deductionsPath = 'tenant-project-deductions'
export const deductionsMethods = ['find', 'get', 'create'] as const

export const refundsPath = 'tenant-project-refunds'
/** The tenant's request (create) and the refund table's actions (refund.workflow.ts). */
export const refundsMethods = ['find', 'get', 'create', ...refundWorkflow.actions.map(({ action }) => action)] as const

export const managementFeesPath = 'tenant-project-management-fees'
export const managementFeesMethods = ['find', 'get', 'create', 'patch', 'notify'] as const

/** Spec §3 "Payee options: subject to review, direct to tenant, other payee (name and mailing address)". */
export const depositPayeeTypes = ['SUBJECT_TO_REVIEW', 'DIRECT', 'OTHER'] as const
/** Spec §3 "Refund: ... isDirect, creditTo, payeeName, address". */
export const refundPayeeTypes = ['CREDIT_TO', 'DIRECT', 'OTHER'] as const

export const depositLimits = { payeeName: 200, address: 1000, cheque: 60, reason: 1000, note: 1000, code: 60, amountText: 30 } as const
