import { channelKinds, type ChannelKind, type ContactChannel } from './ccdcontacts.shared.js'
import { defaultCountryOf, isEmail, normaliseEmail, normalisePhone } from './phone.shared.js'

// Browser-safe: the spec's rules for a contact's entries (§5 "Contacts"), the same on the form
// (on blur, before saving) and on the server (which answers with the first problem's code).

export interface ChannelProblem {
  code: 'PHONE_INVALID' | 'EMAIL_INVALID' | 'PHONES_SAME' | 'EMAILS_SAME' | 'LOCAL_PHONE_REQUIRED' | 'VALUE_REQUIRED'
  /** The entry's index in the list given (none for LOCAL_PHONE_REQUIRED). */
  index?: number
  value?: string
  country?: string
}

export interface CheckedChannels {
  channels: Array<ContactChannel & { normalized: string | null; priority: number; isPrimary: boolean }>
  problems: ChannelProblem[]
}

const phoneLike = (kind: ChannelKind) => kind === 'PHONE' || kind === 'FAX'

/**
 * Normalises a contact's entries (phones and faxes to E.164, e-mails lower-cased), numbers the
 * priorities 1..n per kind in the order given (a priority given sorts first), keeps one primary
 * per kind (the first marked, else the first), and lists what breaks the rules: an invalid phone
 * or e-mail, two phone numbers (or e-mails) of the contact that are one, and no local phone
 * (a number of the region's country) when the region has a country.
 */
export function checkChannels(input: readonly ContactChannel[], region: string | null | undefined): CheckedChannels {
  const problems: ChannelProblem[] = []
  const seen = new Map<string, number>()
  const normalised = input.map((channel, index) => {
    const value = String(channel.value ?? '').trim()
    let normalized: string | null = null
    if (!value) problems.push({ code: 'VALUE_REQUIRED', index })
    else if (phoneLike(channel.kind)) {
      const phone = normalisePhone(value, region)
      if (!phone) problems.push({ code: 'PHONE_INVALID', index, value })
      else normalized = phone.e164
    } else if (channel.kind === 'EMAIL') {
      if (!isEmail(value)) problems.push({ code: 'EMAIL_INVALID', index, value })
      else normalized = normaliseEmail(value)
    }
    if (normalized) {
      const key = `${channel.kind}:${normalized}`
      if (seen.has(key)) problems.push({ code: channel.kind === 'EMAIL' ? 'EMAILS_SAME' : 'PHONES_SAME', index, value })
      else seen.set(key, index)
    }
    return { channel, index, value, normalized }
  })
  const country = defaultCountryOf(region)
  if (country) {
    const local = normalised.some(({ channel, normalized }) => channel.kind === 'PHONE' && normalized && normalisePhone(normalized)?.country === country)
    if (!local) problems.push({ code: 'LOCAL_PHONE_REQUIRED', country })
  }
  const channels: CheckedChannels['channels'] = []
  for (const kind of channelKinds) {
    const ofKind = normalised
      .filter(({ channel }) => channel.kind === kind)
      .sort((a, b) => (a.channel.priority ?? Number.MAX_SAFE_INTEGER) - (b.channel.priority ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    const primary = Math.max(
      0,
      ofKind.findIndex(({ channel }) => channel.isPrimary)
    )
    ofKind.forEach(({ channel, value, normalized }, position) =>
      channels.push({
        kind,
        type: channel.type,
        value,
        normalized,
        priority: position + 1,
        floor: channel.floor?.trim() || null,
        isPrimary: position === primary
      })
    )
  }
  return { channels, problems }
}

/** What a contact is compared on to find its duplicates. */
export interface DuplicateProbe {
  id?: number | string
  firstName?: string | null
  lastName?: string | null
  companyId?: number | null
  channels?: ReadonlyArray<Pick<ContactChannel, 'kind' | 'normalized'>>
}

export type DuplicateReason = 'PHONE' | 'EMAIL' | 'NAME'

const nameKey = (probe: DuplicateProbe) => `${(probe.firstName ?? '').trim()} ${(probe.lastName ?? '').trim()}`.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * Why `other` looks like the same person as `probe`: a phone (or fax) number or an e-mail in
 * common (these may not be saved twice), or the same name in the same company (a warning only).
 */
export function duplicateReasons(probe: DuplicateProbe, other: DuplicateProbe): DuplicateReason[] {
  if (probe.id != null && String(probe.id) === String(other.id)) return []
  const keys = (contact: DuplicateProbe, kinds: ChannelKind[]) => new Set((contact.channels ?? []).filter((c) => kinds.includes(c.kind) && c.normalized).map((c) => c.normalized!))
  const reasons: DuplicateReason[] = []
  const phones = keys(other, ['PHONE', 'FAX'])
  if ([...keys(probe, ['PHONE', 'FAX'])].some((phone) => phones.has(phone))) reasons.push('PHONE')
  const emails = keys(other, ['EMAIL'])
  if ([...keys(probe, ['EMAIL'])].some((email) => emails.has(email))) reasons.push('EMAIL')
  const name = nameKey(probe)
  if (name && name === nameKey(other) && probe.companyId != null && Number(probe.companyId) === Number(other.companyId)) reasons.push('NAME')
  return reasons
}

/** The contacts among `others` that look like `probe`, each with its reasons. */
export function findDuplicates<T extends DuplicateProbe>(probe: DuplicateProbe, others: readonly T[]): Array<{ contact: T; reasons: DuplicateReason[] }> {
  return others.map((contact) => ({ contact, reasons: duplicateReasons(probe, contact) })).filter(({ reasons }) => reasons.length > 0)
}

/** The text the list and the global search match: name, company, e-mails and phone numbers in their usual spellings. */
export function searchTextOf(contact: { firstName?: string | null; lastName?: string | null; companyName?: string | null; channels?: readonly ContactChannel[] }): string {
  const parts = [contact.firstName, contact.lastName, contact.companyName]
  for (const channel of contact.channels ?? []) {
    if (channel.kind === 'EMAIL') parts.push(channel.normalized ?? channel.value)
    if (channel.kind === 'PHONE' || channel.kind === 'FAX') {
      const e164 = channel.normalized ?? ''
      const national = e164 ? normalisePhone(e164)?.national : null
      parts.push(e164, e164.replace(/\D/g, ''), national ?? '', (national ?? '').replace(/\D/g, ''))
    }
  }
  return parts
    .filter(Boolean)
    .map((part) => String(part).toLowerCase())
    .join(' ')
}
