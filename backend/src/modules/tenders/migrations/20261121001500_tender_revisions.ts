import type { Knex } from 'knex'

export async function up(knex: Knex) {
  await knex.schema.createTable('tender_revisions', (t) => {
    t.increments('id')
    t.string('tender_id', 24).notNullable().references('tenders.id').onDelete('CASCADE')
    t.integer('version').notNullable()
    t.jsonb('changes').notNullable().defaultTo('[]')
    t.text('comment')
    t.jsonb('documents').notNullable().defaultTo('[]')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['tender_id', 'version'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tender_revisions')
}
