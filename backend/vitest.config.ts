import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const ALL = ['backend/src/**/*.test.ts', 'backend/test/**/*.test.ts', 'seeds/**/*.test.ts']
// Files that set the server's configuration (NODE_CONFIG) before importing it, or count what the
// process has loaded (the validators not compiled yet): they need modules of their own.
const OWN_MODULES = ['backend/test/login-directory.test.ts', 'backend/src/validators.test.ts']

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    globalSetup: ['backend/test/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      // A worker keeps the modules it imported for its next file: each file still starts its own
      // server on its own database copy, but the app's code is loaded once per worker, not once per
      // file (the suite took 7.3 min, 3.9 of them importing).
      { extends: true, test: { name: 'shared-modules', include: ALL, exclude: OWN_MODULES, isolate: false } },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } }
    ]
  }
})
