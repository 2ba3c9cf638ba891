import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import type { WorkflowParams } from '../../../../kit/workflow-runner.js'
import { HotbLineService } from '../hotb/hotb-line.class.js'
import { hotbForWrite } from '../hotb/hotb-lines.js'
import { seesHotbStaff } from '../hotb/hotb.access.js'
import { capturedAtOf, headOf } from './photo-exif.js'
import { dropPhotoThumbnails } from './photo-thumbnail.js'
import { hotbPhotoOwner, hotbPhotoTypes } from './hotb-photos.shared.js'

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value)

/**
 * The photo records of a record's schedule items (spec hotb §3 "photo records", issue 31 §4).
 * A photo is made from a picture already uploaded through `files` for its item (owner
 * `hotb-schedule-items`, the item's id: 400 HOTB_PHOTO_FILE otherwise), an image (400
 * HOTB_PHOTO_TYPE otherwise); it takes the file's SHA-256, the uploader from the session, and
 * the time the picture was taken from its EXIF (null when it has none).
 *
 * When: photos are taken on site, so they are added, captioned and removed while the record is
 * `settlable` (drafted, approved, scheduled, and marked unsigned at the appointment: the takeback's
 * outcomes are recorded then too); once COMPLETED they are part of the signed record (the sealed
 * PDF names each by its SHA-256) and are locked (409 HOTB_NOT_EDITABLE), as while it waits for
 * approval. Who: hotb-photos.access.ts (the record's readers read, its editors write).
 */
export class HotbPhotoService extends HotbLineService {
  constructor(options: any, app: Application) {
    super(options, app, ['scheduleItemId', 'createdAt'])
  }

  protected phaseOf(): 'settlable' {
    return 'settlable'
  }

  protected row(data: Record<string, any>) {
    return data.caption !== undefined ? { caption: trimmed(data.caption) } : {}
  }

  /**
   * Each photo with its uploader's name, as staff's gallery shows it; a tenant reads the record
   * without staff's people (module.shared.ts `ownFields`), so not who uploaded it either.
   */
  private async present(rows: Array<Record<string, any>>, params: WorkflowParams = {}): Promise<Array<Record<string, any>>> {
    const sees = rows.map((row) => seesHotbStaff(row, params))
    const wanted = [
      ...new Set(
        rows
          .filter((_, index) => sees[index])
          .map((row) => row.uploadedBy)
          .filter((id): id is number => id != null)
      )
    ]
    const names = new Map<number, string>(wanted.length ? (await this.app.get('knex')('users').whereIn('id', wanted).select('id', 'displayName')).map((user: any) => [user.id, user.displayName]) : [])
    return rows.map(({ uploadedBy, ...row }, index) => (sees[index] ? { ...row, uploadedBy, uploadedByName: uploadedBy ? (names.get(uploadedBy) ?? '') : '' } : row))
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super.find(params)
    if (Array.isArray(page)) return this.present(page, params)
    return { ...page, data: await this.present(page.data, params) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return (await this.present([await super.get(id, params)], params))[0]
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const item = await db('hotb_schedule_items')
        .where({ id: data.scheduleItemId })
        .modify((q) => {
          if (inner.region) q.where({ region: inner.region })
        })
        .first('id', 'hotbId')
      if (!item) throw appError(404, 'NOT_FOUND')
      const record = await hotbForWrite(db, item.hotbId, inner, this.phaseOf())
      // The picture must have been uploaded for this item: not any file of the region whose id a caller guesses.
      const file = await db('files')
        .where({ id: data.fileId, ownerResource: hotbPhotoOwner, ownerId: String(item.id) })
        .forShare()
        .first('id', 'mimeType', 'sha256', 'storageKey')
      if (!file) throw appError(400, 'HOTB_PHOTO_FILE', { fileId: data.fileId })
      if (!(hotbPhotoTypes as readonly string[]).includes(file.mimeType)) throw appError(400, 'HOTB_PHOTO_TYPE', { fileId: data.fileId })
      if (await db('hotb_photos').where({ fileId: file.id }).first('id')) throw appError(409, 'HOTB_PHOTO_EXISTS', { fileId: file.id })
      const timeZone = (await this.app.get('regionCache').get(record.region))?.timeZone
      const capturedAt = await capturedAtOf(await headOf(await fileStorage(this.app).get(file.storageKey)), timeZone).catch(() => null)
      const [stored] = await db('hotb_photos').insert(
        {
          hotbId: record.id,
          scheduleItemId: item.id,
          fileId: file.id,
          sha256: file.sha256,
          caption: trimmed(data.caption ?? null),
          capturedAt,
          uploadedBy: inner.user?.id ?? null
        },
        '*'
      )
      ;(inner as any).written = { service: this, record: stored }
      return (await this.present([stored], params))[0]
    })
  }

  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    return (await this.present([await super.patch(id, data, params)], params))[0]
  }

  /**
   * A photo goes while the record is settlable, by its editors (its file stays, as every uploaded
   * file does; the thumbnail made of it goes once the removal commits).
   */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      await hotbForWrite(this.conn(inner), current.hotbId, inner, this.phaseOf())
      await dropPhotoThumbnails(this.app, this.conn(inner), { 'hotb_photos.id': current.id }, inner)
      await this.conn(inner)('hotb_photos').where({ id: current.id }).delete()
      return current
    })
  }
}
