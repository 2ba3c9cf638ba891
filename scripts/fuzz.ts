// `npm run fuzz`: the larger property-based run of backend/test/fuzz.ts on a fresh server and
// database: every service and method × {anonymous, vendor, staff admin} with FUZZ_PER_TARGET cases
// each (default 20, seed FUZZ_SEED), then malformed socket.io calls on every service path. Prints
// the answers counted by status and every violation (a 5xx, or a 2xx to an anonymous caller of a
// protected method); exits 1 when there is one.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fuzz-'))
fs.chmodSync(dataDir, 0o755)
process.env.DATA_DIR = dataDir
process.env.EMBEDDED_PG_PORT ??= '25493'
process.env.JOBS_ENABLED ??= 'false'
process.env.NODE_ENV ??= 'production'

const { startServer } = await import('../backend/src/server.js')
const { fuzzRest, fuzzSocket, Sessions, socketViolation, violation } = await import('../backend/test/fuzz.js')
const { DEMO_PASSWORD } = await import('../seeds/demo.js')

const seed = Number(process.env.FUZZ_SEED ?? 20261123)
const perTarget = Number(process.env.FUZZ_PER_TARGET ?? 20)
const running = await startServer({ port: 0 })
const server = {
  ...running,
  async login(username: string, password = DEMO_PASSWORD) {
    const response = await fetch(`${running.url}/v1/authentication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ strategy: 'local', username, password })
    })
    const body: any = await response.json()
    if (response.status !== 201) throw new Error(`login ${username} answered ${response.status}: ${JSON.stringify(body)}`)
    return body
  }
}

let failed = 0
try {
  const started = Date.now()
  const counts = new Map<string, number>()
  const { targets, outcomes } = await fuzzRest(server as any, {
    seed,
    perTarget,
    onOutcome: (outcome) => {
      const problem = violation(outcome)
      const key = `${outcome.probe.role} ${outcome.status}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
      if (problem) {
        failed++
        const { request } = outcome.probe
        console.log(`VIOLATION ${outcome.probe.role} ${request.method} ${request.url} ${JSON.stringify(request.headers)} ${request.body ?? ''} → ${problem}: ${outcome.body.slice(0, 300)}`)
      }
    }
  })
  console.log(`REST: ${outcomes.length} requests on ${targets.length} service methods × 3 roles in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${seed})`)
  const statuses = [...new Set(outcomes.map((outcome) => outcome.status))].sort((a, b) => a - b)
  console.log(['status', 'anonymous', 'vendor', 'staff'].map((cell) => cell.padStart(10)).join(''))
  for (const status of statuses) console.log([status, ...['anonymous', 'vendor', 'staff'].map((role) => counts.get(`${role} ${status}`) ?? 0)].map((cell) => String(cell).padStart(10)).join(''))

  const token = await new Sessions(server as any).token('staff')
  for (const [who, caller] of [
    ['anonymous', undefined],
    ['staff', token]
  ] as const) {
    const socketOutcomes = await fuzzSocket(server as any, caller, { everyService: true })
    const bad = socketOutcomes.filter((outcome) => socketViolation(outcome))
    failed += bad.length
    for (const outcome of bad)
      console.log(`VIOLATION socket ${who} ${JSON.stringify(outcome.path)} ${outcome.method} ${JSON.stringify(outcome.args)} → ${socketViolation(outcome)} ${outcome.error?.message ?? ''}`)
    const byCode = new Map<string, number>()
    for (const outcome of socketOutcomes) {
      const key = outcome.error ? String(outcome.error.code ?? outcome.error.name) : 'ok'
      byCode.set(key, (byCode.get(key) ?? 0) + 1)
    }
    console.log(`socket.io (${who}): ${socketOutcomes.length} calls, ${[...byCode].map(([code, n]) => `${code}: ${n}`).join(', ')}`)
  }
  console.log(failed ? `${failed} violations` : 'No violations.')
} finally {
  await running.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
