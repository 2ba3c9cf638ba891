export const bidsPath = 'bids'
export const bidsMethods = ['find', 'get', 'save', 'submit', 'decline', 'reopen'] as const
/**
 * Sealed fields: a bid's prices, terms acceptance and receipt (digest and nonce). One list for
 * every channel: reads strip them for staff until the tender is opened (bid-seal.ts), and audit
 * rows and live events never carry them (service option `secretFields`, audited-write.ts).
 */
export const sealedBidFields = ['content', 'termsAccepted', 'receiptDigest', 'receiptNonce'] as const
