import { defineConfig } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'

const PORT = Number(process.env.E2E_PORT ?? 3035)
// Each run starts on a new, empty data folder: embedded PostgreSQL, migrations and demo data.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${process.pid}`)

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    },
    screenshot: 'only-on-failure',
    trace: 'off'
  },
  webServer: {
    command: `mkdir -p ${dataDir} && chmod 755 ${dataDir} && npx tsx scripts/start.ts`,
    cwd: '..',
    url: `http://localhost:${PORT}/v1/regions`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '25477',
      // The specs sign the same demo accounts in from one address all run long: the sign-in rate
      // limits (tested on their own in backend/test/auth-lockout.test.ts) must not refuse them.
      NODE_CONFIG: JSON.stringify({ rateLimits: { perAccount: { points: 100000, duration: 60 }, perAddress: { points: 100000, duration: 60 } } })
    }
  }
})
