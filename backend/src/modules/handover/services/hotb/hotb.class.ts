import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { withTransaction } from '../../../../db/transaction.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { floorsHeldOn } from '../../../tenancies/module.js'
import { hotbWorkflow, type HotbAction, type HotbFacts, type HotbState } from './hotb.workflow.js'
import { actsOnHotb } from './hotb.access.js'
import type { HotbArrangeData, HotbChangePicData, HotbCompleteData, HotbData, HotbPatch, HotbReasonData, HotbSubmitData } from './hotb.schema.js'
import { openKeyLines } from '../hotb-keys/hotb-keys.shared.js'
import { hotbStaffWith } from '../hotb-approvers/hotb-approvers.js'
import { mailMove } from '../../mail/hotb-mail.js'
import { sealOnCompletion } from '../hotb-signatures/hotb-seal.js'
import { hasSignedDocument } from '../hotb-documents/hotb-documents.class.js'

/** What a text field holds once trimmed: an empty optional text is none. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value)

/**
 * Handover/takeback records (spec hotb §3, §4, §7; feature TENANT_PROJECTS): created by staff from
 * a tenancy of the region, filled from the building's latest template (a handover) or from the
 * tenancy's last completed handover (a takeback), edited while editable by their PIC (or with
 * updateOthers), moved through the workflow table (hotb.workflow.ts). Who: the access contract
 * (hotb.access.ts), applied by the kit. Every external write runs inside the audited write (lock,
 * 428/410, audit row, event after the commit); the lock refuses (403) a caller who may not take
 * the method's action on the record before any version answer.
 */
export class HotbService extends WorkflowKnexService<any> {
  /** The lock of a write reads the record as the caller may (the contract's `read`): 404 before any version answer. */
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'hotb' })
  }

  /** The region's today (a completion's default actual date, the premises held). */
  private async today(region: string) {
    return calendarDay(new Date(), (await this.app.get('regionCache').get(region))?.timeZone ?? 'UTC')
  }

  private present = (row: any) => (row && row.actualDate instanceof Date ? { ...row, actualDate: isoDay(row.actualDate) } : row)

  /**
   * The record as the caller may read it, locked until the commit (404 otherwise); then, for an
   * external write the audited write names (`hotb.<method>`), 403 unless the caller may take that
   * method's action on it: authorization comes before any version (410/428) or state answer.
   */
  async lockForWrite(id: string | number, params: WorkflowParams): Promise<any> {
    // A caller with no `hotb` rule at all is refused first (403), as a list or a read refuses them.
    if (params.provider && !params.ability?.can('read', 'hotb')) throw appError(403, 'FORBIDDEN')
    const record = await super.lockForWrite(id, params)
    if (params.provider) {
      const method = /^hotb\.(\w+)$/.exec(String((params as any).action ?? ''))?.[1]
      const action = method === 'patch' ? 'update' : method
      if (action && (hotbWorkflow.actions.some((known) => known.action === action) || action === 'update') && !actsOnHotb(record, action, params)) {
        throw appError(403, 'FORBIDDEN')
      }
    }
    return record
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find(params as any)
    return Array.isArray(page) ? page.map(this.present) : { ...page, data: page.data.map(this.present) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return this.present(await super._get(id, params as any))
  }

  /**
   * Spec hotb §7 POST /hotb {tenancyId, premiseBuildingType, type} with its basic information: a
   * record of a tenancy of the region (400 otherwise), its premises the floors the tenancy holds
   * today unless named, its PIC the creator unless named (a staff member of the region). A
   * HANDOVER is filled from its building's latest template; a TAKEBACK from the tenancy's last
   * completed handover (its items, with their condition kept as the handover's, and its key lines).
   */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, (inner) => this.createWithin(data as HotbData, inner))
  }

  private async createWithin(data: HotbData, params: WorkflowParams): Promise<any> {
    const db = this.conn(params)
    const tenancy = await db('tenancies').where({ id: data.tenancyId }).forShare().first('id', 'region', 'buildingId', 'siteId', 'companyName', 'tradeName')
    if (!tenancy || (params.region && tenancy.region !== params.region)) throw appError(400, 'HOTB_TENANCY_INVALID', { field: 'tenancyId' })
    const managedBy = data.managedBy ?? params.user?.id ?? null
    if (data.managedBy !== undefined) await this.assertStaff(db, data.managedBy, tenancy.region, 'managedBy')
    const premises = data.premises ?? (await floorsHeldOn(db, tenancy.id, await this.today(tenancy.region)))
    const name = trimmed(data.name) ?? [data.type === 'HANDOVER' ? 'Handover' : 'Takeback', tenancy.tradeName || tenancy.companyName, premises.join(', ')].filter(Boolean).join(' ')
    const source = data.type === 'TAKEBACK' ? await this.lastCompletedHandover(db, tenancy.id) : undefined
    const template = data.type === 'HANDOVER' && tenancy.buildingId ? await this.latestTemplate(db, tenancy.buildingId) : undefined
    const [created] = await db('hotb').insert(
      {
        region: tenancy.region,
        tenancyId: tenancy.id,
        type: data.type,
        premiseBuildingType: data.premiseBuildingType ?? 'asIs',
        name: String(name).slice(0, 200),
        status: 'DRAFT',
        buildingId: tenancy.buildingId,
        siteId: tenancy.siteId,
        companyName: tenancy.companyName,
        tradeName: tenancy.tradeName,
        premises,
        remarkToTenant: trimmed(data.remarkToTenant) ?? null,
        specialRemark: trimmed(data.specialRemark) ?? null,
        amRemark: trimmed(data.amRemark) ?? null,
        tenantContactName: trimmed(data.tenantContactName) ?? null,
        tenantContactPhone: trimmed(data.tenantContactPhone) ?? null,
        tenantContactEmail: trimmed(data.tenantContactEmail) ?? null,
        companyContactName: trimmed(data.companyContactName) ?? null,
        companyContactPhone: trimmed(data.companyContactPhone) ?? null,
        companyContactEmail: trimmed(data.companyContactEmail) ?? null,
        additionalEmails: data.additionalEmails ?? [],
        createdBy: params.user?.id ?? null,
        managedBy,
        templateId: template?.id ?? null,
        templateVersion: template?.version ?? null,
        sourceHotbId: source?.id ?? null
      },
      '*'
    )
    if (template) await fillFromTemplate(db, created.id, template)
    if (source) await fillFromHandover(db, created.id, source.id)
    ;(params as any).written = { service: this, record: this.present(created) }
    return this.present(created)
  }

  /** The building's latest template version (none: the record starts empty). */
  private latestTemplate(db: Knex, buildingId: number) {
    return db('building_handover_templates').where({ buildingId }).orderBy('version', 'desc').first('id', 'version', 'items', 'keys')
  }

  /** The tenancy's last completed handover: what a takeback starts from. */
  private lastCompletedHandover(db: Knex, tenancyId: number) {
    return db('hotb').where({ tenancyId, type: 'HANDOVER', status: 'COMPLETED' }).orderByRaw('completed_at DESC NULLS LAST, id DESC').first('id')
  }

  /** An approver (granted `hotb:approve`) or a PIC (granted `hotb:update`): an enabled staff member of the region (400 naming the field otherwise). */
  private async assertStaff(db: Knex, userId: number, region: string, field: 'approverId' | 'managedBy') {
    const [found] = await hotbStaffWith(db, region, field === 'approverId' ? 'approver' : 'pic', [userId])
    if (!found) throw appError(400, 'HOTB_USER_INVALID', { field })
  }

  /** Edits the information while the record is editable (DRAFT, APPR, SCHEDULED), by its PIC or with updateOthers. */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      if (inner.provider && !actsOnHotb(current, 'update', inner)) throw appError(403, 'FORBIDDEN')
      if (!hotbWorkflow.isIn('editable', current.status)) throw appError(409, 'HOTB_NOT_EDITABLE', { status: current.status })
      const { updatedAt: _read, region: _region, ...fields } = data as HotbPatch
      const changes: Record<string, unknown> = {}
      for (const [field, value] of Object.entries(fields)) changes[field] = Array.isArray(value) ? value : trimmed(value)
      if (changes.name === null) delete changes.name
      const [stored] = await this.conn(inner)('hotb')
        .where({ id: current.id })
        .update({ ...changes, updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: this.present(stored) }
      return this.present(stored)
    })
  }

  /** Spec "submit to a chosen approver": a staff member of the region. */
  async submit(data: HotbSubmitData, params: WorkflowParams = {}) {
    return this.move(data.id, 'submit', params, async (db, record, now) => {
      await this.assertStaff(db, data.approverId, record.region, 'approverId')
      return { approverId: data.approverId, submittedAt: now, statusReason: null }
    })
  }

  approve(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'approve', params, async (_db, _record, now) => ({ approvedAt: now }))
  }

  reject(data: HotbReasonData, params: WorkflowParams = {}) {
    return this.move(data.id, 'reject', params, async () => ({ statusReason: data.reason.trim() }))
  }

  resetToDraft(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'resetToDraft', params, async () => ({ approvedAt: null, submittedAt: null }))
  }

  /** Arrange and notify: the appointment and the contacts (SCHEDULED; arranging again moves it). */
  arrange(data: HotbArrangeData, params: WorkflowParams = {}) {
    return this.move(data.id, 'arrange', params, async (_db, _record, now) => {
      const { id: _id, updatedAt: _read, region: _region, scheduledAt, ...contacts } = data
      const changes: Record<string, unknown> = { scheduledAt: new Date(scheduledAt), arrangedAt: now }
      for (const [field, value] of Object.entries(contacts)) changes[field] = Array.isArray(value) ? value : trimmed(value)
      return changes
    })
  }

  unsigned(data: { id: number; reason?: string }, params: WorkflowParams = {}) {
    return this.move(data.id, 'unsigned', params, async () => ({ statusReason: data.reason?.trim() || null }))
  }

  /**
   * Completes the record on its actual date (default the region's today). A takeback completes
   * only once every key line handed over is settled: 428 HOTB_KEYS_OPEN naming each open line.
   * Once both parties have signed in person, completing seals it (issue 31 §7, hotb-seal.ts); from
   * SCHEDULED without that seal it needs the signed document uploaded (428 HOTB_SIGNED_DOCUMENT_MISSING).
   */
  complete(data: HotbCompleteData, params: WorkflowParams = {}) {
    return this.move(data.id, 'complete', params, async (db, record, now) => {
      if (record.type === 'TAKEBACK') {
        const lines = await db('hotb_keys').where({ hotbId: record.id }).orderBy(['position', 'id'])
        const open = openKeyLines(record.type, lines)
        if (open.length) {
          throw appError(428, 'HOTB_KEYS_OPEN', {
            lines: open.map((line) => line.item).join(', '),
            open: open.map((line) => ({ id: line.id, item: line.item, problem: line.problem }))
          })
        }
      }
      const actualDate = data.actualDate ?? (await this.today(record.region))
      // Both parties signed in person: the record is sealed as it completes (hotb-seal.ts).
      const seal = await sealOnCompletion(this.app, db, record, actualDate, params)
      // Workflow: at the appointment a scheduled record completes with a signed document (sealed in person, or the paper uploaded); otherwise it is marked unsigned first.
      if (record.status === 'SCHEDULED' && !('sealedFileId' in seal) && !(await hasSignedDocument(db, record.id))) throw appError(428, 'HOTB_SIGNED_DOCUMENT_MISSING', { missing: 'SIGNED' })
      return { actualDate, completedAt: now, closedAt: now, ...seal }
    })
  }

  requestChange(data: HotbReasonData, params: WorkflowParams = {}) {
    return this.move(data.id, 'requestChange', params, async () => ({ statusReason: data.reason.trim(), approvedAt: null }))
  }

  /** The PIC changes (a staff member of the region); the state stays. */
  changePic(data: HotbChangePicData, params: WorkflowParams = {}) {
    return this.move(data.id, 'changePic', params, async (db, record) => {
      await this.assertStaff(db, data.managedBy, record.region, 'managedBy')
      return { managedBy: data.managedBy }
    })
  }

  cancel(data: HotbReasonData, params: WorkflowParams = {}) {
    return this.move(data.id, 'cancel', params, async (_db, _record, now) => ({ statusReason: data.reason.trim(), closedAt: now }))
  }

  private async move(id: number, action: HotbAction, params: WorkflowParams, fields: (db: Knex, record: any, now: Date) => Promise<Record<string, unknown>>) {
    const stored = await this.runTransition<any, HotbState, HotbFacts>({
      id,
      action,
      params,
      workflow: hotbWorkflow,
      facts: (record) => record,
      apply: (db, record, _related, _to, now) => fields(db, record, now)
    })
    await mailMove(this.app, this.conn(params), params, action, stored)
    // The event after the commit carries the record as answered (its actual date as a day).
    const written = (params as any).written
    if (written?.record === stored) written.record = this.present(stored)
    return this.present(stored)
  }
}

/** A new handover's lines from its building's template version. */
async function fillFromTemplate(db: Knex, hotbId: number, template: { items: any; keys: any }) {
  const items: Array<{ section: string; item: string }> = typeof template.items === 'string' ? JSON.parse(template.items) : (template.items ?? [])
  const keys: Array<{ item: string; keys: number; accessCards: number }> = typeof template.keys === 'string' ? JSON.parse(template.keys) : (template.keys ?? [])
  const positions = new Map<string, number>()
  const rows = items.map((line) => {
    const position = positions.get(line.section) ?? 0
    positions.set(line.section, position + 1)
    return { hotbId, section: line.section, position, item: line.item }
  })
  if (rows.length) await db('hotb_schedule_items').insert(rows)
  if (keys.length) await db('hotb_keys').insert(keys.map((line, position) => ({ hotbId, position, item: line.item, keys: line.keys, keysHandedOver: 0, accessCards: line.accessCards })))
}

/** A new takeback's lines from the handover it starts from: the items with the handover's condition kept, the key lines as handed over. */
async function fillFromHandover(db: Knex, hotbId: number, sourceId: number) {
  const items = await db('hotb_schedule_items').where({ hotbId: sourceId }).orderBy(['section', 'position', 'id'])
  if (items.length) {
    await db('hotb_schedule_items').insert(
      items.map((line: any) => ({ hotbId, section: line.section, position: line.position, item: line.item, handoverCondition: line.condition, handoverRemarks: line.remarks }))
    )
  }
  const keys = await db('hotb_keys').where({ hotbId: sourceId }).orderBy(['position', 'id'])
  if (keys.length) {
    await db('hotb_keys').insert(keys.map((line: any) => ({ hotbId, position: line.position, item: line.item, keys: line.keys, keysHandedOver: line.keysHandedOver, accessCards: line.accessCards })))
  }
}
