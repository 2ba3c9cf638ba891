import type { Knex } from 'knex'

/**
 * The company fields of the central contacts database (spec §3 Company): parent company,
 * department, alternative phone, fax and address lines 1-4 beside the platform's name, mailing
 * name, type, status, e-mail and phone; `managed_by`, the staff member who keeps the company
 * (the staff "own" condition).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('companies', (t) => {
    t.integer('parent_company_id').references('companies.id')
    t.string('department', 255)
    t.string('alt_phone', 50)
    t.string('fax', 50)
    for (const line of [1, 2, 3, 4]) t.string(`address_line${line}`, 255)
    t.integer('managed_by').references('users.id')
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('parent_company_id')
    t.dropColumn('department')
    t.dropColumn('alt_phone')
    t.dropColumn('fax')
    for (const line of [1, 2, 3, 4]) t.dropColumn(`address_line${line}`)
    t.dropColumn('managed_by')
  })
}
