import { Type, getValidator } from '@feathersjs/typebox'
import { queryValidator, schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { TenancyInvitationRequestService, invitationRequesters } from './invitation-requests.class.js'
import { tenancyInvitationRequestDataValidator } from './invitation-requests.schema.js'
import { tenancyInvitationRequestsMethods, tenancyInvitationRequestsPath } from './invitation-requests.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenancyInvitationRequestsPath]: TenancyInvitationRequestService
  }
}

/** Nothing to filter: the region (set by the region scope) only. */
const invitationRequestQueryValidator = getValidator(Type.Object({ region: Type.Optional(Type.String()) }, { $id: 'TenancyInvitationRequestQuery', additionalProperties: false }), queryValidator)

/** Staff ask the account administrators to invite a tenancy's master account (invitation-requests.class.ts). */
export const tenancyInvitationRequests = (app: Application) => {
  app.use(tenancyInvitationRequestsPath, new TenancyInvitationRequestService(app), {
    methods: [...tenancyInvitationRequestsMethods],
    events: [],
    regional: true,
    feature: 'TENANCY_RECORDS'
  } as any)
  app.service(tenancyInvitationRequestsPath).hooks({
    before: {
      get: [invitationRequesters, schemaHooks.validateQuery(invitationRequestQueryValidator)],
      create: [invitationRequesters, schemaHooks.validateData(tenancyInvitationRequestDataValidator)]
    }
  } as any)
}
