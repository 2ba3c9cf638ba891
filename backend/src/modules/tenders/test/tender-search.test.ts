import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

/*
 * Quick find (GET search?q=) in each portal over the demo data, on real PostgreSQL (issue 27 item
 * 13: the review's vendor found no tender for PR-ES-0..., "lobby" or "PR-ES" while its list showed
 * them). Each caller's hits of a resource are the first of what its own list finds by the same
 * words: a vendor's invited tenders (the master and a sub-account with the Tenders toggle), none
 * for a sub-account without it, staff's tenders, a tenant's tenancies; never a tender the caller
 * does not read.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const api = (user: string, path: string) => server.api(tokens[user], 'GET', path)
const like = (words: string) => encodeURIComponent(`%${words}%`)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk', 'vendor.alpha', 'alpha.site', 'alpha.office', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

/** The ids of a resource's hits for these words. */
async function hitsOf(user: string, words: string, resource: string): Promise<string[]> {
  const answer = await api(user, `/hk/v1/search?q=${encodeURIComponent(words)}`)
  expect(answer.status).toBe(200)
  return answer.body.data.filter((hit: any) => hit.resource === resource).map((hit: any) => String(hit.id))
}

/** What the caller's tender list finds by PR number or description (the list's own rules). */
async function listedTenders(user: string, words: string): Promise<string[]> {
  const answer = await api(user, `/hk/v1/tenders?$limit=100&$or[0][prNumber][$ilike]=${like(words)}&$or[1][prDescription][$ilike]=${like(words)}`)
  expect(answer.status).toBe(200)
  return answer.body.data.map((tender: any) => String(tender.id))
}

describe('quick find', () => {
  it('finds a vendor the tenders it is invited to, as its list does, by PR number and by description', async () => {
    for (const user of ['vendor.alpha', 'alpha.site']) {
      for (const words of ['PR-ES', 'lobby', 'PR-ES-0401']) {
        const listed = await listedTenders(user, words)
        expect(listed.length, `${user} ${words}`).toBeGreaterThan(0)
        const hits = await hitsOf(user, words, 'tenders')
        expect(hits.length, `${user} ${words}`).toBe(Math.min(listed.length, 5))
        for (const id of hits) expect(listed, `${user} ${words}`).toContain(id)
      }
    }
    // A tender still waiting for approval is staff's: no vendor finds it.
    expect(await hitsOf('vendor.alpha', 'chiller', 'tenders')).toEqual([])
    expect(await hitsOf('pm.hk', 'chiller', 'tenders')).toHaveLength(1)
  })

  it('finds no tender for a vendor sub-account without the Tenders toggle, nor a tenant', async () => {
    expect(await hitsOf('alpha.office', 'PR-ES', 'tenders')).toEqual([])
    expect(await hitsOf('tenant.acme', 'PR-ES', 'tenders')).toEqual([])
  })

  it('finds staff their tenders and a tenant its tenancies, as their lists do', async () => {
    const staff = await listedTenders('pm.hk', 'lobby')
    expect(await hitsOf('pm.hk', 'lobby', 'tenders')).toEqual(expect.arrayContaining(staff.slice(0, 1)))
    const tenancies = await api('tenant.acme', `/hk/v1/tenancies?$limit=100&$or[0][companyName][$ilike]=${like('acme')}&$or[1][tradeName][$ilike]=${like('acme')}`)
    expect(tenancies.status).toBe(200)
    expect(tenancies.body.data.length).toBeGreaterThan(0)
    const hits = await hitsOf('tenant.acme', 'acme', 'tenancies')
    expect(hits.length).toBe(Math.min(tenancies.body.data.length, 5))
    for (const id of hits) expect(tenancies.body.data.map((row: any) => String(row.id))).toContain(id)
  })
})
