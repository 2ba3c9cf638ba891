import axe from 'axe-core'
import { expect, type Page } from '@playwright/test'
import { closeToasts, networkQuiet } from './helpers'

// What the accessibility specs share: axe's verdict on a page, a page settled, the menu's pages.

/** The WCAG 2.x A and AA rules (issue 10 item 2). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe-core in each of the page's frames, once per page load: loading its 550 kB source again for
 * each check (as @axe-core/playwright's builder does, twice per check) cost more than the check.
 * A frame that cannot take it (one closing meanwhile) is left out, as the builder leaves it out.
 */
async function axeIn(page: Page) {
  const configured = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame()
    const loaded = await frame
      .evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function')
      .catch((error) => {
        if (main) throw error
        return true
      })
    if (!loaded)
      await frame.evaluate(configured).catch((error) => {
        if (main) throw error
      })
  }
}

/**
 * The serious and critical violations on the page as it stands, one line each: page, rule, nodes.
 * `within`: only what this CSS selector holds (an open tab's pane, a dialog), when the rest of the
 * page has been checked as it stands; the whole page when nothing matches.
 *
 * axe runs in the page itself (its legacy mode: no blank page opened per run, which hung once on
 * admin's walk; the portal has no cross-origin frames), and answers the violations only: every
 * rule runs on every node as before, but the passed nodes' selectors and markup, which nothing
 * reads, are neither worked out nor sent back.
 */
export async function violations(page: Page, where: string, within?: string): Promise<string[]> {
  await axeIn(page)
  const found = await page.evaluate(
    async ({ within, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') }
      // Looked up as the run starts (a dialog may close itself, a pane be drawn anew, meanwhile).
      const results = await axe.run(within && document.querySelector(within) ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target: target.map(String), html, failureSummary }))
      }))
    },
    { within, tags: TAGS }
  )
  return found
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `      ${node.target.join(' ')} ${node.html.slice(0, 160)}\n        ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
      return `${where} ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes.join('\n')}`
    })
}

/** The page has drawn what it loads: no spinner or skeleton left, nothing on the wire. */
export async function settled(page: Page) {
  await networkQuiet(page)
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0)
  await closeToasts(page)
  // A button that has just been enabled (its rights or lock answered) fades into its colours: axe
  // must read the colours the user is left with, not a frame of the fade. (Endless ones, a status
  // dot's pulse, never finish and are left alone.)
  // Only running ones: a paused or idle animation never finishes, and the walk would wait forever.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined))
    )
  )
}

/** The menu's own pages, read from the rendered sidebar (groups are open by default). */
export async function menuPages(page: Page): Promise<string[]> {
  const links = page.locator('.ant-layout-sider .ant-menu a[href]')
  await expect(links.first()).toBeVisible()
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))
  return [...new Set(hrefs)]
}

/**
 * Makes the page refuse its own writes (any fetch or XHR that is not GET or HEAD) once
 * `refuseWrites(page, true)` is set, so a walk may press a screen's buttons without saving
 * anything: a button that writes at once fails in the page instead. Call before the first
 * navigation; it holds for every page load after. In the page, not a `page.route`: it needs no
 * request interception by the browser (see the note at `switchLanguage`).
 */
export async function guardWrites(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { __refuseWrites?: boolean }
    const refused = (method: string | undefined) => state.__refuseWrites === true && !['GET', 'HEAD'].includes((method ?? 'GET').toUpperCase())
    const fetch = window.fetch
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      if (refused(init?.method ?? (input instanceof Request ? input.method : undefined))) return Promise.reject(new TypeError('Refused: the accessibility walk saves nothing'))
      return fetch.call(this, input, init)
    }
    const open = XMLHttpRequest.prototype.open
    const send = XMLHttpRequest.prototype.send
    const methods = new WeakMap<XMLHttpRequest, string>()
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, ...rest: unknown[]) {
      methods.set(this, method)
      return (open as (...args: unknown[]) => void).call(this, method, ...rest)
    } as typeof XMLHttpRequest.prototype.open
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (refused(methods.get(this))) throw new TypeError('Refused: the accessibility walk saves nothing')
      return send.call(this, body)
    }
  })
}

export const refuseWrites = (page: Page, on: boolean) => page.evaluate((value) => ((window as unknown as { __refuseWrites?: boolean }).__refuseWrites = value), on)

/** Whatever a click may have opened over the screen: a modal or confirm, a drawer, a popconfirm, a menu. */
const OVERLAYS = '.ant-modal-wrap:visible, .ant-drawer-open .ant-drawer-content-wrapper:visible, .ant-popover:visible, .ant-dropdown:visible'
/** The same in CSS, for axe (it skips hidden ones itself). */
const OVERLAY_PARTS = '.ant-modal-wrap, .ant-drawer-open .ant-drawer-content-wrapper, .ant-popover'

/** A button the walk found: its name, whether that is its text or only its label, and whether it is in the open tab. */
interface WalkButton {
  name: string
  byText: boolean
  inTab: boolean
}

/**
 * The buttons of the screen's content a user could press to open something, by name (a name
 * once): not tabs, paging, pickers, selects, uploads (a file chooser), switches (they save),
 * submit buttons, disabled or loading ones.
 */
const buttonsOf = (page: Page): Promise<WalkButton[]> =>
  page.evaluate(() => {
    const skip =
      '.ant-tabs-nav, .ant-pagination, .ant-picker, .ant-select, .ant-upload, .ant-table-column-sorters, .ant-table-filter-trigger, .ant-input-number, .ant-modal, .ant-drawer, .ant-popover, .ant-dropdown, .ant-input-search, .ant-input-affix-wrapper'
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.portal-content button')].filter((button) => {
      if (button.disabled || button.type === 'submit' || button.getAttribute('role') === 'switch' || button.closest(skip)) return false
      if (button.classList.contains('ant-btn-loading') || button.getAttribute('aria-haspopup') === 'listbox') return false
      const box = button.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== 'hidden'
    })
    const found = new Map<string, { name: string; byText: boolean; inTab: boolean }>()
    for (const button of buttons) {
      const text = button.innerText.trim().replace(/\s+/g, ' ')
      const name = text || button.getAttribute('aria-label') || ''
      const inTab = Boolean(button.closest('.ant-tabs-tabpane'))
      if (name && !found.has(`${inTab}${name}`)) found.set(`${inTab}${name}`, { name, byText: Boolean(text), inTab })
    }
    return [...found.values()]
  })

/** The button by its name, as the screen stands now (it may have been drawn again since it was found). */
const buttonNamed = (page: Page, { name, byText, inTab }: WalkButton) => {
  const buttons = inTab ? '.portal-content .ant-tabs-tabpane-active button:visible' : '.portal-content button:visible:not(.ant-tabs-tabpane button)'
  return byText
    ? page
        .locator(buttons)
        .filter({ hasText: new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
        .first()
    : page
        .locator(buttons)
        .and(page.locator(`[aria-label="${name.replace(/"/g, '\\"')}"]`))
        .first()
}

/** Two frames: a click's state change has rendered (a dialog's first frame is on screen). */
const nextFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))

/** Closes what is open over the screen as a user would: Escape, else its cancel or close button. */
async function closeOverlays(page: Page) {
  await page.keyboard.press('Escape')
  await expect(async () => {
    if (!(await page.locator(OVERLAYS).count())) return
    const cancel = page.locator(
      '.ant-modal-wrap:visible .ant-modal-close, .ant-modal-wrap:visible .ant-modal-confirm-btns .ant-btn:not(.ant-btn-primary), .ant-popover:visible .ant-popconfirm-buttons .ant-btn:not(.ant-btn-primary), .ant-drawer-open .ant-drawer-close'
    )
    if (await cancel.count()) await cancel.first().click({ timeout: 2_000 })
    else await page.keyboard.press('Escape')
    await expect(page.locator(OVERLAYS)).toHaveCount(0, { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}

/**
 * Each dialog the screen's buttons open (a button name once per screen, `pressed` across its
 * tabs), checked by axe as it stands open, then closed. Nothing is saved: the page refuses its
 * writes meanwhile (`guardWrites` on the page first). A button that leads to another screen is
 * left, and the walk comes back. `screen` opens the screen again as the walk found it.
 */
export async function dialogViolations(page: Page, where: string, pressed: Set<string>, screen: () => Promise<void>): Promise<{ found: string[]; dialogs: string[] }> {
  const found: string[] = []
  const dialogs: string[] = []
  const url = page.url()
  // What a click sets off (a dialog's code, its options) has arrived before the walk looks.
  let inFlight = 0
  const started = () => inFlight++
  const ended = () => inFlight--
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await refuseWrites(page, true)
    for (const button of await buttonsOf(page)) {
      // The screen's own buttons once whichever tab is open, a tab's once in that tab.
      const key = button.inTab ? `${where} ${button.name}` : button.name
      if (pressed.has(key)) continue
      pressed.add(key)
      const target = buttonNamed(page, button)
      // Gone or off since the screen was drawn again (a row's buttons after a reload): nothing to press.
      if (!(await target.count()) || (await target.isDisabled())) continue
      await target.click({ timeout: 10_000 })
      await nextFrames(page)
      // A download never reports its end to the page's request events: looked at after 10 s whatever.
      await expect
        .poll(() => inFlight, { timeout: 10_000 })
        .toBeLessThanOrEqual(0)
        .catch(() => undefined)
      await nextFrames(page)
      if (page.url() !== url) {
        await screen()
        await refuseWrites(page, true)
        continue
      }
      if (await page.locator(OVERLAYS).count()) {
        // A menu (a "more" button) is not a dialog: closed unread.
        if (!(await page.locator('.ant-dropdown:visible').count())) {
          await settled(page)
          dialogs.push(button.name)
          // The dialog alone: the screen under it was checked before its buttons were pressed.
          found.push(...(await violations(page, `${where} dialog "${button.name}"`, OVERLAY_PARTS)))
        }
        await closeOverlays(page)
      }
      await closeToasts(page)
    }
    await refuseWrites(page, false)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
  return { found, dialogs }
}
