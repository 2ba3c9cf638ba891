import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

// The tender's optional items (spec §3 general.optionalItems: name, value, text, selected), on the
// DRAFT demo tender PR-ES-0001.
let server: TestServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const draft = () => server.knex('tenders').where({ prNumber: 'PR-ES-0001' }).first()
const patch = async (general: Record<string, unknown>) => {
  const tender = await draft()
  return server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: tender.updatedAt, general: { ...tender.general, ...general } })
}

describe('optional items of a tender', () => {
  it('are saved with the general section and read back as entered', async () => {
    const items = [
      { name: 'Extended warranty (24 months)', value: 35_000.5, text: 'From practical completion', selected: true },
      { name: 'Spare parts kit', value: null, selected: false }
    ]
    const saved = await patch({ optionalItems: items })
    expect(saved.status).toBe(200)
    expect(saved.body.general.optionalItems).toEqual(items)
    expect((await draft()).general.optionalItems).toEqual(items)
  })

  it('refuses a blank name, a negative value and more than 2 decimals, and keeps what was saved', async () => {
    expect((await patch({ optionalItems: [{ name: ' ', value: 1 }] })).status).toBe(400)
    expect((await patch({ optionalItems: [{ name: 'Bond', value: -1 }] })).status).toBe(400)
    const decimals = await patch({ optionalItems: [{ name: 'Bond', value: 10.005 }] })
    expect(decimals.status).toBe(400)
    expect(decimals.body.data.code).toBe('MONEY_DECIMALS')
    expect((await draft()).general.optionalItems[0].name).toBe('Extended warranty (24 months)')
  })
})
