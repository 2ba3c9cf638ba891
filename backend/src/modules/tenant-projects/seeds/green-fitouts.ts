import type { Knex } from 'knex'
import type { GreenFitoutState, GreenFolderState } from '../services/green-fitouts/green-fitout.workflow.js'
import type { GreenFitoutCategory } from '../services/green-fitouts/green-fitouts.shared.js'

/*
 * The green fit-out's test factories and demo record (issue 30 items 9 and 12). Rows written
 * straight, as the services would leave them: the triggers copy the project's readers and record
 * every awarded points change (by `userId`, named to the database as the services name it).
 */

/** A project's green fit-out in `status` (UNDER_REVIEW unless given), on hold when asked. */
export async function createGreenFitout(db: Knex, { projectId, status = 'UNDER_REVIEW', onHold = false }: { projectId: number; status?: GreenFitoutState; onHold?: boolean }) {
  const project = await db('tenant_projects').where({ id: projectId }).first('id', 'region', 'tenancyId')
  const [row] = await db('green_fitouts').insert(
    { projectId, region: project.region, tenancyId: project.tenancyId, status, onHold, startedAt: status === 'DRAFT' ? null : new Date(), completedAt: status === 'COMPLETED' ? new Date() : null },
    '*'
  )
  await db('green_fitout_histories').insert({ projectId, region: row.region, greenFitoutId: row.id, type: 'SUBMISSION', actionType: 'ADD' })
  return row
}

/** A folder of a green fit-out: DRAFT unless given; an ACCEPTED one needs `pointsAwarded` (the database holds it to that). */
export async function createGreenFolder(
  db: Knex,
  fitout: { id: number; projectId: number; region: string },
  {
    category = 'ENERGY_USE',
    title,
    status = 'DRAFT',
    pointsClaimed = 0,
    pointsAwarded = null,
    reason = '',
    userId = null
  }: { category?: GreenFitoutCategory; title: string; status?: GreenFolderState; pointsClaimed?: number; pointsAwarded?: number | null; reason?: string; userId?: number | null }
) {
  return db.transaction(async (trx) => {
    await trx.raw("select set_config('green_fitout.actor', ?, true)", [String(userId ?? '')])
    const [row] = await trx('green_fitout_folders').insert(
      {
        projectId: fitout.projectId,
        region: fitout.region,
        greenFitoutId: fitout.id,
        category,
        title,
        status,
        pointsClaimed,
        pointsAwarded,
        reason,
        decidedBy: status === 'ACCEPTED' || status === 'REJECTED' ? userId : null,
        decidedAt: status === 'ACCEPTED' || status === 'REJECTED' ? new Date() : null
      },
      '*'
    )
    await trx('green_fitout_histories').insert({
      projectId: fitout.projectId,
      region: fitout.region,
      greenFitoutId: fitout.id,
      folderId: row.id,
      type: 'SUBMISSION',
      actionType: 'ADD_FORDER',
      comment: title
    })
    return row
  })
}

/**
 * The demo, a green fit-out in every state: ACME's office fit-out under review, its folders in every
 * state (three accepted, 19 points; one rejected; one handed in; one still a draft); its meeting
 * rooms completed, complied and recognised (42 points of the default 40); its pantry upgrade being
 * set up; Harbour Capital's server room cancelled.
 */
export async function seedGreenFitouts(trx: Knex, ids: Record<string, number>) {
  const office = ids['ACME 22/F office fit-out']
  if (!office) return
  const approver = await trx('users').where({ username: 'approver.hk' }).first('id')
  const fitout = await createGreenFitout(trx, { projectId: office })
  const folders: Array<[GreenFitoutCategory, string, GreenFolderState, number, number | null, string]> = [
    ['ENERGY_USE', 'LED lighting with daylight sensors', 'ACCEPTED', 8, 7, ''],
    ['WATER_USE', 'Low-flow taps in the pantry', 'ACCEPTED', 4, 4, ''],
    ['INDOOR_ENVIRONMENTAL_QUALITY', 'Low-VOC paints and adhesives', 'ACCEPTED', 8, 8, ''],
    ['MATERIALS_ASPECTS', 'Recycled-content carpet tiles', 'REJECTED', 5, null, 'The product declaration does not show the recycled content.'],
    ['MANAGEMENT', 'Construction waste management plan', 'COMPLETED', 6, 5, '']
  ]
  for (const [category, title, status, pointsClaimed, pointsAwarded, reason] of folders) {
    await createGreenFolder(trx, fitout, { category, title, status, pointsClaimed, pointsAwarded, reason, userId: approver?.id ?? null })
  }
  await createGreenFolder(trx, fitout, { category: 'INNOVATIONS', title: 'Plant wall in the reception', pointsClaimed: 2 })

  const meeting = ids['ACME meeting rooms']
  if (meeting) {
    const done = await createGreenFitout(trx, { projectId: meeting, status: 'COMPLETED' })
    const scored: Array<[GreenFitoutCategory, string, number]> = [
      ['GREEN_BUILDING_ATTRIBUTES', 'Reused partitions and doors', 6],
      ['MANAGEMENT', 'Commissioning of the air-conditioning', 8],
      ['MATERIALS_ASPECTS', 'FSC-certified timber', 7],
      ['ENERGY_USE', 'Occupancy sensors in every room', 10],
      ['WATER_USE', 'Sensor taps', 3],
      ['INDOOR_ENVIRONMENTAL_QUALITY', 'Acoustic panels and daylight', 8]
    ]
    for (const [category, title, points] of scored) {
      await createGreenFolder(trx, done, { category, title, status: 'ACCEPTED', pointsClaimed: points, pointsAwarded: points, userId: approver?.id ?? null })
    }
    await trx('green_fitouts').where({ id: done.id }).update({ complied: true, recognised: true, thresholdPoints: 40, sentAt: new Date(), sentCount: 1 })
  }
  if (ids['ACME pantry upgrade']) await createGreenFitout(trx, { projectId: ids['ACME pantry upgrade'], status: 'DRAFT' })
  if (ids['Harbour Capital server room']) await createGreenFitout(trx, { projectId: ids['Harbour Capital server room'], status: 'CANCEL' })
}
