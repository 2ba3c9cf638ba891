import { expect, type Browser, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test'
import pg from 'pg'

export const DEMO_PASSWORD = 'Demo#2026'

/** Signs in through the login page, as a person would. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/pub/login')
  await page.locator('input#username, input[name="username"]').first().fill(username)
  await page.locator('input#password, input[name="password"], input[type="password"]').first().fill(password)
  await page.locator('button[type="submit"]').first().click()
  await expect(page).not.toHaveURL(/\/pub\/login/)
}

/** Signs in through the API and answers the token, for set-up that is not under test. */
export async function apiLogin(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseURL}/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password })
  })
  if (response.status !== 201) throw new Error(`login ${username}: ${response.status}`)
  return ((await response.json()) as any).accessToken as string
}

/**
 * One call to the HK API with a token from `apiLogin`, for set-up that is not under test: a
 * custom method (submit, save, issue...) goes as its `x-service-method`. Answers the parsed body;
 * anything but a 2xx throws with the server's answer.
 */
export async function apiCall(baseURL: string, token: string, method: string, path: string, body?: unknown, serviceMethod?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  if (serviceMethod) headers['x-service-method'] = serviceMethod
  const response = await fetch(`${baseURL}/hk/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} ${serviceMethod ?? ''}: ${response.status} ${text}`)
  return JSON.parse(text)
}

/**
 * Chooses one option of a single-choice select in the open dialog, by the label of its form item,
 * and waits for the option list to close: a list still open (its closing can lag on a busy
 * machine) would catch the next click, e.g. on the dialog's OK button.
 */
export async function chooseInDialog(page: Page, label: RegExp, option: RegExp) {
  const select = page.locator('.ant-modal:visible .ant-form-item', { hasText: label }).locator('.ant-select')
  await select.click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click()
  await expect(select.locator('.ant-select-selection-item')).toContainText(option)
  await optionListClosed(page)
}

/**
 * Opens a tab of the page and sees it open: a click that lands while the screen is still being
 * drawn after a navigation (its tabs drawn again, on the first tab) is made again.
 */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name })
  await expect(async () => {
    await tab.click()
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}

/**
 * Ticks options of a multiple select (already opened by a click on it), each seen selected before
 * the next (a click that lands while the list is still loading or moving would be lost), then
 * closes the list.
 */
export async function tickOptions(page: Page, options: (string | RegExp)[]) {
  for (const option of options) {
    const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    await item.click()
    await expect(item).toHaveAttribute('aria-selected', 'true')
  }
  await optionListClosed(page)
}

/**
 * Ticks a checkbox and sees it ticked before going on. An antd checkbox shows its new state once
 * its form has rendered again; Playwright's check() reads the state once, right after its click,
 * and under load met the box not yet ticked. A click that did land is not clicked again.
 */
export async function tick(box: Locator) {
  await expect(async () => {
    if (!(await box.isChecked())) await box.click()
    await expect(box).toBeChecked({ timeout: 1_000 })
  }).toPass()
}

/**
 * Follows a link in a live list (a dashboard panel other specs' changes reach), once it leads to
 * `to`. A pointer click aims at where the link was: a row added above it in between (another
 * spec's tender waiting for the same approver) moves the list, and the click opens that row. The
 * click is given to the link itself, which the portal's router then follows as it would a click.
 */
export async function followLiveLink(link: Locator, to: RegExp) {
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', to)
  await link.dispatchEvent('click')
}

/** Waits for a single select's option list to close after a choice, closing it if it lingers. */
export async function optionListClosed(page: Page) {
  const list = page.locator('.ant-select-dropdown:visible')
  await expect(list)
    .toHaveCount(0, { timeout: 3_000 })
    .catch(async () => {
      // Escape closes the option list only (the select keeps the key from the dialog).
      await page.keyboard.press('Escape')
      await expect(list).toHaveCount(0)
    })
}

/** The requests each tracked context has on the wire (the live channel's excepted), with their start. */
const traffic = new WeakMap<BrowserContext, { open: Map<Request, number>; lastChange: number }>()

/** Counts the context's requests from now on, for `networkQuiet`. */
export function trackTraffic(context: BrowserContext) {
  if (traffic.has(context)) return
  const state = { open: new Map<Request, number>(), lastChange: Date.now() }
  traffic.set(context, state)
  // The live connection (socket.io, a long poll until it upgrades) is always open: it is not loading.
  const counted = (request: Request) => !request.url().includes('/socket.io/')
  context.on('request', (request) => {
    if (!counted(request)) return
    state.open.set(request, Date.now())
    state.lastChange = Date.now()
  })
  const ended = (request: Request) => {
    if (state.open.delete(request)) state.lastChange = Date.now()
  }
  context.on('requestfinished', ended)
  context.on('requestfailed', ended)
}

const liveState = new WeakMap<Page, { socket?: object; signedIn: boolean }>()

/** Follows the page's live connection: the socket of its last load, and whether it has signed in. */
function trackLive(page: Page) {
  const state: { socket?: object; signedIn: boolean } = { signedIn: false }
  liveState.set(page, state)
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return
    state.socket = socket
    state.signedIn = false
    // The server's answer to the socket's authentication: a socket.io acknowledgement ("43<id>[null,…]") with the token.
    socket.on('framereceived', ({ payload }) => {
      if (state.socket === socket && typeof payload === 'string' && payload.startsWith('43') && payload.includes('"accessToken"')) state.signedIn = true
    })
    socket.on('close', () => {
      if (state.socket === socket) state.signedIn = false
    })
  })
}

/**
 * Until the page's live connection has signed in. A change made before then reaches the screen
 * too (the connection catches up on it once signed in: backend/src/live-catchup.ts), but later; a
 * spec that changes something for an open screen to show waits for this first, so the screen's
 * answer comes at once, as it does for a user who opened the screen a moment before.
 */
export async function liveSignedIn(page: Page) {
  const state = liveState.get(page)
  if (!state) throw new Error('liveSignedIn: the page was not opened by signedIn()')
  await expect.poll(() => state.signedIn, { message: 'the live connection signs in' }).toBe(true)
}

/**
 * Nothing of the page's on the wire for 200 ms from now: what the screen loads has arrived. Playwright's
 * `networkidle` waits 500 ms after the last request, which a walk over hundreds of screens pays each
 * time. A download never reports its end: a request open for 10 s no longer counts. Contexts not
 * tracked (not opened by `signedIn`) wait for `networkidle`.
 */
export async function networkQuiet(page: Page) {
  const state = traffic.get(page.context())
  if (!state) return page.waitForLoadState('networkidle')
  await page.waitForLoadState('load')
  // Counted from the call too: right after a click or an in-app navigation the screen has not
  // asked for anything yet, and a wire quiet since the last screen is not this screen's quiet.
  const since = Date.now()
  const quiet = () => {
    const now = Date.now()
    for (const [request, started] of state.open) if (now - started > 10_000) state.open.delete(request)
    return state.open.size === 0 && now - Math.max(state.lastChange, since) >= 200
  }
  await expect.poll(quiet, { intervals: [50], timeout: 30_000 }).toBe(true)
}

/** The contexts `signedIn` opened: the `test` of fixtures.ts closes them after each test. */
export const openedContexts = new Set<BrowserContext>()

/** A browser context of its own, signed in: each role of a journey in its own window. */
export async function signedIn(browser: Browser, username: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport })
  openedContexts.add(context)
  trackTraffic(context)
  const page = await context.newPage()
  trackLive(page)
  await loginAs(page, username)
  return page
}

/** Error toasts stay 300 s (spec §9) and cover the header buttons: close them. */
export async function closeToasts(page: Page) {
  // A toast may close itself meanwhile (without motion it is gone at once): not waited for.
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click({ timeout: 2_000 }).catch(() => undefined)
}

/**
 * The page's next `PATCH …/profile/me` is answered in the page with an empty 200, once, and the
 * page's own fetch is back: no request leaves, nothing is intercepted by the browser.
 */
function keepProfileOnce(page: Page) {
  return page.evaluate(() => {
    const state = window as unknown as { __keptFetch?: typeof fetch }
    if (state.__keptFetch) return
    const original = window.fetch
    state.__keptFetch = original
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
      if (method !== 'PATCH' || !/\/profile\/me(\?|$)/.test(url)) return original.call(this, input, init)
      window.fetch = original
      delete state.__keptFetch
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
    }
  })
}

/**
 * The header's language switch. It saves the choice on the profile (a spec that switches switches
 * back); with `save: false` the save is answered in the browser and the profile keeps its
 * language: the screenshots in Chinese do not switch the same demo user, signed in by a spec on
 * another worker meanwhile, to Chinese. The page itself answers that save (`keepProfileOnce`), not
 * a `page.route`: routing turns on the browser's request interception, and that call hung three
 * times under load on the staff tenancy view (tenancy-contacts.spec.ts), never alone.
 */
export async function switchLanguage(page: Page, name: 'English' | '中文', { save = true } = {}) {
  await closeToasts(page)
  if (!save) await keepProfileOnce(page)
  // The whole screen re-renders in the new language while the option list closes: a click that a
  // re-render swallowed is made again, as a user would, until the page speaks the language.
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) {
      await page
        .locator('.ant-layout-header .ant-select')
        .filter({ hasText: /English|中文/ })
        .first()
        .click()
    }
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click({ timeout: 3_000 })
    await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en-US' : 'zh-CN', { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape')
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
  await networkQuiet(page)
  // The switch's save has been answered in the page (the answer removes itself).
  if (!save) await page.waitForFunction(() => !(window as unknown as { __keptFetch?: unknown }).__keptFetch)
  await page.mouse.wheel(0, -3000)
  await page.evaluate(() => window.scrollTo(0, 0))
}

/** The screen in en-US and zh-CN, as /tmp/shots/<name>-<language>.png, for people to look at. */
export async function shotsInBothLanguages(page: Page, name: string) {
  await closeToasts(page)
  await networkQuiet(page)
  await page.screenshot({ path: `/tmp/shots/${name}-en-US.png`, fullPage: true })
  await switchLanguage(page, '中文', { save: false })
  await page.screenshot({ path: `/tmp/shots/${name}-zh-CN.png`, fullPage: true })
  await switchLanguage(page, 'English', { save: false })
}

export const modalOk = (page: Page) => page.locator('.ant-modal-footer:visible .ant-btn-primary').click()
export const popconfirmOk = (page: Page) => page.locator('.ant-popconfirm-buttons:visible .ant-btn-primary').click()

/** The smallest well-formed PDF: uploads are checked by content, not by name. */
export const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

/** Opens a tender from the staff list, found by its PR number, on the screen of its status. */
export async function openTender(page: Page, pr: string) {
  await page.goto('/tenders')
  await page.locator('input#prNumber').fill(pr)
  await page.getByRole('button', { name: /search/i }).click()
  await page.getByRole('link', { name: pr }).click()
}

/** The vendor's bid on a tender, found in its tender list by the PR number. */
export async function openBid(page: Page, pr: string) {
  await page.goto('/vendors/tenders')
  await page.getByTestId('invitation-search').fill(pr)
  await page.getByRole('button', { name: /search/i }).click()
  // The PR number comes with the tender, after the bid ("…" until then): on a loaded machine the
  // two requests may take more than the default wait.
  await expect(page.getByTestId('invitations').getByRole('link')).toHaveText([pr], { timeout: 20_000 })
  await page.getByRole('link', { name: pr }).click()
}

/** The admin's mail viewer (Settings → Mail viewer), searched by address and subject. */
export async function searchMails(page: Page, address: string, subject: string) {
  await page.goto('/')
  // The dashboard's Settings card lists the settings screens (as the sidebar's Settings group).
  const settings = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^Settings$/ }) })
  await settings.getByRole('link', { name: 'Mail viewer' }).click()
  await expect(page).toHaveURL(/\/settings\/mail-messages/)
  await page.locator('input#address').fill(address)
  await page.locator('input#subject').fill(subject)
  await page.getByRole('button', { name: /search/i }).click()
  await networkQuiet(page)
}

/** The e2e server's embedded PostgreSQL (the port playwright.config.ts gives it). */
const E2E_DATABASE = `postgres://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? '25477'}/portal`

/**
 * The calendar reaches a tender's closing time: its closing date, and the closing job queued for
 * it when it was issued, move to now. The rest is the real thing: the job queue runs the job, the
 * server closes the tender and every open screen hears of it. (A browser test cannot wait for
 * 17:00 several working days ahead, the earliest closing the portal accepts.)
 */
export async function reachClosingTime(tenderId: string) {
  const client = new pg.Client({ connectionString: E2E_DATABASE })
  await client.connect()
  try {
    await client.query("UPDATE tenders SET closing_at = now() - interval '1 second' WHERE id = $1", [tenderId])
    const job = await client.query("UPDATE pgboss.job SET start_after = now() WHERE name = 'tenders.close' AND state = 'created' AND data->>'tenderId' = $1", [tenderId])
    if (job.rowCount !== 1) throw new Error(`tender ${tenderId}: ${job.rowCount} queued closing jobs, expected 1`)
  } finally {
    await client.end()
  }
}

/** Waits until no CSS animation or transition runs (a dialog opening, a popconfirm fading in). */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
}
