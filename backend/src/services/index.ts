import type { Application } from '../declarations.js'
import { tenderApprovers } from '../modules/tenders/services/tender-approvers/tender-approvers.js'
import { tenderReviewers } from '../modules/tenders/services/tender-reviewers/tender-reviewers.js'
import { tenderComparisons } from '../modules/tenders/services/tender-comparisons/tender-comparisons.js'
import { auditLog } from './audit-log/audit-log.js'
import { buildings } from './buildings/buildings.js'
import { companies } from './companies/companies.js'
import { departments } from './departments/departments.js'
import { editLocks } from './edit-locks/edit-locks.js'
import { exportsService } from './exports/exports.js'
import { files } from './files/files.js'
import { locations } from './locations/locations.js'
import { settings } from './settings/settings.js'
import { sites } from './sites/sites.js'
import { mailMessages } from './mail-messages/mail-messages.js'
import { profile } from './profile/profile.js'
import { regions } from './regions/regions.js'
import { securityGroups } from './security-groups/security-groups.js'
import { users } from './users/users.js'
import { authOptions } from './auth-options/auth-options.js'
import { passwordChanges } from './password-changes/password-changes.js'
import { passwordResets } from './password-resets/password-resets.js'
import { twoFactorCodes } from './two-factor-codes/two-factor-codes.js'
import { unlockRequests } from './unlock-requests/unlock-requests.js'
import { purchaseRequests } from '../modules/tenders/services/purchase-requests/purchase-requests.js'
import { tenderChecks } from '../modules/tenders/services/tender-checks/tender-checks.js'
import { tenders } from '../modules/tenders/services/tenders/tenders.js'
import { bids } from '../modules/tenders/services/bids/bids.js'
import { tenderQueries } from '../modules/tenders/services/queries/tender-queries.js'
import { tenderRevisions } from '../modules/tenders/services/tender-revisions/tender-revisions.js'
import { documentsService } from '../modules/tenders/services/documents/documents.js'
import { purchaseOrders } from '../modules/tenders/services/purchase-orders/purchase-orders.js'
import { contracts } from '../modules/tenders/services/contracts/contracts.js'
import { tenderTerms } from '../modules/tenders/services/tender-terms/tender-terms.js'
import { tenderDocuments } from '../modules/tenders/services/tender-documents/tender-documents.js'

// Every service of the app, registered once; a module adds its line here.
export const services = (app: Application) => {
  app.configure(buildings)
  app.configure(sites)
  app.configure(locations)
  app.configure(departments)
  app.configure(settings)
  app.configure(companies)
  app.configure(auditLog)
  app.configure(editLocks)
  app.configure(regions)
  app.configure(users)
  app.configure(securityGroups)
  app.configure(profile)
  app.configure(mailMessages)
  app.configure(passwordResets)
  app.configure(unlockRequests)
  app.configure(passwordChanges)
  app.configure(twoFactorCodes)
  app.configure(authOptions)
  app.configure(files)
  app.configure(purchaseRequests)
  app.configure(tenderChecks)
  app.configure(tenders)
  app.configure(bids)
  app.configure(tenderQueries)
  app.configure(tenderRevisions)
  app.configure(tenderTerms)
  app.configure(tenderDocuments)
  app.configure(purchaseOrders)
  app.configure(contracts)
  app.configure(documentsService)
  app.configure(tenderApprovers)
  app.configure(tenderReviewers)
  app.configure(tenderComparisons)
  // Last: exports reads through the other services.
  app.configure(exportsService)
}
