import type { Knex } from 'knex'

// Ids of tenders (and bids) are 24 lowercase alphanumerics (spec, section 5), not guessable.
export const randomId = 'substr(md5(random()::text || clock_timestamp()::text), 1, 24)'

export async function up(knex: Knex) {
  await knex.schema.createTable('tenders', (t) => {
    t.string('id', 24).primary().defaultTo(knex.raw(randomId))
    t.string('region', 16).notNullable().references('regions.code')
    t.string('pr_number', 64).notNullable()
    t.text('pr_description')
    t.decimal('amount', 14, 2)
    t.string('currency', 8)
    t.string('tender_type', 8).notNullable()
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.integer('version').notNullable().defaultTo(0)
    t.string('addendum_status', 16)
    t.integer('managed_by').notNullable().references('users.id')
    t.integer('approver_id').references('users.id')
    t.integer('approved_by').references('users.id')
    t.integer('site_id').references('sites.id')
    t.integer('department_id').references('departments.id')
    t.timestamp('closing_at', { useTz: true })
    t.integer('validity_days').notNullable().defaultTo(180)
    t.jsonb('general').notNullable().defaultTo('{}')
    t.jsonb('scope').notNullable().defaultTo('{}')
    t.jsonb('line_item_groups').notNullable().defaultTo('[]')
    t.integer('terms_version')
    t.text('extend_reason')
    t.text('reject_reason')
    t.string('recommended_bid_id', 24)
    t.text('analysis')
    t.timestamp('issued_at', { useTz: true })
    t.timestamp('awarded_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'status', 'closing_at'])
    t.index(['region', 'pr_number'])
    t.index(['region', 'managed_by'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tenders')
}
