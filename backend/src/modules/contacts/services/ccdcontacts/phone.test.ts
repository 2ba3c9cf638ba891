import { describe, expect, it } from 'vitest'
import { defaultCountryOf, normaliseEmail, normalisePhone, phoneFragment } from './phone.shared.js'

describe('phone numbers', () => {
  it('reads the three Hong Kong spellings as one E.164 number', () => {
    for (const spelling of ['+852 9123 4567', '91234567', '852-9123-4567']) expect(normalisePhone(spelling, 'HK')?.e164).toBe('+85291234567')
    expect(normalisePhone('91234567', 'HK')).toMatchObject({ country: 'HK', national: '9123 4567' })
  })

  it("reads a number without its country code in the region's country", () => {
    expect(defaultCountryOf('BJ')).toBe('CN')
    expect(defaultCountryOf('GLOBAL')).toBeUndefined()
    expect(normalisePhone('6123 4567', 'SG')?.e164).toBe('+6561234567')
    expect(normalisePhone('138 0013 8000', 'BJ')?.e164).toBe('+8613800138000')
    expect(normalisePhone('6612 3456', 'MO')?.e164).toBe('+85366123456')
    expect(normalisePhone('+65 6123 4567', 'HK')).toMatchObject({ e164: '+6561234567', country: 'SG' })
  })

  it('refuses what is not a number', () => {
    expect(normalisePhone('', 'HK')).toBeNull()
    expect(normalisePhone('call me', 'HK')).toBeNull()
    expect(normalisePhone('123', 'HK')).toBeNull()
  })

  it('lower-cases e-mails and reads search fragments as digits', () => {
    expect(normaliseEmail('  Mary.Lee@Example.COM ')).toBe('mary.lee@example.com')
    expect(phoneFragment('9123 4567')).toBe('91234567')
    expect(phoneFragment('+852')).toBe('852')
    expect(phoneFragment('mary')).toBeNull()
  })
})
