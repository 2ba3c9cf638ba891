// The JavaScript a browser fetches to show the login page: every script response (index.html's
// scripts and modulepreloads, then what /pub/login imports at start) until the sign-in form shows,
// counted as sent (brotli); and for three signed-in pages, the scripts fetched until the page's main
// content shows, step by step. `npx tsx scripts/first-load.ts <base url>` prints both for a running
// portal on the demo data.
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Page, type Request, type Response } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const LOGIN_SCRIPT_TARGET_KB = 200
/** The demo accounts' password (seeds/demo.ts), which the bench's database has. */
const DEMO_PASSWORD = 'Demo#2026'

export interface ScriptTransfer {
  url: string
  /** Bytes on the wire (the body as encoded). */
  bytes: number
  encoding: string
}

const dist = path.resolve('frontend/dist')

/** The size of the build's .br file of a URL's path, if it was written. */
function brotliFileSize(url: string): number | null {
  const file = path.join(dist, decodeURIComponent(new URL(url).pathname))
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : null
}

/**
 * Watches, from the page's first byte, for the first element matching `selector` to be in the page
 * and visible; the returned function waits for it and gives that moment (epoch ms, as request
 * timings). What the page asks for after it does not count.
 */
async function whenShown(page: Page, selector: string): Promise<() => Promise<number>> {
  // A string, not a function: tsx would add its own helpers to a function's source, unknown in the page.
  await page.addInitScript(`{
    const found = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => element.offsetParent !== null)
    const observer = new MutationObserver(() => {
      if (!found()) return
      observer.disconnect()
      window.__shownAt = performance.timeOrigin + performance.now()
    })
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true })
  }`)
  return async () => {
    await page.waitForFunction(() => '__shownAt' in window, undefined, { timeout: 60_000 })
    return page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt)
  }
}

/**
 * Opens /pub/login in a fresh Chromium and records each .js response until the password field is
 * visible. Chromium sends `Accept-Encoding: br` to localhost as to any secure context; should it
 * not, a response sent otherwise is counted at the size of the build's .br file.
 */
export async function measureLoginScripts(baseUrl: string): Promise<{ scripts: ScriptTransfer[]; totalKb: number; indexHtmlKb: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true })
  try {
    const page = await browser.newPage()
    const shown = await whenShown(page, 'input[autocomplete="current-password"]')
    const responses: Promise<(ScriptTransfer & { start: number }) | null>[] = []
    const onResponse = (response: Response) => {
      const url = response.url()
      if (!new URL(url).pathname.endsWith('.js')) return
      responses.push(
        (async () => {
          await response.finished()
          const encoding = (await response.headerValue('content-encoding')) ?? 'identity'
          const sizes = await response.request().sizes()
          const bytes = encoding === 'br' ? sizes.responseBodySize : (brotliFileSize(url) ?? sizes.responseBodySize)
          return { url, bytes, encoding, start: response.request().timing().startTime }
        })().catch(() => null) // e.g. a chunk cancelled by the page: not part of what it needed
      )
    }
    page.on('response', onResponse)
    await page.goto(`${baseUrl}/pub/login`)
    const formShown = await shown()
    page.off('response', onResponse)
    // Asked for before the form was in the page: what the language switch and the toasts ask for
    // once it has been painted does not count, however late a busy machine lets this script look.
    const scripts = (await Promise.all(responses))
      .filter((script): script is ScriptTransfer & { start: number } => script !== null && script.start <= formShown)
      .map(({ url, bytes, encoding }) => ({ url, bytes, encoding }))
    const totalKb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1000
    // What index.html names (its script and modulepreloads): fetched before any code runs.
    const html = await (await fetch(`${baseUrl}/pub/login`)).text()
    const named = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]))
    const indexHtmlKb = scripts.filter((script) => named.has(new URL(script.url).pathname)).reduce((sum, script) => sum + script.bytes, 0) / 1000
    return { scripts, totalKb, indexHtmlKb }
  } finally {
    await browser.close()
  }
}

export async function printLoginScriptFigure(baseUrl: string) {
  const { scripts, totalKb, indexHtmlKb } = await measureLoginScripts(baseUrl)
  console.log(`\nJavaScript of /pub/login until the sign-in form shows (${scripts.length} files, as sent)`)
  if (process.env.BENCH_VERBOSE) {
    for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
      console.log(`  ${(script.bytes / 1000).toFixed(1).padStart(7)} kB ${script.encoding.padEnd(8)} ${new URL(script.url).pathname}`)
    }
  }
  // The rest is what the first render imports: the language's catalogues, and the language switch,
  // toasts and directory mock, which load beside the form.
  console.log(`  index.html's script and modulepreloads ${indexHtmlKb.toFixed(1)} kB, imported at start ${(totalKb - indexHtmlKb).toFixed(1)} kB`)
  console.log(`  ${totalKb.toFixed(1)} kB compressed in all (target <= ${LOGIN_SCRIPT_TARGET_KB} kB: ${totalKb <= LOGIN_SCRIPT_TARGET_KB ? 'met' : 'NOT MET'})`)
  return totalKb
}

/** A signed-in page and what shows that its main content has arrived (its figures or rows, not a skeleton). */
export interface SignedInPage {
  path: string
  username: string
  content: string
  /** What `content` is, in the printed line. */
  until: string
}

export const SIGNED_IN_PAGES: SignedInPage[] = [
  { path: '/', username: 'admin', content: '[data-testid="stage-DRAFT"] .ant-statistic-content-value', until: 'the tender stage counts show' },
  { path: '/tenders', username: 'admin', content: '.ant-table-tbody .ant-table-row, .ant-table-tbody .ant-empty', until: 'the first tender row shows' },
  { path: '/vendors', username: 'vendor.alpha', content: '[data-testid="open-count"] .ant-statistic-content-value', until: 'the open invitations count shows' }
]

interface Fetched {
  url: string
  kind: 'document' | 'script' | 'data'
  start: number
  end: number
  bytes: number
  /** 0 for the page itself; n + 1 for a request started once one of step n had arrived. */
  step: number
}

/** A built file's name without its content hash: `dist-BOJFCnOH.js` reads `dist.js`. */
const chunkName = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')

/**
 * Opens a signed-in page in a fresh browser context (empty HTTP cache; the session in localStorage,
 * as after a sign-in) on Lighthouse's desktop network and records the page, its scripts and its API requests until `content` is
 * visible. Each request gets a step: the dependent round trips before it could start (HTML → entry
 * → portal chunk → page chunk → data), counted as one more than the latest step of the requests that
 * had arrived when it started, so a step is an upper bound of what the browser waited for.
 */
export async function measureSignedInScripts(baseUrl: string, target: SignedInPage): Promise<{ fetched: Fetched[]; totalKb: number; steps: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true })
  try {
    const login = await browser.newContext()
    const loginPage = await login.newPage()
    await loginPage.goto(`${baseUrl}/pub/login`)
    await loginPage.locator('input[autocomplete="username"]').fill(target.username)
    await loginPage.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD)
    await loginPage.locator('button[type="submit"]').click()
    await loginPage.waitForURL((url) => !url.pathname.startsWith('/pub/'))
    const storageState = await login.storageState()
    await login.close()

    const context = await browser.newContext({ storageState })
    const page = await context.newPage()
    // Lighthouse's desktop network (40 ms round trips, 10 Mbit/s): on localhost everything would
    // arrive at once and no request would seem to wait for another.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (10_240 * 1024) / 8, uploadThroughput: (10_240 * 1024) / 8 })
    const pending: Promise<Omit<Fetched, 'step'> | null>[] = []
    const onRequest = (request: Request) => {
      const { pathname } = new URL(request.url())
      const kind: Fetched['kind'] | null = request.resourceType() === 'document' ? 'document' : pathname.endsWith('.js') ? 'script' : /^\/([a-z]{2}\/)?v1\//.test(pathname) ? 'data' : null
      if (!kind) return
      pending.push(
        (async () => {
          const response = await request.response()
          if (!response) return null
          await response.finished()
          const timing = request.timing()
          const encoding = (await response.headerValue('content-encoding')) ?? 'identity'
          const sizes = await request.sizes()
          const bytes = kind === 'script' && encoding !== 'br' ? (brotliFileSize(request.url()) ?? sizes.responseBodySize) : sizes.responseBodySize
          return { url: request.url(), kind, start: timing.startTime, end: timing.startTime + timing.responseEnd, bytes }
        })().catch(() => null)
      )
    }
    const shown = await whenShown(page, target.content)
    page.on('request', onRequest)
    await page.goto(`${baseUrl}${target.path}`)
    const contentShown = await shown()
    page.off('request', onRequest)
    const requests = (await Promise.all(pending)).filter((item): item is Omit<Fetched, 'step'> => item !== null && item.start <= contentShown).sort((a, b) => a.start - b.start)
    const fetched: Fetched[] = []
    for (const request of requests) {
      const arrived = fetched.filter((earlier) => earlier.end <= request.start).map((earlier) => earlier.step)
      fetched.push({ ...request, step: request.kind === 'document' ? 0 : Math.max(-1, ...arrived) + 1 })
    }
    const scripts = fetched.filter((item) => item.kind === 'script')
    return { fetched, totalKb: scripts.reduce((sum, item) => sum + item.bytes, 0) / 1000, steps: Math.max(0, ...fetched.map((item) => item.step)) }
  } finally {
    await browser.close()
  }
}

/** Prints, for each signed-in page, its scripts by step: how many, their compressed size, the largest. */
export async function printSignedInScriptFigures(baseUrl: string) {
  console.log('\nJavaScript of the signed-in pages until their main content shows (as sent), by step')
  console.log('  (a step starts once a request of the step before has arrived: HTML → entry → portal → page → data)')
  const results: { path: string; totalKb: number; steps: number }[] = []
  for (const target of SIGNED_IN_PAGES) {
    const { fetched, totalKb, steps } = await measureSignedInScripts(baseUrl, target)
    const scripts = fetched.filter((item) => item.kind === 'script')
    console.log(`  ${target.path} as ${target.username}, until ${target.until}: ${scripts.length} scripts, ${totalKb.toFixed(1)} kB in ${steps} steps`)
    for (let step = 1; step <= steps; step++) {
      const here = fetched.filter((item) => item.step === step)
      const js = here.filter((item) => item.kind === 'script').sort((a, b) => b.bytes - a.bytes)
      const data = here.filter((item) => item.kind === 'data').map((item) => new URL(item.url).pathname)
      const kb = js.reduce((sum, item) => sum + item.bytes, 0) / 1000
      const shown = process.env.BENCH_VERBOSE ? js : js.slice(0, 6)
      const names = shown.map((item) => `${chunkName(item.url)} ${(item.bytes / 1000).toFixed(1)}`).join(', ')
      const more = js.length > shown.length ? `, +${js.length - shown.length} more` : ''
      console.log(
        `    step ${step}: ${String(js.length).padStart(2)} scripts ${kb.toFixed(1).padStart(6)} kB${js.length ? `  ${names}${more}` : ''}${data.length ? `; data: ${[...new Set(data)].join(', ')}` : ''}`
      )
    }
    results.push({ path: target.path, totalKb, steps })
  }
  return results
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2]) {
  await printLoginScriptFigure(process.argv[2])
  await printSignedInScriptFigures(process.argv[2])
}
