import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { workerFlags } from '../src/cluster.js'
import { alive, childrenOf, launchPortal, postmasterOf, signInAt, stopAllPortals, until, waitUp, type PortalProcess } from './processes.js'

// `WEB_CONCURRENCY=2 npm start`: the portal as two worker processes on one port (backend/src/cluster.ts).
// Ports apart from process-restart.test.ts's (that file's web port + 30, its PostgreSQL port + 10).
const webPort = Number(process.env.E2E_PORT ?? 3106) + 30
const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 25626) + 10

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'))
fs.chmodSync(base, 0o755)
const dataDir = path.join(base, 'data')
const url = `http://localhost:${webPort}`
const sockets: Socket[] = []
let portal: PortalProcess

/** The worker processes serving the port: the children of the first process that run the portal (not PostgreSQL). */
const workers = () => childrenOf(portal.pid).filter((child) => child.args.includes('scripts/start.ts'))

const token = (username = 'admin') => signInAt(url, username)

/** A POST on a new connection (closed after): node:cluster gives each new connection to the next worker. */
function postOnNewConnection(pathname: string, accessToken: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${pathname}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` } }, (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

beforeAll(async () => {
  portal = await waitUp(launchPortal({ PORT: webPort, DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, WEB_CONCURRENCY: 2 }))
  await until('two workers', () => workers().length === 2)
  // The first worker may answer before the second listens: the portal says it runs once both do
  // (killing the only listening worker closes the port until another listens).
  await until('both workers listening', () => portal.output().includes('The portal is running at'), 120_000)
}, 300_000)

afterAll(async () => {
  for (const socket of sockets) socket.close()
  await stopAllPortals([dataDir])
  fs.rmSync(base, { recursive: true, force: true })
}, 120_000)

describe('the portal as two processes on one port', () => {
  it('gives the workers a young generation of 64 MB, unless the primary was given a size', () => {
    expect(workerFlags(['--import', 'tsx'])).toEqual(['--import', 'tsx', '--max-semi-space-size=64'])
    expect(workerFlags(['--max-semi-space-size=16', '--import', 'tsx'])).toEqual(['--max-semi-space-size=16', '--import', 'tsx'])
  })

  it('a change made through either process reaches every live connection, whichever process holds it', async () => {
    const accessToken = await token()
    // node:cluster hands new connections to the workers in turn: four sockets, two on each.
    const heard: string[][] = []
    for (let i = 0; i < 4; i++) {
      const socket = io(url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
      sockets.push(socket)
      const client = feathers().configure(socketio(socket))
      await client.service('authentication').create({ strategy: 'jwt', accessToken })
      const names: string[] = []
      client.service('buildings').on('created', (building: any) => names.push(building.code))
      heard.push(names)
    }
    // Each write on a connection of its own, so the writes too go to both processes.
    const codes = ['CLU1', 'CLU2', 'CLU3', 'CLU4']
    for (const code of codes) {
      const { status, text } = await postOnNewConnection('/hk/v1/buildings', accessToken, { code, name: `Cluster ${code}`, floors: ['G/F'], commonFloor: 'G/F' })
      expect(status, text).toBe(201)
    }
    for (const names of heard) await until('every building heard on every socket', () => codes.every((code) => names.includes(code)), 20_000)
  }, 60_000)

  it('refuses a long-polling connection (it would need every request on one process) and keeps WebSocket', async () => {
    const polling = io(url, { query: { region: 'hk' }, transports: ['polling'], forceNew: true, reconnection: false })
    sockets.push(polling)
    const outcome = await new Promise<string>((resolve) => {
      polling.once('connect', () => resolve('connected'))
      polling.once('connect_error', () => resolve('refused'))
    })
    expect(outcome).toBe('refused')
  }, 30_000)

  it('replaces a worker that is killed, and answers meanwhile', async () => {
    const [victim, survivor] = workers()
    process.kill(victim.pid, 'SIGKILL')
    await until('the killed worker to be gone', () => !alive(victim.pid), 10_000)
    // Signed in on the survivor (or the replacement): sessions are in the database, not in a process.
    expect((await fetch(`${url}/hk/v1/buildings?$limit=1`, { headers: { authorization: `Bearer ${await token()}` } })).status).toBe(200)
    const replaced = await until(
      'a replacement worker',
      () => {
        const now = workers()
        return now.length === 2 && now.some((worker) => worker.pid === survivor.pid) && !now.some((worker) => worker.pid === victim.pid) ? now : null
      },
      120_000
    )
    expect(replaced.map((worker) => worker.pid)).toContain(survivor.pid)
    // Every worker, a replacement too, has the larger young generation (cluster.ts workerFlags).
    for (const worker of replaced) expect(worker.args).toContain('--max-semi-space-size=64')
  }, 180_000)

  it('stops whole on SIGTERM: its workers and its database with it', async () => {
    const pids = workers().map((worker) => worker.pid)
    portal.child.kill('SIGTERM')
    expect(await portal.exited).toBe(0)
    for (const pid of pids) expect(alive(pid)).toBe(false)
    expect(postmasterOf(dataDir)).toBeUndefined()
  }, 120_000)
})
