import type { Knex } from 'knex'
import type { TermItem } from './tender-terms.shared.js'

/** The highest terms version of a region's department, or null when it has none (spec §4 stamps this one). */
export async function latestTermsVersion(db: Knex, region: string, departmentId: number | null): Promise<number | null> {
  if (departmentId == null) return null
  const row = await db('tender_terms').where({ region, departmentId }).max('version as version').first()
  return row?.version == null ? null : Number(row.version)
}

/**
 * The terms a tender's vendors accept: the version stamped on the tender, or (not yet stamped, a
 * draft) the latest one of its region and department. None stored: an empty list.
 */
export async function termsOfTender(db: Knex, tender: { region: string; departmentId: number | null; termsVersion: number | null }): Promise<{ version: number | null; items: TermItem[] }> {
  const version = tender.termsVersion ?? (await latestTermsVersion(db, tender.region, tender.departmentId))
  if (version == null || tender.departmentId == null) return { version, items: [] }
  const row = await db('tender_terms').where({ region: tender.region, departmentId: tender.departmentId, version }).first('items')
  return { version, items: row?.items ?? [] }
}
