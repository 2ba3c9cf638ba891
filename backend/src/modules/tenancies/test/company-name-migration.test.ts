import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKnex } from '../../../db/knex.js'
import { createTestDatabase } from '../../../../test/db.js'
import { down, up } from '../migrations/20261127060000_drop_tenancy_company_name_trigger.js'

// A tenancy shows the company name it was written with: the platform's demo seed gives it, and
// no trigger fills in a missing one any more (migration 20261127060000).

let db: Knex
beforeAll(async () => {
  db = createKnex(await createTestDatabase(), 2)
})
afterAll(async () => {
  await db?.destroy()
})

const acme = async () => (await db('companies').where({ region: 'HK', name: 'ACME Trading' }).first('id')).id as number
const building = async () => (await db('buildings').where({ region: 'HK', code: 'ES1' }).first('id')).id as number
const insertWithoutName = async (tradeName: string) => db('tenancies').insert({ region: 'HK', companyId: await acme(), buildingId: await building(), tradeName, type: 'R' }, ['id', 'companyName'])

describe('migration 20261127060000_drop_tenancy_company_name_trigger', () => {
  it("leaves the demo's ACME tenancy with the company name the seed gave it", async () => {
    expect(await db('tenancies').where({ region: 'HK', tradeName: 'ACME' }).first('companyName')).toEqual({ companyName: 'ACME Trading' })
  })

  it('refuses a tenancy written without its company name instead of filling it in', async () => {
    await expect(insertWithoutName('No name given')).rejects.toThrow(/company_name/)
  })

  it('puts the trigger back on the way down, and takes it away again on the way up', async () => {
    await down(db)
    expect(await insertWithoutName('Filled by the old trigger')).toEqual([{ id: expect.any(Number), companyName: 'ACME Trading' }])
    await up(db)
    await expect(insertWithoutName('Refused again')).rejects.toThrow(/company_name/)
  })
})
