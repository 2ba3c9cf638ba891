import type { Knex } from 'knex'
import type { HotbState } from '../services/hotb/hotb.workflow.js'
import type { HotbSection } from '../services/hotb-schedule-items/hotb-schedule-items.shared.js'
import { createHandoverTemplate, createHotb, createHotbItems, createHotbKeys, type HotbItemInput } from './factories.js'
import { createHotbPhoto, demoStorage } from './demo-photos.js'
import { sampleJpeg, samplePng } from './sample-photos.js'
import { hotbContentOf, sha256Hex } from '../services/hotb-signatures/hotb-content.js'

const DAY = 86_400_000

/** The condition schedule of ES1's template: a line or two in every section of the spec. */
const es1Items: ReadonlyArray<{ section: HotbSection; item: string }> = [
  { section: 'ceilingLighting', item: 'Suspended ceiling tiles' },
  { section: 'ceilingLighting', item: 'LED panel lights' },
  { section: 'floor', item: 'Raised floor panels' },
  { section: 'walls', item: 'Painted plaster walls' },
  { section: 'entranceDoor', item: 'Glass entrance door and lock' },
  { section: 'airConditioning', item: 'Fan coil units and diffusers' },
  { section: 'fireServices', item: 'Sprinkler heads and smoke detectors' },
  { section: 'windows', item: 'Curtain wall glazing' },
  { section: 'utilities', item: 'Power, water and telephone points' },
  { section: 'underfloorDucting', item: 'Underfloor trunking' },
  { section: 'centralAntenna', item: 'Central antenna outlets' },
  { section: 'shopfront', item: 'Shopfront (not applicable to offices)' },
  { section: 'otherItems', item: 'Pantry sink and cabinet' },
  { section: 'disclaimer', item: 'Items not listed are handed over as is.' }
]
const es1Keys = [
  { item: 'Main entrance door', keys: 3, accessCards: 0 },
  { item: 'Back-of-house door', keys: 2, accessCards: 0 },
  { item: 'Lift lobby access cards', keys: 0, accessCards: 10 }
]

/**
 * Demo handovers and takebacks (issue 31 item 12): ES1's template (two versions), ACME's records in
 * every state of the workflow, one COMPLETED handover of 22/F with its schedule and keys, and a
 * takeback of the same premises in progress (SCHEDULED) filled from it, one key line returned and
 * two still open; a record of Harbour Capital that ACME's users never see.
 */
export async function seedHandover(trx: Knex) {
  const tenancy = async (tradeName: string) => await trx('tenancies').where({ region: 'HK', tradeName }).first('id', 'buildingId')
  const user = async (username: string) => (await trx('users').where({ username }).first('id'))?.id as number | undefined
  const acme = await tenancy('ACME')
  const harbour = await tenancy('Harbour Capital')
  const pm = await user('pm.hk')
  const approver = await user('approver.hk')
  if (!acme) return
  if (acme.buildingId) {
    await createHandoverTemplate(trx, acme.buildingId, es1Items.slice(0, -1), es1Keys)
    await createHandoverTemplate(trx, acme.buildingId, es1Items, es1Keys)
  }
  const ago = (days: number) => new Date(Date.now() - days * DAY)
  const common = { tenancyId: acme.id, premises: ['22/F'], managedBy: pm ?? null }

  // The handover that ACME moved in with: completed a year ago, its schedule and keys recorded.
  const completed = await createHotb(trx, {
    ...common,
    type: 'HANDOVER',
    status: 'COMPLETED',
    name: 'ACME 22/F handover',
    approverId: approver ?? null,
    scheduledAt: ago(400),
    actualDate: ago(400).toISOString().slice(0, 10),
    completedAt: ago(400),
    updatedAt: ago(400)
  })
  const conditions: Record<string, [string, string | null]> = {
    'Raised floor panels': ['Good', null],
    'Painted plaster walls': ['Good', 'Freshly painted'],
    'Glass entrance door and lock': ['Good', null],
    'Curtain wall glazing': ['Fair', 'Minor scratch on the north pane']
  }
  const handoverItems: HotbItemInput[] = es1Items.map((line) => ({ ...line, condition: conditions[line.item]?.[0] ?? 'Good', remarks: conditions[line.item]?.[1] ?? null }))
  const handoverLines = await createHotbItems(trx, completed.id, handoverItems)
  await createHotbKeys(
    trx,
    completed.id,
    es1Keys.map((line) => ({ ...line, keysHandedOver: line.keys }))
  )

  // The takeback of the same premises, in progress: filled from the handover; the main door's keys are back, the rest still open.
  const takeback = await createHotb(trx, {
    ...common,
    type: 'TAKEBACK',
    status: 'SCHEDULED',
    name: 'ACME 22/F takeback',
    approverId: approver ?? null,
    sourceHotbId: completed.id,
    updatedAt: ago(1)
  })
  const takebackLines = await createHotbItems(
    trx,
    takeback.id,
    handoverItems.map((line) => ({ section: line.section, item: line.item, handoverCondition: line.condition, handoverRemarks: line.remarks, condition: null, remarks: null }))
  )
  await seedPhotos(trx, pm ?? null, { handover: handoverLines, takeback: takebackLines }, ago)
  await createHotbKeys(trx, takeback.id, [
    { ...es1Keys[0], keysHandedOver: es1Keys[0].keys, outcome: 'RETURNED' },
    { ...es1Keys[1], keysHandedOver: es1Keys[1].keys },
    { ...es1Keys[2], keysHandedOver: 0 }
  ])

  // ACME's other records, one in each remaining state.
  const others: Array<[HotbState, string, number]> = [
    ['DRAFT', 'ACME 23/F handover', 0],
    ['WAPPR', 'ACME storeroom handover', 2],
    ['APPR', 'ACME 23/F meeting suite handover', 3],
    ['REJECTED', 'ACME server room handover', 5],
    ['SCHEDULED', 'ACME 23/F annex handover', 1],
    ['UNSIGNED', 'ACME pantry handover', 4],
    ['CANCELLED', 'ACME roof plant handover', 9]
  ]
  for (const [status, name, days] of others) {
    const record = await createHotb(trx, { ...common, premises: ['23/F'], type: 'HANDOVER', status, name, approverId: status === 'DRAFT' ? null : (approver ?? null), updatedAt: ago(days) })
    await createHotbItems(trx, record.id, es1Items.slice(0, 3))
  }
  if (harbour) {
    const appointment = await createHotb(trx, { tenancyId: harbour.id, premises: ['30/F'], type: 'HANDOVER', status: 'SCHEDULED', name: 'Harbour Capital 30/F handover', managedBy: pm ?? null })
    // Its tenant has signed in person; the landlord has not yet (issue 31 §7).
    if (pm) await signedBy(trx, appointment, 'TENANT', 'Harriet Harbour', pm)
  }
}

/** A party's signature on a record, as the signing page leaves one: its spent session, the drawn PNG, the content it signed. */
async function signedBy(trx: Knex, record: { id: number; region: string; updatedAt: Date }, party: 'TENANT' | 'LANDLORD', signerName: string, witness: number) {
  const { sha256: contentSha256 } = await hotbContentOf(trx, record.id)
  const image = samplePng({ width: 300, height: 100, from: [255, 255, 255], to: [40, 60, 120] })
  const now = new Date()
  const [session] = await trx('hotb_signing_sessions').insert(
    {
      hotbId: record.id,
      region: record.region,
      party,
      tokenHash: sha256Hex(`demo ${record.id} ${party}`),
      recordVersion: record.updatedAt,
      contentSha256,
      openedBy: witness,
      expiresAt: now,
      usedAt: now
    },
    ['id']
  )
  await trx('hotb_signatures').insert({
    hotbId: record.id,
    region: record.region,
    sessionId: session.id,
    party,
    signerName,
    image,
    imageSha256: sha256Hex(image),
    witnessedBy: witness,
    contentSha256,
    signedAt: now
  })
}

/** The camera's wall clock in Hong Kong (UTC+8) as EXIF writes it: "YYYY:MM:DD HH:MM:SS". */
const exifTime = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':')

/**
 * Photos (issue 31 §4, §5): the completed handover's walls, floor and glazing as they were a year
 * ago (JPEGs with their EXIF capture time, one PNG without), and the takeback's glazing now,
 * marked deteriorated with the amount to deduct: the then-and-now view has something to show.
 */
async function seedPhotos(trx: Knex, pm: number | null, lines: { handover: Array<{ id: number }>; takeback: Array<{ id: number }> }, ago: (days: number) => Date) {
  const storage = demoStorage()
  const index = (item: string) => es1Items.findIndex((line) => line.item === item)
  const then = ago(400)
  const photo = (scheduleItemId: number, name: string, content: Buffer, mimeType: 'image/jpeg' | 'image/png', capturedAt: Date | null, createdAt: Date, caption: string | null = null) =>
    createHotbPhoto(trx, storage, { scheduleItemId, name, content, mimeType, capturedAt, createdAt, uploadedBy: pm, caption })
  const walls = index('Painted plaster walls')
  const floor = index('Raised floor panels')
  const glazing = index('Curtain wall glazing')
  await photo(lines.handover[walls].id, 'walls.jpg', sampleJpeg({ from: [235, 232, 220], to: [200, 196, 185] }, exifTime(then)), 'image/jpeg', then, then, 'Freshly painted')
  await photo(lines.handover[floor].id, 'floor.jpg', sampleJpeg({ from: [120, 120, 125], to: [170, 170, 175] }, exifTime(then)), 'image/jpeg', then, then)
  await photo(lines.handover[glazing].id, 'glazing.jpg', sampleJpeg({ from: [150, 190, 220], to: [220, 235, 245] }, exifTime(then)), 'image/jpeg', then, then, 'Minor scratch on the north pane')
  await photo(lines.handover[glazing].id, 'glazing-detail.png', samplePng({ from: [160, 200, 230], to: [235, 240, 250] }), 'image/png', null, then)
  const now = ago(1)
  await photo(lines.takeback[glazing].id, 'glazing-now.jpg', sampleJpeg({ from: [120, 140, 150], to: [200, 150, 120] }, exifTime(now)), 'image/jpeg', now, now, 'Crack across the north pane')
  await trx('hotb_schedule_items')
    .where({ id: lines.takeback[glazing].id })
    .update({ condition: 'Damaged', remarks: 'Cracked north pane', deteriorated: true, deductionCents: 250_000, deductionReason: 'Replace the cracked north pane' })
}
