import type { Knex } from 'knex'
import { appError } from '../../../../errors.js'

// A merge's move of every link to a contact onto the contact kept (ccdcontacts.class.ts `merge`).

const KNEX_ERROR = Symbol.for('@feathersjs/knex/error')

/**
 * Every foreign key to a contact (tables of other modules included: the database knows them
 * all) is moved from one contact to the other. Where a unique index allows one link per record
 * and contact (a tenancy's contact roles) and both contacts are linked, the other link goes and
 * the kept one takes its roles (its true boolean flags) and the values it lacks (call orders):
 * no role is lost.
 */
export async function repointContactLinks(db: Knex, from: number, to: number): Promise<Record<string, number>> {
  const { rows } = await db.raw(
    `SELECT kcu.table_name AS link_table, kcu.column_name AS link_column
       FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
       JOIN information_schema.key_column_usage pk ON pk.constraint_name = rc.unique_constraint_name AND pk.constraint_schema = rc.unique_constraint_schema
      WHERE pk.table_name = 'ccd_contacts' AND kcu.constraint_schema = current_schema() AND kcu.table_name <> 'ccd_contact_keys'`
  )
  const moved: Record<string, number> = {}
  for (const row of rows as Array<Record<string, string>>) {
    const table = String(row.linkTable ?? row.link_table)
    const column = String(row.linkColumn ?? row.link_column)
    try {
      moved[`${table}.${column}`] = await moveLinks(db, table, column, from, to)
    } catch (error: any) {
      const cause = error?.[KNEX_ERROR] ?? error
      if (cause?.code === '23505') throw appError(409, 'MERGE_CONFLICT', { table })
      throw error
    }
  }
  return moved
}

/** The links of one table and column, moved one by one (see repointContactLinks); answers how many. */
async function moveLinks(db: Knex, table: string, column: string, from: number, to: number): Promise<number> {
  // The table's unique indexes on plain columns that include the link column, and its flags.
  const { rows: indexes } = await db.raw(
    `SELECT array_agg(a.attname::text ORDER BY k.ord) AS cols
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid AND t.relname = ? AND t.relnamespace = current_schema()::regnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE i.indisunique AND NOT i.indisprimary AND i.indexprs IS NULL AND i.indpred IS NULL
      GROUP BY i.indexrelid`,
    [table]
  )
  const uniques = (indexes as Array<{ cols: string[] }>).map((index) => index.cols).filter((cols) => cols.includes(column))
  const flags: string[] = (
    await db.raw(`SELECT column_name::text AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND data_type = 'boolean'`, [table])
  ).rows.map((flag: { name: string }) => flag.name)
  // Rows as JSON keep the database's own column names (the knex mapping renames only the top level).
  const { rows: links } = await db.raw('SELECT ctid::text AS rid, to_jsonb(l) AS link FROM ?? l WHERE ?? = ?', [table, column, from])
  for (const { rid, link } of links as Array<{ rid: string; link: Record<string, unknown> }>) {
    let clash: { rid: string; link: Record<string, unknown> } | undefined
    for (const cols of uniques) {
      const others = cols.filter((col) => col !== column)
      if (others.some((col) => link[col] == null)) continue
      const where = [`?? = ?`, ...others.map(() => '?? = ?')].join(' AND ')
      const bindings = [column, to, ...others.flatMap((col) => [col, link[col] as string | number | boolean])]
      clash = (await db.raw(`SELECT ctid::text AS rid, to_jsonb(l) AS link FROM ?? l WHERE ${where} LIMIT 1`, [table, ...bindings])).rows[0]
      if (clash) break
    }
    if (!clash) {
      await db.raw('UPDATE ?? SET ?? = ? WHERE ctid = ?::tid', [table, column, to, rid])
      continue
    }
    const roles = flags.filter((flag) => link[flag] === true && clash!.link[flag] !== true)
    // What goes with a role (an emergency contact's call orders) comes along where the kept link has none.
    const fills = Object.keys(link).filter((col) => col !== column && col !== 'id' && !flags.includes(col) && link[col] != null && clash!.link[col] == null)
    // The other link goes first: a rule of one per record (one primary contact) holds throughout.
    await db.raw('DELETE FROM ?? WHERE ctid = ?::tid', [table, rid])
    const sets = [...roles.map(() => '?? = true'), ...fills.map(() => '?? = ?')]
    const values = [...roles, ...fills.flatMap((col) => [col, link[col] as string | number | boolean])]
    if (sets.length) await db.raw(`UPDATE ?? SET ${sets.join(', ')} WHERE ctid = ?::tid`, [table, ...values, clash.rid])
  }
  return links.length
}
