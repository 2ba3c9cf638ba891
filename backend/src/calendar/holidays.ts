import type { Knex } from 'knex'

/** A DATE column as the driver reads it (local midnight of the stored day): 'YYYY-MM-DD'. */
const isoDay = (value: unknown) =>
  value instanceof Date ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}` : String(value).slice(0, 10)

/**
 * The region's public holidays from `from` to `to` (days, 'YYYY-MM-DD'), for the server's own
 * working-day counting (calendar/working-days.shared.ts): an internal read, no caller's rights.
 */
export async function holidaysOf(db: Knex, region: string, from: string, to: string): Promise<string[]> {
  const rows = await db('public_holidays').where({ region }).whereBetween('date', [from, to]).orderBy('date').select('date')
  return rows.map((row: { date: unknown }) => isoDay(row.date))
}
