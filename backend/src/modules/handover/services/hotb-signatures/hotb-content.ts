import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import { hotbSections } from '../hotb-schedule-items/hotb-schedule-items.shared.js'

/*
 * What a party signs and what the seal covers (issue 31 §7): the canonical content of a record.
 *
 * Scheme: the content is the record's own facts (name, type, tenancy names, premises, appointment,
 * remarks to the tenant), its condition schedule items (with a takeback's deductions: what the
 * tenant owes), its key lines and the SHA-256 of each of its photos, written as canonical JSON (keys sorted, no spaces, instants in ISO UTC) and hashed
 * with SHA-256. A signing session keeps that hash when opened and a signature keeps the hash it
 * was given to sign, so a record changed after the session or the signature no longer matches.
 * The seal's content hash is over `{ content, signatures }` (each signature's party, name, time,
 * method, witness and the SHA-256 of its image): the certificate page prints it. The sealed PDF's
 * own SHA-256 is over its final bytes and so cannot be printed inside it; it is kept on the record
 * (`sealed_sha256`) and the public verify page compares an uploaded file's hash with it.
 * Whether a deduction is booked on the deposit ledger is the landlord's bookkeeping, not what the
 * tenant owes: the PDFs print it, the content leaves it out, so booking after the tenant signed
 * does not void the signature.
 */

/** JSON with every object's keys sorted, no spaces: the same content gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

const sectionOrder = (section: string) => hotbSections.indexOf(section as never)

/** The record's lines in print order: schedule items by section (spec order) and position, key lines by position. */
export async function hotbLinesOf(db: Knex, hotbId: number) {
  const items = (await db('hotb_schedule_items').where({ hotbId }).orderBy(['position', 'id'])).sort((a: any, b: any) => sectionOrder(a.section) - sectionOrder(b.section))
  const keys = await db('hotb_keys').where({ hotbId }).orderBy(['position', 'id'])
  const photos = await db('hotb_photos').where({ hotbId }).orderBy(['scheduleItemId', 'id']).select('id', 'scheduleItemId', 'fileId', 'sha256', 'caption', 'capturedAt')
  return { items, keys, photos }
}

/** A schedule item as the content holds it. */
export interface HotbContentItem {
  id: number
  section: string
  position: number
  item: string
  condition: string | null
  remarks: string | null
  handoverCondition: string | null
  handoverRemarks: string | null
  /** A takeback's then-and-now (issue 31 §5): what the tenant signs to owe, as its deductions list prints it. */
  deteriorated: boolean
  deductionCents: number | null
  deductionReason: string | null
}

/** A key line as the content holds it. */
export interface HotbContentKey {
  id: number
  position: number
  item: string
  keys: number
  keysHandedOver: number
  accessCards: number
  outcome: string | null
  chargeCents: number | null
  waiverReason: string | null
}

/** The canonical content of a record (see the header). */
export interface HotbContent {
  record: Record<string, unknown>
  items: HotbContentItem[]
  keys: HotbContentKey[]
  photos: Array<{ id: number; scheduleItemId: number; sha256: string }>
}

/** The canonical content of a record (see the header), and its SHA-256. */
export async function hotbContentOf(db: Knex, hotbId: number) {
  const record = await db('hotb').where({ id: hotbId }).first()
  const { items, keys, photos } = await hotbLinesOf(db, hotbId)
  const content: HotbContent = {
    record: {
      id: record.id,
      region: record.region,
      name: record.name,
      type: record.type,
      premiseBuildingType: record.premiseBuildingType,
      tenancyId: record.tenancyId,
      companyName: record.companyName,
      tradeName: record.tradeName,
      premises: record.premises,
      scheduledAt: record.scheduledAt,
      remarkToTenant: record.remarkToTenant,
      specialRemark: record.specialRemark
    },
    items: items.map((line: any) => ({
      id: line.id,
      section: line.section,
      position: line.position,
      item: line.item,
      condition: line.condition,
      remarks: line.remarks,
      handoverCondition: line.handoverCondition,
      handoverRemarks: line.handoverRemarks,
      deteriorated: line.deteriorated,
      deductionCents: line.deductionCents,
      deductionReason: line.deductionReason
    })),
    keys: keys.map((line: any) => ({
      id: line.id,
      position: line.position,
      item: line.item,
      keys: line.keys,
      keysHandedOver: line.keysHandedOver,
      accessCards: line.accessCards,
      outcome: line.outcome,
      chargeCents: line.chargeCents,
      waiverReason: line.waiverReason
    })),
    photos: photos.map((photo: any) => ({ id: photo.id, scheduleItemId: photo.scheduleItemId, sha256: photo.sha256 }))
  }
  return { record, items, keys, photos, content, sha256: sha256Hex(canonicalJson(content)) }
}

/** A signature as the seal covers it. */
export const sealedSignatureOf = (signature: any) => ({
  party: signature.party,
  signerName: signature.signerName,
  signedAt: new Date(signature.signedAt),
  method: signature.method,
  witnessedBy: signature.witnessedBy,
  imageSha256: signature.imageSha256,
  contentSha256: signature.contentSha256
})
