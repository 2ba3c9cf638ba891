import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

// Browser-safe: one number, one spelling. Phones are stored in E.164 so that '+852 9123 4567',
// '91234567' typed in Hong Kong and '852-9123-4567' are one number for the unique index, the
// duplicate check and the search.

/** The country a number without its country code is read in, by region (GLOBAL has none). */
export const regionCountries: Readonly<Record<string, CountryCode>> = { HK: 'HK', SG: 'SG', BJ: 'CN', MO: 'MO' }

export const defaultCountryOf = (region: string | null | undefined): CountryCode | undefined => (region ? regionCountries[region.toUpperCase()] : undefined)

export interface NormalisedPhone {
  /** +85291234567 */
  e164: string
  /** The number's country, when the number plan tells it. */
  country?: string
  /** As dialled inside its country, with its usual spacing: 9123 4567. */
  national: string
}

/** The number in E.164, or null when it is not a valid phone number (read in the region's country). */
export function normalisePhone(input: string, region?: string | null): NormalisedPhone | null {
  const text = String(input ?? '').trim()
  if (!/\d/.test(text)) return null
  const country = defaultCountryOf(region)
  let parsed = parsePhoneNumberFromString(text, country)
  // '852-9123-4567': the country code written without its plus.
  if ((!parsed || !parsed.isValid()) && !text.startsWith('+')) parsed = parsePhoneNumberFromString(`+${text.replace(/^0+/, '')}`)
  if (!parsed || !parsed.isValid()) return null
  return { e164: parsed.number, country: parsed.country, national: parsed.formatNational() }
}

/** E-mails compare without case and surrounding blanks. */
export const normaliseEmail = (input: string) =>
  String(input ?? '')
    .trim()
    .toLowerCase()

const EMAIL = /^[^\s@;,:]+@[^\s@;,:]+\.[^\s@;,:]+$/

export const isEmail = (input: string) => EMAIL.test(normaliseEmail(input))

/** The digits a search fragment of a phone number is matched by ('9123 4567' → '91234567'); null for text that is not one. */
export function phoneFragment(input: string): string | null {
  const text = String(input ?? '').trim()
  if (!/^[+\d][\d\s\-()]*$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  return digits.length >= 3 ? digits : null
}
