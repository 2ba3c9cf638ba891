export const bidsPath = 'bids'
export const bidsMethods = ['find', 'get', 'save', 'submit', 'decline', 'reopen'] as const
/** Sealed fields: a bid's prices, terms acceptance and receipt. */
export const sealedBidFields = ['content', 'termsAccepted', 'receiptDigest'] as const
