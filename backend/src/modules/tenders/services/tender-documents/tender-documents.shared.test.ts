import { describe, expect, it } from 'vitest'
import { documentDescriptionMaxLength, isValidDocumentDescription, tenderDocumentContentUrl } from './tender-documents.shared.js'

describe('document description', () => {
  it('takes empty and up to 255 characters, counted as people count them', () => {
    expect(documentDescriptionMaxLength).toBe(255)
    for (const value of [null, undefined, '', 'Floor plan', 'x'.repeat(255), '說'.repeat(255), '😀'.repeat(255)]) expect(isValidDocumentDescription(value)).toBe(true)
  })
  it('refuses 256 characters and more', () => {
    for (const value of ['x'.repeat(256), '說'.repeat(256), '😀'.repeat(256)]) expect(isValidDocumentDescription(value)).toBe(false)
  })
})

describe('download address', () => {
  it('is below the API root, the id escaped', () => {
    expect(tenderDocumentContentUrl(12)).toBe('tender-documents/12/content')
    expect(tenderDocumentContentUrl('1/2')).toBe('tender-documents/1%2F2/content')
  })
})
