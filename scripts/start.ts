// `npm start`: the whole portal on one port, on a fresh machine too (WEB_CONCURRENCY=<n>: n processes).
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { isClusterWorker, processCount, startPortal } from '../backend/src/cluster.js'
import { demoUsers, DEMO_PASSWORD } from '../seeds/demo.js'

if (isClusterWorker()) {
  // A worker of the portal started below (cluster.ts): it serves until the first process stops it.
  await startPortal()
} else {
  const dist = path.resolve('frontend/dist/index.html')
  // Tests that start the portal as a process need its API only.
  if ((!fs.existsSync(dist) && process.env.NODE_ENV !== 'test') || process.env.REBUILD_FRONTEND) {
    console.log('Building the frontend (first start only)...')
    execSync('npm run build -w frontend', { stdio: 'inherit' })
  }

  const processes = processCount()
  const portal = (await startPortal({ processes }).catch((error) => {
    // A start that cannot go on (the demo secret in production, port taken, another portal on this
    // DATA_DIR, a database that will not start) says why in one line.
    console.error(`\nThe portal did not start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }))!
  console.log(`\nThe portal is running at ${portal.url}${processes > 1 ? ` (${processes} processes)` : ''}\n`)
  console.log(`Demo logins (password ${DEMO_PASSWORD}):`)
  for (const user of demoUsers) console.log(`  ${user.username.padEnd(16)} ${user.displayName}`)
  console.log('')

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await portal.stop().catch((error) => console.error(error))
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
