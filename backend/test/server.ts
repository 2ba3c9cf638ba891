import { startServer, type RunningServer } from '../src/server.js'
import { createTestDatabase } from './db.js'
import { DEMO_PASSWORD } from '../../seeds/demo.js'

export interface TestServer extends RunningServer {
  /** Its database (a copy of the template), for another server process on the same one. */
  databaseUrl: string
  /** Logs a demo user in through the API and answers the token (and the login result). */
  login(username: string, password?: string): Promise<{ accessToken: string; user: any; rules: any[]; region: string }>
  /** Calls the REST API as that token; answers status and JSON body. */
  api(token: string | null, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>
  /** The stored `updatedAt` of a record (undefined when there is none), as a client that read it sends it back with a write. */
  version(path: string, id: unknown): Promise<string | undefined>
}

/** The real server on a random port, on its own database copy. */
export async function startTestServer(): Promise<TestServer> {
  const databaseUrl = await createTestDatabase()
  const server = await startServer({ port: 0, databaseUrl, seed: false })
  const api: TestServer['api'] = async (token, method, path, body, headers = {}) => {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    let json: any = text
    try {
      json = JSON.parse(text)
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: json }
  }
  return {
    ...server,
    databaseUrl,
    api,
    async version(path, id) {
      const record: any = await (server.app.service(path as any) as any)._get(id).catch(() => null)
      return record?.updatedAt == null ? undefined : new Date(record.updatedAt).toISOString()
    },
    async login(username, password = DEMO_PASSWORD) {
      const { status, body } = await api(null, 'POST', '/v1/authentication', { strategy: 'local', username, password })
      if (status !== 201) throw new Error(`login ${username} answered ${status}: ${JSON.stringify(body)}`)
      return body
    }
  }
}
