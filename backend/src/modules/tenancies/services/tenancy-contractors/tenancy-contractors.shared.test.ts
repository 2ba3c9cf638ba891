import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contractorRowErrors, contractorRowsValid, contractorTypes, mobileValid, sortContractorTypes, type ContractorRow } from './tenancy-contractors.shared.js'

const good: ContractorRow = { userAccount: '', firstName: 'Connie', lastName: 'Lau', contractorType: 'MAIN', companyName: 'Lau Fit-out', officeTel: null, mobile: '+852 9333 3401' }
const blanks = fc.constantFrom('', ' ', '\t', null, undefined)

describe('a tenancy contractor row', () => {
  it('is valid with an empty user account or an e-mail, whatever the office phone says', () => {
    for (const userAccount of ['', null, undefined, 'connie@lau.example.com']) expect(contractorRowErrors({ ...good, userAccount })).toEqual([])
    fc.assert(
      fc.property(fc.string(), (officeTel) => {
        expect(contractorRowErrors({ ...good, officeTel })).toEqual([])
      })
    )
  })

  it('names each required field left blank, and only those', () => {
    const required = ['firstName', 'lastName', 'contractorType', 'companyName', 'mobile'] as const
    fc.assert(
      fc.property(fc.subarray([...required], { minLength: 1 }), blanks, (emptied, blank) => {
        const row = { ...good, ...Object.fromEntries(emptied.map((field) => [field, blank])) }
        expect(contractorRowErrors(row).sort()).toEqual([...emptied].sort())
      })
    )
  })

  it('refuses a user account that is not an e-mail, and a type outside the list', () => {
    for (const userAccount of ['connie', 'a@b', 'a@b.c;d@e.f', 'a b@c.d']) expect(contractorRowErrors({ ...good, userAccount })).toEqual(['userAccount'])
    for (const contractorType of ['main', 'CLEANING', 'OTHERS']) expect(contractorRowErrors({ ...good, contractorType })).toEqual(['contractorType'])
    for (const contractorType of contractorTypes) expect(contractorRowErrors({ ...good, contractorType })).toEqual([])
  })

  it('takes a mobile of 8 to 15 digits with an optional + and spaces or hyphens between', () => {
    for (const mobile of ['91234567', '+852 9123 4567', '852-9123-4567', '+86 138 0013 8000']) expect(mobileValid(mobile)).toBe(true)
    for (const mobile of ['1234567', '9123 456a', '(852) 9123 4567', '+', '1234567890123456', '', null]) expect(mobileValid(mobile)).toBe(false)
    // Blanks around the number are not part of it.
    expect(mobileValid(' 9123 4567 ')).toBe(true)
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,15}$/), (digits) => {
        expect(mobileValid(digits)).toBe(true)
        expect(mobileValid(`+${digits}`)).toBe(true)
        expect(mobileValid(`${digits}x`)).toBe(false)
      })
    )
  })

  it('makes a set valid only when every row is', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 8 }), (oks) => {
        const rows = oks.map((ok) => (ok ? good : { ...good, mobile: 'x' }))
        expect(contractorRowsValid(rows)).toBe(oks.every(Boolean))
      })
    )
  })
})

describe('contractor types', () => {
  it('sort in the spec’s order with OTHER last, whatever order they come in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...contractorTypes]), (types) => {
        const sorted = sortContractorTypes(types)
        expect(sorted).toEqual(contractorTypes.filter((type) => types.includes(type)))
        if (types.includes('OTHER')) expect(sorted[sorted.length - 1]).toBe('OTHER')
      })
    )
  })
})
