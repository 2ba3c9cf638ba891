import type { Knex } from 'knex'

/*
 * The project control's test factories and demo records (issue 30 item 12): inspections with their
 * follow-up items and e-mail history, a final documents record with its history, insurance periods.
 * Rows written straight, as the services would leave them (the triggers copy the project's readers).
 */

const projectOf = async (db: Knex, projectId: number) => db('tenant_projects').where({ id: projectId }).first('id', 'region', 'tenancyId')

/** An inspection of a project: DRAFT unless `sentAt` is given. */
export async function createInspection(
  db: Knex,
  {
    projectId,
    type = 'INTERIM',
    sentAt = null,
    tenantViewable = false,
    ...fields
  }: { projectId: number; type?: 'INTERIM' | 'FINAL'; sentAt?: Date | null; tenantViewable?: boolean; [field: string]: unknown }
) {
  const project = await projectOf(db, projectId)
  const [row] = await db('tenant_project_inspections').insert(
    { projectId, region: project.region, tenancyId: project.tenancyId, type, inspectedAt: new Date(), inspectedBy: 'Ivy Chan', sentAt, tenantViewable, ...fields },
    '*'
  )
  return row
}

/** A follow-up item of an inspection, OPEN. */
export async function createFollowUp(db: Knex, inspection: { id: number; projectId: number }, description: string, dueDate: string | null = null) {
  const project = await projectOf(db, inspection.projectId)
  const [row] = await db('tenant_project_inspection_follow_ups').insert(
    { projectId: project.id, region: project.region, tenancyId: project.tenancyId, inspectionId: inspection.id, description, dueDate, status: 'OPEN' },
    '*'
  )
  return row
}

/** The project's final documents record in `status`, with its history. */
export async function createFinalDocuments(db: Knex, projectId: number, status: 'DRAFT' | 'SEND_REMINDER' | 'COMPLETED' | 'EXEMPTED' | 'HISTORICAL' = 'DRAFT', userId: number | null = null) {
  const project = await projectOf(db, projectId)
  const [row] = await db('tenant_project_final_documents').insert(
    { projectId, region: project.region, tenancyId: project.tenancyId, status, isExempted: status === 'EXEMPTED', completedAt: status === 'COMPLETED' ? new Date() : null, updatedBy: userId },
    '*'
  )
  const history = (action: string, fromStatus: string | null, toStatus: string) => ({
    projectId,
    region: project.region,
    tenancyId: project.tenancyId,
    finalDocumentId: row.id,
    action,
    fromStatus,
    toStatus,
    userId
  })
  await db('tenant_project_final_document_histories').insert([
    history('create', null, 'DRAFT'),
    ...(status === 'DRAFT' ? [] : [history(({ SEND_REMINDER: 'sendReminder', COMPLETED: 'complete', EXEMPTED: 'exempt', HISTORICAL: 'replace' } as const)[status], 'DRAFT', status)])
  ])
  return row
}

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Demo: ACME's office fit-out has an interim inspection sent with a follow-up item open and its
 * mail in the history, and final documents to hand in; its meeting rooms a final inspection sent
 * and final documents exempted (an earlier record HISTORICAL); Harbour Capital's open projects have
 * final documents reminded and completed; the open projects are insured (the office fit-out's ends
 * within 30 days).
 */
export async function seedProjectControl(trx: Knex, ids: Record<string, number>) {
  const approver = await trx('users').where({ username: 'approver.hk' }).first('id', 'displayName')
  const inspector = approver?.displayName || 'Approver HK'
  const office = ids['ACME 22/F office fit-out']
  if (office) {
    const interim = await createInspection(trx, {
      projectId: office,
      type: 'INTERIM',
      inspectedAt: new Date(Date.now() - 3 * 86_400_000),
      inspectedBy: inspector,
      itemsInspected: 'Ceiling grid, sprinkler heads, fire-rated partition at the server room',
      description: 'Interim inspection of the ceiling works before closing up.',
      remarks: 'Works generally in order.',
      followUpRequired: true,
      sentAt: new Date(Date.now() - 2 * 86_400_000),
      createdBy: approver?.id ?? null
    })
    await createFollowUp(trx, interim, 'Fire-stop the cable penetrations above the server room partition.', dayFromToday(7))
    await trx('tenant_project_inspection_mails').insert({
      projectId: office,
      region: interim.region,
      tenancyId: interim.tenancyId,
      inspectionId: interim.id,
      toAddresses: ['facilities@acme.example.com'],
      ccAddresses: [],
      subject: 'Interim inspection of ACME 22/F office fit-out',
      body: 'Dear Fiona,\n\nPlease find the interim inspection results on the portal. One follow-up item is open.\n\nRegards',
      sentAt: new Date(Date.now() - 2 * 86_400_000),
      sentCount: 1,
      createdBy: approver?.id ?? null
    })
    await createFinalDocuments(trx, office, 'DRAFT', approver?.id ?? null)
    await trx('tenant_projects')
      .where({ id: office })
      .update({ insuredFrom: dayFromToday(-60), insuredUntil: dayFromToday(20) })
  }
  const meeting = ids['ACME meeting rooms']
  if (meeting) {
    await createInspection(trx, {
      projectId: meeting,
      type: 'FINAL',
      inspectedAt: new Date(Date.now() - 45 * 86_400_000),
      inspectedBy: inspector,
      itemsInspected: 'All works as approved: partitions, ceiling, lighting, fire services',
      description: 'Final inspection on completion.',
      remarks: 'No defects found.',
      sentAt: new Date(Date.now() - 44 * 86_400_000),
      createdBy: approver?.id ?? null
    })
    // An earlier record, replaced (HISTORICAL), then the current one exempted.
    await createFinalDocuments(trx, meeting, 'HISTORICAL', approver?.id ?? null)
    await createFinalDocuments(trx, meeting, 'EXEMPTED', approver?.id ?? null)
  }
  for (const [name, until, finalDocuments] of [
    ['Harbour Capital trading floor', 120, 'SEND_REMINDER'],
    ['Harbour Capital server room', 200, 'COMPLETED']
  ] as const) {
    if (!ids[name]) continue
    await trx('tenant_projects')
      .where({ id: ids[name] })
      .update({ insuredFrom: dayFromToday(-30), insuredUntil: dayFromToday(until) })
    await createFinalDocuments(trx, ids[name], finalDocuments, approver?.id ?? null)
  }
}
