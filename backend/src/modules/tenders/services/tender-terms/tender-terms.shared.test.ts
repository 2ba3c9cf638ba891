import { describe, expect, it } from 'vitest'
import { termItemId, unacceptedTerms } from './tender-terms.shared.js'

describe('terms acceptance', () => {
  const items = [{ id: '2.1' }, { id: '2.2' }, { id: '2.3' }]
  it('names every term before any is ticked', () => expect(unacceptedTerms(items, [])).toEqual(['2.1', '2.2', '2.3']))
  it('treats a missing acceptance list as nothing ticked', () => {
    expect(unacceptedTerms(items, null)).toEqual(['2.1', '2.2', '2.3'])
    expect(unacceptedTerms(items, undefined)).toEqual(['2.1', '2.2', '2.3'])
  })
  it('names the terms left unticked, in order', () => expect(unacceptedTerms(items, ['2.2'])).toEqual(['2.1', '2.3']))
  it('is satisfied when every term is ticked, extra ids ignored', () => expect(unacceptedTerms(items, ['2.3', '2.1', '2.2', 'x'])).toEqual([]))
  it('does not count the same term of another version', () => expect(unacceptedTerms(items, ['1.1', '1.2', '1.3'])).toEqual(['2.1', '2.2', '2.3']))
  it('is satisfied by an empty list of terms', () => expect(unacceptedTerms([], [])).toEqual([]))
  it('numbers items by version', () => {
    expect(termItemId(3, 0)).toBe('3.1')
    expect(termItemId(12, 9)).toBe('12.10')
  })
})
