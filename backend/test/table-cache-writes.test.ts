import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import knexFactory, { type Knex } from 'knex'
import { TableCache } from '../src/db/table-cache.js'
import { createTestDatabase } from './db.js'
import { getSetting } from '../src/settings-values.js'

// The cache on a real knex and PostgreSQL, with no NOTIFY listener behind it: what drops a total
// here is the process hearing its own statements, which a reader who just saved relies on.
let db: Knex
let cache: TableCache
beforeAll(async () => {
  db = knexFactory({ client: 'pg', connection: await createTestDatabase(), pool: { min: 0, max: 4 } })
  cache = new TableCache()
  await cache.load(db)
  cache.attach(db)
  cache.setListening(true)
})
afterAll(async () => {
  await db?.destroy()
})

/** The total of Hong Kong's buildings through the cache, and whether the database counted it. */
async function buildings() {
  const count = db('buildings').where('region', 'HK').count({ total: '*' })
  let counted = false
  const { total } = await cache.total(count, async (withTotal) => {
    counted = withTotal
    return { result: [], total: Number((await count.clone())[0].total) }
  })
  return { total, counted }
}

const building = (code: string) => ({ region: 'HK', code, name: code, floors: JSON.stringify(['G/F']), common_floor: 'G/F' })

describe('the count cache on PostgreSQL', () => {
  it('drops a total at the commit of a transaction that wrote its table, and keeps it through reads', async () => {
    const before = await buildings()
    expect(await buildings()).toEqual({ total: before.total, counted: false })
    await db.transaction(async (trx) => {
      await trx('buildings').insert(building('TRX1'))
      // Counted by another reader before the commit: the new row is not there yet.
      expect(await buildings()).toEqual({ total: before.total, counted: true })
    })
    expect(await buildings()).toEqual({ total: before.total + 1, counted: true })
    await db.transaction(async (trx) => {
      await trx('buildings').select('id').limit(1)
    })
    expect((await buildings()).counted).toBe(false)
  })

  it('hears a write in a transaction within a transaction, and a write outside any', async () => {
    const before = (await buildings()).total
    await db.transaction(async (outer) => {
      await outer.transaction(async (inner) => {
        await inner('buildings').insert(building('TRX2'))
      })
      await buildings()
    })
    expect(await buildings()).toEqual({ total: before + 1, counted: true })
    await db('buildings').where('code', 'TRX2').delete()
    expect(await buildings()).toEqual({ total: before, counted: true })
  })
})

describe('settings kept by the table cache', () => {
  it('reads a setting once, and again after a write to the settings table commits', async () => {
    const key = 'upload.maxCount'
    const before = await getSetting(db, 'HK', key)
    await db.transaction(async (trx) => {
      await trx('settings')
        .insert({ region: 'HK', key, value: JSON.stringify(Number(before) + 5) })
        .onConflict(['region', 'key'])
        .merge()
      // Inside the transaction the write is seen; outside, not before its commit.
      expect(await getSetting(trx, 'HK', key)).toBe(Number(before) + 5)
      expect(await getSetting(db, 'HK', key)).toBe(before)
    })
    expect(await getSetting(db, 'HK', key)).toBe(Number(before) + 5)
  })

  it('hands out a copy of a list, so a caller that changes it changes nothing for the next', async () => {
    const types = await getSetting(db, 'HK', 'upload.types')
    ;(types as unknown as string[]).push('exe')
    expect(await getSetting(db, 'HK', 'upload.types')).not.toContain('exe')
  })
})
