// Browser-safe: signing a handover/takeback in person (issue 31 §7): the parties, the limits, the paths.

export const hotbSignaturesPath = 'hotb-signatures'
/** `find` lists a record's signatures; `open` opens a signing session for a party. */
export const hotbSignaturesMethods = ['find', 'open'] as const

/** The public signing page's service: `get` the summary of what is signed, `create` the signature (by the link's token). */
export const hotbSigningPath = 'hotb-signing'
export const hotbSigningMethods = ['get', 'create'] as const

/** The public verify page's service: `create` {sha256} answers whether it is a sealed original. */
export const hotbSealChecksPath = 'hotb-seal-checks'
export const hotbSealChecksMethods = ['create'] as const

/** Both parties sign at handover and at takeback. */
export const hotbParties = ['TENANT', 'LANDLORD'] as const
export type HotbParty = (typeof hotbParties)[number]

/** The only method this slice records: drawn on the staff member's device, in their presence. */
export const signingMethod = 'drawn-in-person'

export const signingLimits = {
  /** A signing link lives this long (minutes) and is used once. */
  sessionMinutes: 30,
  /** The drawn signature's PNG, at most this many bytes. */
  imageBytes: 300 * 1024,
  /** And at most this many pixels a side. */
  imageSide: 4000,
  signerName: 200
} as const

/** The states a record is signed in (spec hotb §4: at the appointment, or later once marked unsigned). */
export const signableStates = ['SCHEDULED', 'UNSIGNED'] as const

/** The front end's public pages. */
export const signingPagePath = (token: string) => `/sign/hotb/${token}`
export const verifyPagePath = '/verify/hotb'
