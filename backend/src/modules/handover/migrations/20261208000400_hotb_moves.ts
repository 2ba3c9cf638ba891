import type { Knex } from 'knex'

/*
 * A tenancy's move-in or move-out record names the handover or takeback it corresponds to (spec
 * tenancies §5; issue 31 §9): the tenancies module left `tenancy_moves.handover_id` without its
 * foreign key for this module to add. NOT VALID: a row written before the module stays as it was;
 * every new or changed one must name a real record. One move per handover or takeback.
 */
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE tenancy_moves ADD CONSTRAINT tenancy_moves_handover_id_foreign FOREIGN KEY (handover_id) REFERENCES hotb(id) NOT VALID')
  await knex.raw('CREATE UNIQUE INDEX tenancy_moves_handover_id_unique ON tenancy_moves (handover_id) WHERE handover_id IS NOT NULL')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tenancy_moves_handover_id_unique')
  await knex.raw('ALTER TABLE tenancy_moves DROP CONSTRAINT IF EXISTS tenancy_moves_handover_id_foreign')
}
