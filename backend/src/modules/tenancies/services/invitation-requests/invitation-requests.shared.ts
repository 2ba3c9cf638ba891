// Browser-safe: the path and the call of an invitation request (see invitation-requests.class.ts).
export const tenancyInvitationRequestsPath = 'tenancy-invitation-requests'
export const tenancyInvitationRequestsMethods = ['get', 'create'] as const

/** The answer: the request as sent, and how many account administrators it went to. */
export interface TenancyInvitationRequestResult {
  id: number
  tenancyId: number
  email: string
  displayName: string
  recipients: number
}

/** `GET tenancy-invitation-requests/{tenancyId}`: whether asking makes sense (no master account yet, someone to ask). */
export interface TenancyInvitationRequestState {
  id: number
  tenancyId: number
  hasMasterAccount: boolean
  inviters: number
}
