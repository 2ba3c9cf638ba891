import type { Knex } from 'knex'

/*
 * Move-in, move-out and temporary-close records of a tenancy (spec tenancies §3): the day, the
 * floor of the building, premises, remarks, business commencement or last trading date, the
 * reopen date of a temporary close and its state. Spec §5 "needs either remarks or the
 * corresponding handover/takeback" is held here too, whatever writes the row.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('tenancy_moves', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('tenancy_id').notNullable().references('tenancies.id').onDelete('CASCADE')
    t.string('kind', 16).notNullable()
    t.string('status', 16).notNullable()
    t.date('date').notNullable()
    t.string('floor', 32).notNullable()
    t.string('premises')
    t.text('remarks')
    // The corresponding handover or takeback: the handovers module, which comes later, adds the foreign key.
    t.integer('handover_id').comment('handover or takeback of this move (handovers module; foreign key added with it)')
    t.date('business_date').comment('business commencement (move in) or last trading date (move out)')
    t.date('reopen_date')
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['tenancy_id', 'date'])
  })
  await knex.raw(`ALTER TABLE tenancy_moves
    ADD CONSTRAINT tenancy_moves_kind CHECK (kind IN ('MOVE_IN', 'MOVE_OUT', 'TEMPORARY_CLOSE')),
    ADD CONSTRAINT tenancy_moves_status CHECK (status IN ('RECORDED', 'CLOSED', 'REOPENED')),
    ADD CONSTRAINT tenancy_moves_remarks_or_handover CHECK (btrim(coalesce(remarks, '')) <> '' OR handover_id IS NOT NULL)`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tenancy_moves')
}
