import type { Knex } from 'knex'
import type { HotbState } from '../services/hotb/hotb.workflow.js'
import type { HotbType } from '../services/hotb/hotb.shared.js'
import type { HotbSection } from '../services/hotb-schedule-items/hotb-schedule-items.shared.js'
import type { KeyOutcome } from '../services/hotb-keys/hotb-keys.shared.js'

export interface HotbInput {
  tenancyId: number
  type?: HotbType
  status?: HotbState
  name?: string
  premises?: string[]
  managedBy?: number | null
  createdBy?: number | null
  approverId?: number | null
  scheduledAt?: Date | null
  actualDate?: string | null
  statusReason?: string | null
  sourceHotbId?: number | null
  completedAt?: Date | null
  updatedAt?: Date
}

/** A handover/takeback record of a tenancy, in any state, written as the service would leave it (tests and the demo). */
export async function createHotb(db: Knex, input: HotbInput): Promise<{ id: number; updatedAt: Date; region: string }> {
  const tenancy = await db('tenancies').where({ id: input.tenancyId }).first('region', 'buildingId', 'siteId', 'companyName', 'tradeName')
  const status = input.status ?? 'DRAFT'
  const type = input.type ?? 'HANDOVER'
  const now = new Date()
  const reached = (...states: HotbState[]) => (states.includes(status) ? now : null)
  const arranged = (['SCHEDULED', 'UNSIGNED', 'COMPLETED'] as HotbState[]).includes(status)
  const [row] = await db('hotb').insert(
    {
      region: tenancy.region,
      tenancyId: input.tenancyId,
      type,
      premiseBuildingType: 'asIs',
      name: input.name ?? `${type === 'HANDOVER' ? 'Handover' : 'Takeback'} ${tenancy.tradeName ?? tenancy.companyName}`,
      status,
      statusReason: input.statusReason ?? (['REJECTED', 'CANCELLED'].includes(status) ? 'Dates changed' : null),
      buildingId: tenancy.buildingId,
      siteId: tenancy.siteId,
      companyName: tenancy.companyName,
      tradeName: tenancy.tradeName,
      premises: input.premises ?? [],
      scheduledAt: input.scheduledAt !== undefined ? input.scheduledAt : arranged ? new Date(now.getTime() + 7 * 86_400_000) : null,
      actualDate: input.actualDate ?? null,
      createdBy: input.createdBy ?? input.managedBy ?? null,
      managedBy: input.managedBy ?? null,
      approverId: input.approverId ?? null,
      sourceHotbId: input.sourceHotbId ?? null,
      submittedAt: reached('WAPPR', 'APPR', 'REJECTED', 'SCHEDULED', 'UNSIGNED', 'COMPLETED'),
      approvedAt: reached('APPR', 'SCHEDULED', 'UNSIGNED', 'COMPLETED'),
      arrangedAt: arranged ? now : null,
      completedAt: input.completedAt !== undefined ? input.completedAt : reached('COMPLETED'),
      closedAt: reached('COMPLETED', 'CANCELLED'),
      ...(input.updatedAt ? { updatedAt: input.updatedAt } : {})
    },
    ['id', 'updatedAt', 'region']
  )
  return row
}

export interface HotbItemInput {
  section: HotbSection
  item: string
  condition?: string | null
  remarks?: string | null
  handoverCondition?: string | null
  handoverRemarks?: string | null
  deteriorated?: boolean
  deductionCents?: number | null
  deductionReason?: string | null
}

/** A record's condition schedule lines, in the order given within each section. */
export async function createHotbItems(db: Knex, hotbId: number, items: readonly HotbItemInput[]): Promise<Array<{ id: number; updatedAt: Date }>> {
  if (!items.length) return []
  const positions = new Map<string, number>()
  return db('hotb_schedule_items').insert(
    items.map((line) => {
      const position = positions.get(line.section) ?? 0
      positions.set(line.section, position + 1)
      return { hotbId, position, ...line }
    }),
    ['id', 'updatedAt']
  )
}

export interface HotbKeyInput {
  item: string
  keys?: number
  keysHandedOver?: number
  accessCards?: number
  outcome?: KeyOutcome | null
  chargeCents?: number | null
  waiverReason?: string | null
}

/** A record's key lines, in the order given. */
export async function createHotbKeys(db: Knex, hotbId: number, lines: readonly HotbKeyInput[]): Promise<Array<{ id: number; updatedAt: Date }>> {
  if (!lines.length) return []
  return db('hotb_keys').insert(
    lines.map((line, position) => ({ hotbId, position, keys: 0, keysHandedOver: 0, accessCards: 0, ...line })),
    ['id', 'updatedAt']
  )
}

/** One version of a building's handover template (the next one). */
export async function createHandoverTemplate(
  db: Knex,
  buildingId: number,
  items: ReadonlyArray<{ section: HotbSection; item: string }>,
  keys: ReadonlyArray<{ item: string; keys: number; accessCards: number }> = []
): Promise<{ id: number; version: number }> {
  const building = await db('buildings').where({ id: buildingId }).first('region')
  const last = await db('building_handover_templates').where({ buildingId }).max('version as version').first()
  const [row] = await db('building_handover_templates').insert(
    { region: building.region, buildingId, version: Number(last?.version ?? 0) + 1, items: JSON.stringify(items), keys: JSON.stringify(keys) },
    ['id', 'version']
  )
  return row
}
