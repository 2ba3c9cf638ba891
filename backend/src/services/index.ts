import type { Application } from '../declarations.js'
import { auditLog } from './audit-log/audit-log.js'
import { buildings } from './buildings/buildings.js'
import { companies } from './companies/companies.js'
import { departments } from './departments/departments.js'
import { editLocks } from './edit-locks/edit-locks.js'
import { exportsService } from './exports/exports.js'
import { searchService } from './search/search.js'
import { documentsService } from './documents/documents.js'
import { files } from './files/files.js'
import { uploadLimitsService } from './upload-limits/upload-limits.js'
import { locations } from './locations/locations.js'
import { settings } from './settings/settings.js'
import { sites } from './sites/sites.js'
import { mailMessages } from './mail-messages/mail-messages.js'
import { mailTemplates } from './mail-templates/mail-templates.js'
import { profile } from './profile/profile.js'
import { regions } from './regions/regions.js'
import { securityGroups } from './security-groups/security-groups.js'
import { users } from './users/users.js'
import { subAccountQuotas } from './sub-account-quotas/sub-account-quotas.js'
import { authOptions } from './auth-options/auth-options.js'
import { passwordChanges } from './password-changes/password-changes.js'
import { passwordResets } from './password-resets/password-resets.js'
import { twoFactorCodes } from './two-factor-codes/two-factor-codes.js'
import { unlockRequests } from './unlock-requests/unlock-requests.js'
import { publicHolidays } from './public-holidays/public-holidays.js'

// Every service of the app, registered once: the platform's, then every module's (its manifest).
export const services = (app: Application) => {
  app.configure(buildings)
  app.configure(sites)
  app.configure(locations)
  app.configure(departments)
  app.configure(publicHolidays)
  app.configure(settings)
  app.configure(companies)
  app.configure(auditLog)
  app.configure(editLocks)
  app.configure(regions)
  app.configure(users)
  app.configure(subAccountQuotas)
  app.configure(securityGroups)
  app.configure(profile)
  app.configure(mailMessages)
  app.configure(mailTemplates)
  app.configure(passwordResets)
  app.configure(unlockRequests)
  app.configure(passwordChanges)
  app.configure(twoFactorCodes)
  app.configure(authOptions)
  app.configure(files)
  app.configure(uploadLimitsService)
  for (const module of app.get('modules')) for (const service of module.services) app.configure(service)
  app.configure(documentsService)
  // Last: exports and the search read through the other services.
  app.configure(exportsService)
  app.configure(searchService)
}
