import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { sameInstant } from '../../../../hooks/audited-write.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import type { GuidelinePatch, GuidelinePublish, GuidelineSave } from './guidelines.schema.js'
import { setStamp, type GuidelineLine, type GuidelineType } from './guidelines.shared.js'

const table = 'tenant_project_guidelines'

/** A section's lines in their order, numbered 1, 2, 3... as stored. */
const numbered = (lines: readonly GuidelineLine[]) =>
  [...lines]
    .map((line, index) => ({ ...line, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((line, index) => ({ order: index + 1, value: line.value.trim() }))

/**
 * The region's fit-out guidelines (spec tenant projects §3 "Guideline", §7 GET/PUT/PATCH
 * guidelines), one set per type, versioned by whole sets (migration 20261207000500): staff save the
 * next version as drafts while the published versions stay as they were, and publish the drafts of
 * a type at once. Who: guidelines.access.ts, applied by the kit. Every external write runs inside
 * the audited write's transaction (audit row, 428/410 of `patch`, events after the commit).
 */
export class GuidelineService extends WorkflowKnexService<any> {
  constructor(options: any, app: Application) {
    super(options, app, { resource: 'guidelines' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const query = { $sort: { displayOrder: 1, order: 1, secondaryOrder: 1, id: 1 }, ...(params.query ?? {}) }
    return super._find({ ...params, query } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  /** 403 unless the external caller may take `action` on the guidelines of the region. */
  private assertMay(params: WorkflowParams, action: string) {
    if (params.provider && !params.ability?.can(action, 'guidelines')) throw appError(403, 'FORBIDDEN')
  }

  /** One writer of a type's set at a time (two first saves of a type have no row to lock yet). */
  private async lockType(db: Knex, region: string, type: string) {
    await db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`${table}:${region}:${type}`])
  }

  private async rowsOf(db: Knex, region: string, type: string) {
    const rows: any[] = await db(table)
      .where({ region, type })
      .where((q) => q.where({ status: 'DRAFT' }).orWhere({ isCurrent: true }))
    return { drafts: rows.filter((row) => row.status === 'DRAFT'), current: rows.filter((row) => row.isCurrent) }
  }

  private async nextVersion(db: Knex, region: string, type: string): Promise<number> {
    const [{ max }] = await db(table).where({ region, type, status: 'PUBLISHED' }).max('version as max')
    return Number(max ?? 0) + 1
  }

  private regionOf(params: WorkflowParams): string {
    const region = (params as any).region
    if (!region) throw appError(400, 'VALIDATION_FAILED', { details: 'region' })
    return region
  }

  /**
   * A draft item changed on its own. A published item of the current version starts the next
   * version's drafts (a copy of the whole published set) with this item changed; an older
   * version, or one whose type has drafts already (edit those), is never written (409).
   */
  async patch(id: NullableId, data: GuidelinePatch, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const current = await this.lockForWrite(id, inner)
      this.assertCan(inner, 'update', current)
      const changes: Record<string, unknown> = { updatedBy: inner.user?.id ?? null, updatedAt: new Date() }
      if (data.sectionContent !== undefined) changes.sectionContent = JSON.stringify(numbered(data.sectionContent))
      for (const field of ['order', 'secondaryOrder', 'displayOrder'] as const) if (data[field] !== undefined) changes[field] = data[field]
      let target = current
      if (current.status === 'PUBLISHED') {
        if (!current.isCurrent) throw appError(409, 'GUIDELINE_PUBLISHED', { version: current.version })
        await this.lockType(db, current.region, current.type)
        const { drafts, current: published } = await this.rowsOf(db, current.region, current.type)
        if (drafts.length) throw appError(409, 'GUIDELINE_DRAFT_EXISTS', { type: current.type })
        const copies = await this.copyAsDrafts(db, published, inner)
        target = copies.find((row) => row.itemId === current.itemId)
      }
      const [stored] = await db(table).where({ id: target.id }).update(changes, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** The published set copied as the next version's drafts. */
  private async copyAsDrafts(db: Knex, published: any[], params: WorkflowParams): Promise<any[]> {
    if (!published.length) return []
    const version = Math.max(...published.map((row) => Number(row.version))) + 1
    const now = new Date()
    const user = params.user?.id ?? null
    return db(table).insert(
      published.map(({ id: _id, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, isCurrent: _current, ...item }) =>
        this.encodeJson({ ...item, status: 'DRAFT', version, isCurrent: false, createdBy: user, updatedBy: user, createdAt: now, updatedAt: now })
      ),
      '*'
    )
  }

  /**
   * The drafts of a type as a whole (spec PUT /guidelines): the list given becomes the next
   * version's drafts, items matched by their item id (kept, changed, added; drafts not listed are
   * dropped). Written on the stamp of the set the writer read (its drafts', else the published
   * set's): 428 without one once the type has rows, 410 when another save or publish came first.
   */
  async save(data: GuidelineSave, params: WorkflowParams = {}): Promise<any[]> {
    this.assertMay(params, 'update')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const region = this.regionOf(inner)
      const type = data.type as GuidelineType
      const seen = new Set<string>()
      for (const item of data.items) {
        const key = item.itemId.toLowerCase()
        if (seen.has(key)) throw appError(400, 'GUIDELINE_ITEM_DUPLICATE', { itemId: item.itemId })
        seen.add(key)
      }
      await this.lockType(db, region, type)
      const { drafts, current } = await this.rowsOf(db, region, type)
      this.assertFresh(data.updatedAt, setStamp(drafts.length ? drafts : current))
      const version = await this.nextVersion(db, region, type)
      const now = new Date()
      const user = inner.user?.id ?? null
      const draftOf = new Map(drafts.map((row) => [String(row.itemId).toLowerCase(), row]))
      const saved: any[] = []
      for (const [index, item] of data.items.entries()) {
        const fields = {
          itemId: item.itemId,
          sectionContent: JSON.stringify(numbered(item.sectionContent)),
          order: item.order,
          secondaryOrder: item.secondaryOrder ?? 0,
          displayOrder: item.displayOrder ?? index + 1,
          updatedBy: user,
          updatedAt: now
        }
        const draft = draftOf.get(item.itemId.toLowerCase())
        draftOf.delete(item.itemId.toLowerCase())
        const [stored] = draft
          ? await db(table)
              .where({ id: draft.id })
              .update({ ...fields, version }, '*')
          : await db(table).insert({ ...fields, region, type, status: 'DRAFT', version, isCurrent: false, createdBy: user, createdAt: now }, '*')
        saved.push(stored)
      }
      const dropped = [...draftOf.values()]
      if (dropped.length) {
        await db(table)
          .whereIn(
            'id',
            dropped.map((row) => row.id)
          )
          .delete()
        inner.afterCommit?.push(() => dropped.forEach((row) => (this as any).emit('removed', row)))
      }
      return saved
    })
  }

  /**
   * Publishes every draft of a type in the region at once (spec PATCH /guidelines?type=): they
   * become the type's next version and the set tenants read; the versions before stay readable
   * (`version`). On the drafts' stamp the publisher read (428 without, 410 when stale); 409 with
   * no draft to publish.
   */
  async publishDrafts(data: GuidelinePublish, params: WorkflowParams = {}): Promise<any[]> {
    this.assertMay(params, 'publish')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const region = this.regionOf(inner)
      await this.lockType(db, region, data.type)
      const { drafts } = await this.rowsOf(db, region, data.type)
      if (!drafts.length) throw appError(409, 'GUIDELINES_NOTHING_TO_PUBLISH', { type: data.type })
      this.assertFresh(data.updatedAt, setStamp(drafts))
      const version = await this.nextVersion(db, region, data.type)
      await db(table).where({ region, type: data.type, isCurrent: true }).update({ isCurrent: false })
      const published: any[] = await db(table)
        .whereIn(
          'id',
          drafts.map((row) => row.id)
        )
        .update({ status: 'PUBLISHED', isCurrent: true, version, updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
      return published.sort((a, b) => a.displayOrder - b.displayOrder || a.order - b.order || a.secondaryOrder - b.secondaryOrder)
    })
  }

  /** The set's stamp the writer read against the stored one: 428 when the type has rows and none was given, 410 when it differs. */
  private assertFresh(read: unknown, stored: string | null) {
    if (stored === null) return
    if (read == null || read === '') throw appError(428, 'UPDATED_AT_REQUIRED')
    if (!sameInstant(read, stored)) throw appError(410, 'STALE_WRITE')
  }
}
