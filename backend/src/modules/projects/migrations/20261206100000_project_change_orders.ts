import type { Knex } from 'knex'

/**
 * A project's change orders (issue 27 item 3), records of their own: a number per project
 * (CO-001 on screen; assigned by the insert, unique per project), the date the change order
 * bears, its reason, its lines (items added with their value, or existing items revised by a
 * signed amount, in cents) and their net change, and its status (DRAFT, SUBMITTED, APPROVED,
 * REJECTED). An approval is written once: who and when (the instant its change counts from).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_change_orders', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.integer('number').notNullable()
    t.date('date').notNullable()
    t.text('reason').notNullable()
    t.jsonb('lines').notNullable().defaultTo('[]')
    t.bigInteger('net_change_cents').notNullable().defaultTo(0)
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.text('reject_reason')
    t.integer('created_by').references('users.id')
    t.integer('submitted_by').references('users.id')
    t.timestamp('submitted_at', { useTz: true })
    t.integer('decided_by').references('users.id')
    t.timestamp('decided_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'number'])
    t.index(['project_id', 'status'])
  })
  await knex.raw(`ALTER TABLE project_change_orders ADD CONSTRAINT project_change_orders_status CHECK (status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'))`)
  await knex.raw(`ALTER TABLE project_change_orders ADD CONSTRAINT project_change_orders_number CHECK (number > 0)`)
  await knex.raw(`ALTER TABLE project_change_orders ADD CONSTRAINT project_change_orders_reason CHECK (length(btrim(reason)) > 0)`)
  // A decision says who and when; a rejection also why.
  await knex.raw(`ALTER TABLE project_change_orders ADD CONSTRAINT project_change_orders_decided CHECK (status NOT IN ('APPROVED', 'REJECTED') OR (decided_at IS NOT NULL AND decided_by IS NOT NULL))`)
  await knex.raw(`ALTER TABLE project_change_orders ADD CONSTRAINT project_change_orders_reject_reason CHECK (status <> 'REJECTED' OR length(btrim(coalesce(reject_reason, ''))) > 0)`)
  // An approval is final: its lines, net change and decision never change again (the contract sum to date stands on them).
  await knex.raw(`
    CREATE FUNCTION project_change_orders_approved_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'APPROVED' THEN
        RAISE EXCEPTION 'an approved change order is final' USING ERRCODE = 'check_violation', CONSTRAINT = 'project_change_orders_approved_final';
      END IF;
      RETURN NEW;
    END $$`)
  await knex.raw(`CREATE TRIGGER project_change_orders_approved_final BEFORE UPDATE ON project_change_orders FOR EACH ROW EXECUTE FUNCTION project_change_orders_approved_final()`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_change_orders')
  await knex.raw('DROP FUNCTION IF EXISTS project_change_orders_approved_final()')
}
