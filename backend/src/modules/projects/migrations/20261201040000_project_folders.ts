import type { Knex } from 'knex'

/**
 * A project's document folders (spec §4 "Folder status: DRAFT, APPR, REJECTED"): named by the
 * project's vendor, decided by the staff in charge (a rejection carries its reason). A name once
 * per project, whatever its case.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_folders', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.text('reason')
    t.integer('decided_by').references('users.id')
    t.timestamp('decided_at', { useTz: true })
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['project_id'])
  })
  await knex.raw(`ALTER TABLE project_folders ADD CONSTRAINT project_folders_status CHECK (status IN ('DRAFT', 'APPR', 'REJECTED'))`)
  await knex.raw(`ALTER TABLE project_folders ADD CONSTRAINT project_folders_name CHECK (length(btrim(name)) > 0)`)
  // A rejection says why (spec: reject with a reason).
  await knex.raw(`ALTER TABLE project_folders ADD CONSTRAINT project_folders_reason CHECK (status <> 'REJECTED' OR length(btrim(coalesce(reason, ''))) > 0)`)
  await knex.raw(`CREATE UNIQUE INDEX project_folders_name_once ON project_folders (project_id, lower(btrim(name)))`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_folders')
}
