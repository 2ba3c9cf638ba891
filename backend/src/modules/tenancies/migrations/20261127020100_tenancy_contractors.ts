import type { Knex } from 'knex'

/** A tenancy's contractors for standalone work permits (spec §3 "Tenancy contractor row"). */
export async function up(knex: Knex) {
  await knex.schema.createTable('tenancy_contractors', (t) => {
    t.increments('id').primary()
    t.string('region', 10).notNullable()
    t.integer('tenancy_id').notNullable().references('tenancies.id').onDelete('CASCADE')
    // The contractor's account once invited (a TenancyContractor, 662).
    t.integer('user_id').references('users.id').onDelete('SET NULL')
    t.string('user_account', 255)
    t.string('first_name', 100).notNullable()
    t.string('last_name', 100).notNullable()
    t.string('contractor_type', 20).notNullable()
    t.string('company_name', 200).notNullable()
    t.string('office_tel', 50)
    t.string('mobile', 30).notNullable()
    t.timestamp('last_invite_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['tenancy_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tenancy_contractors')
}
