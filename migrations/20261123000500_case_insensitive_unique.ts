import type { Knex } from 'knex'

/*
 * Names and numbers that the services compare ignoring case are unique ignoring case in the
 * database too, so two concurrent saves in different letter case cannot both pass their checks
 * (issue 8 finding 9): one index on lower(column), scoped as the service's check is scoped. A
 * violation answers 409 DUPLICATE naming the column (hooks/translate-errors.ts reads it from the
 * index). The case-sensitive constraints they replace are dropped: the new index implies them.
 *
 * A database that already holds such duplicates keeps the oldest record (lowest id) as it is and
 * renames each later one `<value> #<id>` (cut to the column's length), one audit row per rename
 * (action `migration.case-insensitive-unique`, before and after), so the records stay and an
 * administrator can find and correct them. The demo data has none.
 */
export const uniqueRules = [
  { table: 'users', scope: [], column: 'username', index: 'users_username_ci_unique', replaces: 'users_username_unique' },
  { table: 'security_groups', scope: [], column: 'name', index: 'security_groups_name_ci_unique', replaces: 'security_groups_name_unique' },
  { table: 'companies', scope: ['region'], column: 'name', index: 'companies_name_ci_unique', replaces: 'companies_region_name_unique' },
  { table: 'buildings', scope: ['region'], column: 'code', index: 'buildings_code_ci_unique', replaces: 'buildings_region_code_unique' },
  { table: 'sites', scope: ['region'], column: 'name', index: 'sites_name_ci_unique', replaces: null },
  { table: 'sites', scope: ['region'], column: 'short_name', index: 'sites_short_name_ci_unique', replaces: 'sites_region_short_name_unique' },
  { table: 'locations', scope: ['region'], column: 'code', index: 'locations_code_ci_unique', replaces: 'locations_region_code_unique' },
  { table: 'departments', scope: ['region'], column: 'name', index: 'departments_name_ci_unique', replaces: 'departments_region_name_unique' },
  { table: 'purchase_orders', scope: ['region'], column: 'number', index: 'purchase_orders_number_ci_unique', replaces: 'purchase_orders_region_number_unique' },
  { table: 'contracts', scope: ['region', 'revision_num'], column: 'number', index: 'contracts_number_ci_unique', replaces: 'contracts_region_number_revision_num_unique' }
] as const

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())

async function renameDuplicates(knex: Knex, rule: (typeof uniqueRules)[number]) {
  const { table, scope, column } = rule
  const partition = [...scope.map((name) => `"${name}"`), `lower("${column}")`].join(', ')
  const { rows } = await knex.raw(`
    SELECT id, "${column}" AS value, ${(scope as readonly string[]).includes('region') ? 'region' : 'NULL AS region'}
    FROM (SELECT *, row_number() OVER (PARTITION BY ${partition} ORDER BY id) AS rank FROM "${table}") ranked
    WHERE rank > 1 ORDER BY id`)
  if (!rows.length) return
  const [{ max }] = (await knex.raw(`SELECT character_maximum_length AS max FROM information_schema.columns WHERE table_name = ? AND column_name = ?`, [table, column])).rows
  for (const row of rows) {
    const suffix = ` #${row.id}`
    const renamed = max ? `${String(row.value).slice(0, Number(max) - suffix.length)}${suffix}` : `${row.value}${suffix}`
    console.warn(`[migration] ${table} ${row.id}: ${column} "${row.value}" duplicates an older record ignoring case; renamed "${renamed}"`)
    await knex(table)
      .where({ id: row.id })
      .update({ [column]: renamed })
    await knex('audit_log').insert({
      region: row.region ?? null,
      action: 'migration.case-insensitive-unique',
      resource: table.replace(/_/g, '-'),
      record_id: String(row.id),
      before: JSON.stringify({ [camel(column)]: row.value }),
      after: JSON.stringify({ [camel(column)]: renamed })
    })
  }
}

export async function up(knex: Knex) {
  // The users' index exists from the start under another name: it only gets the rule's name.
  await knex.raw('ALTER INDEX IF EXISTS users_email_lower RENAME TO users_username_ci_unique')
  for (const rule of uniqueRules) {
    if (rule.replaces) await knex.raw(`ALTER TABLE "${rule.table}" DROP CONSTRAINT IF EXISTS "${rule.replaces}"`)
    await renameDuplicates(knex, rule)
    const columns = [...rule.scope.map((name) => `"${name}"`), `lower("${rule.column}")`].join(', ')
    await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS "${rule.index}" ON "${rule.table}" (${columns})`)
  }
}

export async function down(knex: Knex) {
  for (const rule of [...uniqueRules].reverse()) {
    if (rule.table === 'users') continue
    await knex.raw(`DROP INDEX IF EXISTS "${rule.index}"`)
    if (rule.replaces) {
      const columns = [...rule.scope.filter((name) => name === 'region'), rule.column, ...rule.scope.filter((name) => name !== 'region')].map((name) => `"${name}"`).join(', ')
      await knex.raw(`ALTER TABLE "${rule.table}" ADD CONSTRAINT "${rule.replaces}" UNIQUE (${columns})`)
    }
  }
  await knex.raw('ALTER INDEX IF EXISTS users_username_ci_unique RENAME TO users_email_lower')
  await knex.raw('ALTER TABLE users ADD CONSTRAINT users_username_unique UNIQUE (username)')
}
