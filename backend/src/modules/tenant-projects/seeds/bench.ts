import type { Knex } from 'knex'
import type { BenchCall } from '../../manifest.js'
import { holderColumn, reviewSteps } from '../services/tenant-submissions/tenant-submission.workflow.js'

const PROJECTS = 2_000

/** The dashboard's "My court" filter as a query string (frontend dashboard/MyCourt.tsx): a batch in a review step whose reviewer column names the user. */
export const inMyCourtQuery = (userId: number) =>
  Object.entries(reviewSteps)
    .map(([status, step], index) => `$or[${index}][status]=${status}&$or[${index}][${holderColumn[step]}]=${userId}`)
    .join('&')

/**
 * `npm run bench` (issue 29 item 2): 2,000 HK fit-out projects in progress over the region's
 * tenancies, each with one open batch, a quarter in each of design review, CP review, the tenant's
 * update and technical review, due from ten days ago to a fortnight ahead; approver.hk holds the
 * design and technical steps of every third, admin the rest. Measured: the reviewer dashboard's
 * main list, "My court" as approver.hk opens it (its own batches in review, the nearest due first).
 */
export async function benchTenantProjects(db: Knex): Promise<BenchCall[]> {
  const approver = (await db('users').where({ username: 'approver.hk' }).first('id')).id as number
  const admin = (await db('users').where({ username: 'admin' }).first('id')).id as number
  const tenancies: number[] = (await db('tenancies').where({ region: 'HK' }).orderBy('id').select('id')).map((tenancy: any) => tenancy.id)
  await db.raw(
    `
    INSERT INTO tenant_projects (region, tenancy_id, building_id, company_name, trade_name, type, project_name, is_accept, status, submitted_at, accepted_at)
    SELECT 'HK', t.id, t.building_id, t.company_name, t.trade_name, 'Fitout', 'Bench fit-out ' || g, true, 'IN_PROGRESS', now(), now()
    FROM generate_series(1, ?::int) g
    JOIN tenancies t ON t.id = (?::int[])[1 + g % ?::int]`,
    [PROJECTS, tenancies, tenancies.length]
  )
  await db.raw(
    `
    INSERT INTO tenant_submissions (project_id, region, tenancy_id, "order", status, design_manager_id, cp_reviewer_id, tech_manager_id, sent_at, step_started_at, due_date)
    SELECT p.id, 'HK', 0, 0, (ARRAY['DESIGN_REVIEW', 'CP_REVIEW', 'UPDATE_PENDING', 'TECH_REVIEW'])[1 + p.id % 4],
           CASE WHEN p.id % 3 = 0 THEN ?::int ELSE ?::int END, ?::int, CASE WHEN p.id % 3 = 0 THEN ?::int ELSE ?::int END,
           now(), now(), CASE WHEN p.id % 4 = 2 THEN NULL ELSE current_date - 10 + p.id % 25 END
    FROM tenant_projects p WHERE p.project_name LIKE 'Bench fit-out %'`,
    [approver, admin, admin, approver, admin]
  )
  const printed = await batchOfTwoHundred(db, approver)
  const controlled = await controlOfFiftyAndTwoHundred(db, approver)
  for (const table of ['tenant_projects', 'tenant_submissions', 'tenant_submission_files', 'tenant_submission_comments', 'tenant_project_inspections', 'tenant_project_deposit_deductions'])
    await db.raw(`VACUUM ANALYZE ${table}`)
  return [
    {
      title: `All Tenant Projects, ${(PROJECTS + 8).toLocaleString('en-US')} projects, newest first, 10 a page, with count (GET /hk/v1/tenant-projects)`,
      path: '/hk/v1/tenant-projects?$sort[updatedAt]=-1&$sort[id]=-1&$limit=10&$skip=0'
    },
    {
      title: 'The submission batch PDF of 200 files and 200 comments, in English (GET /hk/v1/documents/tenant-submission-batch/:id), 2 at a time',
      path: `/hk/v1/documents/tenant-submission-batch/${printed}`,
      connections: 2
    },
    {
      title: 'Project control tab: the deposit ledger of 200 deductions, first page of 50 with count (GET /hk/v1/tenant-project-deductions)',
      path: `/hk/v1/tenant-project-deductions?projectId=${controlled}&$sort[id]=1&$limit=50&$skip=0`
    },
    {
      title: 'Project control tab: the 50 inspections of a project, newest first (GET /hk/v1/tenant-project-inspections)',
      path: `/hk/v1/tenant-project-inspections?projectId=${controlled}&$sort[inspectedAt]=-1&$limit=50`
    },
    {
      title: 'The refund statement PDF of a deposit with 200 deductions, in English (GET /hk/v1/documents/tenant-deposit-statement/:id), 2 at a time',
      path: `/hk/v1/documents/tenant-deposit-statement/${controlled}`,
      connections: 2
    },
    {
      title: `Fit-out reviewer dashboard, my court of ${PROJECTS.toLocaleString('en-US')} open batches, as approver.hk, nearest due first, 10 a page, with count (GET /hk/v1/tenant-submissions)`,
      path: `/hk/v1/tenant-submissions?${inMyCourtQuery(approver)}&$sort[dueDate]=1&$sort[id]=1&$limit=10&$skip=0`,
      as: 'approver.hk'
    }
  ]
}

/**
 * The batch the PDF is measured on (issue 29 "the batch PDF of 200 entries < 5 s"): one of the bench
 * projects' batches with 200 files (their file records; the PDF prints names, not bytes) and a
 * register of 200 comments in 20 sections, half answered.
 */
async function batchOfTwoHundred(db: Knex, reviewer: number): Promise<number> {
  const batch = await db('tenant_submissions as s').join('tenant_projects as p', 'p.id', 's.projectId').where('p.projectName', 'like', 'Bench fit-out %').orderBy('s.id').first('s.id', 's.projectId')
  await db.raw(
    `
    WITH stored AS (
      INSERT INTO files (region, name, mime_type, size, sha256, storage_key, owner_resource, owner_id, uploaded_by)
      SELECT 'HK', 'FO-' || lpad(g::text, 3, '0') || ' layout drawing.pdf', 'application/pdf', 250000, repeat('0', 64), 'bench/' || g, 'tenant-submissions', ?::text, ?::int
      FROM generate_series(1, 200) g RETURNING id, name
    )
    INSERT INTO tenant_submission_files (region, project_id, tenancy_id, submission_id, file_id, doc_type, description, is_design, is_technical, submitted, submitted_date)
    SELECT 'HK', ?::int, 0, ?::int, id, 'DRAWING', 'Layout ' || name, true, id % 2 = 0, true, now() FROM stored`,
    [String(batch.id), reviewer, batch.projectId, batch.id]
  )
  await db.raw(
    `
    INSERT INTO tenant_submission_comments (region, project_id, tenancy_id, submission_id, batch_order, type, section, item, label, text, status, answer, sent_at, created_by)
    SELECT 'HK', ?::int, 0, ?::int, 0, 'DESIGN', 1 + g / 10, g % 10, (1 + g / 10) || '.' || chr(97 + g % 10),
           'Show the detail of item ' || g || ' on the layout, with its dimensions and the fire rating of its materials.',
           CASE WHEN g % 2 = 0 THEN 'ANSWERED' ELSE 'OPEN' END, CASE WHEN g % 2 = 0 THEN 'Shown on drawing FO-' || lpad(g::text, 3, '0') END, now(), ?::int
    FROM generate_series(0, 199) g`,
    [batch.projectId, batch.id, reviewer]
  )
  return batch.id
}

/**
 * The project control measured (issue 30 "the project control tab of a project with 50 inspections
 * and 200 ledger lines p97.5 < 100 ms; the refund statement PDF < 2 s"): a bench project with a
 * deposit of 1,000,000.00, 200 deductions of every kind and 50 inspections, half sent.
 */
async function controlOfFiftyAndTwoHundred(db: Knex, by: number): Promise<number> {
  const project = await db('tenant_projects').where('projectName', 'like', 'Bench fit-out %').orderBy('id', 'desc').first('id', 'region', 'tenancyId')
  const [deposit] = await db('tenant_project_deposits').insert(
    { projectId: project.id, region: project.region, tenancyId: project.tenancyId, amountCents: 100_000_000, currency: 'HKD', payeeType: 'DIRECT', updatedBy: by },
    ['id']
  )
  await db.raw(
    `
    INSERT INTO tenant_project_deposit_deductions (region, project_id, tenancy_id, deposit_id, kind, amount_cents, reason, note, created_by)
    SELECT ?, ?::int, ?::int, ?::int, (ARRAY['DAMAGE', 'DEBRIS_REMOVAL', 'TEMPORARY_POWER', 'LATE_DOCUMENTS', 'OTHER'])[1 + g % 5], 1234 + g,
           'Line ' || g || ': found at the handback walk-through', CASE WHEN g % 5 = 4 THEN 'Noted on site' ELSE '' END, ?::int
    FROM generate_series(0, 199) g`,
    [project.region, project.id, project.tenancyId, deposit.id, by]
  )
  await db.raw(
    `
    INSERT INTO tenant_project_inspections (region, project_id, tenancy_id, type, inspected_at, inspected_by, items_inspected, description, sent_at)
    SELECT ?, ?::int, ?::int, CASE WHEN g = 49 THEN 'FINAL' ELSE 'INTERIM' END, now() - (50 - g) * interval '1 day', 'Ivy Chan',
           'Partitions, ceiling, lighting, fire services', 'Inspection ' || g, CASE WHEN g % 2 = 0 THEN now() END
    FROM generate_series(0, 49) g`,
    [project.region, project.id, project.tenancyId]
  )
  return project.id
}
