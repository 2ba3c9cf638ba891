import type { Knex } from 'knex'
import { createGuidelineSet } from './guidelines.js'

/*
 * The post-fit-out test factory and demo round (issue 30 items 8 and 12). Rows written straight,
 * as the services would leave them (the triggers copy the project's readers).
 */

/** A post-fit-out round of a project: UNDER_REVIEW unless COMPLETED is asked (at most one UNDER_REVIEW per project: the database says so). */
export async function createPostFitout(
  db: Knex,
  {
    projectId,
    status = 'UNDER_REVIEW',
    isFinal = false,
    compliedItemIds = [],
    ...fields
  }: { projectId: number; status?: 'UNDER_REVIEW' | 'COMPLETED'; isFinal?: boolean; compliedItemIds?: string[]; [field: string]: unknown }
) {
  const project = await db('tenant_projects').where({ id: projectId }).first('id', 'region', 'tenancyId')
  const [row] = await db('tenant_project_post_fitout_submissions').insert(
    { projectId, region: project.region, tenancyId: project.tenancyId, status, isFinal, compliedItemIds, completedAt: status === 'COMPLETED' ? new Date() : null, ...fields },
    '*'
  )
  return row
}

/** Hong Kong's post-fit-out checklist (our demo wording; the spec shows none). */
const hongKongPostFitOut: Array<[itemId: string, lines: string[]]> = [
  ['1', ['As-built drawings', 'Submit as-built layout, ceiling and services drawings in PDF and DWG within 30 days of completion.']],
  ['2', ['Fire services', 'Hand in the FS 251 certificate and the fire services installation test report.']],
  ['3', ['Electrical', 'Hand in the WR1 periodic test certificate of the electrical installation.']],
  ['4', ['Air-conditioning', 'Hand in the air balancing report signed by the registered contractor.']],
  ['5', ['Debris and reinstatement', 'Remove all debris and reinstate any damage to common areas.']]
]

/**
 * Demo (issue 30 item 12): Hong Kong's POST_FIT_OUT guidelines published; ACME's meeting rooms,
 * whose final inspection was sent, have an interim round COMPLETED and the final round UNDER_REVIEW
 * with two items complied (three pending).
 */
export async function seedPostFitout(trx: Knex, ids: Record<string, number>) {
  const admin = (await trx('users').where({ username: 'admin' }).first('id'))?.id ?? null
  const approver = (await trx('users').where({ username: 'approver.hk' }).first('id'))?.id ?? null
  if (!(await trx('tenant_project_guidelines').where({ region: 'HK', type: 'POST_FIT_OUT' }).first('id')))
    await createGuidelineSet(trx, { region: 'HK', type: 'POST_FIT_OUT', version: 1, status: 'PUBLISHED', sections: hongKongPostFitOut, userId: admin })
  const meeting = ids['ACME meeting rooms']
  if (!meeting) return
  await createPostFitout(trx, {
    projectId: meeting,
    status: 'COMPLETED',
    compliedItemIds: ['1', '2', '3', '4', '5'],
    remarks: 'Interim post-fit-out check of the meeting rooms: in order.',
    createdBy: approver,
    completedBy: approver,
    createdAt: new Date(Date.now() - 40 * 86_400_000)
  })
  await createPostFitout(trx, {
    projectId: meeting,
    isFinal: true,
    compliedItemIds: ['1', '2'],
    remarks: 'Please hand in the WR1 certificate and the air balancing report.',
    staffNotes: 'Contractor promised the WR1 by the end of the month.',
    createdBy: approver,
    updatedBy: approver
  })
}
