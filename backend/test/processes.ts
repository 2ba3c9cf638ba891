import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_PASSWORD } from '../../seeds/demo.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Signs a demo account in on the portal at `url` (any of its processes) and gives its access token. */
export async function signInAt(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password: DEMO_PASSWORD })
  })
  if (response.status !== 201) throw new Error(`${username} could not sign in at ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()).accessToken as string
}

/** A portal started as `npm start` starts it, in a process of its own (tests that kill or share one). */
export interface PortalProcess {
  child: ChildProcess
  pid: number
  /** Its address: from PORT, or (PORT 0) from what it printed once up. */
  url: string
  /** Everything it printed so far (stdout and stderr). */
  output: () => string
  /** Resolves with its exit code (null when killed by a signal). */
  exited: Promise<number | null>
}

const launched: PortalProcess[] = []

/**
 * Runs `scripts/start.ts` with its own settings. Node runs it directly (`node --import tsx`, what
 * `npx tsx` ends up running), so `pid` is the server itself: killing it is killing the server.
 */
export function launchPortal(env: { PORT: number; DATA_DIR?: string; EMBEDDED_PG_PORT?: number; DATABASE_URL?: string; WEB_CONCURRENCY?: number }): PortalProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' }
  delete childEnv.DATABASE_URL
  for (const [key, value] of Object.entries(env)) if (value !== undefined) childEnv[key] = String(value)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  let output = ''
  child.stdout!.on('data', (chunk) => {
    output += chunk
  })
  child.stderr!.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const portal: PortalProcess = {
    child,
    pid: child.pid!,
    get url() {
      return env.PORT ? `http://localhost:${env.PORT}` : (/running at (http:\S+)/.exec(output)?.[1] ?? '')
    },
    output: () => output,
    exited
  }
  launched.push(portal)
  return portal
}

/** Polls until `check` holds (no fixed sleeps); fails with `what` after the deadline. */
export async function until<T>(what: string, check: () => T | Promise<T>, ms = 240_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Waits until the portal answers its API; fails at once, with its output, when it exits first. */
export async function waitUp(portal: PortalProcess) {
  let exit: number | null | undefined
  void portal.exited.then((code) => {
    exit = code
  })
  await until(`${portal.url} to answer`, async () => {
    if (exit !== undefined) throw new Error(`the portal exited (${exit}) before it answered:\n${portal.output()}`)
    if (!portal.url) return false
    return fetch(`${portal.url}/v1/regions`).then(
      (response) => response.ok,
      () => false
    )
  })
  return portal
}

export function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The running postmaster of a data folder (pid and port from its lock file), if any. */
export function postmasterOf(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
    const pid = Number(lines[0])
    return alive(pid) ? { pid, port: Number(lines[3]) } : undefined
  } catch {
    return undefined
  }
}

/** The processes whose parent is `pid` (from /proc), with their command lines. */
export function childrenOf(pid: number): Array<{ pid: number; args: string }> {
  const children: Array<{ pid: number; args: string }> = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue
      children.push({ pid: Number(entry), args: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') })
    } catch {
      /* gone meanwhile */
    }
  }
  return children
}

/**
 * Stops every portal this file launched (cleanly, else by force) and any postgres still running
 * on the given data folders.
 */
export async function stopAllPortals(dataDirs: string[] = []) {
  for (const portal of launched) {
    if (portal.child.exitCode !== null || portal.child.signalCode !== null) continue
    portal.child.kill('SIGTERM')
    const stopped = await Promise.race([portal.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30_000))])
    if (!stopped)
      try {
        process.kill(-portal.pid, 'SIGKILL')
      } catch {
        /* gone */
      }
  }
  for (const dataDir of dataDirs) {
    const postmaster = postmasterOf(dataDir)
    if (!postmaster) continue
    process.kill(postmaster.pid, 'SIGINT')
    await until(`postgres ${postmaster.pid} to stop`, () => !alive(postmaster.pid), 30_000).catch(() => process.kill(postmaster.pid, 'SIGKILL'))
  }
}
