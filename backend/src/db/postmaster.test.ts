import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { recoverDataFolder } from './postmaster.js'

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'postmaster-'))
afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

function folderLockedBy(pid: number) {
  const dataDir = fs.mkdtempSync(path.join(base, 'data-'))
  const databaseDir = path.join(dataDir, 'postgres')
  fs.mkdirSync(databaseDir)
  fs.writeFileSync(path.join(databaseDir, 'postmaster.pid'), `${pid}\n${databaseDir}\n1700000000\n25432\n`)
  return { dataDir, databaseDir, pidFile: path.join(databaseDir, 'postmaster.pid') }
}

describe('recoverDataFolder (the lock file a crash leaves behind)', () => {
  it('removes a lock file whose pid now belongs to another program (reused after a reboot)', async () => {
    const other = spawn('sleep', ['30'])
    try {
      const { dataDir, databaseDir, pidFile } = folderLockedBy(other.pid!)
      const said: string[] = []
      await recoverDataFolder(dataDir, databaseDir, (message) => said.push(message))
      expect(fs.existsSync(pidFile)).toBe(false)
      expect(said.join()).toContain(`process ${other.pid} is no PostgreSQL of this folder`)
      // And the other program is left alone.
      expect(other.exitCode).toBeNull()
    } finally {
      other.kill()
    }
  })

  it("leaves a dead process's lock file to postgres, which replaces it itself", async () => {
    const gone = spawn('true')
    await new Promise((resolve) => gone.once('exit', resolve))
    const { dataDir, databaseDir, pidFile } = folderLockedBy(gone.pid!)
    await recoverDataFolder(dataDir, databaseDir, () => {})
    expect(fs.existsSync(pidFile)).toBe(true)
  })
})
