// One file on purpose (issue 28): the bench reads top to bottom in the order it runs.
// `npm run bench`: starts the server on a fresh database, adds bulk data (1,000 accounts; each
// module's own, from its manifest: 100,000 tenders with their bids...), and prints requests/s, latency percentiles, CPU and the server's memory
// for each scenario at 50 connections; then the browser's side: the login page's JavaScript and
// Lighthouse on four pages (`BENCH_ONLY=lighthouse` measures only those, on the demo data).
import autocannon from 'autocannon'
import { execSync, fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import bcrypt from 'bcrypt'
import { createKnex } from '../backend/src/db/knex.js'
import { measureMailThroughput } from '../backend/test/mail-throughput.js'
import { printLoginScriptFigure, printSignedInScriptFigures } from './first-load.js'
import { printLighthouseFigures } from './lighthouse.js'
import { modules } from '../backend/src/modules/index.js'
import { installModules } from '../backend/src/modules/registry.js'

// The composition root of this process too: the mail figures read the module list (templates, messages).
installModules(modules)

const PORT = Number(process.env.BENCH_PORT ?? 3097)
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 25491)
const browserOnly = ['lighthouse', 'first load'].includes(process.env.BENCH_ONLY?.toLowerCase() ?? '')
// The browser figures are of the built frontend, as the server sends it.
if (!fs.existsSync(path.resolve('frontend/dist/index.html')) || process.env.REBUILD_FRONTEND) {
  console.log('Building the frontend...')
  execSync('npm run build -w frontend', { stdio: 'inherit' })
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
fs.chmodSync(dataDir, 0o755)
// The login scenarios sign one account in thousands of times from one address: lift the rate limits.
const unlimited = { points: 1_000_000_000, duration: 60 }
// As a deployment on this machine would run it: one process per core (WEB_CONCURRENCY), unless told otherwise.
const processes = process.env.WEB_CONCURRENCY ?? String(os.availableParallelism())
const env = {
  ...process.env,
  WEB_CONCURRENCY: processes,
  PORT: String(PORT),
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(PG_PORT),
  JOBS_ENABLED: 'false',
  NODE_ENV: 'production',
  NODE_CONFIG: JSON.stringify({ rateLimits: { perAccount: unlimited, perAddress: unlimited } })
}
const child = fork(path.resolve('scripts/bench-server.ts'), [], {
  env,
  execArgv: [
    ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
    '--import',
    'tsx',
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])
  ],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc']
})
// A failing scenario must not leave the server (and its database) running on the bench's ports.
process.on('exit', () => child.kill('SIGKILL'))
const { url, workerPids }: { url: string; workerPids: number[] } = await new Promise((resolve, reject) => {
  child.on('message', (message: any) => message.ready && resolve({ url: message.ready, workerPids: message.workerPids ?? [] }))
  child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
})
/** The server's processes: the one started, and its workers when it runs several. */
const serverPids = [child.pid!, ...workerPids]
console.log(`The server: ${serverPids.length > 1 ? `${workerPids.length} worker processes and their primary` : 'one process'} (WEB_CONCURRENCY=${processes})`)

async function stopServer() {
  child.kill('SIGINT')
  await new Promise((resolve) => child.on('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
}

/** The login page's JavaScript, the signed-in pages' by step, and Lighthouse on the login page and three dashboards/lists. */
async function browserFigures() {
  await printLoginScriptFigure(url)
  await printSignedInScriptFigures(url)
  await printLighthouseFigures(url)
}
if (browserOnly) {
  await browserFigures().finally(stopServer)
  process.exit(0)
}

const BENCH_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/portal`
const knex = createKnex(BENCH_DATABASE_URL)
const USERS = 1_000
console.log(`Seeding ${USERS} accounts across 20 vendor companies...`)
const hash = await bcrypt.hash('Bench#2026', 10)
const companies = await knex('companies').insert(
  Array.from({ length: 20 }, (_, i) => ({ region: 'HK', name: `Bench Vendor ${i}`, type: 'C' })),
  ['id']
)
const alpha = await knex('users').where({ username: 'vendor.alpha' }).first()
for (let start = 0; start < USERS; start += 500) {
  await knex('users').insert(
    Array.from({ length: 500 }, (_, j) => {
      const i = start + j
      return {
        username: `bench.${i}`,
        email: `bench.${i}@example.com`,
        displayName: `Bench User ${i}`,
        password: hash,
        userType: 421,
        domain: 'CMS',
        regions: ['HK'],
        defaultRegion: 'HK',
        passwordChangedAt: new Date(),
        // Every tenth account belongs to Alpha, so the vendor's own-company filter has pages to read.
        companyId: i % 10 === 0 ? alpha.companyId : companies[i % companies.length].id
      }
    })
  )
}
await knex.raw('ANALYZE users')
if (process.env.BENCH_EXPLAIN) {
  const plan = await knex.raw(`EXPLAIN ANALYZE SELECT users.*, count(*) OVER () AS window_total FROM users WHERE users.regions @> ARRAY['HK']::varchar[] ORDER BY display_name LIMIT 25 OFFSET 100`)
  console.log(plan.rows.map((row: any) => row['QUERY PLAN']).join('\n'))
}

async function token(username: string) {
  const response = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password: 'Demo#2026' })
  })
  return ((await response.json()) as any).accessToken as string
}

/** CPU ticks used so far by the server (or the given processes) and by each PostgreSQL process (from /proc). */
function cpuTicks(pids: number[] = serverPids) {
  const ticks = (pid: string) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return Number(fields[11]) + Number(fields[12])
    } catch {
      return 0
    }
  }
  const postgres = new Map<string, number>()
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) postgres.set(pid, ticks(pid))
    } catch {
      /* gone */
    }
  }
  return { server: pids.reduce((sum, pid) => sum + ticks(String(pid)), 0), postgres }
}

/** CPU seconds between two samples; PostgreSQL backends that ended meanwhile are left out. */
function cpuSpent(before: ReturnType<typeof cpuTicks>, after: ReturnType<typeof cpuTicks>) {
  let postgres = 0
  for (const [pid, ticks] of after.postgres) postgres += ticks - (before.postgres.get(pid) ?? 0)
  return { server: (after.server - before.server) / 100, postgres: postgres / 100 }
}

/** The server's resident memory: all its processes together. */
function memoryMb() {
  return serverPids.reduce((sum, pid) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
    } catch {
      return sum
    }
  }, 0)
}

/** BENCH_ONLY=<words>[,<words>...]: measure only the scenarios whose title contains one of them. */
function chosen(title: string) {
  const only = process.env.BENCH_ONLY?.toLowerCase().split(',').filter(Boolean)
  return !only?.length || only.some((words) => title.toLowerCase().includes(words))
}

/**
 * A started portal compiles its validators in the background (validators.ts) for a minute or so:
 * the figures are those of a server that has settled, as one serving for a while has. Waited for
 * once, before the first scenario: until the server's processes use under a tenth of a core for
 * two seconds in a row (at most three minutes). A profiled server's sampler alone keeps it above a
 * tenth, so then half a core counts as quiet (the compiling takes a whole one).
 */
const quietCores = process.env.BENCH_PROFILE ? 0.5 : 0.1
let settled: Promise<void> | undefined
async function serverSettled() {
  const started = Date.now()
  let quiet = 0
  while (quiet < 2 && Date.now() - started < 180_000) {
    const before = cpuTicks()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    quiet = cpuSpent(before, cpuTicks()).server < quietCores ? quiet + 1 : 0
  }
  console.log(`(the server settled ${((Date.now() - started) / 1000).toFixed(0)} s after its first scenario was due)`)
}

/**
 * One scenario; `ofPortal` false for a server other than the portal (its memory is not the
 * portal's), whose processes are `pids`. The CPU per request (server and PostgreSQL) is printed
 * beside requests/s: other work on the machine moves both (on 2 shared cores, by up to 2x between
 * runs), so compare runs on a quiet machine, or the shares of a CPU profile (BENCH_PROFILE).
 * `always`: measured whatever BENCH_ONLY says (a ceiling, run with its call).
 */
async function run(title: string, options: autocannon.Options, ofPortal = true, pids = serverPids, always = false): Promise<Measured | undefined> {
  if (!always && !chosen(title)) return
  if (ofPortal) await (settled ??= serverSettled())
  // A running server is warm: let the JIT compile the path before measuring it.
  await autocannon({ connections: 50, ...options, duration: 3 })
  let peak = memoryMb()
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryMb())
  }, 250)
  const cpuBefore = cpuTicks(pids)
  const started = Date.now()
  const result = await autocannon({ connections: 50, duration: 10, ...options })
  clearInterval(timer)
  const cpu = cpuSpent(cpuBefore, cpuTicks(pids))
  const seconds = (Date.now() - started) / 1000
  const failures = result.non2xx + result.errors
  console.log(`\n${title}`)
  const perRequest = (cpuSeconds: number) => ((cpuSeconds * 1000) / Math.max(1, result.requests.total)).toFixed(3)
  console.log(
    `  CPU: server ${((cpu.server / seconds) * 100).toFixed(0)} %, PostgreSQL ${((cpu.postgres / seconds) * 100).toFixed(0)} % (of one core); per request: server ${perRequest(cpu.server)} ms, PostgreSQL ${perRequest(cpu.postgres)} ms`
  )
  console.log(
    `  requests/s ${result.requests.average.toFixed(0)}   latency p50 ${result.latency.p50} ms  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms   non-2xx/errors ${failures}${ofPortal ? `   server RSS peak ${peak.toFixed(0)} MB` : ''}`
  )
  return { ...result, serverMsPerRequest: (cpu.server * 1000) / Math.max(1, result.requests.total) }
}

/** A scenario's figures with the server's CPU milliseconds per request. */
type Measured = autocannon.Result & { serverMsPerRequest: number }

const admin = await token('admin')
const vendor = await token('vendor.alpha')
await run('Login (bcrypt, POST /v1/authentication)', {
  url: `${url}/v1/authentication`,
  method: 'POST',
  duration: 5,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ strategy: 'local', username: 'bench.1', password: 'Bench#2026' })
})
/**
 * An unknown user must cost what a wrong password costs, or the answer's time tells which
 * usernames exist: 200 alternating samples of each, one at a time, and the medians compared.
 */
async function unknownUserTiming(samples = 200) {
  // Wrong passwords must keep counting, not meet the lock.
  await knex('settings')
    .insert({ region: 'GLOBAL', key: 'auth.maxFailedLogins', value: JSON.stringify(1_000_000) })
    .onConflict(['region', 'key'])
    .merge()
  const attempt = async (username: string) => {
    const started = performance.now()
    const response = await fetch(`${url}/v1/authentication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ strategy: 'local', username, password: 'Wrong#2026' })
    })
    await response.arrayBuffer()
    if (response.status !== 401) throw new Error(`login of ${username} answered ${response.status}`)
    return performance.now() - started
  }
  for (let i = 0; i < 10; i++) {
    await attempt('bench.nobody')
    await attempt('bench.2')
  }
  const unknown: number[] = []
  const wrong: number[] = []
  for (let i = 0; i < samples; i++) {
    // Alternating, and the order swapped each round, so drift in the machine's load hits both alike.
    if (i % 2) {
      unknown.push(await attempt(`bench.nobody.${i}`))
      wrong.push(await attempt('bench.2'))
    } else {
      wrong.push(await attempt('bench.2'))
      unknown.push(await attempt(`bench.nobody.${i}`))
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2
  }
  const difference = median(unknown) - median(wrong)
  console.log(`\nUnknown user vs wrong password (${samples} alternating samples each)`)
  console.log(
    `  median unknown ${median(unknown).toFixed(2)} ms   wrong password ${median(wrong).toFixed(2)} ms   difference ${difference.toFixed(2)} ms (${Math.abs(difference) < 1 ? 'under' : 'NOT under'} 1 ms)`
  )
  await knex('settings').where({ region: 'GLOBAL', key: 'auth.maxFailedLogins' }).delete()
  await knex('users').where({ username: 'bench.2' }).update({ failedLogins: 0 })
}
if (chosen('unknown user')) await unknownUserTiming()

await run('Staff paged list: 25 accounts of HK, sorted, with count (GET /hk/v1/users)', {
  url: `${url}/hk/v1/users?$limit=25&$skip=100&$sort[displayName]=1`,
  headers: { authorization: `Bearer ${admin}` }
})
await run("Vendor paged list: own company's accounts (ability filter), with count", {
  url: `${url}/hk/v1/users?$limit=25&$skip=25&$sort[id]=1`,
  headers: { authorization: `Bearer ${vendor}` }
})

// Each module's bulk data and the calls measured on it (its manifest's `bench`), each call with a
// ceiling (issue 28 item 6) followed by the same read from its bare handler, side by side.
const bareServers = new Map<string, Promise<{ bareUrl: string; barePids: number[] }>>()
function bareServer(script: string) {
  if (!bareServers.has(script)) {
    const bare = fork(script, [], {
      env: { ...process.env, DATABASE_URL: BENCH_DATABASE_URL, BARE_PROCESSES: processes, BARE_PORT: process.env.BENCH_BARE_PORT ?? String(PORT + 1 + bareServers.size) },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc']
    })
    process.on('exit', () => bare.kill('SIGKILL'))
    bareServers.set(
      script,
      new Promise((resolve, reject) => {
        bare.on('message', (message: any) => message.ready && resolve({ bareUrl: message.ready, barePids: [bare.pid!, ...(message.workerPids ?? [])] }))
        bare.on('exit', (code) => reject(new Error(`the bare handler ${script} exited with ${code}`)))
      })
    )
  }
  return bareServers.get(script)!
}
const ratios: string[] = []
for (const module of modules) {
  if (!module.bench) continue
  console.log(`\nSeeding the ${module.name} module's bench data...`)
  for (const call of await module.bench(knex, { url, dataDir, token })) {
    const caller = call.as ? await token(call.as) : admin
    const title = `${module.name}: ${call.title}`
    const measured = await run(title, { url: `${url}${call.path}`, headers: { authorization: `Bearer ${caller}` }, ...(call.connections ? { connections: call.connections } : {}) })
    if (!measured || !call.ceiling) continue
    const { bareUrl, barePids } = await bareServer(call.ceiling.server)
    const ceiling = await run(`${title}: its bare Koa + pg ceiling (no auth, no ability)`, { url: `${bareUrl}${call.ceiling.path}` }, false, barePids, true)
    if (ceiling) ratios.push(`${call.title}: ${ratio(measured, ceiling, call.ceiling.target)}`)
  }
}
if (ratios.length) console.log(`\nRead path against its ceiling:\n  ${ratios.join('\n  ')}`)
for (const bare of bareServers.values()) process.kill((await bare).barePids[0], 'SIGTERM')

/** The portal's rate as a share of its ceiling's, with the server CPU per request of each. */
function ratio(portal: Measured, ceiling: Measured, target: number) {
  const share = portal.requests.average / ceiling.requests.average
  return `${share.toFixed(2)}x the bare handler (target >= ${target}x: ${share >= target ? 'met' : 'NOT MET'}; server CPU per request ${portal.serverMsPerRequest.toFixed(3)} ms against ${ceiling.serverMsPerRequest.toFixed(3)} ms, ${(ceiling.serverMsPerRequest / portal.serverMsPerRequest).toFixed(2)}x)`
}

// Mail (issue 8 finding 12): 200 mails queued by 10 callers at once, through pg-boss to the
// outbox and to a real SMTP peer (npm smtp-server); the target is at least 20 mails a second.
for (const transport of ['outbox', 'smtp'] as const) {
  const result = await measureMailThroughput({ databaseUrl: BENCH_DATABASE_URL, knex, count: 200, transport, smtpPort: 0, schema: `pgboss_bench_${transport}` })
  console.log(
    `\nMail to the ${transport}: ${result.count} mails queued in ${result.enqueueSeconds.toFixed(2)} s, all delivered in ${result.seconds.toFixed(2)} s: ${result.rate.toFixed(1)} mails/s (target >= 20: ${result.rate >= 20 ? 'met' : 'NOT MET'})`
  )
}

await knex.destroy()
if (!process.env.BENCH_ONLY) await browserFigures().catch((error) => console.error('\nBrowser figures failed:', error))
// BENCH_KEEP=1: the server stays up on its bench data, to look into (EXPLAIN, a profiler) until Ctrl+C.
if (process.env.BENCH_KEEP) {
  console.log(`\nKept running: ${url} (database ${BENCH_DATABASE_URL}); Ctrl+C stops it.`)
  await new Promise((resolve) => process.on('SIGINT', resolve))
}
await stopServer()
