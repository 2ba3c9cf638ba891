import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
const sockets: Socket[] = []

/** A browser's live connection: socket.io in a region, signed in with a token. */
async function connect(username: string, region: string) {
  const { accessToken } = await server.login(username)
  const socket = io(server.url, { query: { region }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken })
  const events: Array<{ service: string; event: string; data: any }> = []
  for (const service of ['users', 'buildings']) {
    for (const event of ['created', 'patched', 'removed']) {
      client.service(service).on(event, (data: any) => events.push({ service, event, data }))
    }
  }
  return { events, accessToken }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

beforeAll(async () => { server = await startTestServer() })
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

describe('live events', () => {
  it('reach only connections whose ability and region allow the record, without secrets', async () => {
    const adminHk = await connect('admin', 'hk')
    const adminBj = await connect('admin', 'bj')
    const alpha = await connect('vendor.alpha', 'hk')
    const beta = await connect('vendor.beta', 'hk')
    const tenant = await connect('tenant.acme', 'hk')
    const pm = await connect('pm.hk', 'hk')

    const alphaUser = (await server.knex('users').where({ username: 'vendor.alpha' }).first())
    const current = await server.api(adminHk.accessToken, 'GET', `/hk/v1/users/${alphaUser.id}`)
    const patched = await server.api(adminHk.accessToken, 'PATCH', `/hk/v1/users/${alphaUser.id}`, { phone: '+852 9000 0000', updatedAt: current.body.updatedAt })
    expect(patched.status).toBe(200)
    await settle()

    const seen = (connection: { events: any[] }) => connection.events.filter((e) => e.service === 'users' && e.data.id === alphaUser.id)
    expect(seen(adminHk)).toHaveLength(1)
    expect(seen(adminHk)[0].data.phone).toBe('+852 9000 0000')
    expect(seen(adminHk)[0].data.password).toBeUndefined()
    expect(seen(alpha)).toHaveLength(1)
    expect(seen(alpha)[0].data.password).toBeUndefined()
    expect(seen(beta)).toHaveLength(0)
    expect(seen(tenant)).toHaveLength(0)
    expect(seen(pm)).toHaveLength(0)
    // vendor.alpha's account is in HK and SG only.
    expect(seen(adminBj)).toHaveLength(0)

    const created = await server.api(adminHk.accessToken, 'POST', '/hk/v1/buildings', { code: 'LIVE1', name: 'Live Tower', floors: ['G/F', '1/F'], commonFloor: 'G/F' })
    expect(created.status).toBe(201)
    await settle()
    const buildingEvents = (connection: { events: any[] }) => connection.events.filter((e) => e.service === 'buildings' && e.data.code === 'LIVE1')
    expect(buildingEvents(adminHk)).toHaveLength(1)
    expect(buildingEvents(pm)).toHaveLength(1)
    expect(buildingEvents(adminBj)).toHaveLength(0)
  })

  it('stop at once for a connection whose session ended', async () => {
    const watcher = await connect('approver.hk', 'hk')
    await server.api(watcher.accessToken, 'DELETE', `/v1/authentication/${watcher.accessToken}`)
    const { accessToken } = await server.login('admin')
    const created = await server.api(accessToken, 'POST', '/hk/v1/buildings', { code: 'LIVE2', name: 'After Logout', floors: ['G/F'], commonFloor: 'G/F' })
    expect(created.status).toBe(201)
    await settle()
    expect(watcher.events.filter((e) => e.data.code === 'LIVE2')).toHaveLength(0)
  })
})
