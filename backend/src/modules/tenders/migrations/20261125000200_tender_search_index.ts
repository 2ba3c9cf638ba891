import type { Knex } from 'knex'

/** The global search finds tenders by PR number or description, anywhere in the text (trigram indexes). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await knex.raw('CREATE INDEX IF NOT EXISTS tenders_pr_number_trgm ON tenders USING gin (pr_number gin_trgm_ops)')
  await knex.raw('CREATE INDEX IF NOT EXISTS tenders_pr_description_trgm ON tenders USING gin (pr_description gin_trgm_ops)')
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tenders_pr_number_trgm')
  await knex.raw('DROP INDEX IF EXISTS tenders_pr_description_trgm')
}
