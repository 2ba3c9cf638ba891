// Browser-safe: the central contacts database (CCD, spec §3 Contact): paths, methods and the
// value lists the forms offer and the schema checks.

export const ccdcontactsPath = 'ccdcontacts'
/** `merge` folds a duplicate into the contact named by `id` (spec issue 11 item 4). */
export const ccdcontactsMethods = ['find', 'get', 'create', 'patch', 'remove', 'merge'] as const

export const contactPrefixes = ['Ms', 'Mr', 'Mrs'] as const
export const contactGenders = ['F', 'M'] as const
export const contactStatuses = ['ACTIVE', 'INACTIVE'] as const
/** Spec §3: a contact's role type. */
export const contactRoleTypes = ['Marketing', 'CRM', 'PR', 'Shop'] as const

/** A contact's typed entries: phones, e-mails, faxes and addresses, each with a priority. */
export const channelKinds = ['PHONE', 'EMAIL', 'FAX', 'ADDRESS'] as const
export type ChannelKind = (typeof channelKinds)[number]
export const channelTypes = {
  PHONE: ['OFFICE', 'MOBILE', 'DIRECT', 'HOME', 'OTHER'],
  EMAIL: ['WORK', 'PERSONAL', 'OTHER'],
  FAX: ['OFFICE', 'OTHER'],
  ADDRESS: ['OFFICE', 'MAILING', 'SHOP', 'OTHER']
} as const satisfies Record<ChannelKind, readonly string[]>
export const allChannelTypes = [...new Set(Object.values(channelTypes).flat())]

export interface ContactChannel {
  kind: ChannelKind
  type: string
  /** As entered (addresses: the text). */
  value: string
  /** Phones and faxes in E.164, e-mails lower-cased; null for addresses. */
  normalized?: string | null
  /** 1 is tried first, per kind. */
  priority?: number
  floor?: string | null
  isPrimary?: boolean
}

/** A contact's first entry of a kind (the primary one, then by priority), as its list shows it. */
export function primaryOf(channels: readonly Pick<ContactChannel, 'kind' | 'value' | 'isPrimary' | 'priority'>[] | undefined, kind: ChannelKind): string | undefined {
  return [...(channels ?? [])].filter((c) => c.kind === kind).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || (a.priority ?? 0) - (b.priority ?? 0))[0]?.value
}

/** A contact's name as its list shows it: prefix, first and last name. */
export const contactName = (contact: { prefix?: string | null; firstName?: string | null; lastName?: string | null }) => [contact.prefix, contact.firstName, contact.lastName].filter(Boolean).join(' ')
