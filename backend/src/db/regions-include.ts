/** A region code as the regions table holds them (HK, SG, BJ, MO, GLOBAL). */
const REGION_CODE = /^[A-Z]{2,6}$/

/**
 * The SQL condition "this array column of region codes holds `region`" (accounts, mails: records
 * of several regions). The code is written into the SQL, not bound: a list runs as a prepared
 * statement (db/knex.ts), whose generic plan cannot see a bound array's selectivity; it guessed 5
 * accounts of 1,000 in a region and read and sorted them all, three times the database's work on
 * the accounts list. Written in, each region's statement is planned with the column's statistics,
 * and the few region codes make few statements. No region (or not a code) matches nothing.
 */
export function regionsInclude(column: string, region: string | undefined): string {
  if (!region || !REGION_CODE.test(region)) return 'false'
  return `${column} @> '{${region}}'::varchar[]`
}
