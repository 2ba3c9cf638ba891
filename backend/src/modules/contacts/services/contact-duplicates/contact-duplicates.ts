import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import { findDuplicates } from '../ccdcontacts/contact-rules.shared.js'
import { checkChannels } from '../ccdcontacts/contact-rules.shared.js'
import { ccdcontactsPath, type ContactChannel } from '../ccdcontacts/ccdcontacts.shared.js'
import { contactDuplicatesMethods, contactDuplicatesPath } from './contact-duplicates.shared.js'

const many = Type.Union([Type.String({ maxLength: 255 }), Type.Array(Type.String({ maxLength: 255 }), { maxItems: 20 })])
export const contactDuplicatesQuerySchema = Type.Object(
  {
    companyId: Type.Optional(Type.Integer()),
    firstName: Type.Optional(Type.String({ maxLength: 120 })),
    lastName: Type.Optional(Type.String({ maxLength: 120 })),
    phone: Type.Optional(many),
    email: Type.Optional(many),
    excludeId: Type.Optional(Type.Integer())
  },
  { additionalProperties: false }
)
const contactDuplicatesQueryValidator = getValidator(contactDuplicatesQuerySchema, queryValidator)

const list = (value: unknown): string[] =>
  value === undefined
    ? []
    : [value]
        .flat()
        .map(String)
        .filter((text) => text.trim())

/**
 * `GET ccdcontact-duplicates?firstName&lastName&companyId&phone&email&excludeId`: the contacts
 * that look like the one being entered (a phone or e-mail in common, or the same name in the same
 * company), each with its reasons, shown before saving. Read through the contacts' own `find`
 * with the caller's params: nobody learns of a contact they may not read.
 */
export class ContactDuplicatesService {
  constructor(private app: Application) {}

  async find(params: Params = {}) {
    const query: any = params.query ?? {}
    const region = (params as any).region
    const entered: ContactChannel[] = [
      ...list(query.phone).map((value) => ({ kind: 'PHONE' as const, type: 'OTHER', value })),
      ...list(query.email).map((value) => ({ kind: 'EMAIL' as const, type: 'OTHER', value }))
    ]
    // Only what normalises counts: a half-typed number finds nothing yet.
    const { channels } = checkChannels(entered, null)
    const probe = { id: query.excludeId, firstName: query.firstName, lastName: query.lastName, companyId: query.companyId, channels: channels.filter((c) => c.normalized) }
    const db = this.app.get('knex')
    const keys = probe.channels.map((c) => ({ kind: c.kind === 'EMAIL' ? 'EMAIL' : 'PHONE', normalized: c.normalized! }))
    const ids = new Set<number>()
    if (keys.length) {
      const rows = await db('ccd_contact_keys')
        .where({ region })
        .where((q) => {
          for (const key of keys) q.orWhere(key)
        })
        .pluck('contact_id')
      rows.forEach((id: number) => ids.add(id))
    }
    const first = String(query.firstName ?? '').trim()
    if (first && query.companyId) {
      const rows = await db('ccd_contacts')
        .where({ region, companyId: query.companyId })
        .whereRaw('lower(first_name) = lower(?) AND lower(last_name) = lower(?)', [first, String(query.lastName ?? '').trim()])
        .limit(20)
        .pluck('id')
      rows.forEach((id: number) => ids.add(id))
    }
    if (query.excludeId) ids.delete(Number(query.excludeId))
    if (!ids.size) return { data: [] }
    const { query: _query, ...caller } = params as any
    const found: any = await this.app.service(ccdcontactsPath).find({ ...caller, query: { id: { $in: [...ids] }, $limit: 20 } })
    const data = findDuplicates<any>(probe, found.data).map(({ contact, reasons }) => ({
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      companyId: contact.companyId,
      companyName: contact.companyName,
      updatedAt: contact.updatedAt,
      reasons
    }))
    return { data }
  }
}

export const contactDuplicates = (app: Application) => {
  app.use(contactDuplicatesPath, new ContactDuplicatesService(app), { methods: [...contactDuplicatesMethods] } as any)
  app.service(contactDuplicatesPath).hooks({ before: { find: [schemaHooks.validateQuery(contactDuplicatesQueryValidator)] } })
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [contactDuplicatesPath]: ContactDuplicatesService
  }
}
