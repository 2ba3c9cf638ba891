import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createPurchaseRequest } from '../seeds/factories.js'
import { addWorkingDays, closingInstant, localDate } from '../services/tenders/closing-date.js'
import { hongKongHolidays } from '../../../../../seeds/public-holidays.js'

/** The demo's Hong Kong public holidays, which the closing dates skip. */
const hongKongDays = hongKongHolidays.map(([date]) => date)

/*
 * The tender settings of spec §8 are read where they apply (issue 27 item 7: they were stored and
 * shown, and nothing read them): the region's minimum working days before a tender or an ITQ
 * closes, and the validity a new tender starts with.
 */

let server: TestServer
let admin: string
let pm: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  pm = (await server.login('pm.hk')).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const setHk = async (key: string, value: number) => {
  const current = await server.api(admin, 'GET', `/hk/v1/settings/${key}`)
  const updatedAt = current.body.source === 'HK' ? current.body.updatedAt : null
  const answer = await server.api(admin, 'PATCH', `/hk/v1/settings/${key}`, { value, updatedAt })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

/** 17:00 in Hong Kong, `days` working days from today there. */
const closingIn = (days: number) => closingInstant(addWorkingDays(localDate(new Date(), 'Asia/Hong_Kong'), days, hongKongDays), '17:00', 'Asia/Hong_Kong').toISOString()

describe("the region's tender settings", () => {
  it('hold a tender to the minimum working days set for the region, name them when refused, and start a new tender at the validity set', async () => {
    await setHk('tender.minWorkingDays', 8)
    await setHk('tender.validityDays', 90)
    const { number } = await createPurchaseRequest(server.knex, { amount: 900_000 })
    const created = await server.api(pm, 'POST', '/hk/v1/tenders', { prNumber: number })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ tenderType: 'TENDER', validityDays: 90 })
    // Its default closing is the first day the setting allows.
    expect(created.body.closingAt).toBe(closingIn(8))

    const early = await server.api(pm, 'PATCH', `/hk/v1/tenders/${created.body.id}`, { closingAt: closingIn(6), updatedAt: created.body.updatedAt })
    expect(early.status).toBe(400)
    expect(early.body.data).toMatchObject({ code: 'CLOSING_TOO_EARLY', days: 8 })
    expect(early.body.message).toContain('8')
    const allowed = await server.api(pm, 'PATCH', `/hk/v1/tenders/${created.body.id}`, { closingAt: closingIn(8), updatedAt: created.body.updatedAt })
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
  })

  it("hold an ITQ to the ITQ's own minimum", async () => {
    await setHk('itq.minWorkingDays', 4)
    const { number } = await createPurchaseRequest(server.knex, { amount: 1_000 })
    const created = await server.api(pm, 'POST', '/hk/v1/tenders', { prNumber: number })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.tenderType).toBe('ITQ')
    expect(created.body.closingAt).toBe(closingIn(4))
    const early = await server.api(pm, 'PATCH', `/hk/v1/tenders/${created.body.id}`, { closingAt: closingIn(3), updatedAt: created.body.updatedAt })
    expect(early.body.data).toMatchObject({ code: 'CLOSING_TOO_EARLY', days: 4 })
  })
})
