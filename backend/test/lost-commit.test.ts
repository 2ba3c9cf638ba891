import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { startTestServer, type TestServer } from './server.js'
import { dieBefore, withLostCommit } from './lost-commit.js'
import { inTransaction } from '../src/db/transaction.js'
import { closeDueTenders } from '../src/modules/tenders/services/tenders/close-tenders.js'
import { createTenancy, tenantCompany } from '../src/modules/tenancies/seeds/factories.js'
import { createProject } from '../src/modules/projects/seeds/factories.js'

/*
 * Issue 27 item 11: a write whose COMMIT fails (PostgreSQL gone just before it) is not
 * acknowledged. knex's `trx.commit()` resolves on a dead connection; the audited write answered
 * 201 for a building that was never stored. Every write path that opens a transaction is run here
 * with its backend terminated just before its COMMIT: it answers 503 COMMIT_FAILED (or rejects
 * with it, called internally), nothing is stored, and no event, audit announcement or mail goes
 * out for it.
 */
let server: TestServer
const tokens: Record<string, string> = {}
const unique = () => randomBytes(4).toString('hex').toUpperCase()

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

/** The events services emit while `work` runs (live events and audit announcements go out this way). */
async function eventsDuring<T>(paths: string[], work: () => Promise<T>): Promise<{ result: T; events: string[] }> {
  const events: string[] = []
  const listeners = paths.flatMap((path) =>
    ['created', 'patched', 'updated', 'removed'].map((name) => {
      const listener = () => events.push(`${path} ${name}`)
      server.app.service(path as any).on(name, listener)
      return () => server.app.service(path as any).removeListener(name, listener)
    })
  )
  try {
    return { result: await work(), events }
  } finally {
    for (const off of listeners) off()
  }
}

const mailCount = async () => Number((await server.knex('mail_messages').count<{ count: number }[]>('* as count'))[0].count)

/** An internal call's rejection, as the error it is (no answer to read). */
const rejectionOf = (work: () => Promise<unknown>) =>
  work().then(
    () => ({ status: 200, body: { data: { code: 'NONE' } } }),
    (error: any) => ({ status: error?.code, body: { data: error?.data, message: String(error?.message) } })
  )

const building = async () => {
  const code = `L${unique()}`
  const created = await server.api(tokens.admin, 'POST', '/hk/v1/buildings', { code, name: 'Lost commit', floors: ['G/F'], commonFloor: 'G/F' })
  expect(created.status).toBe(201)
  return created.body
}

const tenancy = async () => createTenancy(server.knex, { companyId: await tenantCompany(server.knex, 'Lost Commit Trading'), tradeName: `Lost ${unique()}`, status: 'ACTIVE' })

interface LostWrite {
  /** The write path and how it is called. */
  name: string
  /** A statement of the write's transaction (its COMMIT is the one lost). */
  wrote: RegExp
  /** Whatever the write needs to exist first; answers what `write` and `unchanged` are given. */
  given?: () => Promise<any>
  write: (given: any) => Promise<{ status: number; body: any }>
  /** The stored state shows nothing of the write. */
  unchanged: (given: any) => Promise<void>
  /** Services whose events must stay silent (the audit log's announcements too). */
  silent?: string[]
  /** The write mails someone when it succeeds: no mail may go out for it. */
  mails?: boolean
}

const writes: LostWrite[] = [
  {
    name: 'audited write: create (POST /buildings)',
    wrote: /insert into "buildings"/,
    given: async () => ({ code: `L${unique()}` }),
    write: ({ code }) => server.api(tokens.admin, 'POST', '/hk/v1/buildings', { code, name: 'Never stored', floors: ['G/F'], commonFloor: 'G/F' }),
    unchanged: async ({ code }) => expect(await server.knex('buildings').where({ code }).first()).toBeUndefined(),
    silent: ['buildings', 'audit-log']
  },
  {
    name: 'audited write: patch (PATCH /buildings/:id)',
    wrote: /update "buildings"/,
    given: building,
    write: (stored) => server.api(tokens.admin, 'PATCH', `/hk/v1/buildings/${stored.id}`, { name: 'Never saved', updatedAt: stored.updatedAt }),
    unchanged: async (stored) => expect((await server.knex('buildings').where({ id: stored.id }).first()).name).toBe('Lost commit'),
    silent: ['buildings', 'audit-log']
  },
  {
    name: 'audited write: remove (DELETE /buildings/:id)',
    wrote: /delete from "buildings"/,
    given: building,
    write: (stored) => server.api(tokens.admin, 'DELETE', `/hk/v1/buildings/${stored.id}`),
    unchanged: async (stored) => expect(await server.knex('buildings').where({ id: stored.id }).first()).toBeDefined(),
    silent: ['buildings', 'audit-log']
  },
  {
    name: 'workflow runner in the audited write (tenancies changeStatus over HTTP)',
    wrote: /update "tenancies"/,
    given: tenancy,
    write: async ({ id }) => server.api(tokens.admin, 'POST', '/hk/v1/tenancies', { id, status: 'inactive', updatedAt: await server.version('tenancies', id) }, { 'x-service-method': 'changeStatus' }),
    unchanged: async ({ id }) => expect((await server.knex('tenancies').where({ id }).first()).status).toBe('ACTIVE'),
    silent: ['tenancies', 'audit-log']
  },
  {
    name: 'workflow runner, its own transaction (tenancies changeStatus called internally)',
    wrote: /update "tenancies"/,
    given: tenancy,
    write: ({ id }) => rejectionOf(() => (server.app.service('tenancies') as any).changeStatus({ id, status: 'inactive' }, { region: 'HK' })),
    unchanged: async ({ id }) => expect((await server.knex('tenancies').where({ id }).first()).status).toBe('ACTIVE'),
    silent: ['tenancies']
  },
  {
    name: 'a service opening its own transaction (tenancies create called internally)',
    wrote: /insert into "tenancies"/,
    given: async () => ({
      companyId: await tenantCompany(server.knex, 'Lost Commit Trading'),
      buildingId: (await server.knex('buildings').where({ code: 'ES1', region: 'HK' }).first('id')).id,
      tradeName: `Lost ${unique()}`
    }),
    write: ({ companyId, buildingId, tradeName }) =>
      rejectionOf(() => (server.app.service('tenancies') as any).create({ companyId, companyName: 'Lost Commit Trading', tradeName, type: 'O', buildingId }, { region: 'HK' })),
    unchanged: async ({ tradeName }) => expect(await server.knex('tenancies').where({ tradeName }).first()).toBeUndefined(),
    silent: ['tenancies']
  },
  {
    name: 'a service opening its own transaction, with a mail after the commit (users create called internally: the invitation)',
    wrote: /insert into "users"/,
    given: async () => ({ username: `lost.${unique().toLowerCase()}` }),
    write: ({ username }) =>
      rejectionOf(() =>
        server.app.service('users').create({ username, email: `${username}@example.com`, displayName: 'Lost account', userType: 501, regions: ['HK'] } as any, { region: 'HK' } as any)
      ),
    unchanged: async ({ username }) => expect(await server.knex('users').where({ username }).first()).toBeUndefined(),
    silent: ['users', 'mail-messages'],
    mails: true
  },
  {
    name: 'a custom method opening its own transaction (projects changeManager called internally)',
    wrote: /update "projects"/,
    given: async () => ({ project: (await createProject(server.knex)).project, to: (await server.knex('users').where({ username: 'approver.hk' }).first('id')).id }),
    write: ({ project, to }) => rejectionOf(() => (server.app.service('projects' as any) as any).changeManager({ id: project.id, managedBy: to }, { region: 'HK' })),
    unchanged: async ({ project }) => expect((await server.knex('projects').where({ id: project.id }).first()).managedBy).toBe(project.managedBy),
    silent: ['projects']
  },
  {
    name: 'the contacts database (ccdcompanies create called internally)',
    wrote: /insert into "companies"/,
    given: async () => ({ name: `Lost Commit ${unique()}` }),
    write: ({ name }) =>
      rejectionOf(() =>
        (server.app.service('ccdcompanies' as any) as any).create(
          { name, type: 'O', contacts: [{ firstName: 'Lost', channels: [{ kind: 'PHONE', type: 'MOBILE', value: '9000 0077' }] }] },
          { region: 'HK' }
        )
      ),
    unchanged: async ({ name }) => expect(await server.knex('companies').where({ name }).first()).toBeUndefined(),
    silent: ['ccdcompanies']
  },
  {
    name: 'the mail queue (mailer.enqueue)',
    wrote: /insert into "mail_recipients"/,
    given: async () => ({ before: await mailCount() }),
    write: () => rejectionOf(() => server.app.get('mailer').enqueue({ template: 'password.reset', to: ['lost@example.com'], region: 'HK', data: { displayName: 'Lost', link: 'http://x' } } as any)),
    unchanged: async ({ before }) => expect(await mailCount()).toBe(before),
    silent: ['mail-messages']
  },
  {
    name: 'a job (closeDueTenders)',
    wrote: /update "tenders"/,
    given: async () => {
      const tender = await server.knex('tenders').where({ status: 'ISSUED' }).first()
      await server
        .knex('tenders')
        .where({ id: tender.id })
        .update({ closingAt: new Date(Date.now() - 1000) })
      return tender
    },
    write: () => rejectionOf(() => closeDueTenders(server.app, new Date())),
    unchanged: async (tender) => expect((await server.knex('tenders').where({ id: tender.id }).first()).status).toBe('ISSUED'),
    silent: ['tenders', 'audit-log']
  },
  {
    name: 'a failed login counted (the lockout counter)',
    wrote: /update "users"/,
    given: async () => (await server.knex('users').where({ username: 'pm.hk' }).first('id', 'failedLogins')) as any,
    write: () => server.api(null, 'POST', '/v1/authentication', { strategy: 'local', username: 'pm.hk', password: 'not the password' }),
    unchanged: async (user) => expect((await server.knex('users').where({ id: user.id }).first()).failedLogins).toBe(user.failedLogins)
  }
]

describe('a write whose COMMIT is lost', () => {
  it.each(writes)('$name: answers 503 COMMIT_FAILED, stores nothing, announces and mails nothing', async (path) => {
    const given = await path.given?.()
    const mailsBefore = await mailCount()
    const { result: answer, events } = await eventsDuring(path.silent ?? [], () => withLostCommit(server.knex, path.wrote, () => path.write(given)))
    await path.unchanged(given)
    expect(answer.status).toBe(503)
    expect(answer.body.data.code).toBe('COMMIT_FAILED')
    expect(events).toEqual([])
    if (path.mails) expect(await mailCount()).toBe(mailsBefore)
  })
})

// The connection cut in the middle of the transaction, before the write's own statement: it was a
// 500 SYSTEM_ERROR; it is the database being away, said so, with nothing stored. The calls that
// answer someone (services, over HTTP or not); the mail queue and the jobs reject and run again.
const answered = writes.filter((path) => !/^(a failed login|the mail queue|a job)/.test(path.name))
describe('a write whose connection dies before its COMMIT', () => {
  it.each(answered)('$name: answers 503 DATABASE_UNAVAILABLE, stores nothing, announces nothing', async (path) => {
    const given = await path.given?.()
    const death = dieBefore(server.knex, path.wrote)
    try {
      const { result: answer, events } = await eventsDuring(path.silent ?? [], () => path.write(given))
      expect(death.fired).toBe(1)
      await path.unchanged(given)
      expect(answer.status, JSON.stringify(answer.body)).toBe(503)
      expect(answer.body.data.code).toBe('DATABASE_UNAVAILABLE')
      expect(events).toEqual([])
    } finally {
      death.restore()
    }
  })
})

describe('knex, as this code base uses it', () => {
  // The premise of db/transaction.ts, checked on this knex version: `trx.commit()` resolves on a
  // dead connection, the transaction's promise (what `db.transaction(work)` answers) rejects.
  it('resolves trx.commit() on a terminated connection; db.transaction(work) and inTransaction reject', async () => {
    const db = server.knex
    const code = () => `K${unique()}`
    const insert = (trx: any, value: string) => trx('buildings').insert({ region: 'HK', code: value, name: 'Knex check', floors: JSON.stringify(['G/F']), commonFloor: 'G/F' })
    const absent = async (value: string) => expect(await db('buildings').where({ code: value }).first()).toBeUndefined()

    const bare = code()
    await withLostCommit(db, /insert into "buildings"/, async () => {
      const trx = await db.transaction()
      await insert(trx, bare)
      await expect(trx.commit()).resolves.not.toThrow()
      await expect(trx.executionPromise).rejects.toThrow(/not queryable|terminat/i)
    })
    await absent(bare)

    const handled = code()
    await withLostCommit(db, /insert into "buildings"/, () => expect(db.transaction((trx) => insert(trx, handled))).rejects.toThrow(/not queryable|terminat/i))
    await absent(handled)

    const helped = code()
    await withLostCommit(db, /insert into "buildings"/, () => expect(inTransaction(db, (trx) => insert(trx, helped))).rejects.toMatchObject({ code: 503, data: { code: 'COMMIT_FAILED' } }))
    await absent(helped)
  })
})
