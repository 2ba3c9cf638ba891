import type { Knex } from 'knex'

/*
 * A tenant project's green fit-out (spec §3 "Green fit-out: folders with points; folder actions
 * REJECT, APPROVE, UPDATE_POINTS; history types SUBMISSION, GUIDELINE ..."; §4 "Green fit-out
 * statuses: DRAFT, UNDER_REVIEW, COMPLETED, CANCEL. Folder: DRAFT, ACCEPTED, REJECTED, COMPLETED;
 * approved/reviewed folders are locked; on hold lets the tenant upload and staff resume; also
 * complied and recognised; a points update is recorded"; issue 30 item 9):
 * - `green_fitouts`: one current (not CANCEL) per project: the partial unique index;
 * - `green_fitout_folders`: the scheme's folders, each of a BEAM Plus Interiors category, with the
 *   points the tenant claims and the points staff award; a decided folder (ACCEPTED, REJECTED)
 *   refuses any change of its points, whoever writes (the trigger `green_fitout_folders_locked`);
 * - `green_fitout_folder_files`: what the tenant uploads into a folder (record documents);
 * - `green_fitout_points`: every change of a folder's awarded points, old → new, by whom and when,
 *   written by the database itself on each change (the writer names itself with
 *   `set_config('green_fitout.actor', ...)` in its transaction) and never rewritten;
 * - `green_fitout_histories`: the spec's history (types SUBMISSION, GUIDELINE and its action types),
 *   the comments among them.
 * The project's total is never stored: it is the sum of the ACCEPTED folders' awarded points,
 * summed on each read (`green_fitout_totals`, a view; `green_fitout_portfolio` lists them by score). Each part keeps its project's readers
 * (`tenancy_id`, `account_user_ids`, `region`) by the copy trigger of migration 20261207000300,
 * which migration 20261207000990 follows to every table that has it.
 */

const greenFitoutCategories = ['GREEN_BUILDING_ATTRIBUTES', 'MANAGEMENT', 'MATERIALS_ASPECTS', 'ENERGY_USE', 'WATER_USE', 'INDOOR_ENVIRONMENTAL_QUALITY', 'INNOVATIONS'] as const

const parts = ['green_fitouts', 'green_fitout_folders', 'green_fitout_folder_files', 'green_fitout_points', 'green_fitout_histories'] as const

const projectPart = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.increments('id')
  t.string('region', 16).notNullable().references('regions.code')
  t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
  t.integer('tenancy_id').notNullable()
  t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
}

export async function up(knex: Knex) {
  await knex.schema.createTable('green_fitouts', (t) => {
    projectPart(knex, t)
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.boolean('on_hold').notNullable().defaultTo(false)
    t.boolean('complied').notNullable().defaultTo(false)
    t.boolean('recognised').notNullable().defaultTo(false)
    // The recognition threshold the completion was decided on (the setting may change later).
    t.integer('threshold_points')
    t.timestamp('started_at', { useTz: true })
    t.timestamp('completed_at', { useTz: true })
    t.timestamp('sent_at', { useTz: true })
    t.integer('sent_count').notNullable().defaultTo(0)
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
    t.index(['tenancy_id'])
  })
  await knex.raw(`ALTER TABLE green_fitouts
    ADD CONSTRAINT green_fitouts_status CHECK (status IN ('DRAFT', 'UNDER_REVIEW', 'COMPLETED', 'CANCEL')),
    ADD CONSTRAINT green_fitouts_hold CHECK (NOT on_hold OR status = 'UNDER_REVIEW'),
    ADD CONSTRAINT green_fitouts_decided CHECK (status = 'COMPLETED' OR NOT (complied OR recognised))`)
  await knex.raw("CREATE UNIQUE INDEX green_fitouts_current ON green_fitouts (project_id) WHERE status <> 'CANCEL'")

  await knex.schema.createTable('green_fitout_folders', (t) => {
    projectPart(knex, t)
    t.integer('green_fitout_id').notNullable().references('green_fitouts.id').onDelete('CASCADE')
    t.string('category', 32).notNullable()
    t.string('title', 200).notNullable()
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.integer('points_claimed').notNullable().defaultTo(0)
    t.integer('points_awarded')
    t.text('reason').notNullable().defaultTo('')
    t.integer('decided_by').references('users.id').onDelete('SET NULL')
    t.timestamp('decided_at', { useTz: true })
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.index(['green_fitout_id'])
  })
  await knex.raw(`ALTER TABLE green_fitout_folders
    ADD CONSTRAINT green_fitout_folders_status CHECK (status IN ('DRAFT', 'ACCEPTED', 'REJECTED', 'COMPLETED')),
    ADD CONSTRAINT green_fitout_folders_category CHECK (category IN (${greenFitoutCategories.map((category) => `'${category}'`).join(', ')})),
    ADD CONSTRAINT green_fitout_folders_points CHECK (points_claimed BETWEEN 0 AND 1000 AND (points_awarded IS NULL OR points_awarded BETWEEN 0 AND 1000)),
    ADD CONSTRAINT green_fitout_folders_accepted_scored CHECK (status <> 'ACCEPTED' OR points_awarded IS NOT NULL)`)
  await knex.raw('CREATE UNIQUE INDEX green_fitout_folders_title ON green_fitout_folders (green_fitout_id, lower(title))')
  // Spec §4 "approved/reviewed folders are locked": a decided folder's points stay, whoever writes.
  await knex.raw(`
    CREATE FUNCTION green_fitout_folders_locked() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status IN ('ACCEPTED', 'REJECTED') AND (NEW.points_awarded IS DISTINCT FROM OLD.points_awarded OR NEW.points_claimed IS DISTINCT FROM OLD.points_claimed) THEN
        RAISE EXCEPTION 'a decided green fit-out folder keeps its points' USING ERRCODE = 'check_violation', CONSTRAINT = 'green_fitout_folders_locked';
      END IF;
      RETURN NEW;
    END $$`)
  await knex.raw(`CREATE TRIGGER green_fitout_folders_locked BEFORE UPDATE ON green_fitout_folders FOR EACH ROW EXECUTE FUNCTION green_fitout_folders_locked()`)

  await knex.schema.createTable('green_fitout_folder_files', (t) => {
    projectPart(knex, t)
    t.integer('folder_id').notNullable().references('green_fitout_folders.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('description', 500).notNullable().defaultTo('')
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL')
    t.index(['folder_id'])
  })

  await knex.schema.createTable('green_fitout_points', (t) => {
    projectPart(knex, t)
    t.integer('green_fitout_id').notNullable().references('green_fitouts.id').onDelete('CASCADE')
    t.integer('folder_id').notNullable().references('green_fitout_folders.id').onDelete('CASCADE')
    t.integer('old_points')
    t.integer('new_points')
    t.integer('user_id').references('users.id').onDelete('SET NULL')
    t.index(['green_fitout_id'])
  })
  // Every change of awarded points, recorded by the database (no writer can skip it); the row is
  // never rewritten (only its copy of the project's readers follows the project).
  await knex.raw(`
    CREATE FUNCTION green_fitout_points_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND NEW.points_awarded IS NULL THEN RETURN NULL; END IF;
      IF TG_OP = 'UPDATE' AND NEW.points_awarded IS NOT DISTINCT FROM OLD.points_awarded THEN RETURN NULL; END IF;
      INSERT INTO green_fitout_points (region, project_id, tenancy_id, green_fitout_id, folder_id, old_points, new_points, user_id)
      VALUES (NEW.region, NEW.project_id, NEW.tenancy_id, NEW.green_fitout_id, NEW.id,
        CASE WHEN TG_OP = 'UPDATE' THEN OLD.points_awarded END, NEW.points_awarded,
        NULLIF(current_setting('green_fitout.actor', true), '')::integer);
      RETURN NULL;
    END $$`)
  await knex.raw(`CREATE TRIGGER green_fitout_points_record AFTER INSERT OR UPDATE OF points_awarded ON green_fitout_folders FOR EACH ROW EXECUTE FUNCTION green_fitout_points_record()`)
  await knex.raw(`
    CREATE FUNCTION green_fitout_points_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.folder_id, NEW.green_fitout_id, NEW.old_points, NEW.new_points, NEW.user_id, NEW.created_at) IS DISTINCT FROM (OLD.folder_id, OLD.green_fitout_id, OLD.old_points, OLD.new_points, OLD.user_id, OLD.created_at) THEN
        RAISE EXCEPTION 'the points record is append-only' USING ERRCODE = 'check_violation', CONSTRAINT = 'green_fitout_points_append_only';
      END IF;
      RETURN NEW;
    END $$`)
  await knex.raw(`CREATE TRIGGER green_fitout_points_append_only BEFORE UPDATE ON green_fitout_points FOR EACH ROW EXECUTE FUNCTION green_fitout_points_append_only()`)

  await knex.schema.createTable('green_fitout_histories', (t) => {
    projectPart(knex, t)
    t.integer('green_fitout_id').notNullable().references('green_fitouts.id').onDelete('CASCADE')
    t.integer('folder_id').references('green_fitout_folders.id').onDelete('CASCADE')
    t.string('type', 16).notNullable()
    t.string('action_type', 16).notNullable()
    t.text('comment').notNullable().defaultTo('')
    t.integer('user_id').references('users.id').onDelete('SET NULL')
    t.index(['green_fitout_id'])
  })
  await knex.raw(`ALTER TABLE green_fitout_histories
    ADD CONSTRAINT green_fitout_histories_type CHECK (type IN ('SUBMISSION', 'GUIDELINE')),
    ADD CONSTRAINT green_fitout_histories_action_type CHECK (action_type IN ('ADD_FORDER', 'SEND', 'RESEND', 'NEXT_REVIEWER', 'RECEIVERS', 'UPDATE', 'ADD', 'ON_HOLD', 'START_LETTER', 'REJECT', 'APPROVE', 'UPDATE_POINTS', 'RESUME', 'COMPLETE', 'CANCEL', 'DELETE'))`)

  // The project's total: the ACCEPTED folders' awarded points, summed when read (never stored).
  await knex.raw(`
    CREATE VIEW green_fitout_totals AS
    SELECT g.id AS green_fitout_id, g.project_id, g.region,
      COALESCE(SUM(f.points_awarded) FILTER (WHERE f.status = 'ACCEPTED'), 0)::integer AS total_points,
      COALESCE(SUM(f.points_claimed), 0)::integer AS claimed_points,
      COUNT(f.id)::integer AS folder_count,
      COUNT(f.id) FILTER (WHERE f.status = 'ACCEPTED')::integer AS accepted_count
    FROM green_fitouts g LEFT JOIN green_fitout_folders f ON f.green_fitout_id = g.id
    GROUP BY g.id`)
  // The portfolio (issue 30 item 9): every green fit-out with its project and score, listed, sorted and filtered as one.
  await knex.raw(`
    CREATE VIEW green_fitout_portfolio AS
    SELECT g.id, g.region, g.project_id, g.tenancy_id, g.account_user_ids, g.status, g.on_hold, g.complied, g.recognised, g.created_at, g.updated_at,
      t.total_points, t.claimed_points, t.folder_count, t.accepted_count, p.project_name, p.company_name, p.trade_name, p.building_id
    FROM green_fitouts g JOIN green_fitout_totals t ON t.green_fitout_id = g.id JOIN tenant_projects p ON p.id = g.project_id`)

  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenant_project_part_copy()`)
  }
}

export async function down(knex: Knex) {
  await knex.raw('DROP VIEW IF EXISTS green_fitout_portfolio')
  await knex.raw('DROP VIEW IF EXISTS green_fitout_totals')
  for (const table of [...parts].reverse()) await knex.schema.dropTableIfExists(table)
  await knex.raw('DROP FUNCTION IF EXISTS green_fitout_points_append_only()')
  await knex.raw('DROP FUNCTION IF EXISTS green_fitout_points_record()')
  await knex.raw('DROP FUNCTION IF EXISTS green_fitout_folders_locked()')
}
