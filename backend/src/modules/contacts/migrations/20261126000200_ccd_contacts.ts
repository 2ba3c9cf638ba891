import type { Knex } from 'knex'

/**
 * Contacts of the central contacts database (spec §3 Contact). Their phones, e-mails, faxes and
 * addresses are one jsonb list on the contact (the audit row and the live event carry them whole);
 * `ccd_contact_keys` holds each phone, fax and e-mail once more in its normal form (E.164,
 * lower case) under a unique index, so that no number or e-mail is saved for two contacts of a
 * region, even by two saves at once.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('ccd_contacts', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    // Named company_id so the vendors' "own" ability condition applies.
    t.integer('company_id').notNullable().references('companies.id')
    t.string('prefix', 8)
    t.string('first_name', 120).notNullable()
    t.string('last_name', 120).notNullable().defaultTo('')
    t.string('gender', 1)
    t.string('status', 16).notNullable().defaultTo('ACTIVE')
    t.string('position', 255)
    t.string('title', 255)
    t.string('department', 255)
    t.string('role_type', 16)
    t.text('remarks')
    t.jsonb('channels').notNullable().defaultTo('[]')
    // Name, company, e-mails and phone numbers in their spellings, lower case: what the search matches.
    t.text('search_text').notNullable().defaultTo('')
    t.integer('managed_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'company_id'])
    t.index(['region', 'last_name', 'first_name'])
  })
  await knex.schema.createTable('ccd_contact_keys', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable()
    t.integer('contact_id').notNullable().references('ccd_contacts.id').onDelete('CASCADE')
    // PHONE (phones and faxes) or EMAIL.
    t.string('kind', 8).notNullable()
    t.string('normalized', 255).notNullable()
    t.unique(['region', 'kind', 'normalized'], { indexName: 'ccd_contact_keys_unique' })
    t.index(['contact_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('ccd_contact_keys')
  await knex.schema.dropTable('ccd_contacts')
}
