import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { inTransaction } from '../../../../db/transaction.js'
import { clientAddress } from '../../../../auth/client-address.js'
import { hotbContentOf, sha256Hex, type HotbContent } from './hotb-content.js'
import { hotbSignaturesPath, signableStates, signingLimits, signingMethod } from './hotb-signatures.shared.js'
import type { HotbSigningData } from './hotb-signatures.schema.js'
import { listed } from './hotb-signatures.class.js'

/*
 * The public signing page's calls (issue 31 §7), by the link's token alone (no account): `get`
 * shows what is being signed, `create` stores the drawn signature. A token nobody issued answers
 * 404; one issued but used, expired, or whose record changed (its version, its content, its state)
 * since the session was opened answers 410 HOTB_SIGNING_GONE. Neither says anything of the record.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The drawn signature's bytes, if they are a PNG within the limits (400 HOTB_SIGNATURE_INVALID otherwise). */
export function signaturePng(image: string): Buffer {
  const base64 = image.replace(/^data:image\/png;base64,/, '')
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) throw appError(400, 'HOTB_SIGNATURE_INVALID')
  const bytes = Buffer.from(base64, 'base64')
  // The PNG signature, then the IHDR chunk first, with a width and height of a drawn signature.
  const valid =
    bytes.length >= 33 &&
    bytes.length <= signingLimits.imageBytes &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR' &&
    bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND'
  const width = valid ? bytes.readUInt32BE(16) : 0
  const height = valid ? bytes.readUInt32BE(20) : 0
  if (!valid || width < 1 || height < 1 || width > signingLimits.imageSide || height > signingLimits.imageSide) throw appError(400, 'HOTB_SIGNATURE_INVALID')
  return bytes
}

/**
 * The lines the signing page shows: those of the canonical content the party signs (hotb-content.ts),
 * not a second reading of the rows, so the page shows what the hash covers; in print order, each
 * schedule item with its photos' count.
 */
export function signedSummary(content: HotbContent) {
  const photos = new Map<number, number>()
  for (const photo of content.photos) photos.set(photo.scheduleItemId, (photos.get(photo.scheduleItemId) ?? 0) + 1)
  return {
    items: content.items.map(({ position: _position, handoverRemarks: _remarks, ...line }) => ({ ...line, photos: photos.get(line.id) ?? 0 })),
    keys: content.keys.map(({ position: _position, ...line }) => line)
  }
}

export class HotbSigningService {
  constructor(private app: Application) {}

  /** The session of a token and its record, still good to sign (404 / 410 otherwise, see the header). */
  private async session(db: Knex, token: string, lock = false) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw appError(404, 'NOT_FOUND')
    const session = await db('hotb_signing_sessions')
      .where({ tokenHash: sha256Hex(token) })
      .modify((q) => {
        if (lock) q.forUpdate()
      })
      .first()
    if (!session) throw appError(404, 'NOT_FOUND')
    if (session.usedAt || new Date(session.expiresAt).getTime() <= Date.now()) throw appError(410, 'HOTB_SIGNING_GONE')
    // Signing holds the record (a completion waits, and seals with this signature or refuses it after).
    const record = await db('hotb')
      .where({ id: session.hotbId })
      .modify((q) => {
        if (lock) q.forShare()
      })
      .first()
    if (!record || !(signableStates as readonly string[]).includes(record.status) || new Date(record.updatedAt).getTime() !== new Date(session.recordVersion).getTime()) {
      throw appError(410, 'HOTB_SIGNING_GONE')
    }
    const content = await hotbContentOf(db, record.id)
    if (content.sha256 !== session.contentSha256) throw appError(410, 'HOTB_SIGNING_GONE')
    return { session, record, content }
  }

  /** What is being signed: the premises, the type, the appointment, the schedule items (a takeback's with its deductions) and the key lines (no staff's own words). */
  async get(token: string) {
    const { session, record, content } = await this.session(this.app.get('knex'), String(token))
    const building = record.buildingId ? await this.app.get('knex')('buildings').where({ id: record.buildingId }).first('code', 'name') : null
    // The page has no region of its own: it prints the appointment on the record's region's clock.
    const region = await this.app.get('regionCache').get(record.region)
    return {
      party: session.party,
      expiresAt: session.expiresAt,
      timeZone: region?.timeZone ?? 'UTC',
      currency: region?.currency ?? null,
      contentSha256: content.sha256,
      record: {
        name: record.name,
        type: record.type,
        companyName: record.companyName,
        tradeName: record.tradeName,
        building: building ? building.name || building.code : null,
        premises: record.premises,
        scheduledAt: record.scheduledAt,
        remarkToTenant: record.remarkToTenant
      },
      ...signedSummary(content.content)
    }
  }

  /** Stores the drawn signature of the session's party (replacing an earlier one of that party on the record); the link is spent. */
  async create(data: HotbSigningData, params: Params = {}) {
    const image = signaturePng(data.image)
    const db = this.app.get('knex')
    const { signature, replaced } = await inTransaction(db, async (trx) => {
      const { session, record, content } = await this.session(trx, data.token, true)
      const now = new Date()
      await trx('hotb_signing_sessions').where({ id: session.id }).update({ usedAt: now })
      const replaced = await trx('hotb_signatures').where({ hotbId: record.id, party: session.party }).delete(listed)
      const userAgent = params.headers?.['user-agent']
      const [signature] = await trx('hotb_signatures').insert(
        {
          hotbId: record.id,
          region: record.region,
          sessionId: session.id,
          party: session.party,
          signerName: data.signerName.trim(),
          image,
          imageSha256: sha256Hex(image),
          method: signingMethod,
          witnessedBy: session.openedBy,
          ip: clientAddress(this.app, params),
          userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
          contentSha256: content.sha256,
          signedAt: now
        },
        [...listed, 'contentSha256']
      )
      return { signature, replaced }
    })
    // Once committed, the record's readers hear of it (hotb-signatures.access.ts): the signing panel updates live.
    const signatures = this.app.service(hotbSignaturesPath)
    for (const old of replaced) signatures.emit('removed', old)
    const { contentSha256: _content, ...shown } = signature
    signatures.emit('created', shown)
    const { id: _id, hotbId: _hotbId, ...answer } = signature
    return answer
  }
}
