import type { Knex } from 'knex'

/*
 * A project's readers (its tenancy, its listed users, its region) flow to every part table that
 * copies them: the tables whose rows take the copy by the trigger of `tenant_project_part_copy()`
 * (migration 20261207000300). Found in the catalogue, not listed: a new part table is followed by
 * creating its copy trigger, and no later migration has to name every earlier table again.
 */
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION tenant_project_parts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      part regclass;
    BEGIN
      FOR part IN SELECT DISTINCT tgrelid::regclass FROM pg_trigger WHERE tgfoid = 'tenant_project_part_copy()'::regprocedure AND NOT tgisinternal LOOP
        EXECUTE format('UPDATE %s SET tenancy_id = $1, account_user_ids = $2, region = $3 WHERE project_id = $4', part)
          USING NEW.tenancy_id, NEW.account_user_ids, NEW.region, NEW.id;
      END LOOP;
      RETURN NULL;
    END $$`)
}

/** The function as the migrations before left it is rewritten by their own `up` on a rerun; nothing to undo here that a down of those would not. */
export async function down() {}
