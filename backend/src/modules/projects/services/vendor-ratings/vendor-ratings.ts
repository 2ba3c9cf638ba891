import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { addTenderInvitationCheck } from '../../../tenders/module.js'
import { VendorRatingService } from './vendor-ratings.class.js'
import { staffMay, vendorRatingsAccess } from './vendor-ratings.access.js'
import { checkInviteStandings } from './tender-invite-standing.js'
import { vendorRatingDataValidator, vendorRatingQueryValidator } from './vendor-ratings.schema.js'
import { vendorRatingsMethods, vendorRatingsPath } from './vendor-ratings.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [vendorRatingsPath]: VendorRatingService
  }
}

export const vendorRatings = (app: Application) => {
  app.use(vendorRatingsPath, new VendorRatingService({ Model: app.get('knex'), name: 'vendor_ratings', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...vendorRatingsMethods],
    regional: true,
    feature: 'VENDOR_PERFORMANCE',
    access: vendorRatingsAccess
  } as any)
  app.service(vendorRatingsPath).hooks({
    before: {
      find: [staffMay('read'), schemaHooks.validateQuery(vendorRatingQueryValidator)],
      get: [staffMay('read'), schemaHooks.validateQuery(vendorRatingQueryValidator)],
      // The project is read through its own rules first: a project the caller does not read is 400 REFERENCE_INVALID.
      create: [staffMay('create'), schemaHooks.validateData(vendorRatingDataValidator), resolveReferences({ projectId: 'projects' })]
    }
  } as any)
  // Inviting a Very Poor vendor to a tender needs a reason: a check through the tenders module's door.
  addTenderInvitationCheck(app, checkInviteStandings(app))
}
