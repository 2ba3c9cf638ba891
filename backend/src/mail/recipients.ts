// Receivers of one mail, cleaned as the spec asks (section 5): lists are split on semicolons,
// trimmed, emptied of blanks and de-duplicated; an address in `to` is removed from cc and bcc,
// one in cc from bcc. Browser-safe: the mail forms use the same rules.

/** One address, several separated by semicolons, or a list of either. */
export type AddressInput = string | readonly (string | null | undefined)[] | null | undefined

export type RecipientKind = 'to' | 'cc' | 'bcc'

export interface Recipients {
  to: string[]
  cc: string[]
  bcc: string[]
}

export const ADDRESS_SEPARATOR = ';'

/** The addresses of an input, in order, split on semicolons, trimmed, blanks dropped. */
export function splitAddresses(input: AddressInput): string[] {
  if (input == null) return []
  const parts = typeof input === 'string' ? [input] : input
  const result: string[] = []
  for (const part of parts) {
    if (part == null) continue
    for (const piece of String(part).split(ADDRESS_SEPARATOR)) {
      const address = piece.trim()
      if (address) result.push(address)
    }
  }
  return result
}

/** The key two spellings of one mailbox share: addresses compare case-insensitively. */
export const addressKey = (address: string) => address.trim().toLowerCase()

/**
 * to, cc and bcc with duplicates removed: the first spelling of an address is kept, and an
 * address appears in the most visible list that names it (to before cc before bcc).
 */
export function dedupeRecipients(input: { to?: AddressInput; cc?: AddressInput; bcc?: AddressInput }): Recipients {
  const seen = new Set<string>()
  const take = (list: AddressInput) =>
    splitAddresses(list).filter((address) => {
      const key = addressKey(address)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  const to = take(input.to)
  const cc = take(input.cc)
  const bcc = take(input.bcc)
  return { to, cc, bcc }
}

// A comma or colon inside an entry means the wrong separator was used (spec: invalid, with the
// semicolon hint); the other excluded characters cannot appear in a plain mailbox either.
const addressPattern = /^[^\s@,:;<>()[\]"\\]+@[^\s@,:;<>()[\]"\\]+\.[^\s@,:;<>()[\]"\\.]+$/

/** A plain `local@domain.tld` address, nothing more (no display names, no lists). */
export function isValidAddress(address: string): boolean {
  return address.length <= 254 && addressPattern.test(address) && !address.includes('..')
}

/** The entries of an input that are not valid addresses (for the form's semicolon hint). */
export function invalidAddresses(input: AddressInput): string[] {
  return splitAddresses(input).filter((address) => !isValidAddress(address))
}

/** All receivers as one list with their kind, in to, cc, bcc order. */
export function flattenRecipients(recipients: Recipients): { address: string; kind: RecipientKind }[] {
  return [
    ...recipients.to.map((address) => ({ address, kind: 'to' as const })),
    ...recipients.cc.map((address) => ({ address, kind: 'cc' as const })),
    ...recipients.bcc.map((address) => ({ address, kind: 'bcc' as const }))
  ]
}
