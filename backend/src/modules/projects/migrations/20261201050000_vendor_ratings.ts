import type { Knex } from 'knex'

/**
 * Vendor performance (spec §3 "Rating: five criteria plus a comment. Rate types: RANDOM,
 * WORK_COMPLETED, RETENTION_RECEIVED, PROJECT_COMPLETED"; feature VENDOR_PERFORMANCE):
 * - `vendor_ratings`: one staff member's rating of a project's vendor, each criterion a whole 1 to 5,
 *   the weighted score as it was computed when saved (hundredths of a point, 0 to 100);
 * - `vendor_rating_tasks`: a rating asked for by an event (the project completed, a claim's work
 *   completed or its retention received), one per project, rate type and event, done once by the
 *   rating that answers it (`rating_id`, unique).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('vendor_ratings', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id')
    // The vendor rated: the project's company.
    t.integer('company_id').notNullable().references('companies.id')
    t.string('rate_type', 24).notNullable()
    t.integer('rated_by').notNullable().references('users.id')
    for (const criterion of ['quality', 'timeliness', 'safety', 'cooperation', 'housekeeping']) t.smallint(criterion).notNullable()
    t.text('comment')
    t.integer('score_hundredths').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'company_id'])
    t.index(['project_id'])
  })
  await knex.raw(`
    ALTER TABLE vendor_ratings
      ADD CONSTRAINT vendor_ratings_rate_type CHECK (rate_type IN ('RANDOM', 'WORK_COMPLETED', 'RETENTION_RECEIVED', 'PROJECT_COMPLETED')),
      ADD CONSTRAINT vendor_ratings_criteria CHECK (
        quality BETWEEN 1 AND 5 AND timeliness BETWEEN 1 AND 5 AND safety BETWEEN 1 AND 5 AND cooperation BETWEEN 1 AND 5 AND housekeeping BETWEEN 1 AND 5
      ),
      ADD CONSTRAINT vendor_ratings_score CHECK (score_hundredths BETWEEN 0 AND 10000),
      ADD CONSTRAINT vendor_ratings_comment CHECK (comment IS NULL OR char_length(comment) <= 2000)
  `)

  await knex.schema.createTable('vendor_rating_tasks', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id')
    t.integer('company_id').notNullable().references('companies.id')
    t.string('rate_type', 24).notNullable()
    // The event that asks for the rating: the project (PROJECT_COMPLETED) or the claim.
    t.string('source_id', 64).notNullable()
    // The rater: the project's person in charge when the event happened (the staff "own" condition).
    t.integer('managed_by').references('users.id')
    t.integer('rating_id').references('vendor_ratings.id')
    t.timestamp('done_at', { useTz: true })
    t.integer('done_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'rate_type', 'source_id'], { indexName: 'vendor_rating_tasks_one_per_event' })
    t.unique(['rating_id'], { indexName: 'vendor_rating_tasks_one_rating' })
    t.index(['region', 'managed_by'])
  })
  await knex.raw(`
    ALTER TABLE vendor_rating_tasks
      ADD CONSTRAINT vendor_rating_tasks_rate_type CHECK (rate_type IN ('WORK_COMPLETED', 'RETENTION_RECEIVED', 'PROJECT_COMPLETED')),
      ADD CONSTRAINT vendor_rating_tasks_done CHECK ((rating_id IS NULL) = (done_at IS NULL) AND (done_at IS NULL) = (done_by IS NULL))
  `)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('vendor_rating_tasks')
  await knex.schema.dropTable('vendor_ratings')
}
