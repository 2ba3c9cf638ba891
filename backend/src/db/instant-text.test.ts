import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import fc from 'fast-check'
import type { Knex } from 'knex'
import { createKnex, instantText } from './knex.js'

// Instants are read as the text a Date's JSON would be (db/knex.ts): the API's answers must not
// change by a character, whatever the session's time zone or the value's precision.

let db: Knex
beforeAll(() => {
  db = createKnex(inject('pgAdminUrl'), 1)
})
afterAll(async () => {
  await db?.destroy()
})

/** Instants from year 1000 to 9999, at millisecond precision, plus microseconds the database keeps. */
const instants = fc.record({
  date: fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
  micros: fc.integer({ min: 0, max: 999 })
})

/** What PostgreSQL answers for `instant` in a session at UTC, as its text protocol sends it. */
const postgresText = ({ date, micros }: { date: Date; micros: number }) => {
  const iso = date.toISOString()
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '')
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`
}

describe('instants read from PostgreSQL', () => {
  it('are the JSON of the same Date, microseconds cut as a Date cuts them', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(instantText(postgresText(instant))).toBe(instant.date.toISOString())
      }),
      { numRuns: 2_000 }
    )
  })

  it('reads the few forms by hand: whole seconds, one digit, an offset, and values that are no date', () => {
    expect(instantText('2026-11-27 13:57:47+00')).toBe('2026-11-27T13:57:47.000Z')
    expect(instantText('2026-11-27 13:57:47.5+00')).toBe('2026-11-27T13:57:47.500Z')
    expect(instantText('2026-11-27 21:57:47.595123+08')).toBe('2026-11-27T13:57:47.595Z')
    expect(instantText('2026-11-27 19:27:47.595+05:30')).toBe('2026-11-27T13:57:47.595Z')
    expect(instantText('infinity')).toBe('infinity')
    expect(instantText('-infinity')).toBe('-infinity')
  })

  it('come back from a real database as the Date JSON of what was written, in a UTC session and in another zone', async () => {
    const samples = fc.sample(instants, 200)
    for (const zone of ['UTC', 'Asia/Hong_Kong', 'America/St_Johns']) {
      const rows = await db.transaction(async (trx) => {
        await trx.raw(`SET LOCAL TIME ZONE '${zone}'`)
        const written = samples.map(({ date, micros }) => `${date.toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}Z`)
        return (await trx.raw('SELECT unnest(?::timestamptz[]) AS at', [written])).rows as { at: string }[]
      })
      expect(rows.map((row) => row.at)).toEqual(samples.map(({ date }) => date.toISOString()))
    }
  })
})
