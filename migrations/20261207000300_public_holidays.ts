import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from './add-missing-grants.js'

/*
 * The public holidays of each region (issue 29 item 7): the days the working-day clocks skip
 * (tender closing dates, fit-out review steps). One name per day and region. System Admin keeps
 * them; every signed-in user reads them (a baseline rule, as buildings).
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': ['create', 'read', 'update', 'delete'].map((action) => ({ resource: 'public-holidays', action, attribute: 'any' as const }))
}

export async function up(knex: Knex) {
  await knex.schema.createTable('public_holidays', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.date('date').notNullable()
    t.string('name', 100).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'date'])
  })
  await addMissingGrants(knex, grantsByGroup)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('public_holidays')
}
