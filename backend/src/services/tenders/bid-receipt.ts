import { createHash, timingSafeEqual } from 'node:crypto'

/*
 * A receipt for a submitted bid: what the vendor sent and when, sealed by a SHA-256 digest, so a
 * sealed bid can later be shown unchanged. SERVER ONLY (node:crypto): never import from the
 * browser or from *.shared.ts / *.workflow.ts files.
 *
 * The digest is the hex SHA-256 of the canonical JSON of { content, submittedAt }: object keys
 * sorted at every depth, array order kept, undefined members dropped (as JSON does), Dates as
 * their ISO text; submittedAt normalised to ISO 8601 UTC.
 */

export interface BidReceipt {
  digest: string
  submittedAt: string
}

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

function toIso(submittedAt: Date | string): string {
  const date = new Date(submittedAt)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(submittedAt)}`)
  return date.toISOString()
}

export function bidReceipt(bidContent: unknown, submittedAt: Date | string): BidReceipt {
  const iso = toIso(submittedAt)
  const digest = createHash('sha256').update(canonicalJson({ content: bidContent, submittedAt: iso }), 'utf8').digest('hex')
  return { digest, submittedAt: iso }
}

/** True when the digest is the receipt of this content at this time (constant-time compare). */
export function verifyBidReceipt(content: unknown, submittedAt: Date | string, digest: string): boolean {
  if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/i.test(digest)) return false
  const expected = Buffer.from(bidReceipt(content, submittedAt).digest, 'hex')
  return timingSafeEqual(expected, Buffer.from(digest.toLowerCase(), 'hex'))
}
