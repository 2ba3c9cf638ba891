import type { Knex } from 'knex'

/**
 * Frozen once written: a trigger function that refuses every update and delete with `message`
 * (check_violation), and a trigger `<table>_frozen` calling it on each of `tables`. Shipped
 * migrations call this, and databases hold what it wrote: its SQL text never changes (a new shape
 * of freeze is a new function beside it).
 */
export async function frozenOnceWritten(knex: Knex, functionName: string, message: string, tables: readonly string[]) {
  await knex.raw(`
    CREATE FUNCTION ${functionName}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '${message.replace(/'/g, "''")}' USING ERRCODE = 'check_violation';
    END $$`)
  for (const table of tables) {
    await knex.raw(`CREATE TRIGGER ${table}_frozen BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${functionName}()`)
  }
}
