import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import { defineAccess } from '../../../../kit/access.js'
import { extraReaders } from '../../../../kit/channels.js'
import { hotbSubjectOf, readsHotb } from '../hotb/hotb.access.js'

/** A signature as its list shows it, with its record's columns the `hotb` rules read (`joined`). */
export interface HotbSignatureRow {
  id: number
  hotbId: number
  region: string
  tenancyId?: number
  managedBy?: number | null
  status?: string
  [field: string]: unknown
}

/** The columns of a record its signatures are read by. */
const recordColumns = ['id', 'region', 'tenancyId', 'managedBy', 'status'] as const

/** The signatures' records, by id. */
async function recordsOf(db: Knex, hotbIds: number[]) {
  const rows = hotbIds.length
    ? await db('hotb')
        .whereIn('id', [...new Set(hotbIds)])
        .select(...recordColumns)
    : []
  return new Map<number, Record<string, any>>(rows.map((row: any) => [row.id, row]))
}

/**
 * Who reads a record's signatures (issue 31 §7): whoever reads the record (its `hotb` rules, on the
 * record as it is now: `joined` completes a signature with its record's columns). Nothing saves a
 * signature through the API (they are given on the public signing page), so nobody acts on one.
 * Live events (a party signed) go to the record's readers, with the signature as its list shows
 * it (never the image, the address or the user agent).
 */
export const hotbSignaturesAccess = defineAccess<HotbSignatureRow>({
  subject: 'hotb-signatures',
  listedBy: 'hotbId',
  read: (signature, caller) => signature.status !== undefined && readsHotb(signature, caller),
  act: () => false,
  async joined(signatures, db) {
    const records = await recordsOf(
      db,
      signatures.map((signature) => signature.hotbId)
    )
    return signatures.map((signature) => {
      const { id: _id, ...record } = records.get(signature.hotbId) ?? {}
      return { ...signature, ...record }
    })
  },
  async readers(app, signature) {
    const record = (await recordsOf(app.get('knex'), [signature.hotbId])).get(signature.hotbId)
    if (!record) return []
    const shown = { id: signature.id, hotbId: signature.hotbId, party: signature.party, signerName: signature.signerName, signedAt: signature.signedAt, method: signature.method }
    return [extraReaders(app, record.region, [], shown, (_user, ability) => Boolean(ability?.can('read', subject('hotb', hotbSubjectOf(record)))))]
  }
})
