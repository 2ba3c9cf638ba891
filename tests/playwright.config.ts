import { defineConfig } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'

const PORT = Number(process.env.E2E_PORT ?? 3035)
// Each run starts on a new, empty data folder: embedded PostgreSQL, migrations and demo data.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${process.pid}`)

/*
 * Every spec builds the records and the accounts it changes (factories): a copy of a demo account
 * to lock, to reset the password of or to remember a region or a language on, a copy of a demo
 * group to grant more to. The demo accounts and groups stay as the seed left them, so the spec
 * files run on parallel workers, one spec file per worker at a time.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2)

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers by default (E2E_WORKERS=1 for one): three full runs in a row passed on two, the
  // last on a machine loaded far beyond its two cores (96 tests in 12.4, 12.6 and 18.5 min), where
  // one worker took 17 min on a quiet one.
  workers,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    },
    // The portal then turns Ant's motion off (App.tsx): no click lands on a dialog or an option list still moving.
    reducedMotion: 'reduce',
    // An action that cannot happen fails with its reason instead of waiting out the test.
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'off'
  },
  webServer: {
    command: `mkdir -p ${dataDir} && chmod 755 ${dataDir} && npx tsx scripts/start.ts`,
    cwd: '..',
    url: `http://localhost:${PORT}/v1/status`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server's log lines (JSON, on stdout) show only warnings and errors here: a failing spec's
    // server-side cause is in the test output.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      LOG_LEVEL: 'warn',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '25477',
      // The specs sign the same demo accounts in from one address all run long: the sign-in rate
      // limits (tested on their own in backend/test/auth-lockout.test.ts) must not refuse them.
      NODE_CONFIG: JSON.stringify({ rateLimits: { perAccount: { points: 100000, duration: 60 }, perAddress: { points: 100000, duration: 60 } } })
    }
  }
})
