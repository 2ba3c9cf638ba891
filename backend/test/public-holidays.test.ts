import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { createPurchaseRequest } from '../src/modules/tenders/seeds/factories.js'
import { addWorkingDays, closingInstant, localDate } from '../src/modules/tenders/services/tenders/closing-date.js'
import { holidaysOf } from '../src/calendar/holidays.js'

/*
 * The region's public holidays (issue 29 item 7) on real PostgreSQL: administrators keep them,
 * everyone signed in reads them, one name per day, and the working-day clocks skip them (a new
 * tender's earliest closing date among them).
 */

let server: TestServer
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('public holidays', () => {
  it('are kept by administrators, one name per day of a region (409 for a second), and read by everyone signed in', async () => {
    // The clocks' calendar is kept between requests (db/table-cache.ts): a holiday added or removed is counted at once.
    const calendar = () => holidaysOf(server.knex, 'SG', '2027-08-01', '2027-08-31')
    expect(await calendar()).toEqual([])
    const created = await api('admin', 'POST', '/sg/v1/public-holidays', { date: '2027-08-09', name: ' National Day ' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ region: 'SG', date: '2027-08-09', name: 'National Day' })
    expect((await api('admin', 'POST', '/sg/v1/public-holidays', { date: '2027-08-09', name: 'Again' })).status).toBe(409)
    expect((await api('admin', 'POST', '/sg/v1/public-holidays', { date: '2027-02-30', name: 'No such day' })).status).toBe(400)
    const renamed = await api('admin', 'PATCH', `/sg/v1/public-holidays/${created.body.id}`, { name: 'National Day (SG)', updatedAt: created.body.updatedAt })
    expect(renamed.body.name).toBe('National Day (SG)')
    for (const reader of ['pm.hk', 'vendor.alpha', 'tenant.acme']) {
      const listed = await api(reader, 'GET', '/hk/v1/public-holidays?date[$gte]=2026-12-01&date[$lte]=2026-12-31&$sort[date]=1')
      expect(listed.status, reader).toBe(200)
      expect(listed.body.data.map((row: any) => row.date)).toEqual(['2026-12-25', '2026-12-26'])
    }
    for (const [user, path] of [
      ['pm.hk', '/hk/v1/public-holidays'],
      ['vendor.alpha', '/hk/v1/public-holidays'],
      ['tenant.acme', '/hk/v1/public-holidays']
    ]) {
      expect((await api(user, 'POST', path, { date: '2027-08-10', name: 'Mine' })).status, user).toBe(403)
    }
    const listedHk = await api('pm.hk', 'GET', '/hk/v1/public-holidays?date[$gte]=2027-01-01&$limit=100')
    expect((await api('pm.hk', 'DELETE', `/hk/v1/public-holidays/${listedHk.body.data[0].id}`)).status).toBe(403)
    expect(await calendar()).toEqual(['2027-08-09'])
    expect((await api('admin', 'DELETE', `/sg/v1/public-holidays/${created.body.id}`)).status).toBe(200)
    expect(await calendar()).toEqual([])
  })

  it('are skipped by a new tender’s earliest closing date', async () => {
    const today = localDate(new Date(), 'Asia/Hong_Kong')
    // The next three working days of today's calendar become holidays: the closing moves three working days on.
    const added = [addWorkingDays(today, 1), addWorkingDays(today, 2), addWorkingDays(today, 3)]
    for (const date of added) {
      const answer = await api('admin', 'POST', '/hk/v1/public-holidays', { date, name: 'Typhoon day' })
      expect([201, 409]).toContain(answer.status)
    }
    const holidays = await holidaysOf(server.knex, 'HK', today, addWorkingDays(today, 60))
    expect(holidays).toEqual(expect.arrayContaining(added))
    const { number } = await createPurchaseRequest(server.knex, { amount: 900_000 })
    const created = await api('pm.hk', 'POST', '/hk/v1/tenders', { prNumber: number })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const expected = closingInstant(addWorkingDays(today, 5, holidays), '17:00', 'Asia/Hong_Kong').toISOString()
    expect(created.body.closingAt).toBe(expected)
    expect(expected > closingInstant(addWorkingDays(today, 5), '17:00', 'Asia/Hong_Kong').toISOString()).toBe(true)
  })
})
