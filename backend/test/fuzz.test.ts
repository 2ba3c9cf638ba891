import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { fuzzRest, fuzzSocket, Sessions, socketViolation, violation } from './fuzz.js'

// Issue 8, finding 8: a bounded property-based run (fixed seed) of every registered service and
// method × {anonymous, vendor, staff admin} over REST, and malformed socket.io calls. The larger
// run is `npm run fuzz` (scripts/fuzz.ts), which prints the answers counted by status.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('fuzzing', () => {
  it('answers no REST probe with a server error, and no anonymous probe of a protected method with 2xx', { timeout: 120_000 }, async () => {
    const { targets, outcomes } = await fuzzRest(server, { seed: 20261123, perTarget: 1 })
    const failures = outcomes
      .map((outcome) => ({ outcome, problem: violation(outcome) }))
      .filter(({ problem }) => problem)
      .map(
        ({ outcome, problem }) =>
          `${outcome.probe.role} ${outcome.probe.request.method} ${outcome.probe.request.url} ${JSON.stringify(outcome.probe.request.headers)} ${outcome.probe.request.body ?? ''} → ${problem}: ${outcome.body.slice(0, 200)}`
      )
    expect(failures).toEqual([])
    expect(targets.length).toBeGreaterThan(100)
    // Every status seen is a client's (or a success): the run reached past sign-in and validation too.
    expect(outcomes.some((outcome) => outcome.status < 300)).toBe(true)
  })

  it('answers malformed socket.io calls without crashing and never with a server error', { timeout: 120_000 }, async () => {
    const token = await new Sessions(server).token('staff')
    for (const caller of [undefined, token]) {
      const outcomes = await fuzzSocket(server, caller)
      const failures = outcomes
        .filter((outcome) => socketViolation(outcome))
        .map((outcome) => `${JSON.stringify(outcome.path)} ${outcome.method} ${JSON.stringify(outcome.args)} → ${socketViolation(outcome)} ${outcome.error?.message ?? ''}`)
      expect(failures).toEqual([])
    }
    // Still serving.
    expect((await server.api(null, 'GET', '/v1/regions')).status).toBe(200)
  })
})
