#!/usr/bin/env bash
# `npm test`: every test, on a clean machine too. Installs Debian's chromium for the browser tests
# when it is missing (Playwright's own browser download does not work here).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

echo "== Lint (ESLint and the module wall) and format"
npm run lint --silent
npm run format:check --silent

echo "== Type check"
npx tsc -p backend --noEmit
npx tsc -p frontend --noEmit
# The browser specs too: a spec calling a helper it no longer imports fails here, not in the browser.
npx tsc -p tests --noEmit

echo "== Unit and service tests (real PostgreSQL)"
npx vitest run --config backend/vitest.config.ts

echo "== Browser tests"
npm run build -w frontend >/dev/null
npx playwright test -c tests/playwright.config.ts
