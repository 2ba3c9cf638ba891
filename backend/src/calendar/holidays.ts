import type { Knex } from 'knex'
import { isoDay } from '../format/format.shared.js'

/**
 * The region's public holidays from `from` to `to` (days, 'YYYY-MM-DD'), for the server's own
 * working-day counting (calendar/working-days.shared.ts): an internal read, no caller's rights.
 */
export async function holidaysOf(db: Knex, region: string, from: string, to: string): Promise<string[]> {
  const rows = await db('public_holidays').where({ region }).whereBetween('date', [from, to]).orderBy('date').select('date')
  return rows.map((row: { date: unknown }) => isoDay(row.date))
}
