import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiOrFrontend } from '../src/http.js'
import { compressAnswers } from '../src/operations.js'
import { createQueue } from '../src/jobs/queue.js'
import { startTestServer, type TestServer } from './server.js'

// Issue 10, point 12: the status call for monitors, and a request id on every answer and in every
// error answer, so that an operator can find the server's log lines of what a user saw.

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('GET and HEAD /v1/status', () => {
  it('answers the version and the database without login, also under a region prefix', async () => {
    for (const path of ['/v1/status', '/hk/v1/status']) {
      const { status, body } = await server.api(null, 'GET', path)
      expect(status, path).toBe(200)
      // Tests run no job queue in the server process.
      expect(body, path).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), database: 'up', queue: 'off' })
    }
  })

  it('answers HEAD with the status and the version header and no body', async () => {
    const response = await fetch(`${server.url}/v1/status`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-app-version')).toMatch(/^\d+\.\d+\.\d+/)
    expect(await response.text()).toBe('')
  })

  it('says 503 while the job queue does not answer, and 200 once it does', async () => {
    const queue = createQueue(server.databaseUrl, { schema: 'pgboss_status_test' })
    server.app.set('queue', queue)
    try {
      const down = await server.api(null, 'GET', '/v1/status')
      expect(down.status).toBe(503)
      expect(down.body).toMatchObject({ database: 'up', queue: 'down' })
      await queue.start()
      const up = await server.api(null, 'GET', '/v1/status')
      expect(up.status).toBe(200)
      expect(up.body).toMatchObject({ database: 'up', queue: 'up' })
    } finally {
      await queue.stop()
      server.app.set('queue', undefined)
    }
  })

  it('is the only thing under /v1 that answers without login', async () => {
    const { status } = await server.api(null, 'GET', '/v1/users')
    expect(status).toBe(401)
  })
})

describe('request ids', () => {
  it('are sent with every answer and repeated in an error answer', async () => {
    const ok = await fetch(`${server.url}/v1/regions`)
    const first = ok.headers.get('x-request-id')
    expect(first).toMatch(/^[0-9a-f-]{36}$/)

    const denied = await fetch(`${server.url}/hk/v1/users`)
    expect(denied.status).toBe(401)
    const id = denied.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(id).not.toBe(first)
    expect((await denied.json()).requestId).toBe(id)
  })

  it("are not taken from a client when no proxy is trusted (a client cannot forge another's id)", async () => {
    const response = await fetch(`${server.url}/v1/regions`, { headers: { 'x-request-id': 'chosen-by-client' } })
    expect(response.headers.get('x-request-id')).not.toBe('chosen-by-client')
  })
})

// Issue 10, point 1: what a browser downloads is compressed; built assets once at build time.
describe('compression', () => {
  it('sends API answers over 1 kB brotli- or gzip-compressed to a client that accepts it, and plain to one that does not', async () => {
    const { accessToken } = await server.login('admin')
    const headers = (encoding: string) => ({ authorization: `Bearer ${accessToken}`, 'accept-encoding': encoding })
    const plain = await fetch(`${server.url}/hk/v1/users?$limit=25`, { headers: headers('identity') })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(1024)
    // Serialised once by us, still labelled and measured as JSON.
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${server.url}/hk/v1/users?$limit=25`, { headers: headers(encoding) })
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding)
      expect(response.headers.get('vary'), encoding).toMatch(/accept-encoding/i)
      // fetch decodes it: the same list arrives.
      expect(JSON.parse(await response.text()).total, encoding).toBe(JSON.parse(text).total)
    }
  })

  it("serves the build's precompressed asset where the browser accepts it, cached for good", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'))
    try {
      const script = 'console.log("' + 'x'.repeat(4000) + '")'
      fs.mkdirSync(path.join(dist, 'assets'))
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
      fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), script)
      fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(script))
      fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(script))
      const koa = new Koa()
      koa.use(compressAnswers())
      koa.use(apiOrFrontend(dist))
      const listener = koa.listen(0)
      try {
        const url = `http://localhost:${(listener.address() as any).port}/assets/app-1a2b.js`
        for (const [accepts, encoding] of [
          ['br, gzip', 'br'],
          ['gzip', 'gzip'],
          ['identity', null]
        ]) {
          const response = await fetch(url, { headers: { 'accept-encoding': accepts! } })
          expect(response.status, accepts!).toBe(200)
          expect(response.headers.get('content-encoding'), accepts!).toBe(encoding)
          expect(response.headers.get('cache-control'), accepts!).toBe('public, max-age=31536000, immutable')
          expect(response.headers.get('vary'), accepts!).toMatch(/accept-encoding/i)
          expect(await response.text(), accepts!).toBe(script)
        }
      } finally {
        listener.close()
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true })
    }
  })
})

describe('a client that hangs up mid-answer', () => {
  it('is routine: no stack on stderr (Koa would print one), the server keeps answering', async () => {
    const printed = vi.spyOn(console, 'error')
    try {
      const hungUp = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })
      ;(server.app as any).emit('error', hungUp)
      expect(printed).not.toHaveBeenCalled()
    } finally {
      printed.mockRestore()
    }
    expect((await server.api(null, 'GET', '/v1/status')).status).toBe(200)
  })
})
