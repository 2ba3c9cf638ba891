import { afterAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_PASSWORD } from '../../seeds/demo.js'
import { alive, childrenOf, launchPortal, postmasterOf, stopAllPortals, until, waitUp, type PortalProcess } from './processes.js'

// Real `npm start` processes on their own data folders, killed and started again (issue 8, #10).
// Ports: from the environment when given (each developer's own), else these.
const webPort = Number(process.env.E2E_PORT ?? 3106)
const otherWebPort = webPort + 10
const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 25626)

// Parents of a data folder must be enterable by the `postgres` user (mkdtemp makes them 0700).
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'))
fs.chmodSync(base, 0o755)
const first = path.join(base, 'first')
const second = path.join(base, 'second')
const third = path.join(base, 'third')

afterAll(async () => {
  await stopAllPortals([first, second, third])
  fs.rmSync(base, { recursive: true, force: true })
}, 120_000)

async function adminToken(url: string) {
  const response = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username: 'admin', password: DEMO_PASSWORD })
  })
  expect(response.status).toBe(201)
  return (await response.json()).accessToken as string
}

async function buildingCodes(url: string) {
  const response = await fetch(`${url}/hk/v1/buildings?$limit=100`, { headers: { authorization: `Bearer ${await adminToken(url)}` } })
  expect(response.status).toBe(200)
  return ((await response.json()).data as any[]).map((building) => building.code)
}

async function killHard(portal: PortalProcess) {
  process.kill(portal.pid, 'SIGKILL')
  await portal.exited
}

let running: PortalProcess

describe('a portal process', () => {
  it('runs beside another on another DATA_DIR with the same configured embedded port (one moves and says so)', async () => {
    const [a, b] = await Promise.all([
      waitUp(launchPortal({ PORT: webPort, DATA_DIR: first, EMBEDDED_PG_PORT: pgPort })),
      waitUp(launchPortal({ PORT: otherWebPort, DATA_DIR: second, EMBEDDED_PG_PORT: pgPort }))
    ])
    const ports = [postmasterOf(first)!.port, postmasterOf(second)!.port]
    expect(ports).toContain(pgPort)
    expect(ports[0]).not.toBe(ports[1])
    const moved = [a, b].filter((portal) => portal.output().includes(`port ${pgPort} is in use`))
    expect(moved).toHaveLength(1)

    // Two databases: a building created through one is not in the other.
    const token = await adminToken(a.url)
    const created = await fetch(`${a.url}/hk/v1/buildings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ code: 'CRASH1', name: 'Survives a crash', floors: ['G/F'], commonFloor: 'G/F' })
    })
    expect(created.status).toBe(201)
    expect(await buildingCodes(a.url)).toContain('CRASH1')
    expect(await buildingCodes(b.url)).not.toContain('CRASH1')

    // A clean stop stops its postgres too.
    b.child.kill('SIGTERM')
    expect(await b.exited).toBe(0)
    expect(postmasterOf(second)).toBeUndefined()
    running = a
  }, 600_000)

  it('refuses a taken web port with a clear message, before it starts a database', async () => {
    const refused = launchPortal({ PORT: webPort, DATA_DIR: third, EMBEDDED_PG_PORT: pgPort + 1 })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain(`Port ${webPort} is already in use`)
    expect(fs.existsSync(third)).toBe(false)
  }, 120_000)

  it('refuses to start on a DATA_DIR that a running portal uses, and leaves that one running', async () => {
    const before = postmasterOf(first)!
    const refused = launchPortal({ PORT: otherWebPort, DATA_DIR: first, EMBEDDED_PG_PORT: pgPort + 1 })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain(`Another portal (process ${running.pid}) is running on ${first}`)
    expect(postmasterOf(first)).toEqual(before)
    expect(await buildingCodes(running.url)).toContain('CRASH1')
  }, 120_000)

  it('after kill -9 its postgres stops with it, and it starts again with its data', async () => {
    const postmaster = postmasterOf(first)!
    await killHard(running)
    await until('the postmaster to stop with its server', () => !alive(postmaster.pid), 60_000)

    running = await waitUp(launchPortal({ PORT: webPort, DATA_DIR: first, EMBEDDED_PG_PORT: pgPort }))
    expect(await buildingCodes(running.url)).toContain('CRASH1')
  }, 600_000)

  it('after kill -9 of the server and its watchdog, the next start stops the orphaned postgres and comes up with its data', async () => {
    const orphan = postmasterOf(first)!
    const watchdog = childrenOf(running.pid).find((child) => child.args.includes('postgres-watchdog'))
    expect(watchdog).toBeDefined()
    process.kill(watchdog!.pid, 'SIGKILL')
    await killHard(running)
    // Nothing stops it now: the orphan holds the folder and its port.
    expect(alive(orphan.pid)).toBe(true)

    running = await waitUp(launchPortal({ PORT: webPort, DATA_DIR: first, EMBEDDED_PG_PORT: pgPort }))
    expect(running.output()).toContain(`PostgreSQL (process ${orphan.pid})`)
    expect(alive(orphan.pid)).toBe(false)
    expect(postmasterOf(first)).toMatchObject({ port: pgPort })
    expect(await buildingCodes(running.url)).toContain('CRASH1')
  }, 600_000)

  it('after kill -9 of everything (its postgres too), the lock file of the dead postmaster does not stop the next start', async () => {
    const dead = postmasterOf(first)!
    // The whole process group: server, watchdog, postmaster and its backends.
    process.kill(-running.pid, 'SIGKILL')
    await running.exited
    await until('the postmaster to die', () => !alive(dead.pid), 60_000)
    expect(fs.readFileSync(path.join(first, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]).toBe(String(dead.pid))

    running = await waitUp(launchPortal({ PORT: webPort, DATA_DIR: first, EMBEDDED_PG_PORT: pgPort }))
    expect(await buildingCodes(running.url)).toContain('CRASH1')
  }, 600_000)
})
