import type { Knex } from 'knex'

const randomId = 'substr(md5(random()::text || clock_timestamp()::text), 1, 24)'

/**
 * Non-tenant projects (spec §3 "Project (non-tenant)", §4 status, §5 project rules): one per
 * purchase order or contract of an awarded tender. Money is integer cents and the retention an
 * exact percent with 2 decimals, so the claims built on these rows (submissions, ledger) compute
 * to the cent; the rules the database can hold are its constraints.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('projects', (t) => {
    // Spec §9: ids of tenders and projects are 24 lowercase alphanumerics.
    t.string('id', 24).primary().defaultTo(knex.raw(randomId))
    t.string('region', 16).notNullable().references('regions.code')
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    // The vendor (spec vendorId): company_id, so the vendors' "own" ability condition applies.
    t.integer('company_id').notNullable().references('companies.id')
    // The person in charge (spec managedBy): the staff "own" condition.
    t.integer('managed_by').references('users.id')
    t.string('type', 64)
    t.string('number_type', 16).notNullable()
    t.integer('purchase_order_id').references('purchase_orders.id')
    t.integer('contract_id').references('contracts.id')
    t.string('number', 64).notNullable()
    t.integer('revision_num')
    t.string('tender_id', 24).notNullable().references('tenders.id')
    t.integer('po_attachment_id').references('files.id')
    t.integer('site_id').notNullable().references('sites.id')
    t.specificType('building_ids', 'integer[]').notNullable().defaultTo('{}')
    t.string('currency', 8).notNullable()
    t.bigInteger('total_amount_cents').notNullable()
    t.bigInteger('deduction_cents').notNullable().defaultTo(0)
    t.text('deduction_reason')
    t.decimal('retention_percent', 5, 2).notNullable().defaultTo(0)
    t.date('actual_commencement_date')
    t.date('actual_completion_date')
    t.date('dlp_date')
    t.boolean('on_hold').notNullable().defaultTo(false)
    t.text('project_location')
    t.timestamp('activated_at', { useTz: true })
    t.timestamp('completed_at', { useTz: true })
    t.timestamp('cancelled_at', { useTz: true })
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'status'])
    t.index(['region', 'company_id'])
    t.index(['site_id'])
  })
  await knex.raw(`
    ALTER TABLE projects
      ADD CONSTRAINT projects_status CHECK (status IN ('DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED')),
      ADD CONSTRAINT projects_number_type CHECK (
        (number_type = 'PO' AND purchase_order_id IS NOT NULL AND contract_id IS NULL)
        OR (number_type = 'CONTRACT' AND contract_id IS NOT NULL AND purchase_order_id IS NULL)
      ),
      ADD CONSTRAINT projects_amounts CHECK (total_amount_cents >= 0 AND deduction_cents >= 0 AND deduction_cents <= total_amount_cents),
      ADD CONSTRAINT projects_retention CHECK (retention_percent >= 0 AND retention_percent <= 100),
      ADD CONSTRAINT projects_completion_after_commencement CHECK (actual_completion_date IS NULL OR actual_commencement_date IS NULL OR actual_completion_date >= actual_commencement_date),
      ADD CONSTRAINT projects_completed_has_date CHECK (status <> 'COMPLETED' OR actual_completion_date IS NOT NULL)
  `)
  // One live project per purchase order or contract: a cancelled one frees its number again.
  await knex.raw(`CREATE UNIQUE INDEX projects_purchase_order_live ON projects (purchase_order_id) WHERE status <> 'CANCELLED' AND purchase_order_id IS NOT NULL`)
  await knex.raw(`CREATE UNIQUE INDEX projects_contract_live ON projects (contract_id) WHERE status <> 'CANCELLED' AND contract_id IS NOT NULL`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('projects')
}
