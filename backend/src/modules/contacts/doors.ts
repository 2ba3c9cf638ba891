import type { Knex } from 'knex'

/*
 * What the contacts module offers other modules (issue 28 item 3: modules meet through doors, not
 * tables), exported from its `module.ts`. Only this module's code names its tables.
 */

/**
 * A SQL sub-select of the contact `idColumn` names, as another record's screen shows it (id, name,
 * prefix, position, company with its name, channels, status), one `jsonb` named `as`.
 */
export function contactCardSql(idColumn: string, as: string): string {
  return `(SELECT jsonb_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'prefix', c.prefix, 'position', c.position,
  'companyId', c.company_id, 'companyName', (SELECT name FROM companies WHERE companies.id = c.company_id), 'channels', c.channels, 'status', c.status)
  FROM ccd_contacts c WHERE c.id = ${idColumn}) AS ${as}`
}

/** The contact's id when it is a contact of the region (undefined otherwise): what another record may link. */
export async function contactOfRegion(db: Knex, id: number, region: string): Promise<number | undefined> {
  const contact = await db('ccd_contacts').where({ id, region }).first('id')
  return contact?.id
}
