import type { Knex } from 'knex'

/**
 * The outbox by region (issue 8, finding 12): `regions` names who may read a mail (the
 * administrators of any of these regions; GLOBAL's read every mail), and the `*_redacted`
 * bodies are what a reader sees who may not unlock accounts: the same mail with its reset,
 * unlock or invitation link and its two-factor code hidden.
 * Mails recorded before: a regional mail stays in its region; an account mail (no region) goes
 * to the regions of the accounts it was sent to, else GLOBAL only; token links and codes of
 * the account templates are hidden by pattern.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_messages', (t) => {
    t.specificType('regions', 'varchar(16)[]').notNullable().defaultTo('{GLOBAL}')
    t.text('html_redacted')
    t.text('text_redacted')
  })
  await knex.raw(`UPDATE mail_messages SET regions = ARRAY[region]::varchar(16)[] WHERE region IS NOT NULL`)
  await knex.raw(`
    UPDATE mail_messages m SET regions = COALESCE((
      SELECT array_agg(DISTINCT r)::varchar(16)[] FROM mail_recipients mr
      JOIN users u ON lower(u.email) = lower(mr.address)
      CROSS JOIN LATERAL unnest(u.regions) AS r
      WHERE mr.message_id = m.id), '{GLOBAL}')
    WHERE region IS NULL`)
  await knex.raw(`
    UPDATE mail_messages SET
      html_redacted = regexp_replace(html, '(token=)[^&"<\\s]+', '\\1[hidden]', 'g'),
      text_redacted = regexp_replace(text, '(token=)[^&"<\\s]+', '\\1[hidden]', 'g')
    WHERE template IN ('account.invite', 'account.unlock', 'password.reset')`)
  await knex.raw(`
    UPDATE mail_messages SET
      html_redacted = regexp_replace(html, '\\m\\d{4,10}\\M', '[hidden]', 'g'),
      text_redacted = regexp_replace(text, '\\m\\d{4,10}\\M', '[hidden]', 'g')
    WHERE template = 'auth.code'`)
  await knex.raw('CREATE INDEX mail_messages_regions_index ON mail_messages USING gin (regions)')
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS mail_messages_regions_index')
  await knex.schema.alterTable('mail_messages', (t) => {
    t.dropColumn('regions')
    t.dropColumn('html_redacted')
    t.dropColumn('text_redacted')
  })
}
