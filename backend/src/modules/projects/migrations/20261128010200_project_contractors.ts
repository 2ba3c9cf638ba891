import type { Knex } from 'knex'

/**
 * A project's contractors (spec §3 Contractor: company, type, primary contact with first and last
 * name, phone, alternative phone): kept by the project's vendor. `company_id` is the project's
 * vendor (the vendors' "own" condition); one MAIN contractor per project.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_contractors', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.integer('company_id').notNullable().references('companies.id')
    t.string('contractor_type', 16).notNullable()
    t.string('type_desc', 255)
    t.string('company_name', 255).notNullable()
    t.string('first_name', 100).notNullable()
    t.string('last_name', 100).notNullable()
    t.string('phone', 32).notNullable()
    t.string('alt_phone', 32)
    t.string('email', 255)
    t.integer('primary_contact_user_id').references('users.id')
    t.timestamp('invited_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['project_id'])
  })
  await knex.raw(`ALTER TABLE project_contractors ADD CONSTRAINT project_contractors_type CHECK (contractor_type IN ('MAIN', 'AC', 'ELECTRICAL', 'FIRE_SERVICE', 'PLUMBING', 'SECURITY', 'OTHER'))`)
  // Spec §3 "mainContractor": one per project.
  await knex.raw(`CREATE UNIQUE INDEX project_contractors_one_main ON project_contractors (project_id) WHERE contractor_type = 'MAIN'`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_contractors')
}
