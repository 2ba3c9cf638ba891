import type { Params } from '@feathersjs/feathers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractedServices, joinedRecords, type AccessContract } from '../src/kit/access.js'
import { readersOf } from '../src/kit/channels.js'
import { secretFields } from '../src/services/exports/exports.schema.js'
import { exportableResources } from '../src/services/exports/exports.shared.js'
import { serviceOptions } from '../src/service-options.js'
import { regionsInclude } from '../src/db/regions-include.js'
import { demoUsers } from '../../seeds/demo.js'
import { createTestAccount } from '../../seeds/account-factories.js'
import { startTestServer, type TestServer } from './server.js'

/*
 * The access contract test (issue 28 item 1), made for every service that declares a contract
 * (kit/access.ts), over the demo data on real HTTP: for each demo user, what `find` lists and what
 * `get` answers agree with the contract's `read` on the same records, no answer carries a secret or
 * a copy of a parent's readers, and the live events of a record reach exactly the connections of
 * the users `read` lets. A contract that says "reads"
 * where the service refuses, or a service that answers what the contract denies, fails here, so a
 * new module's access file is held to what its service does from its first commit.
 */

const REGION = 'HK'
/** Records tried per service: every demo record of the smaller tables, a spread of the larger. */
const SAMPLE = 40

let server: TestServer
const tokens = new Map<string, string>()
const callers = new Map<string, Params>()

beforeAll(async () => {
  server = await startTestServer()
  for (const { username } of demoUsers) {
    const login = await server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username, password: 'Demo#2026' })
    if (login.status !== 201) continue
    tokens.set(username, login.body.accessToken)
    const principal = (await server.app.get('principals').get(login.body.user.id))!
    if (!principal.user.regions.includes(REGION)) continue
    callers.set(username, { provider: 'rest', user: principal.user, ability: principal.forRegion(REGION).ability, region: REGION } as Params)
  }
}, 120_000)
/** The demo records tried of a table, in the region (accounts, and a view over them, name their regions in `regions`), as the contract's rules take them. */
async function storedRecords(table: string, access: AccessContract): Promise<any[]> {
  const columns = Object.keys(await server.knex(table).columnInfo())
  const query = server.knex(table).orderBy('id').limit(SAMPLE)
  // A table of no region (the security groups of every region) is tried whole.
  const inRegion = columns.includes('region') ? query.where({ region: REGION }) : columns.includes('regions') ? query.whereRaw(regionsInclude('regions', REGION)) : query
  return joinedRecords(access, await inRegion, server.knex)
}

/**
 * Fields no answer carries, whoever asks: secrets (as the export leaves them out) and the copies of
 * a parent's readers a part keeps for its rules (`project_readers`, a tenancy's manager and company).
 */
const neverAnswered = [...secretFields, 'projectReaders', 'tenancyManagedBy', 'tenancyCompanyId']
const hiddenIn = (answer: Record<string, unknown>, what: string) => neverAnswered.filter((field) => field in (answer ?? {})).map((field) => `${what} with ${field}`)

afterAll(async () => {
  await server?.stop()
})

describe('every access contract agrees with its service, for every demo user', () => {
  it('covers the services that declare one', () => {
    const paths = [...contractedServices(server.app).keys()]
    expect(paths).toEqual(
      expect.arrayContaining([
        'tenancies',
        'ccdcontacts',
        'ccdcompanies',
        'moves',
        'green-operations',
        'tenancy-contacts',
        'tenancy-accounts',
        'tenders',
        'bids',
        'tender-queries',
        'tender-revisions',
        'purchase-orders',
        'contracts',
        'purchase-requests',
        'tender-terms',
        'vendor-ratings',
        'vendor-rating-tasks',
        'project-contractors',
        'project-folders',
        'project-schedule-lines',
        'project-change-orders',
        'projects',
        'project-submissions',
        'tenant-projects',
        'buildings',
        'sites',
        'locations',
        'departments',
        'companies',
        'users',
        'security-groups',
        'leases',
        'public-holidays'
      ])
    )
  })

  it('find lists only what read allows, and get answers exactly what read allows', async () => {
    const problems: string[] = []
    let compared = 0
    for (const [path, access] of contractedServices(server.app)) {
      const service = server.app.service(path as any) as any
      const table = service.getOptions({}).name
      const stored = await storedRecords(table, access)
      expect(stored.length, `${path}: the demo data has records to try`).toBeGreaterThan(0)
      // A resource listed per parent (`listedBy`) is listed once per parent of the records tried (a record of none is tried by get).
      const lists = access.listedBy
        ? [...new Set(stored.map((record) => record[access.listedBy!]).filter((value) => value != null))].map((value) => ({
            query: { [access.listedBy!]: String(value) },
            records: stored.filter((record) => record[access.listedBy!] === value)
          }))
        : [{ query: {} as Record<string, string>, records: stored }]
      // Without get (a schedule line), the list is the only read: it shows every record read allows, one parent's whole page.
      const hasGet = serviceOptions(service).methods.includes('get')
      for (const [username, caller] of callers) {
        const token = tokens.get(username)!
        for (const { query, records } of lists) {
          // The list the caller reads through: the plain one, or the one the contract names (a tender representative's).
          const listedWith = Object.fromEntries(Object.entries(access.listedWith?.(caller) ?? {}).map(([key, value]) => [key, String(value)]))
          const search = new URLSearchParams({ $limit: '100', ...listedWith, ...query })
          const listed = await server.api(token, 'GET', `/${REGION.toLowerCase()}/v1/${path}?${search}`)
          const readable = records.filter((record) => access.read(record, caller))
          if (listed.status === 200) {
            const rows: any[] = listed.body.data ?? listed.body
            for (const row of rows) problems.push(...hiddenIn(row, `${username} lists ${path}/${row.id}`))
            const ids = new Set(records.map((record) => String(record.id)))
            for (const row of rows) {
              if (!ids.has(String(row.id))) continue
              const record = records.find((candidate) => String(candidate.id) === String(row.id))
              if (!access.read(record, caller)) problems.push(`${username} lists ${path}/${row.id}, which read denies`)
            }
            const whole = listed.body.total === undefined || listed.body.total === rows.length
            if (!hasGet && whole) {
              const shown = new Set(rows.map((row) => String(row.id)))
              for (const record of readable) if (!shown.has(String(record.id))) problems.push(`${username} is not listed ${path}/${record.id}, which read allows`)
              compared += records.length
            }
          } else if (listed.status === 404 && access.listedBy) {
            // The parent is not found for the caller: nothing of it is read.
            if (readable.length) problems.push(`${username} is told ${path}?${search} does not exist but read allows ${readable.length} records`)
          } else if (listed.status !== 403) problems.push(`${username} find ${path}?${search}: ${listed.status}`)
          else if (readable.length) problems.push(`${username} is refused find ${path}?${search} (403) but read allows ${readable.length} records`)
        }
        for (const record of hasGet ? stored : []) {
          const got = await server.api(token, 'GET', `/${REGION.toLowerCase()}/v1/${path}/${record.id}`)
          const reads = access.read(record, caller)
          compared++
          // get may ask for more than read (tenancies: the `detail` right to open one record): never less.
          if (got.status === 200 && !reads) problems.push(`${username} gets ${path}/${record.id}, which read denies`)
          if (got.status === 404 && reads) problems.push(`${username} is told ${path}/${record.id} does not exist, which read allows`)
          if (![200, 403, 404].includes(got.status)) problems.push(`${username} get ${path}/${record.id}: ${got.status}`)
          if (got.status === 200) problems.push(...hiddenIn(got.body, `${username} gets ${path}/${record.id}`))
        }
      }
    }
    expect(compared).toBeGreaterThan(100)
    expect(problems, problems.join('\n')).toEqual([])
  }, 300_000)

  it('exports of a list hold what its find lists, for every caller', async () => {
    const exportable = new Set(exportableResources(server.app.get('modules')))
    let compared = 0
    const problems: string[] = []
    for (const [path, access] of contractedServices(server.app)) {
      if (!exportable.has(path) || access.listedBy) continue
      for (const [username, caller] of callers) {
        const token = tokens.get(username)!
        const search = new URLSearchParams(Object.fromEntries(Object.entries(access.listedWith?.(caller) ?? {}).map(([key, value]) => [key, String(value)])))
        const listed = await server.api(token, 'GET', `/${REGION.toLowerCase()}/v1/${path}?${search}&$limit=0`)
        const exported = await fetch(`${server.url}/${REGION.toLowerCase()}/v1/exports/${path}?${search}`, { headers: { authorization: `Bearer ${token}` } })
        await exported.arrayBuffer()
        compared++
        // An export may ask for more than the list (contacts: their own export rights), never less;
        // allowed, it holds as many rows as the list (a long list answers with a job, 202).
        if (listed.status !== 200) {
          if (exported.status !== listed.status) problems.push(`${username}: find ${path} ${listed.status}, its export ${exported.status}`)
        } else if (exported.status === 403) continue
        else if (exported.status === 200 && Number(exported.headers.get('x-export-rows')) !== Number(listed.body.total ?? 0)) {
          problems.push(`${username}: find ${path} lists ${listed.body.total}, its export holds ${exported.headers.get('x-export-rows')}`)
        } else if (![200, 202].includes(exported.status)) problems.push(`${username}: export ${path} ${exported.status}`)
      }
    }
    expect(compared).toBeGreaterThan(50)
    expect(problems, problems.join('\n')).toEqual([])
  }, 120_000)

  it('sends the live events of a record to exactly the connections whose user read allows', async () => {
    // A live connection per demo user of the region, signed in as the socket transport signs it in (channels.ts).
    const connections = new Map<object, string>()
    for (const username of callers.keys()) {
      const token = tokens.get(username)!
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
      const principal = (await server.app.get('principals').get(Number(payload.sub)))!
      const connection = { regionCode: REGION }
      server.app.emit('login', { principal, authentication: { payload } }, { connection })
      connections.set(connection, username)
    }
    const problems: string[] = []
    let compared = 0
    for (const [path, access] of contractedServices(server.app)) {
      const service = server.app.service(path as any) as any
      for (const record of await storedRecords(service.getOptions({}).name, access)) {
        const context = { app: server.app, self: service, path, method: 'patch', type: 'after', params: {}, result: record, data: record } as any
        const channels = await (access.readers ? access.readers(server.app, record, context) : readersOf(server.app, record, context))
        const heard = new Set(channels.flatMap((channel) => channel.connections).map((connection) => connections.get(connection)))
        for (const [username, caller] of callers) {
          const reads = access.read(record, caller)
          if (heard.has(username) && !reads) problems.push(`${username} hears of ${path}/${record.id}, which read denies`)
          if (!heard.has(username) && reads) problems.push(`${username} does not hear of ${path}/${record.id}, which read allows`)
          compared++
        }
      }
    }
    for (const connection of connections.keys()) server.app.emit('logout', {}, { connection })
    expect(compared).toBeGreaterThan(1000)
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([])
  }, 120_000)

  it('lets every record with a contract be locked by those who may update it, and holds their save for them', async () => {
    let tried = 0
    const lock = (token: string, path: string, record: { id: unknown }) => server.api(token, 'POST', '/v1/edit-locks', { resource: path, recordId: String(record.id) })
    for (const [path, access] of contractedServices(server.app)) {
      const table = (server.app.service(path as any) as any).getOptions({}).name
      const stored = await storedRecords(table, access)
      const mayUpdate = (record: any, caller: Params) => access.read(record, caller) && access.act(record, 'update', caller)
      if (!serviceOptions(server.app.service(path as any)).methods.some((method) => method === 'patch' || method === 'update')) {
        // Nothing saves a record of this resource through the API (read-only, or versions created anew): nobody locks one.
        expect(
          stored.filter((record) => [...callers.values()].some((caller) => mayUpdate(record, caller))).map((record) => record.id),
          `${path}: no demo user may update what cannot be saved`
        ).toEqual([])
        const reader = [...callers].find(([, caller]) => access.read(stored[0], caller))?.[0]
        if (reader) expect((await lock(tokens.get(reader)!, path, stored[0])).status, `${path}: ${reader} reads it but nothing saves it`).toBe(403)
        continue
      }
      // The first record the demo data lets a demo user update (a record in its final state lets nobody).
      const record = stored.find((candidate) => [...callers.values()].some((caller) => mayUpdate(candidate, caller)))
      expect(record, `${path}: a demo user may update one of its records`).toBeDefined()
      const editors = [...callers].filter(([, caller]) => mayUpdate(record, caller)).map(([name]) => name)
      const readerOnly = [...callers].find(([, caller]) => access.read(record, caller) && !access.act(record, 'update', caller))?.[0]
      const stranger = [...callers].find(([, caller]) => !access.read(record, caller))?.[0]
      // The other editor: a copy of the first, with the same rights.
      const copy = await createTestAccount(server.knex, { like: editors[0] })
      const holder = tokens.get(editors[0])!
      const other = (await server.login(copy.username)).accessToken
      expect((await lock(holder, path, record)).status, `${path}: ${editors[0]} locks it`).toBe(201)
      expect((await lock(other, path, record)).status, `${path}: held for ${editors[0]}`).toBe(423)
      const updatedAt = await server.version(path, record.id)
      const save = await server.api(other, 'PATCH', `/${REGION.toLowerCase()}/v1/${path}/${record.id}`, { updatedAt })
      expect(save.status, `${path}: ${copy.username}'s save while locked`).toBe(423)
      if (readerOnly) expect((await lock(tokens.get(readerOnly)!, path, record)).status, `${path}: ${readerOnly} reads but may not update`).toBe(403)
      // Not found for whoever does not read it; refused first for whoever has no rule on the resource at all.
      if (stranger) expect([403, 404], `${path}: ${stranger} does not read it`).toContain((await lock(tokens.get(stranger)!, path, record)).status)
      expect((await server.api(holder, 'DELETE', `/v1/edit-locks/${path}:${record.id}`)).status).toBe(200)
      tried++
    }
    expect(tried).toBeGreaterThanOrEqual(3)
    // A login and several calls per contracted service: it grows with every module, as the test above does.
  }, 120_000)
})
