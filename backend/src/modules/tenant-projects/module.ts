import type { ModuleManifest } from '../manifest.js'
import { tenantProjectsShared } from './module.shared.js'
import enUS from './locales/en-US.js'
import zhCN from './locales/zh-CN.js'
import { tenantProjects as tenantProjectsService } from './services/tenant-projects/tenant-projects.js'
import { tenantProjectAccounts } from './services/tenant-project-accounts/tenant-project-accounts.js'
import { tenantProjectContractors } from './services/tenant-project-contractors/tenant-project-contractors.js'
import { tenantSubmissions } from './services/tenant-submissions/tenant-submissions.js'
import { tenantProjectMailFields } from './mail/templates.js'
import { tenantProjectSettingDefaults } from './settings.js'
import { submissionBatchRenderer } from './documents/submission-batch.js'
import { seedTenantProjects } from './seeds/demo.js'
import { benchTenantProjects } from './seeds/bench.js'
import { tenantProjectSpecAliases } from './spec-aliases.js'
import * as tenantProjectsTable from './migrations/20261207000100_tenant_projects.js'
import * as grantsOfTenantProjects from './migrations/20261207000200_grants_of_tenant_projects.js'
import * as tenantProjectPeople from './migrations/20261207000300_tenant_project_people.js'
import * as tenantSubmissionsTables from './migrations/20261207000400_tenant_submissions.js'
import * as grantsOfTenantSubmissions from './migrations/20261207000600_grants_of_tenant_submissions.js'
import * as projectControlTables from './migrations/20261207000700_project_control.js'
import * as partsFollowEveryPart from './migrations/20261207000990_parts_follow_every_part.js'
import { guidelines } from './services/guidelines/guidelines.js'
import * as guidelinesTable from './migrations/20261207000500_guidelines.js'
import * as grantsOfGuidelines from './migrations/20261207000510_grants_of_guidelines.js'
import { tenantProjectInspections } from './services/tenant-project-inspections/tenant-project-inspections.js'
import { tenantProjectFinalDocuments } from './services/tenant-project-final-documents/tenant-project-final-documents.js'
import { tenantProjectInsurance } from './services/tenant-project-insurance/tenant-project-insurance.js'
import { projectControlMailFields } from './mail/control-templates.js'
import * as inspectionMailTables from './migrations/20261207000900_inspection_mail.js'
import * as grantsOfInspections from './migrations/20261207000910_grants_of_inspections.js'
import { depositLedger } from './services/deposits/deposits.js'
import { depositMailFields } from './mail/deposit-templates.js'
import { depositStatementRenderer } from './documents/deposit-statement.js'
import * as depositTables from './migrations/20261207000800_deposits.js'
import * as grantsOfDeposits from './migrations/20261207000810_grants_of_deposits.js'
import { greenFitouts } from './services/green-fitouts/green-fitouts.js'
import { greenFitoutMailFields } from './mail/green-fitout-templates.js'
import * as greenFitoutTables from './migrations/20261207001100_green_fitouts.js'
import * as grantsOfGreenFitouts from './migrations/20261207001110_grants_of_green_fitouts.js'
import * as listIndexes from './migrations/20261210000100_list_indexes.js'
import { tenantProjectPostFitouts } from './services/post-fitout-submissions/post-fitout-submissions.js'
import { postFitoutMailFields } from './mail/post-fitout-templates.js'
import * as postFitoutTables from './migrations/20261207001000_post_fitout.js'
import * as grantsOfPostFitout from './migrations/20261207001010_grants_of_post_fitout.js'

/** What the work permit module reads of a tenant project (spec §4 "available for work permits unless WITHDRAWN or COMPLETED"). */
export { availableForWorkPermits } from './services/tenant-projects/tenant-projects.shared.js'
/** Test factories: a project, its accounts and contractor rows, its submission batches. */
export { createTenantProject, createTenantProjectAccount, createTenantProjectContractor, createSubmissionBatch } from './seeds/factories.js'
/** Test factory: one version of a type's guidelines. */
export { createGuidelineSet } from './seeds/guidelines.js'
/** Test factories: an inspection, its follow-up item, a final documents record. */
export { createInspection, createFollowUp, createFinalDocuments } from './seeds/control.js'
/** What the work permit module reads of a project's insurance (spec §5 "beyond the confirmed insurance date"). */
export { insuredUntil } from './services/tenant-project-insurance/tenant-project-insurance.js'
/** What the deposit refund asks: the final documents COMPLETED or EXEMPTED (spec §4 "completion triggers deposit refund"). */
export { finalDocumentsSettled } from './services/tenant-project-final-documents/tenant-project-final-documents.class.js'
/** Test factories: a project's deposit with its deductions, a refund in a given state. */
export { createDeposit, createRefund } from './seeds/deposits.js'
/** Its door for the takeback (issue 31 §5): a tenancy's deteriorated items deducted from its fit-out deposit. */
export { deductFromTenancyDeposit, type DepositDeductionRequest } from './doors.js'
/** Test factories: a project's green fit-out and its folders (points awarded, decided). */
export { createGreenFitout, createGreenFolder } from './seeds/green-fitouts.js'
/** Test factory: a post-fit-out round, UNDER_REVIEW or COMPLETED. */
export { createPostFitout } from './seeds/post-fitout.js'

/**
 * Tenant fit-out projects (spec tenant projects §1 to §9, feature TENANT_PROJECTS): a tenancy's
 * fit-out, reinstatement or facade works, created and submitted by the tenant, run by staff.
 */
export const tenantProjects: ModuleManifest = {
  ...tenantProjectsShared,
  services: [
    tenantProjectsService,
    tenantProjectAccounts,
    tenantProjectContractors,
    tenantSubmissions,
    guidelines,
    depositLedger,
    tenantProjectInspections,
    tenantProjectFinalDocuments,
    tenantProjectInsurance,
    greenFitouts,
    tenantProjectPostFitouts
  ],
  migrations: {
    '20261207000100_tenant_projects': tenantProjectsTable,
    '20261207000200_grants_of_tenant_projects': grantsOfTenantProjects,
    '20261207000300_tenant_project_people': tenantProjectPeople,
    '20261207000400_tenant_submissions': tenantSubmissionsTables,
    '20261207000500_guidelines': guidelinesTable,
    '20261207000510_grants_of_guidelines': grantsOfGuidelines,
    '20261207000600_grants_of_tenant_submissions': grantsOfTenantSubmissions,
    '20261207000700_project_control': projectControlTables,
    '20261207000800_deposits': depositTables,
    '20261207000810_grants_of_deposits': grantsOfDeposits,
    '20261207000900_inspection_mail': inspectionMailTables,
    '20261207000910_grants_of_inspections': grantsOfInspections,
    '20261207000990_parts_follow_every_part': partsFollowEveryPart,
    '20261207001000_post_fitout': postFitoutTables,
    '20261207001010_grants_of_post_fitout': grantsOfPostFitout,
    '20261207001100_green_fitouts': greenFitoutTables,
    '20261207001110_grants_of_green_fitouts': grantsOfGreenFitouts,
    '20261210000100_list_indexes': listIndexes
  },
  grants: {
    '20261207000200_grants_of_tenant_projects': grantsOfTenantProjects.grantsByGroup,
    '20261207000510_grants_of_guidelines': grantsOfGuidelines.grantsByGroup,
    '20261207000600_grants_of_tenant_submissions': grantsOfTenantSubmissions.grantsByGroup,
    '20261207000810_grants_of_deposits': grantsOfDeposits.grantsByGroup,
    '20261207000910_grants_of_inspections': grantsOfInspections.grantsByGroup,
    '20261207001010_grants_of_post_fitout': grantsOfPostFitout.grantsByGroup,
    '20261207001110_grants_of_green_fitouts': grantsOfGreenFitouts.grantsByGroup
  },
  settingDefaults: tenantProjectSettingDefaults,
  mailFields: { ...tenantProjectMailFields, ...depositMailFields, ...projectControlMailFields, ...greenFitoutMailFields, ...postFitoutMailFields },
  documents: { 'tenant-submission-batch': submissionBatchRenderer, 'tenant-deposit-statement': depositStatementRenderer },
  messages: { 'en-US': enUS, 'zh-CN': zhCN },
  specAliases: tenantProjectSpecAliases,
  seedDemo: seedTenantProjects,
  bench: benchTenantProjects
}
