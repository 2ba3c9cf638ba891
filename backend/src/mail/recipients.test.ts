import { describe, expect, it } from 'vitest'
import { dedupeRecipients, flattenRecipients, invalidAddresses, isValidAddress, splitAddresses } from './recipients.js'

describe('splitAddresses', () => {
  it.each([
    [undefined, []],
    [null, []],
    ['', []],
    ['   ', []],
    [';;', []],
    [' ; ;  ', []],
    ['a@x.com', ['a@x.com']],
    ['  a@x.com  ', ['a@x.com']],
    ['a@x.com;b@x.com', ['a@x.com', 'b@x.com']],
    ['a@x.com ; b@x.com ;', ['a@x.com', 'b@x.com']],
    [';a@x.com;;b@x.com;', ['a@x.com', 'b@x.com']],
    ['a@x.com\t;\nb@x.com', ['a@x.com', 'b@x.com']],
    [
      ['a@x.com', 'b@x.com;c@x.com'],
      ['a@x.com', 'b@x.com', 'c@x.com']
    ],
    [['', null, undefined, ' d@x.com '], ['d@x.com']],
    [[], []]
  ] as const)('%j → %j', (input, expected) => {
    expect(splitAddresses(input as any)).toEqual(expected)
  })

  it('does not split on commas (a comma is an invalid entry, not a separator)', () => {
    expect(splitAddresses('a@x.com, b@x.com')).toEqual(['a@x.com, b@x.com'])
  })

  it('keeps duplicates: de-duplication is dedupeRecipients’ job', () => {
    expect(splitAddresses('a@x.com;a@x.com')).toEqual(['a@x.com', 'a@x.com'])
  })
})

describe('dedupeRecipients', () => {
  it('answers empty lists for no input', () => {
    expect(dedupeRecipients({})).toEqual({ to: [], cc: [], bcc: [] })
    expect(dedupeRecipients({ to: '', cc: ' ; ', bcc: [] })).toEqual({ to: [], cc: [], bcc: [] })
  })

  it('removes duplicates inside each list, case-insensitively, keeping the first spelling', () => {
    expect(dedupeRecipients({ to: 'Ann@X.com;ann@x.com; ANN@X.COM;bob@x.com' }).to).toEqual(['Ann@X.com', 'bob@x.com'])
    expect(dedupeRecipients({ cc: ['c@x.com', 'C@x.com'] }).cc).toEqual(['c@x.com'])
    expect(dedupeRecipients({ bcc: 'd@x.com;d@x.com' }).bcc).toEqual(['d@x.com'])
  })

  it('removes an address in to from cc', () => {
    expect(dedupeRecipients({ to: 'a@x.com', cc: 'A@X.com;b@x.com' })).toEqual({ to: ['a@x.com'], cc: ['b@x.com'], bcc: [] })
  })

  it('removes an address in to from bcc', () => {
    expect(dedupeRecipients({ to: 'a@x.com', bcc: 'b@x.com;a@X.COM' })).toEqual({ to: ['a@x.com'], cc: [], bcc: ['b@x.com'] })
  })

  it('removes an address in cc from bcc', () => {
    expect(dedupeRecipients({ cc: 'c@x.com', bcc: 'C@x.com;d@x.com' })).toEqual({ to: [], cc: ['c@x.com'], bcc: ['d@x.com'] })
  })

  it('keeps an address in the most visible list whatever order the lists name it', () => {
    expect(dedupeRecipients({ to: 'a@x.com', cc: 'a@x.com', bcc: 'a@x.com' })).toEqual({ to: ['a@x.com'], cc: [], bcc: [] })
    expect(dedupeRecipients({ cc: 'a@x.com', bcc: 'a@x.com' })).toEqual({ to: [], cc: ['a@x.com'], bcc: [] })
  })

  it('leaves different addresses alone and keeps their order', () => {
    expect(dedupeRecipients({ to: 'b@x.com;a@x.com', cc: 'd@x.com;c@x.com', bcc: 'f@x.com;e@x.com' })).toEqual({
      to: ['b@x.com', 'a@x.com'],
      cc: ['d@x.com', 'c@x.com'],
      bcc: ['f@x.com', 'e@x.com']
    })
  })

  it('cleans and de-duplicates in one go', () => {
    expect(
      dedupeRecipients({
        to: ' a@x.com ; ;B@x.com;a@X.com ',
        cc: ['b@x.com;c@x.com', ' ', 'C@X.COM'],
        bcc: 'c@x.com;a@x.com;d@x.com;;D@x.com'
      })
    ).toEqual({ to: ['a@x.com', 'B@x.com'], cc: ['c@x.com'], bcc: ['d@x.com'] })
  })

  it('checks every combination of one address in to, cc and bcc', () => {
    for (let mask = 1; mask < 8; mask++) {
      const input = { to: mask & 1 ? 'a@x.com' : '', cc: mask & 2 ? 'A@x.com' : '', bcc: mask & 4 ? 'a@X.com' : '' }
      const result = dedupeRecipients(input)
      expect(result.to.length + result.cc.length + result.bcc.length).toBe(1)
      const expectedKind = mask & 1 ? 'to' : mask & 2 ? 'cc' : 'bcc'
      expect(result[expectedKind]).toHaveLength(1)
    }
  })
})

describe('isValidAddress and invalidAddresses', () => {
  it.each(['a@x.com', 'first.last+tag@sub.example.org', 'a_b-c@x.co', 'UPPER@X.COM'])('accepts %s', (address) => {
    expect(isValidAddress(address)).toBe(true)
  })

  it.each(['', 'a', 'a@', '@x.com', 'a@x', 'a@@x.com', 'a@x..com', 'a b@x.com', 'a@x.com,b@x.com', 'a@x.com:', 'Ann <a@x.com>', 'a@x.com.'])('rejects %j', (address) => {
    expect(isValidAddress(address)).toBe(false)
  })

  it('lists the entries of a semicolon list that are not addresses', () => {
    expect(invalidAddresses('a@x.com; b@x.com, c@x.com ;;d')).toEqual(['b@x.com, c@x.com', 'd'])
    expect(invalidAddresses('a@x.com;b@x.com')).toEqual([])
  })
})

describe('flattenRecipients', () => {
  it('lists receivers with their kind in to, cc, bcc order', () => {
    expect(flattenRecipients({ to: ['a@x.com'], cc: ['b@x.com'], bcc: ['c@x.com', 'd@x.com'] })).toEqual([
      { address: 'a@x.com', kind: 'to' },
      { address: 'b@x.com', kind: 'cc' },
      { address: 'c@x.com', kind: 'bcc' },
      { address: 'd@x.com', kind: 'bcc' }
    ])
  })
})
