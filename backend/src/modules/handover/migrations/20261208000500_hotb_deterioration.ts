import type { Knex } from 'knex'

/*
 * The then-and-now takeback (issue 31 §5): a takeback's schedule item may be marked deteriorated
 * since the handover, with the amount to deduct (cents) and why; `hotb_item_deductions` records
 * that an item was turned into a deduction on the tenant's fit-out deposit ledger (the ledger's
 * own line is the tenant-projects module's: only its id is kept here). Its key is the item, so an
 * item is turned once, whoever and however many call at the same time.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('hotb_schedule_items', (t) => {
    t.boolean('deteriorated').notNullable().defaultTo(false)
    t.integer('deduction_cents')
    t.text('deduction_reason')
  })
  await knex.raw(`ALTER TABLE hotb_schedule_items ADD CONSTRAINT hotb_schedule_items_deduction_cents CHECK (deduction_cents IS NULL OR deduction_cents > 0)`)
  await knex.schema.createTable('hotb_item_deductions', (t) => {
    t.integer('schedule_item_id').primary().references('hotb_schedule_items.id').onDelete('CASCADE')
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.integer('deduction_id').notNullable()
    t.integer('amount_cents').notNullable()
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['hotb_id'])
  })
  // The photos of an item, newest last, as the gallery lists them.
  await knex.schema.alterTable('hotb_photos', (t) => {
    t.index(['schedule_item_id', 'created_at'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('hotb_photos', (t) => {
    t.dropIndex(['schedule_item_id', 'created_at'])
  })
  await knex.schema.dropTable('hotb_item_deductions')
  await knex.raw('ALTER TABLE hotb_schedule_items DROP CONSTRAINT hotb_schedule_items_deduction_cents')
  await knex.schema.alterTable('hotb_schedule_items', (t) => {
    t.dropColumn('deteriorated')
    t.dropColumn('deduction_cents')
    t.dropColumn('deduction_reason')
  })
}
