// Browser-safe: a tenancy's contacts and their roles (spec tenancies §3 "Tenancy contact link",
// §5 "Contact-role add", §8), the same rules for the service and the "all contacts" tab.

export const tenancyContactsPath = 'tenancy-contacts'
export const tenancyContactsMethods = ['find', 'get', 'create', 'patch', 'remove', 'confirm'] as const

/** The roles a contact takes on a tenancy: circular, emergency (by its orders), others, marketing, plus main, lease and finance. */
export const contactRoles = ['isCircular', 'isEmergency', 'isOthers', 'isMarketing', 'isMain', 'isLease', 'isFinance'] as const
export type ContactRole = (typeof contactRoles)[number]

/** A contact with one of these roles cannot be unlinked, nor its phones and e-mails deleted (spec §5, §8). */
export const lockedRoles: readonly ContactRole[] = ['isCircular', 'isEmergency', 'isMarketing']

/** Days between two confirmations of a tenancy's contacts before they count as stale (setting `tenancies.contactConfirmDays`). */
export const DEFAULT_CONFIRM_DAYS = 180

export interface ContactLink {
  id: number
  isCircular: boolean
  isEmergency?: boolean
  isOthers?: boolean
  isMarketing?: boolean
  isMain?: boolean
  isLease?: boolean
  isFinance?: boolean
  cPrimary: boolean
  /** Place in the emergency call tree in office hours (1-based), none when not called then. */
  workingHourOrder: number | null
  /** Place in the emergency call tree out of office hours (1-based). */
  nonWorkingHourOrder: number | null
}

/** Whether the link may go: none of its roles is circular, emergency or marketing. */
export const mayUnlink = (link: Partial<Record<ContactRole, boolean | null>>) => !lockedRoles.some((role) => link[role] === true)

/** An emergency contact is one called in office hours, out of them, or both. */
export const isEmergencyLink = (link: Pick<ContactLink, 'workingHourOrder' | 'nonWorkingHourOrder'>) => link.workingHourOrder != null || link.nonWorkingHourOrder != null

const renumber = (links: ContactLink[], key: 'workingHourOrder' | 'nonWorkingHourOrder', writtenId: number | null) => {
  const called = links.filter((link) => link[key] != null)
  // The contact just placed takes the place asked for; the others keep their order around it.
  called.sort((a, b) => a[key]! - b[key]! || Number(b.id === writtenId) - Number(a.id === writtenId) || a.id - b.id)
  called.forEach((link, index) => (link[key] = index + 1))
}

/**
 * A tenancy's links after one was written (or removed): each order renumbered 1..n, the written
 * link at the place it asked for; `isEmergency` as its orders say; the primary flag on circular
 * contacts only, one at most: the written link's when it asks, else the one there was, else the
 * first circular contact (spec §5 "if no circular contact is primary, the first circular contact
 * becomes primary"). Answers the links with their new values, in the order given.
 */
export function arrangeLinks<T extends ContactLink>(input: readonly T[], writtenId: number | null = null): T[] {
  const links = input.map((link) => ({ ...link }))
  renumber(links, 'workingHourOrder', writtenId)
  renumber(links, 'nonWorkingHourOrder', writtenId)
  for (const link of links) {
    link.isEmergency = isEmergencyLink(link)
    if (!link.isCircular) link.cPrimary = false
  }
  const written = links.find((link) => link.id === writtenId)
  const primaries = links.filter((link) => link.cPrimary)
  const primary = written?.cPrimary ? written : (primaries.sort((a, b) => a.id - b.id)[0] ?? [...links].sort((a, b) => a.id - b.id).find((link) => link.isCircular))
  for (const link of links) link.cPrimary = link === primary
  return links
}

/** Whether a tenancy's contacts need confirming: never confirmed, or not within `days` (spec job "contact info confirm"). */
export function contactsStale(confirmedAt: string | Date | null | undefined, days: number, now: Date = new Date()): boolean {
  if (!confirmedAt) return true
  return now.getTime() - new Date(confirmedAt).getTime() > days * 86_400_000
}

const firstOf = (contact: any, kind: string) => {
  const ofKind = ((contact?.channels ?? []) as Array<{ kind: string; value: string; isPrimary?: boolean }>).filter((channel) => channel.kind === kind)
  return (ofKind.find((channel) => channel.isPrimary) ?? ofKind[0])?.value ?? ''
}

/**
 * The spreadsheets of emergency and marketing contacts (spec /export-emergency, /export-marketing:
 * `exports/tenancy-contacts?isEmergency=true` or `?isMarketing=true`): a row per tenancy and contact.
 */
export const tenancyContactExportColumns = [
  { key: 'companyName', value: (row: Record<string, any>) => row.tenancy?.companyName ?? '' },
  { key: 'tradeName', value: (row: Record<string, any>) => row.tenancy?.tradeName ?? '' },
  { key: 'buildingCode', value: (row: Record<string, any>) => row.tenancy?.buildingCode ?? '' },
  { key: 'contactName', value: (row: Record<string, any>) => [row.contact?.prefix, row.contact?.firstName, row.contact?.lastName].filter(Boolean).join(' ') },
  { key: 'position', value: (row: Record<string, any>) => row.contact?.position ?? '' },
  { key: 'phone', value: (row: Record<string, any>) => firstOf(row.contact, 'PHONE') },
  { key: 'email', value: (row: Record<string, any>) => firstOf(row.contact, 'EMAIL') },
  { key: 'workingHourOrder', kind: 'number' },
  { key: 'nonWorkingHourOrder', kind: 'number' },
  { key: 'cPrimary', kind: 'boolean' }
] as const
