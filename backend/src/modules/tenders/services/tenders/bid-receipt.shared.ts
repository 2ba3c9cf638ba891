/*
 * The canonical form of a bid receipt (browser-safe: the vendor's browser re-computes it, and
 * anyone holding the bid after opening can too, with any SHA-256 tool).
 *
 *   digest = hex( SHA-256( UTF-8( canonicalJson({ content, nonce, submittedAt }) ) ) )
 *
 * - content: the bid content as stored when submitted (tncInfo, bidItemQtys, rates, remarks);
 * - nonce: 64 lower-case hex characters, 32 random bytes drawn at submit and kept with the bid;
 * - submittedAt: the submission instant in ISO 8601 UTC with milliseconds ("2026-03-10T08:00:00.000Z");
 * - canonicalJson: JSON with object keys sorted at every depth, array order kept, undefined
 *   members dropped (as JSON does), Dates as their ISO text, no white space.
 *
 * The nonce is why the digest reveals nothing: without it, a bid of one or two line items is
 * found by trying prices until the digest matches (done in seconds). The nonce is a sealed
 * field (bids.shared.ts): the vendor who owns the bid reads it, staff only once the tender is
 * opened, and no mail, audit row or live event carries it.
 */

export const RECEIPT_NONCE_BYTES = 32
const NONCE = /^[0-9a-f]{64}$/
const DIGEST = /^[0-9a-f]{64}$/i

/** JSON with object keys sorted at every depth; the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null'
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return sortKeys((value as { toJSON(): unknown }).toJSON())
  if (Array.isArray(value)) return value.map(sortKeys)
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}

export function toIsoInstant(submittedAt: Date | string): string {
  const date = new Date(submittedAt)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(submittedAt)}`)
  return date.toISOString()
}

export const isReceiptNonce = (nonce: unknown): nonce is string => typeof nonce === 'string' && NONCE.test(nonce)
export const isReceiptDigest = (digest: unknown): digest is string => typeof digest === 'string' && DIGEST.test(digest)

/** The text whose SHA-256 is the receipt digest. */
export function receiptText(content: unknown, submittedAt: Date | string, nonce: string): string {
  if (!isReceiptNonce(nonce)) throw new RangeError('A receipt nonce is 64 lower-case hex characters')
  return canonicalJson({ content, nonce, submittedAt: toIsoInstant(submittedAt) })
}

/** What a reader can say of a bid's receipt. */
export type ReceiptCheck =
  /** The digest is the SHA-256 of the bid's content, time and nonce. */
  | 'VERIFIED'
  /** It is not: the content, the time or the nonce differs from what was submitted. */
  | 'FAILED'
  /** A receipt issued before receipts carried a nonce: it cannot be checked this way. */
  | 'NO_NONCE'
  /** No receipt (not submitted), or the reader may not see it (sealed). */
  | 'NONE'

type ReceiptFields = { content?: unknown; submittedAt?: unknown; receiptNonce?: unknown; receiptDigest?: unknown }

/** What must be hashed to check this receipt, or the answer when there is nothing to hash. */
function toCheck(bid: ReceiptFields): { answer: ReceiptCheck } | { text: string; digest: string } {
  if (typeof bid.receiptDigest !== 'string' || !bid.receiptDigest || bid.submittedAt == null || bid.content === undefined) return { answer: 'NONE' }
  if (bid.receiptNonce == null) return { answer: 'NO_NONCE' }
  if (!isReceiptNonce(bid.receiptNonce) || !isReceiptDigest(bid.receiptDigest)) return { answer: 'FAILED' }
  return { text: receiptText(bid.content, bid.submittedAt as string, bid.receiptNonce), digest: bid.receiptDigest.toLowerCase() }
}

/** Checks a bid's receipt with a synchronous SHA-256 (hex), as the server does. */
export function checkReceipt(bid: ReceiptFields, sha256Hex: (text: string) => string): ReceiptCheck {
  const step = toCheck(bid)
  return 'answer' in step ? step.answer : sha256Hex(step.text) === step.digest ? 'VERIFIED' : 'FAILED'
}

/** The same check with an asynchronous SHA-256, as the browser's WebCrypto gives it. */
export async function checkReceiptAsync(bid: ReceiptFields, sha256Hex: (text: string) => Promise<string>): Promise<ReceiptCheck> {
  const step = toCheck(bid)
  return 'answer' in step ? step.answer : (await sha256Hex(step.text)) === step.digest ? 'VERIFIED' : 'FAILED'
}
