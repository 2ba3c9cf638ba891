import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { RECEIPT_NONCE_BYTES, canonicalJson, checkReceipt, isReceiptDigest, receiptText, toIsoInstant, type ReceiptCheck } from './bid-receipt.shared.js'

/*
 * A receipt for a submitted bid: what the vendor sent and when, sealed by a SHA-256 digest over
 * the bid and a random nonce, so a sealed bid can later be shown unchanged and the digest alone
 * tells nothing of the prices. The canonical form is documented in bid-receipt.shared.ts.
 * SERVER ONLY (node:crypto): never import from the browser or from *.shared.ts files.
 */

export { canonicalJson }

export interface BidReceipt {
  digest: string
  nonce: string
  submittedAt: string
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** 32 bytes from the operating system's CSPRNG, as 64 lower-case hex characters. */
export function newReceiptNonce(): string {
  return randomBytes(RECEIPT_NONCE_BYTES).toString('hex')
}

/** The receipt of this content at this time; a fresh nonce unless one is given (tests, checks). */
export function bidReceipt(bidContent: unknown, submittedAt: Date | string, nonce: string = newReceiptNonce()): BidReceipt {
  const iso = toIsoInstant(submittedAt)
  return { digest: sha256Hex(receiptText(bidContent, iso, nonce)), nonce, submittedAt: iso }
}

/** True when the digest is the receipt of this content at this time with this nonce (constant-time compare). */
export function verifyBidReceipt(content: unknown, submittedAt: Date | string, nonce: string, digest: string): boolean {
  if (!isReceiptDigest(digest)) return false
  let expected: Buffer
  try {
    expected = Buffer.from(bidReceipt(content, submittedAt, nonce).digest, 'hex')
  } catch {
    return false // a malformed nonce or instant is no receipt
  }
  return timingSafeEqual(expected, Buffer.from(digest.toLowerCase(), 'hex'))
}

/** VERIFIED / FAILED / NO_NONCE (issued before nonces) / NONE for a bid as the reader holds it. */
export function receiptCheckOf(bid: { content?: unknown; submittedAt?: unknown; receiptNonce?: unknown; receiptDigest?: unknown }): ReceiptCheck {
  return checkReceipt(bid, sha256Hex)
}
