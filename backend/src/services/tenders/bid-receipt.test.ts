import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bidReceipt, canonicalJson, verifyBidReceipt } from './bid-receipt.js'

const content = { tncInfo: { name: 'Ann Lee', position: 'Director' }, service: { bidItemQtys: { b: 2, a: 1 } }, rates: [3, 1, 2] }
const at = '2026-03-10T08:00:00.000Z'

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}')
  })
  it('drops undefined members, writes Dates as ISO', () => {
    expect(canonicalJson({ a: undefined, b: new Date(at) })).toBe(`{"b":"${at}"}`)
    expect(canonicalJson(undefined)).toBe('null')
    expect(canonicalJson('x')).toBe('"x"')
  })
})

describe('bidReceipt', () => {
  it('is the SHA-256 of the canonical { content, submittedAt }', () => {
    const expected = createHash('sha256').update(canonicalJson({ content, submittedAt: at })).digest('hex')
    expect(bidReceipt(content, at)).toEqual({ digest: expected, submittedAt: at })
    expect(bidReceipt(content, at).digest).toMatch(/^[0-9a-f]{64}$/)
  })
  it('does not depend on key order or the form of the instant', () => {
    const reordered = { rates: [3, 1, 2], service: { bidItemQtys: { a: 1, b: 2 } }, tncInfo: { position: 'Director', name: 'Ann Lee' } }
    expect(bidReceipt(reordered, new Date(at))).toEqual(bidReceipt(content, at))
    expect(bidReceipt(content, '2026-03-10T16:00:00+08:00')).toEqual(bidReceipt(content, at))
  })
  it('changes with any change of content, array order or time', () => {
    const base = bidReceipt(content, at).digest
    expect(bidReceipt({ ...content, rates: [3, 1, 2.01] }, at).digest).not.toBe(base)
    expect(bidReceipt({ ...content, rates: [1, 3, 2] }, at).digest).not.toBe(base)
    expect(bidReceipt(content, '2026-03-10T08:00:00.001Z').digest).not.toBe(base)
  })
  it('refuses a bad instant', () => expect(() => bidReceipt(content, 'yesterday')).toThrow(RangeError))
})

describe('verifyBidReceipt', () => {
  const { digest } = bidReceipt(content, at)
  it('accepts its own receipt (any hex case)', () => {
    expect(verifyBidReceipt(content, at, digest)).toBe(true)
    expect(verifyBidReceipt(content, new Date(at), digest.toUpperCase())).toBe(true)
  })
  it('refuses changed content, time or digest', () => {
    expect(verifyBidReceipt({ ...content, rates: [] }, at, digest)).toBe(false)
    expect(verifyBidReceipt(content, '2026-03-10T08:00:01.000Z', digest)).toBe(false)
    expect(verifyBidReceipt(content, at, `${digest.slice(0, 63)}${digest[63] === '0' ? '1' : '0'}`)).toBe(false)
  })
  it('refuses malformed digests', () => {
    expect(verifyBidReceipt(content, at, '')).toBe(false)
    expect(verifyBidReceipt(content, at, digest.slice(1))).toBe(false)
    expect(verifyBidReceipt(content, at, `${digest.slice(1)}g`)).toBe(false)
    expect(verifyBidReceipt(content, at, null as any)).toBe(false)
  })
})
