import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, requestContext } from './logger.js'

function capture() {
  const lines: any[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    }
  })
  return { lines, logger: createLogger(stream, 'info') }
}

describe('logger', () => {
  it('writes JSON lines with time, level and message, and an error with its message and stack', () => {
    const { lines, logger } = capture()
    logger.error('mail worker:', new Error('connection refused'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 50, msg: 'mail worker:', err: { message: 'connection refused', stack: expect.stringContaining('Error') } })
    expect(new Date(lines[0].time).toISOString()).toBe(lines[0].time)
  })

  it("adds the request's id to every line written while serving it, and none outside", async () => {
    const { lines, logger } = capture()
    await requestContext.run({ requestId: 'r-1' }, async () => {
      logger.warn('first')
      await Promise.resolve()
      logger.fields.info({ status: 200 }, 'request')
    })
    logger.info('outside')
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['first', 'r-1'],
      ['request', 'r-1'],
      ['outside', undefined]
    ])
    expect(lines[1].status).toBe(200)
  })

  it('honours its level', () => {
    const { lines } = capture()
    const quiet = createLogger(new Writable({ write: (chunk, _e, done) => (lines.push(chunk), done()) }), 'error')
    quiet.info('not written')
    quiet.warn('not written')
    expect(lines).toHaveLength(0)
  })
})
