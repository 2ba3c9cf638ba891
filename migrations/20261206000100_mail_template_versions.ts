import type { Knex } from 'knex'

/**
 * The mail templates administrators edit (issue 27 item 19): every save is a new version of one
 * template in one language for one region (GLOBAL's for every region without its own); the
 * newest is the one the mailer uses. A version that restores the default has no text
 * (`is_default`): the template follows what it inherits again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_template_versions', (t) => {
    t.increments('id').primary()
    t.string('region', 16).notNullable().references('code').inTable('regions')
    t.string('template', 80).notNullable()
    t.string('language', 8).notNullable()
    t.integer('version').notNullable()
    t.text('subject')
    t.text('body')
    t.boolean('is_default').notNullable().defaultTo(false)
    t.integer('restored_from')
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL')
    t.string('created_by_name', 200)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'template', 'language', 'version'])
  })
  await knex.raw(`ALTER TABLE mail_template_versions ADD CONSTRAINT mail_template_versions_text CHECK (is_default OR (subject IS NOT NULL AND body IS NOT NULL))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_template_versions')
}
