import autocannon from 'autocannon'
import { fork } from 'node:child_process'
import fs from 'node:fs'
const dataDir = '/tmp/portal-prof'; fs.mkdirSync(dataDir, {recursive: true}); fs.chmodSync(dataDir, 0o755)
const env = { ...process.env, PORT: '3096', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '54392', JOBS_ENABLED: 'false', NODE_ENV: 'production' }
const child = fork('/work/main/scripts/bench-server.ts', [], { env, cwd: '/work/main', execArgv: ['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir=/tmp/cpuprof'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
const url: string = await new Promise((r) => child.on('message', (m: any) => m.ready && r(m.ready)))
const t = ((await (await fetch(url + '/v1/authentication', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ strategy: 'local', username: 'admin', password: 'Demo#2026' }) })).json()) as any).accessToken
const r = await autocannon({ url: `${url}/hk/v1/users?$limit=25&$sort[displayName]=1`, headers: { authorization: `Bearer ${t}` }, connections: 50, duration: 8 })
console.log(r.requests.average, r.latency.p97_5)
child.kill('SIGINT'); await new Promise((res) => child.on('exit', res))
