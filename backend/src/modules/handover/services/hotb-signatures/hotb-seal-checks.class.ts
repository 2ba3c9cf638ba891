import type { Application } from '../../../../declarations.js'
import type { HotbSealCheck } from './hotb-signatures.schema.js'

/*
 * The public verify page's check (issue 31 §7): is the document whose SHA-256 this is a sealed
 * original? Answered only by the hash of the whole file, so a changed byte is a different hash and
 * "not a sealed original", and no record can be asked by its id. A sealed original's answer says
 * no more than its certificate page prints: name, premises, type, when sealed, the signers.
 */
export class HotbSealCheckService {
  constructor(private app: Application) {}

  async create(data: HotbSealCheck) {
    const db = this.app.get('knex')
    const record = await db('hotb').where({ sealedSha256: data.sha256.toLowerCase() }).first('id', 'region', 'name', 'type', 'premises', 'companyName', 'tradeName', 'sealedAt', 'sealedContentSha256')
    if (!record) return { sealed: false }
    const signers = await db('hotb_signatures').where({ hotbId: record.id }).orderBy('signedAt').select('party', 'signerName', 'signedAt', 'method')
    // The page has no region of its own: its times are printed on the record's region's clock, as the certificate prints them.
    const region = await this.app.get('regionCache').get(record.region)
    return {
      sealed: true,
      timeZone: region?.timeZone ?? 'UTC',
      name: record.name,
      type: record.type,
      premises: record.premises,
      companyName: record.companyName,
      tradeName: record.tradeName,
      sealedAt: record.sealedAt,
      contentSha256: record.sealedContentSha256,
      signers
    }
  }
}
