import type { Knex } from 'knex'

/**
 * Indexes the lists read in their own order, so a page is the first rows of an index scan
 * (issue 29's bench: All Tenant Projects, the reviewer dashboard; issue 30's deposit ledger):
 * - All Tenant Projects, newest first, breaks ties on the id: with only (region, updated_at) a run
 *   of projects saved in the same instant (an import, a batch) was read whole and sorted by id.
 * - "My court": the batches in a review step whose reviewer column names the caller, one partial
 *   index per step (the planner ORs them), instead of reading every batch of the region.
 * - The deposit ledger pages a project's deductions by id.
 */
const courts = { DESIGN_REVIEW: 'design_manager_id', CP_REVIEW: 'cp_reviewer_id', TECH_REVIEW: 'tech_manager_id' }

export async function up(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tenant_projects_region_updated_at_index')
  await knex.raw('CREATE INDEX tenant_projects_region_updated_at_id ON tenant_projects (region, updated_at, id)')
  for (const [status, column] of Object.entries(courts)) await knex.raw(`CREATE INDEX tenant_submissions_court_${column} ON tenant_submissions (${column}, due_date, id) WHERE status = '${status}'`)
  await knex.raw('CREATE INDEX tenant_project_deposit_deductions_project_id ON tenant_project_deposit_deductions (project_id, id)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tenant_project_deposit_deductions_project_id')
  for (const column of Object.values(courts)) await knex.raw(`DROP INDEX IF EXISTS tenant_submissions_court_${column}`)
  await knex.raw('DROP INDEX IF EXISTS tenant_projects_region_updated_at_id')
  await knex.raw('CREATE INDEX tenant_projects_region_updated_at_index ON tenant_projects (region, updated_at)')
}
