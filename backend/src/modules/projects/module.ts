import { seedProjectDocuments } from './seeds/demo-documents.js'
import type { Knex } from 'knex'
import type { ModuleManifest } from '../manifest.js'
import { projectsShared } from './module.shared.js'
import enUS from './locales/en-US.js'
import zhCN from './locales/zh-CN.js'
import { projectMailFields } from './mail/templates.js'
import { projects as projectsService } from './services/projects/projects.js'
import { projectMeta } from './services/project-meta/project-meta.js'
import { projectInspectors } from './services/project-inspectors/project-inspectors.js'
import { projectContractors } from './services/project-contractors/project-contractors.js'
import { projectSubmissions } from './services/project-submissions/project-submissions.js'
import { projectScheduleLines } from './services/project-schedule-lines/project-schedule-lines.js'
import { projectChangeOrders } from './services/project-change-orders/project-change-orders.js'
import { projectSubmissionVersions } from './services/project-submissions/project-submission-versions.js'
import { projectRetentionCalendar } from './services/project-retention-calendar/project-retention-calendar.js'
import { projectSubmissionDocument } from './claims/documents/renderer.js'
import { claimDocumentType } from './claims/documents/claim-document.shared.js'
import { projectSubmissionCertificate } from './claims/documents/certificate-renderer.js'
import { claimCertificateType } from './claims/documents/certificate.shared.js'
import * as projectSubmissionDecisions from './migrations/20261202020100_project_submission_decisions.js'
import { benchClaimDocument } from './claims/documents/bench.js'
import { benchClaimScreen } from './claims/bench.js'
import { seedSubmissions } from './seeds/submissions.js'
import { projectFolders } from './services/project-folders/project-folders.js'
import { projectDocuments } from './services/project-documents/project-documents.js'
import { projectPoAttachments } from './services/project-po-attachments/project-po-attachments.js'
import { seedProjects } from './seeds/projects.js'
import { benchProjects } from './seeds/bench.js'
import { vendorRatings } from './services/vendor-ratings/vendor-ratings.js'
import { vendorRatingTasks } from './services/vendor-rating-tasks/vendor-rating-tasks.js'
import { vendorPerformance } from './services/vendor-performance/vendor-performance.js'
import { vendorPerformanceSettingDefaults } from './services/vendor-ratings/vendor-ratings.settings.js'
import { vendorRatingsEnUS, vendorRatingsZhCN } from './services/vendor-ratings/vendor-ratings.locales.js'
import { vendorRatingSpecAliases } from './services/vendor-ratings/vendor-ratings.spec-aliases.js'
import { seedVendorRatings } from './seeds/vendor-ratings.js'
import * as vendorRatingsTables from './migrations/20261201050000_vendor_ratings.js'
import * as grantsOfVendorRatings from './migrations/20261201050100_grants_of_vendor_ratings.js'
import { projectSpecAliases } from './spec-aliases.js'
import * as projectsTable from './migrations/20261128010000_projects.js'
import * as grantsOfProjects from './migrations/20261128010100_grants_of_projects.js'
import * as projectContractorsTable from './migrations/20261128010200_project_contractors.js'
import * as grantsOfProjectContractors from './migrations/20261128010300_grants_of_project_contractors.js'
import * as projectSubmissionsTables from './migrations/20261201010000_project_submissions.js'
import * as grantsOfProjectSubmissions from './migrations/20261201010100_grants_of_project_submissions.js'
import * as projectRetentionReminders from './migrations/20261201010200_project_retention_reminders.js'
import * as projectSubmissionDocuments from './migrations/20261201030000_project_submission_documents.js'
import * as projectFoldersTable from './migrations/20261201040000_project_folders.js'
import * as projectDocumentsTable from './migrations/20261201040001_project_documents.js'
import * as grantsOfProjectDocuments from './migrations/20261201040002_grants_of_project_documents.js'
import * as projectsListIndex from './migrations/20261201040003_projects_list_index.js'
import * as projectsSiteIndex from './migrations/20261202040000_projects_site_index.js'
import * as projectsSearchIndex from './migrations/20261202020000_projects_search_index.js'
import * as projectChangeOrdersTable from './migrations/20261206100000_project_change_orders.js'
import * as projectPartReaders from './migrations/20261206170000_project_part_readers.js'

/** A part's catalogue (errors, values, fields) beside the module's own: each of its sections merged in. */
function withCatalogue<T extends Record<string, any>>(base: T, part: Record<string, Record<string, unknown>>): T {
  const merged: Record<string, any> = { ...base }
  for (const [section, entries] of Object.entries(part)) merged[section] = { ...(base as any)[section], ...entries }
  return merged as T
}

/**
 * Non-tenant projects (spec §2 to §9, feature HONGKONG_LAND_PROJECTS): projects raised from the
 * purchase orders and contracts of awarded tenders, their workflow and who sees them.
 */
export const projects: ModuleManifest = {
  ...projectsShared,
  services: [
    projectsService,
    projectMeta,
    projectInspectors,
    projectContractors,
    projectSubmissions,
    projectScheduleLines,
    projectChangeOrders,
    projectSubmissionVersions,
    projectRetentionCalendar,
    projectFolders,
    projectDocuments,
    projectPoAttachments,
    vendorRatings,
    vendorRatingTasks,
    vendorPerformance
  ],
  migrations: {
    '20261128010000_projects': projectsTable,
    '20261128010100_grants_of_projects': grantsOfProjects,
    '20261128010200_project_contractors': projectContractorsTable,
    '20261128010300_grants_of_project_contractors': grantsOfProjectContractors,
    '20261201010000_project_submissions': projectSubmissionsTables,
    '20261201010100_grants_of_project_submissions': grantsOfProjectSubmissions,
    '20261201010200_project_retention_reminders': projectRetentionReminders,
    '20261201030000_project_submission_documents': projectSubmissionDocuments,
    '20261201040000_project_folders': projectFoldersTable,
    '20261201040001_project_documents': projectDocumentsTable,
    '20261201040002_grants_of_project_documents': grantsOfProjectDocuments,
    '20261201040003_projects_list_index': projectsListIndex,
    '20261201050000_vendor_ratings': vendorRatingsTables,
    '20261201050100_grants_of_vendor_ratings': grantsOfVendorRatings,
    '20261202020000_projects_search_index': projectsSearchIndex,
    '20261202020100_project_submission_decisions': projectSubmissionDecisions,
    '20261202040000_projects_site_index': projectsSiteIndex,
    '20261206100000_project_change_orders': projectChangeOrdersTable,
    '20261206170000_project_part_readers': projectPartReaders
  },
  grants: {
    '20261128010100_grants_of_projects': grantsOfProjects.grantsByGroup,
    '20261128010300_grants_of_project_contractors': grantsOfProjectContractors.grantsByGroup,
    '20261201010100_grants_of_project_submissions': grantsOfProjectSubmissions.grantsByGroup,
    '20261201040002_grants_of_project_documents': grantsOfProjectDocuments.grantsByGroup,
    '20261201050100_grants_of_vendor_ratings': grantsOfVendorRatings.grantsByGroup
  },
  mailFields: projectMailFields,
  messages: { 'en-US': withCatalogue(enUS, vendorRatingsEnUS), 'zh-CN': withCatalogue(zhCN, vendorRatingsZhCN) },
  specAliases: [...projectSpecAliases, ...vendorRatingSpecAliases],
  settingDefaults: { ...vendorPerformanceSettingDefaults },
  // The claim document (G702 / G703) of a frozen claim version: documents/projectSubmission/<id>?version=<n>.
  // And the certificate of the decision on a version: documents/projectSubmissionCertificate/<id>?version=<n>.
  documents: { [claimDocumentType]: projectSubmissionDocument, [claimCertificateType]: projectSubmissionCertificate },
  // `npm run bench` (issue 12): the project lists on 20,000 projects, the claim screen of 60 claims of 500 lines, and the claim PDF of 500 lines.
  bench: async (db) => [...(await benchProjects(db)), ...(await benchClaimScreen(db)), ...(await benchClaimDocument(db))],
  async seedDemo(trx: Knex) {
    await seedProjects(trx)
    await seedSubmissions(trx)
    await seedProjectDocuments(trx)
    await seedVendorRatings(trx)
  }
}
