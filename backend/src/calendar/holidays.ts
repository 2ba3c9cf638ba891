import type { Knex } from 'knex'
import { isoDay } from '../format/format.shared.js'
import { tableCacheOf } from '../db/table-cache.js'

/**
 * The region's public holidays from `from` to `to` (days, 'YYYY-MM-DD'), for the server's own
 * working-day counting (calendar/working-days.shared.ts): an internal read, no caller's rights.
 * Kept until the calendar changes (db/table-cache.ts): every page of review clocks asks for it.
 */
export async function holidaysOf(db: Knex, region: string, from: string, to: string): Promise<string[]> {
  const read = async () => {
    const rows = await db('public_holidays').where({ region }).whereBetween('date', [from, to]).orderBy('date').select('date')
    return rows.map((row: { date: unknown }) => isoDay(row.date))
  }
  const cache = tableCacheOf(db)
  return cache ? cache.kept(`holidays\u0000${region}\u0000${from}\u0000${to}`, ['public_holidays'], read) : read()
}
