// The server as `npm run bench` measures it: a child process on its own fresh database; with
// WEB_CONCURRENCY=<n>, n processes on the port as `npm start` runs them (backend/src/cluster.ts).
import { isClusterWorker, startPortal } from '../backend/src/cluster.js'

if (isClusterWorker()) {
  await startPortal()
} else {
  const portal = (await startPortal({ port: Number(process.env.PORT) }))!
  process.send?.({ ready: portal.url, workerPids: portal.workerPids() })
  const stop = async () => {
    await portal.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
