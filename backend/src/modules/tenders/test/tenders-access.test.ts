import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createAbility, defineRules } from '../../../abilities/define-rules.js'
import { closingInDays, createTender, demoParties, type DemoParties } from '../seeds/factories.js'
import { mayActOnTender } from '../services/tenders/tenders.access.js'
import { tenderEventAudience } from '../services/tenders/tender-event-readers.js'
import { abilityOf } from './workflow-actors.js'

/*
 * tenders.access.ts, denials first: who may not list, read, see the internal fields of, or hear
 * the live events of a tender. A vendor not invited, a vendor of another company, a tenant, staff
 * of another region and staff without the grant are each refused.
 */

let server: TestServer
let parties: DemoParties
const tokens: Record<string, string> = {}
const live = liveSockets()
let adminId: number

beforeAll(async () => {
  server = await startTestServer()
  parties = await demoParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

const list = (user: string, prNumber: string, region = 'hk') => server.api(tokens[user], 'GET', `/${region}/v1/tenders?prNumber=${prNumber}`)
const get = (user: string, id: string, region = 'hk') => server.api(tokens[user], 'GET', `/${region}/v1/tenders/${id}`)
const listed = async (user: string, prNumber: string, region = 'hk') => {
  const { status, body } = await list(user, prNumber, region)
  expect(status).toBe(200)
  return body.data.map((tender: any) => tender.prNumber)
}

describe('tenders.access: list and get', () => {
  let alphaOnly: { id: string; prNumber: string }
  let draft: { id: string; prNumber: string }
  let othersCharge: { id: string; prNumber: string }

  beforeAll(async () => {
    alphaOnly = await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha] }, parties)
    draft = await createTender(server.knex, { status: 'DRAFT' }, parties)
    othersCharge = await createTender(server.knex, { status: 'ISSUED', extra: { managedBy: adminId } }, parties)
  })

  it('lets the invited vendor, the person in charge and staff reading any tender list and read it', async () => {
    for (const user of ['vendor.alpha', 'pm.hk', 'approver.hk', 'admin']) {
      expect(await listed(user, alphaOnly.prNumber)).toEqual([alphaOnly.prNumber])
      expect((await get(user, alphaOnly.id)).status).toBe(200)
    }
  })

  it('hides a tender from a vendor of another company than those invited', async () => {
    expect(await listed('vendor.beta', alphaOnly.prNumber)).toEqual([])
    expect((await get('vendor.beta', alphaOnly.id)).status).toBe(404)
  })

  it('hides a tender from a vendor not invited yet (before issue), even one whose company is named on it', async () => {
    await server.knex('tender_vendors').insert({ tenderId: draft.id, companyId: parties.alpha, invitedAt: new Date() })
    for (const user of ['vendor.alpha', 'vendor.beta']) {
      expect(await listed(user, draft.prNumber)).toEqual([])
      expect((await get(user, draft.id)).status).toBe(404)
    }
  })

  it('refuses a tenant the list and the record', async () => {
    expect((await list('tenant.acme', alphaOnly.prNumber)).status).toBe(403)
    expect((await get('tenant.acme', alphaOnly.id)).status).toBe(403)
  })

  it('refuses staff without a tenders grant the list and the record', async () => {
    expect((await list('accounting.hk', alphaOnly.prNumber)).status).toBe(403)
    expect((await get('accounting.hk', alphaOnly.id)).status).toBe(403)
  })

  it("keeps staff whose grant is their own tenders away from another person's tender", async () => {
    expect(await listed('pm.hk', othersCharge.prNumber)).toEqual([])
    expect((await get('pm.hk', othersCharge.id)).status).toBe(404)
    expect((await get('admin', othersCharge.id)).status).toBe(200)
  })

  it('keeps staff of another region away from the region’s tenders', async () => {
    expect(await listed('admin', alphaOnly.prNumber, 'sg')).toEqual([])
    expect((await get('admin', alphaOnly.id, 'sg')).status).toBe(404)
    // pm.hk works in Hong Kong only: another region is not theirs at all.
    expect((await list('pm.hk', alphaOnly.prNumber, 'sg')).status).toBe(403)
  })
})

describe('tenders.access: fields', () => {
  it('gives the invited vendor the vendor view, staff the whole tender', async () => {
    const tender = await createTender(server.knex, { status: 'ISSUED', extra: { analysis: 'internal', rejectReason: 'old' } }, parties)
    const vendor = (await get('vendor.alpha', tender.id)).body
    for (const field of ['analysis', 'approverId', 'approvedBy', 'rejectReason', 'recommendedBidId', 'addendumDraft', 'addendumStatus']) expect(vendor).not.toHaveProperty(field)
    const items = vendor.lineItemGroups.flatMap((group: any) => group.lineItems)
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) expect(item).not.toHaveProperty('rate')
    const listedVendor = (await list('vendor.alpha', tender.prNumber)).body.data[0]
    expect(listedVendor).not.toHaveProperty('approverId')
    // Nor may a vendor filter or sort on them.
    expect((await server.api(tokens['vendor.alpha'], 'GET', `/hk/v1/tenders?approverId=${parties.approver}`)).status).toBe(400)
    const staff = (await get('pm.hk', tender.id)).body
    expect(staff).toMatchObject({ analysis: 'internal', rejectReason: 'old', approverId: parties.approver })
    expect(staff.lineItemGroups.flatMap((group: any) => group.lineItems).some((item: any) => 'rate' in item)).toBe(true)
  })
})

describe('tenders.access: who hears a tender’s live events', () => {
  const ruleSet = (user: { id: number; userType: number; companyId?: number }, ...grants: Array<[string, string, 'own' | 'any']>) =>
    createAbility(
      defineRules(
        user,
        grants.map(([resource, action, attribute]) => ({ resource, action, attribute }))
      )
    )
  const vendorReader = { id: 11, portal: 'vendors', companyId: 1 }
  // Built once the server has installed the module list (the rules read its permission catalogue), not while the file loads.
  let vendorAbility: ReturnType<typeof ruleSet>
  beforeAll(() => {
    vendorAbility = ruleSet({ id: 11, userType: 411, companyId: 1 }, ['tenders', 'read', 'own'])
  })

  it('reaches the invited vendor holding a tenders read rule, from issue on', () => {
    expect(tenderEventAudience({ status: 'ISSUED' }, { companies: [1], representatives: [] }).invited(vendorReader, vendorAbility)).toBe(true)
  })

  it('never reaches a vendor not invited, a vendor of another company, a tenant, or before issue', () => {
    const audience = tenderEventAudience({ status: 'ISSUED' }, { companies: [2], representatives: [] })
    expect(audience.invited(vendorReader, vendorAbility)).toBe(false)
    expect(audience.invited({ id: 12, portal: 'vendors', companyId: null }, vendorAbility)).toBe(false)
    expect(audience.invited({ id: 13, portal: 'tenants', companyId: 2 }, ruleSet({ id: 13, userType: 311 }, ['tenders', 'read', 'own']))).toBe(false)
    for (const status of ['DRAFT', 'WAPPR', 'APPR', 'REJECTED']) expect(tenderEventAudience({ status }, { companies: [1], representatives: [] }).invited(vendorReader, vendorAbility)).toBe(false)
    // Invited, but without the read grant.
    expect(tenderEventAudience({ status: 'ISSUED' }, { companies: [1], representatives: [] }).invited(vendorReader, ruleSet({ id: 11, userType: 411, companyId: 1 }))).toBe(false)
  })

  it('reaches representatives only while they hold tenders:review', () => {
    const audience = tenderEventAudience({ status: 'REVIEW' }, { companies: [], representatives: [21] })
    const staff = { id: 21, portal: 'staff' }
    expect(audience.represented(staff, ruleSet({ id: 21, userType: 521 }, ['tenders', 'review', 'any']))).toBe(true)
    expect(audience.represented(staff, ruleSet({ id: 21, userType: 521 }))).toBe(false)
    expect(audience.represented({ id: 22, portal: 'staff' }, ruleSet({ id: 22, userType: 521 }, ['tenders', 'review', 'any']))).toBe(false)
    expect(
      tenderEventAudience({ status: 'APPR' }, { companies: [], representatives: [31] }).represented({ id: 31, portal: 'vendors' }, ruleSet({ id: 31, userType: 461 }, ['tenders', 'review', 'any']))
    ).toBe(false)
  })

  /** A live connection in a region; its events in arrival order. */
  const connect = (username: string, region: string) => live.connect(server, tokens[username], region, ['tenders', 'buildings'])

  it('over the wire: the invited vendor hears the vendor view; the others hear nothing before a later event they may read', async () => {
    const tender = await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha], closingDays: 10 }, parties)
    const pm = await connect('pm.hk', 'HK')
    const alpha = await connect('vendor.alpha', 'HK')
    const denied = { beta: await connect('vendor.beta', 'HK'), tenant: await connect('tenant.acme', 'HK'), accounting: await connect('accounting.hk', 'HK') }
    const otherRegion = await connect('admin', 'SG')

    const version = await server.version('tenders', tender.id)
    const extended = await server.api(
      tokens['pm.hk'],
      'POST',
      '/hk/v1/tenders',
      { id: tender.id, updatedAt: version, closingAt: closingInDays(12).toISOString(), reason: 'Site access' },
      { 'x-service-method': 'extend' }
    )
    expect(extended.status).toBe(200)
    const isTender = (event: { service: string; data: any }) => event.service === 'tenders' && event.data.id === tender.id
    await pm.until(isTender)
    await alpha.until(isTender)
    expect(alpha.events.find(isTender)!.data).not.toHaveProperty('approverId')

    // A later event each of them may read (every signed-in user reads the buildings of the
    // region): events arrive in order on a connection, so the tender's would have come first.
    const stamp = Date.now().toString(36).toUpperCase()
    for (const [region, code] of [
      ['hk', `AH${stamp}`],
      ['sg', `AS${stamp}`]
    ]) {
      const created = await server.api(tokens.admin, 'POST', `/${region}/v1/buildings`, { code, name: `Access ${code}`, floors: ['G/F'], commonFloor: 'G/F' })
      expect(created.status).toBe(201)
    }
    for (const connection of Object.values(denied)) {
      await connection.until((event) => event.service === 'buildings' && event.data.code === `AH${stamp}`)
      expect(connection.events.filter(isTender)).toEqual([])
    }
    await otherRegion.until((event) => event.service === 'buildings' && event.data.code === `AS${stamp}`)
    expect(otherRegion.events.filter(isTender)).toEqual([])
  })
})

describe('tenders.access: who changes a tender and its parts (documents, queries, revision comments)', () => {
  const tender = { id: 't1', region: 'HK', managedBy: 7, status: 'DRAFT' }
  const caller = (user: { id: number; userType: number; companyId?: number }, ...grants: string[]) => ({ provider: 'rest', user, ability: abilityOf(user, ...grants) }) as any

  it('lets the person in charge with an own grant and staff with a grant on every tender', () => {
    expect(mayActOnTender(caller({ id: 7, userType: 521 }, 'tenders:update:own'), tender)).toBe(true)
    expect(mayActOnTender(caller({ id: 8, userType: 521 }, 'tenders:update:any'), tender)).toBe(true)
    expect(mayActOnTender({} as any, tender)).toBe(true)
  })

  it('refuses another person in charge, staff without the grant, vendors (even invited, even granted) and tenants', () => {
    expect(mayActOnTender(caller({ id: 8, userType: 521 }, 'tenders:update:own'), tender)).toBe(false)
    expect(mayActOnTender(caller({ id: 7, userType: 521 }, 'tenders:read:own'), tender)).toBe(false)
    expect(mayActOnTender(caller({ id: 20, userType: 411, companyId: 1 }, 'tenders:update:any'), tender)).toBe(false)
    expect(mayActOnTender(caller({ id: 30, userType: 311 }, 'tenders:update:any'), tender)).toBe(false)
    expect(mayActOnTender({ provider: 'rest' } as any, tender)).toBe(false)
  })
})
