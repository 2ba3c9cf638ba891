import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The secret earlier versions shipped in config/default.json. It is public, so anyone could sign
 * a token with it: a production server refuses it, and no other server takes it silently.
 */
export const DEMO_SECRET = 'change-me-in-production-this-is-the-demo-secret'

export const SECRET_FILE = 'auth-secret'

let perProcess: string | undefined

export interface AuthSecret {
  secret: string
  /** Where it came from, for the start-up line: AUTH_SECRET/config, the data folder, or this process only. */
  source: 'configured' | 'file' | 'created' | 'process'
  file?: string
}

/**
 * The JWT signing secret: AUTH_SECRET (or `authentication.secret`) when set; else the one kept in
 * `<dataDir>/auth-secret`, made from 48 random bytes on the first start (mode 0600) and read on
 * every later one, so `npm start` needs no set-up and tokens survive a restart. Tests without a
 * configured secret get a random one per process and write nothing.
 * Several processes behind a load balancer must share it: one DATA_DIR, or AUTH_SECRET.
 */
export function resolveAuthSecret(options: { configured?: string; dataDir: string; env?: string }): AuthSecret {
  const env = options.env ?? process.env.NODE_ENV
  const configured = options.configured?.trim()
  if (configured) {
    if (configured === DEMO_SECRET && env === 'production') {
      throw new Error(
        'AUTH_SECRET is the public demo secret: a production server refuses to sign tokens with it. ' +
          'Set AUTH_SECRET to a long random value (e.g. `openssl rand -base64 48`), or unset it to keep a generated one under DATA_DIR.'
      )
    }
    return { secret: configured, source: 'configured' }
  }
  if (env === 'test') {
    perProcess ??= randomBytes(48).toString('base64url')
    return { secret: perProcess, source: 'process' }
  }
  const dir = path.resolve(options.dataDir)
  const file = path.join(dir, SECRET_FILE)
  fs.mkdirSync(dir, { recursive: true })
  try {
    // 'wx': two processes starting at once on one folder cannot both write; the second reads.
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
    return { secret: read(file), source: 'created', file }
  } catch (error: any) {
    if (error.code !== 'EEXIST') throw error
  }
  // A secret others can read is no secret: put its mode back.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600)
  return { secret: read(file), source: 'file', file }
}

function read(file: string) {
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (under 32 characters): delete it to have a new one made, or set AUTH_SECRET`)
  return secret
}
