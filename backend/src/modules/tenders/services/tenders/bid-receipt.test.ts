import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bidReceipt, canonicalJson, newReceiptNonce, receiptCheckOf, verifyBidReceipt } from './bid-receipt.js'
import { checkReceiptAsync, receiptText } from './bid-receipt.shared.js'

const content = { tncInfo: { name: 'Ann Lee', position: 'Director' }, service: { bidItemQtys: { b: 2, a: 1 } }, rates: [3, 1, 2] }
const at = '2026-03-10T08:00:00.000Z'
const nonce = 'ab'.repeat(32)
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

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

describe('newReceiptNonce', () => {
  it('is 32 random bytes as lower-case hex, different each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newReceiptNonce))
    expect(nonces.size).toBe(100)
    for (const value of nonces) expect(value).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('bidReceipt', () => {
  it('is the SHA-256 of the canonical { content, nonce, submittedAt } (the documented form)', () => {
    const expected = sha256(`{"content":${canonicalJson(content)},"nonce":"${nonce}","submittedAt":"${at}"}`)
    expect(receiptText(content, at, nonce)).toBe(canonicalJson({ content, nonce, submittedAt: at }))
    expect(bidReceipt(content, at, nonce)).toEqual({ digest: expected, nonce, submittedAt: at })
  })
  it('draws a fresh nonce when none is given, so equal bids get unrelated digests', () => {
    const one = bidReceipt(content, at)
    const two = bidReceipt(content, at)
    expect(one.nonce).toMatch(/^[0-9a-f]{64}$/)
    expect(one.nonce).not.toBe(two.nonce)
    expect(one.digest).not.toBe(two.digest)
  })
  it('cannot be recomputed from content and time alone (the unsalted digest of old)', () => {
    const { digest } = bidReceipt(content, at)
    expect(sha256(canonicalJson({ content, submittedAt: at }))).not.toBe(digest)
  })
  it('does not depend on key order or the form of the instant', () => {
    const reordered = { rates: [3, 1, 2], service: { bidItemQtys: { a: 1, b: 2 } }, tncInfo: { position: 'Director', name: 'Ann Lee' } }
    expect(bidReceipt(reordered, new Date(at), nonce)).toEqual(bidReceipt(content, at, nonce))
    expect(bidReceipt(content, '2026-03-10T16:00:00+08:00', nonce)).toEqual(bidReceipt(content, at, nonce))
  })
  it('changes with any change of content, array order, time or nonce', () => {
    const base = bidReceipt(content, at, nonce).digest
    expect(bidReceipt({ ...content, rates: [3, 1, 2.01] }, at, nonce).digest).not.toBe(base)
    expect(bidReceipt({ ...content, rates: [1, 3, 2] }, at, nonce).digest).not.toBe(base)
    expect(bidReceipt(content, '2026-03-10T08:00:00.001Z', nonce).digest).not.toBe(base)
    expect(bidReceipt(content, at, `${nonce.slice(0, 63)}c`).digest).not.toBe(base)
  })
  it('refuses a bad instant or nonce', () => {
    expect(() => bidReceipt(content, 'yesterday', nonce)).toThrow(RangeError)
    expect(() => bidReceipt(content, at, 'AB'.repeat(32))).toThrow(RangeError)
    expect(() => bidReceipt(content, at, 'ab')).toThrow(RangeError)
  })
})

describe('verifyBidReceipt', () => {
  const { digest } = bidReceipt(content, at, nonce)
  it('accepts its own receipt (any hex case)', () => {
    expect(verifyBidReceipt(content, at, nonce, digest)).toBe(true)
    expect(verifyBidReceipt(content, new Date(at), nonce, digest.toUpperCase())).toBe(true)
  })
  it('refuses changed content, time, nonce or digest', () => {
    expect(verifyBidReceipt({ ...content, rates: [] }, at, nonce, digest)).toBe(false)
    expect(verifyBidReceipt(content, '2026-03-10T08:00:01.000Z', nonce, digest)).toBe(false)
    expect(verifyBidReceipt(content, at, 'cd'.repeat(32), digest)).toBe(false)
    expect(verifyBidReceipt(content, at, nonce, `${digest.slice(0, 63)}${digest[63] === '0' ? '1' : '0'}`)).toBe(false)
  })
  it('refuses malformed digests and nonces', () => {
    expect(verifyBidReceipt(content, at, nonce, '')).toBe(false)
    expect(verifyBidReceipt(content, at, nonce, digest.slice(1))).toBe(false)
    expect(verifyBidReceipt(content, at, nonce, `${digest.slice(1)}g`)).toBe(false)
    expect(verifyBidReceipt(content, at, nonce, null as any)).toBe(false)
    expect(verifyBidReceipt(content, at, null as any, digest)).toBe(false)
  })
})

describe('receiptCheckOf (server) and checkReceiptAsync (browser)', () => {
  const { digest } = bidReceipt(content, at, nonce)
  const bid = { content, submittedAt: at, receiptNonce: nonce, receiptDigest: digest }
  const webSha = async (text: string) => sha256(text)
  it('verifies an untouched bid, fails a changed price, either way', async () => {
    expect(receiptCheckOf(bid)).toBe('VERIFIED')
    expect(await checkReceiptAsync(bid, webSha)).toBe('VERIFIED')
    const changed = { ...bid, content: { ...content, rates: [3, 1, 2.5] } }
    expect(receiptCheckOf(changed)).toBe('FAILED')
    expect(await checkReceiptAsync(changed, webSha)).toBe('FAILED')
    expect(receiptCheckOf({ ...bid, receiptNonce: 'not-a-nonce' })).toBe('FAILED')
  })
  it('says NO_NONCE for a receipt issued before nonces, NONE without a receipt or sealed', () => {
    expect(receiptCheckOf({ ...bid, receiptNonce: null })).toBe('NO_NONCE')
    expect(receiptCheckOf({ ...bid, receiptNonce: null, receiptDigest: 'demo-receipt' })).toBe('NO_NONCE')
    expect(receiptCheckOf({ ...bid, receiptDigest: null })).toBe('NONE')
    expect(receiptCheckOf({ submittedAt: at })).toBe('NONE')
  })
})
