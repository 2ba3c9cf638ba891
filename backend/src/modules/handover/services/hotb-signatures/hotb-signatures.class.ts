import { randomBytes } from 'node:crypto'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { inTransaction } from '../../../../db/transaction.js'
import { actsOnHotb, readsHotb } from '../hotb/hotb.access.js'
import { hotbContentOf, sha256Hex } from './hotb-content.js'
import { signableStates, signingLimits, signingPagePath, type HotbParty } from './hotb-signatures.shared.js'

/*
 * A record's signatures (issue 31 §7), and the signing sessions staff open for them. Who: the
 * record's readers see its signatures (name, party, time: never the image, the address or the
 * user agent); a staff member who may complete a SCHEDULED or UNSIGNED record opens a session for
 * a party. The session's token is shown once and kept only as its SHA-256; it expires after
 * `signingLimits.sessionMinutes`, is used once, and is bound to the record's version and content
 * hash as they were when opened (hotb-signing.class.ts refuses it once either changed).
 */
/** What a signature shows its record's readers (never the image, the address or the user agent). */
export const listed = ['id', 'hotbId', 'party', 'signerName', 'signedAt', 'method'] as const

export class HotbSignatureService {
  constructor(private app: Application) {}

  /** The record as the caller reads it (404 otherwise: nothing is said of a record it may not read). */
  private async readable(db: any, hotbId: number, params: Params, lock = false) {
    const record = await db('hotb')
      .where({ id: hotbId })
      .modify((q: any) => {
        if (params.region) q.where({ region: params.region })
        if (lock) q.forUpdate()
      })
      .first()
    if (!record || (params.provider && !readsHotb(record, params))) throw appError(404, 'NOT_FOUND')
    return record
  }

  /** The table, for the kit's readers of stored signatures (edit locks, the access contract test). */
  getOptions(_params?: Params) {
    return { name: 'hotb_signatures' }
  }

  /**
   * One signature as its list shows it, to a caller who reads its record (404 otherwise). Not a
   * method of the API (the list is): the edit locks read a record of a contracted service by it.
   */
  async get(id: number | string, params: Params = {}) {
    const db = this.app.get('knex')
    const signature = /^\d{1,10}$/.test(String(id))
      ? await db('hotb_signatures')
          .where({ id: Number(id) })
          .first(...listed)
      : undefined
    if (!signature) throw appError(404, 'NOT_FOUND')
    await this.readable(db, signature.hotbId, params)
    return signature
  }

  async find(params: Params = {}) {
    const hotbId = Number(params.query?.hotbId)
    if (!Number.isInteger(hotbId) || hotbId <= 0) throw appError(400, 'BAD_REQUEST', { field: 'hotbId' })
    const db = this.app.get('knex')
    await this.readable(db, hotbId, params)
    const rows = await db('hotb_signatures')
      .where({ hotbId })
      .orderBy('signedAt')
      .select(...listed)
    return { total: rows.length, limit: rows.length, skip: 0, data: rows }
  }

  /** Opens a signing session for a party: the link's token, shown this once. */
  async open(data: { hotbId: number; party: HotbParty }, params: Params = {}) {
    const db = this.app.get('knex')
    return inTransaction(db, async (trx) => {
      const record = await this.readable(trx, data.hotbId, params, true)
      if (params.provider && !actsOnHotb(record, 'complete', params)) throw appError(403, 'FORBIDDEN')
      if (!(signableStates as readonly string[]).includes(record.status)) throw appError(409, 'HOTB_NOT_SIGNABLE', { status: record.status })
      const { sha256 } = await hotbContentOf(trx, record.id)
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(Date.now() + signingLimits.sessionMinutes * 60_000)
      const [session] = await trx('hotb_signing_sessions').insert(
        {
          hotbId: record.id,
          region: record.region,
          party: data.party,
          tokenHash: sha256Hex(token),
          recordVersion: record.updatedAt,
          contentSha256: sha256,
          openedBy: params.user?.id,
          expiresAt
        },
        ['id']
      )
      return { id: session.id, hotbId: record.id, party: data.party, expiresAt, token, path: signingPagePath(token) }
    })
  }
}
