// The ceiling `npm run bench` compares the portal's read path with (issue 28 item 6): a bare Koa
// handler on a pg pool, running the same SQL on the same database and table as the portal's tender
// list and one tender, with no authentication, ability, region scope or field filter; as many
// processes as the portal's (BARE_PROCESSES). Started by scripts/bench.ts, which reads its port
// from the first message.
import cluster from 'node:cluster'
import Koa from 'koa'
import pg from 'pg'

const processes = Number(process.env.BARE_PROCESSES ?? 1)

if (cluster.isPrimary && processes > 1) {
  const workers = Array.from({ length: processes }, () => cluster.fork())
  let ready = 0
  for (const worker of workers)
    worker.on('message', (message: any) => {
      if (message.ready && ++ready === processes) process.send?.({ ready: message.ready, workerPids: workers.map((one) => one.process.pid) })
    })
  const stop = () => {
    for (const worker of workers) worker.kill()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  const app = new Koa()
  const listSql = `SELECT tenders.*, (SELECT count(*) FROM tenders WHERE region = $1 AND status = $2) AS window_total
    FROM tenders WHERE region = $1 AND status = $2 ORDER BY closing_at DESC LIMIT 25 OFFSET $3`
  app.use(async (ctx) => {
    const one = /^\/tenders\/([a-z0-9]+)$/.exec(ctx.path)
    if (one) {
      const { rows } = await pool.query('SELECT * FROM tenders WHERE id = $1', [one[1]])
      if (!rows.length) ctx.throw(404)
      ctx.body = rows[0]
    } else if (ctx.path === '/tenders') {
      const { rows } = await pool.query(listSql, ['HK', String(ctx.query.status ?? 'ISSUED'), Number(ctx.query.skip ?? 0)])
      ctx.body = { total: Number(rows[0]?.window_total ?? 0), limit: 25, skip: Number(ctx.query.skip ?? 0), data: rows }
    } else ctx.throw(404)
  })
  // Workers share the port the primary chose (cluster hands the same listening socket round).
  const server = app.listen(Number(process.env.BARE_PORT ?? 0), '127.0.0.1', () => {
    const address = server.address() as { port: number }
    process.send?.({ ready: `http://127.0.0.1:${address.port}` })
  })
}
