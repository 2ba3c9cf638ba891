export const authOptionsPath = 'auth-options'
export const authOptionsMethods = ['find'] as const

/** What the login page needs to know before anyone signs in. */
export interface AuthOptions {
  /** The directory stand-in (`strategy: 'ad-mock'`) is on: show the picker of `adUsers`. */
  adMock: boolean
  /** Directory sign-in through OpenID Connect: a link to `/v1/oauth/ad`. */
  oidc: boolean
  /** External users get an e-mailed code after their password. */
  forceTwoFactor: boolean
  codeExpirySeconds: number
  codeResendSeconds: number
  adUsers?: Array<{ username: string; displayName: string }>
}
