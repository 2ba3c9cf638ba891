// Browser-safe: the handover/takeback record's vocabulary (spec hotb §3), shared by the service,
// its validators and the screens.
import { hotbWorkflow } from './hotb.workflow.js'

export const hotbPath = 'hotb'
export const hotbMethods = ['find', 'get', 'create', 'patch', ...hotbWorkflow.actions.map(({ action }) => action)] as const

/** Spec hotb §3 "type (HANDOVER or takeback)". */
export const hotbTypes = ['HANDOVER', 'TAKEBACK'] as const
export type HotbType = (typeof hotbTypes)[number]

/** Spec hotb §3 "premiseBuildingType (initial as-is; values asIs, bareShell, others)". */
export const premiseBuildingTypes = ['asIs', 'bareShell', 'others'] as const
export type PremiseBuildingType = (typeof premiseBuildingTypes)[number]

/** Limits of the record's texts. */
export const hotbLimits = { name: 200, remark: 4000, reason: 1000, contactName: 200, phone: 64, email: 254, additionalEmails: 20, premises: 200 } as const

/** The fields staff edit on the record's information tab (patch), while it is editable. */
export const hotbEditableFields = [
  'name',
  'premiseBuildingType',
  'premises',
  'remarkToTenant',
  'specialRemark',
  'amRemark',
  'tenantContactName',
  'tenantContactPhone',
  'tenantContactEmail',
  'companyContactName',
  'companyContactPhone',
  'companyContactEmail',
  'additionalEmails'
] as const
