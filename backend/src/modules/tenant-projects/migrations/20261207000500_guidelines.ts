import type { Knex } from 'knex'

/*
 * The region's fit-out guidelines (spec tenant projects §3 "Guideline: id, itemId, status (DRAFT
 * default, PUBLISHED), sectionContent (order, value), order, secondaryOrder, displayOrder, version,
 * createdAt, updatedAt, createdBy, updatedBy"; §7 GET/PUT/PATCH guidelines), one set per tab type
 * (§2 FIT_OUT, POST_FIT_OUT, GREEN_FIT_OUT).
 *
 * Versioned by whole sets, so that every published version stays readable as it was: a row is one
 * item (`item_id`, stable across versions: "3", "3.b") of one version of its type's set. Staff
 * edit the next version as DRAFT rows (version = the last published + 1) while the published rows
 * stay untouched; publishing turns every draft of the type into the new published version at once
 * and moves `is_current` (the set tenants read) onto it. Published rows are never written again.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('tenant_project_guidelines', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('type', 16).notNullable()
    t.string('item_id', 16).notNullable()
    t.jsonb('section_content').notNullable().defaultTo('[]')
    t.integer('order').notNullable().defaultTo(0)
    t.integer('secondary_order').notNullable().defaultTo(0)
    t.integer('display_order').notNullable().defaultTo(0)
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.integer('version').notNullable()
    t.boolean('is_current').notNullable().defaultTo(false)
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`ALTER TABLE tenant_project_guidelines
    ADD CONSTRAINT tenant_project_guidelines_type CHECK (type IN ('FIT_OUT', 'POST_FIT_OUT', 'GREEN_FIT_OUT')),
    ADD CONSTRAINT tenant_project_guidelines_status CHECK (status IN ('DRAFT', 'PUBLISHED')),
    ADD CONSTRAINT tenant_project_guidelines_version CHECK (version >= 1),
    ADD CONSTRAINT tenant_project_guidelines_current_is_published CHECK (NOT is_current OR status = 'PUBLISHED'),
    ADD CONSTRAINT tenant_project_guidelines_content_is_list CHECK (jsonb_typeof(section_content) = 'array')`)
  // One row per item and version (the drafts are the next version's rows); an item id in any case once.
  await knex.raw('CREATE UNIQUE INDEX tenant_project_guidelines_item_version ON tenant_project_guidelines (region, type, lower(item_id), version)')
  await knex.raw('CREATE INDEX tenant_project_guidelines_current ON tenant_project_guidelines (region, type) WHERE is_current')
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('tenant_project_guidelines')
}
