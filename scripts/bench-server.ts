// The server as `npm run bench` measures it: a child process on its own fresh database.
import { startServer } from '../backend/src/server.js'

const server = await startServer({ port: Number(process.env.PORT) })
process.send?.({ ready: server.url })
process.on('SIGINT', async () => {
  await server.stop()
  process.exit(0)
})
process.on('SIGTERM', async () => {
  await server.stop()
  process.exit(0)
})
