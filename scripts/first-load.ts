// The JavaScript a browser fetches to show the login page: every script response (index.html's
// scripts and modulepreloads, then what /pub/login imports at start) until the sign-in form shows,
// counted as sent (brotli). `npx tsx scripts/first-load.ts <base url>` prints it for a running portal.
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Response } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const LOGIN_SCRIPT_TARGET_KB = 200

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
 * Opens /pub/login in a fresh Chromium and records each .js response until the password field is
 * visible. Chromium sends `Accept-Encoding: br` to localhost as to any secure context; should it
 * not, a response sent otherwise is counted at the size of the build's .br file.
 */
export async function measureLoginScripts(baseUrl: string): Promise<{ scripts: ScriptTransfer[]; totalKb: number; indexHtmlKb: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true })
  try {
    const page = await browser.newPage()
    const responses: Promise<ScriptTransfer | null>[] = []
    const onResponse = (response: Response) => {
      const url = response.url()
      if (!new URL(url).pathname.endsWith('.js')) return
      responses.push(
        (async () => {
          await response.finished()
          const encoding = (await response.headerValue('content-encoding')) ?? 'identity'
          const sizes = await response.request().sizes()
          const bytes = encoding === 'br' ? sizes.responseBodySize : (brotliFileSize(url) ?? sizes.responseBodySize)
          return { url, bytes, encoding }
        })().catch(() => null) // e.g. a chunk cancelled by the page: not part of what it needed
      )
    }
    page.on('response', onResponse)
    await page.goto(`${baseUrl}/pub/login`)
    await page.locator('input[autocomplete="current-password"]').waitFor({ state: 'visible' })
    // Until the form shows, and no later: a chunk still arriving when the browser closes is not counted.
    page.off('response', onResponse)
    const scripts = (await Promise.all(responses)).filter((script): script is ScriptTransfer => script !== null)
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

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2]) await printLoginScriptFigure(process.argv[2])
