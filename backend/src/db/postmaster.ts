import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

/**
 * What the embedded PostgreSQL leaves behind when the server dies without stopping it (kill -9,
 * out of memory, power of a container pulled): the postmaster keeps running as an orphan and holds
 * `postmaster.pid`, so the next start fails on the lock file. These helpers let a start find out
 * who holds the data folder and put it right, and keep a postmaster from outliving its server.
 */

const pidFileOf = (databaseDir: string) => path.join(databaseDir, 'postmaster.pid')
/** Which server process started the postmaster now running on this data folder. */
const ownerFileOf = (dataDir: string) => path.join(dataDir, 'postgres.owner')

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error: any) {
    // EPERM: it exists, but belongs to someone we may not signal.
    return error?.code === 'EPERM'
  }
}

/** A process's command line, or undefined when it is gone (or this system has no /proc). */
function commandLine(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    return undefined
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // Field 4 of /proc/<pid>/stat, after the command name in parentheses (which may hold spaces).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined
  }
}

const samePath = (a: string, b: string) => {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p)
    } catch {
      return path.resolve(p)
    }
  }
  return real(a) === real(b)
}

/** The postgres server of this data folder: its binary, run with `-D <databaseDir>`. */
function isPostmasterOf(pid: number, databaseDir: string) {
  const args = commandLine(pid)
  if (!args) return undefined
  const dir = args[args.indexOf('-D') + 1]
  return path.basename(args[0]) === 'postgres' && args.includes('-D') && dir !== undefined && samePath(dir, databaseDir)
}

async function until(done: () => boolean, ms: number) {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

/**
 * Makes the data folder startable after a crash. `postmaster.pid` names the process holding it:
 * - gone: nothing to do (postgres replaces the lock file of a dead process itself);
 * - alive, but not a postgres of this folder (the pid was reused after a reboot): postgres would
 *   refuse to start, so the stale lock file is removed;
 * - our postgres, still the child of the server that started it: another portal is running on
 *   this DATA_DIR, which this start must not disturb: it fails and says so;
 * - our postgres, orphaned: stopped cleanly (SIGINT = fast shutdown: open transactions roll back,
 *   everything committed stays) and awaited, so the start goes on on a clean folder. It is not
 *   reused: it may listen on another port, its log goes to a dead pipe, and no one could stop it.
 */
export async function recoverDataFolder(dataDir: string, databaseDir: string, log: (message: string) => void) {
  let lines: string[]
  try {
    lines = fs.readFileSync(pidFileOf(databaseDir), 'utf8').split('\n')
  } catch {
    return
  }
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return
  const ours = isPostmasterOf(pid, databaseDir)
  if (ours === undefined) return // no /proc: leave the lock file to postgres's own checks
  if (!ours) {
    log(`Removing the stale lock file ${pidFileOf(databaseDir)} (process ${pid} is no PostgreSQL of this folder).`)
    fs.rmSync(pidFileOf(databaseDir), { force: true })
    return
  }
  const owner = ownerOf(dataDir)
  const parent = parentOf(pid)
  // Without an owner file (started by an older version), a node parent other than init is taken
  // for a running portal: better a clear refusal than stopping someone's live database.
  const inUse = parent !== undefined && parent !== process.pid && (owner !== undefined ? parent === owner : parent !== 1 && path.basename(commandLine(parent)?.[0] ?? '').startsWith('node'))
  if (inUse) {
    throw new Error(`Another portal (process ${parent}) is running on ${dataDir}. Stop it, or start this one with another DATA_DIR.`)
  }
  log(`PostgreSQL (process ${pid}) of ${databaseDir} outlived the server that started it: stopping it before starting again.`)
  process.kill(pid, 'SIGINT')
  if (await until(() => !alive(pid), 30_000)) return
  // It did not finish its fast shutdown in time: immediate shutdown, crash recovery on start.
  process.kill(pid, 'SIGQUIT')
  if (!(await until(() => !alive(pid), 10_000))) throw new Error(`PostgreSQL (process ${pid}) of ${databaseDir} does not stop; stop it by hand.`)
}

function ownerOf(dataDir: string) {
  try {
    return Number(fs.readFileSync(ownerFileOf(dataDir), 'utf8').trim()) || undefined
  } catch {
    return undefined
  }
}

/** Records (after a start) or forgets (after a stop) which process runs this folder's postgres. */
export function markOwner(dataDir: string, owner: boolean) {
  if (owner) fs.writeFileSync(ownerFileOf(dataDir), `${process.pid}\n`)
  else fs.rmSync(ownerFileOf(dataDir), { force: true })
}

/**
 * A postmaster must not outlive its server: a tiny shell waits on a pipe from this process, which
 * the kernel closes however this process ends (kill -9 too); it then stops the postmaster, if the
 * lock file still names it (a clean stop removed it already; a reused pid is never signalled).
 */
export function stopWithThisProcess(databaseDir: string, postmasterPid: number) {
  const script = 'read _; [ "$(head -n 1 "$1" 2>/dev/null)" = "$2" ] && kill -INT "$2"; exit 0'
  const watchdog = spawn('sh', ['-c', script, 'postgres-watchdog', pidFileOf(databaseDir), String(postmasterPid)], {
    stdio: ['pipe', 'ignore', 'ignore']
  })
  watchdog.on('error', () => {})
  watchdog.stdin?.on('error', () => {})
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref()
  ;(watchdog.stdin as unknown as net.Socket | null)?.unref?.()
  return () => {
    if (watchdog.exitCode === null) watchdog.kill()
  }
}

/**
 * Whether nothing listens on this port: of the loopback address by default (where the embedded
 * postgres listens), of every address with `host` undefined.
 */
export function portIsFree(port: number, host: string | undefined = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

/** A port the system hands out as free now (from its ephemeral range, away from configured ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
