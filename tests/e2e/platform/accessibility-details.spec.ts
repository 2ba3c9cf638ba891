import { expect, test, type Page } from '../fixtures'
import { signedIn, switchLanguage } from '../helpers'
import { createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'
import { dialogViolations, guardWrites, menuPages, settled, violations } from '../axe'

/*
 * Issue 10 item 2, beyond the menu's lists (accessibility.spec.ts): the screens a list leads to.
 * From every menu page each demo user opens the first record's screen and the page's "create"
 * screen and walks every tab of each: no serious or critical axe-core violation on any of them, in
 * en-US and zh-CN. The screens are found from the rendered pages, so a new module's detail screens
 * are checked once its list links to them. Nothing is clicked that would save.
 *
 * Then the dialogs: on every menu page and every screen above, each tab, the walk presses each
 * button that opens something (a confirm, the tender's Issue dialog, an invitation or account
 * dialog, a new tender...), checks the dialog as it stands open, and closes it; the page refuses
 * its own writes meanwhile, so a button that would save saves nothing.
 */

const USERS = ['admin', 'pm.hk', 'vendor.alpha', 'tenant.acme']

// Each user and language on a worker of its own where there are several: each walk is long.
test.describe.configure({ mode: 'parallel' })

/** The screens a list page leads to: its first record's (a link in the table) and its "create" screen. */
async function screensFrom(page: Page): Promise<string[]> {
  const internal = (href: string | null) => (href && href.startsWith('/') && !href.startsWith('//') ? href : undefined)
  const first = await page
    .locator('.ant-table-tbody a[href], .ant-list-items a[href]')
    .first()
    .getAttribute('href', { timeout: 1_000 })
    .catch(() => null)
  const create = await page
    .locator('a[href$="/create"]')
    .first()
    .getAttribute('href', { timeout: 1_000 })
    .catch(() => null)
  return [internal(first), internal(create)].filter((href): href is string => Boolean(href))
}

/** Every tab of the screen in turn (a tab that is already open included), each checked. */
async function eachTab(page: Page, where: string, found: string[]) {
  const tabs = page.locator('.ant-tabs-nav .ant-tabs-tab:not(.ant-tabs-tab-disabled)')
  const count = await tabs.count()
  for (let index = 0; index < count; index++) {
    await tabs.nth(index).click()
    await settled(page)
    found.push(...(await violations(page, `${where} tab ${index + 1}`)))
  }
}

/**
 * Admin's walk (its menu leads to 30 and more screens) is cut in two halves of those screens, each a
 * test of its own: whole, it took 3 min in each language, and the two workers finished unevenly.
 */
const PARTS: Record<string, number> = { admin: 2 }

for (const username of USERS) {
  for (const language of ['en-US', 'zh-CN'] as const) {
    const parts = PARTS[username] ?? 1
    for (let part = 0; part < parts; part++) {
      const which = parts > 1 ? ` (part ${part + 1} of ${parts})` : ''
      test(`the detail and create screens reached from ${username}'s menu have no serious or critical axe violation in ${language}${which}`, async ({ browser }) => {
        test.setTimeout(420_000)
        const page = await signedIn(browser, username)
        const lists = await menuPages(page)
        const screens: string[] = []
        for (const list of lists) {
          await page.goto(list)
          await settled(page)
          screens.push(...(await screensFrom(page)))
        }
        // Every demo user's lists lead somewhere: an empty walk would check nothing.
        expect(screens.length).toBeGreaterThan(0)
        // The language is switched in the portal's header: the walk may have ended on a page without
        // one (the vendor's menu links the terms of use, a public page).
        if (language === 'zh-CN') {
          await page.goto(lists[0])
          await settled(page)
          await switchLanguage(page, '中文', { save: false })
        }
        const found: string[] = []
        // Every part reads the lists (quick); each checks its share of the screens they lead to (long).
        for (const path of [...new Set(screens)].filter((_, index) => index % parts === part)) {
          await page.goto(path)
          await expect(page.locator('html')).toHaveAttribute('lang', language)
          await settled(page)
          const where = `${username} ${language} ${path}`
          found.push(...(await violations(page, where)))
          await eachTab(page, where, found)
        }
        expect(found, found.join('\n')).toEqual([])
      })
    }
  }
}

// Not admin's yet: its walk (17 dialogs, 0 violations in en-US once) does not finish reliably, a
// screen reopened after a pressed button (the new security group's) still loading at times.
// Nor vendor.alpha's yet: its en-US walk hung once in CI until the 10-minute timeout (the
// sub-account dialogs of /vendors/settings, reached only at times); its zh-CN walk passed.
const DIALOG_USERS = ['pm.hk', 'tenant.acme']

for (const username of DIALOG_USERS) {
  for (const language of ['en-US', 'zh-CN'] as const) {
    test(`the dialogs opened from ${username}'s screens have no serious or critical axe violation in ${language}`, async ({ browser, db }) => {
      test.setTimeout(600_000)
      // Staff also meet a tender approved for issue, of pm.hk: its Issue dialog (no list's first row is one).
      const built: string[] = []
      if (username === 'pm.hk') {
        const parties = await demoParties(db)
        const approved = await createTender(db, { status: 'WAPPR', extra: { status: 'APPR', approvedBy: parties.approver } }, parties)
        built.push(`/tender/${approved.id}`)
      }
      const page = await signedIn(browser, username)
      await guardWrites(page)
      const lists = await menuPages(page)
      if (language === 'zh-CN') {
        await page.goto(lists[0])
        await settled(page)
        await switchLanguage(page, '中文', { save: false })
      }
      const found: string[] = []
      const dialogs: string[] = []
      const visited = new Set<string>()
      const walk = async (path: string) => {
        if (visited.has(path)) return
        visited.add(path)
        const open = async (tab?: number) => {
          await page.goto(path)
          await expect(page.locator('html')).toHaveAttribute('lang', language)
          await settled(page)
          if (tab !== undefined) {
            await page.locator('.ant-tabs-nav .ant-tabs-tab:not(.ant-tabs-tab-disabled)').nth(tab).click()
            await settled(page)
          }
        }
        await open()
        const next = path.endsWith('/create') ? [] : await screensFrom(page)
        // A button is pressed once per screen, whichever tab shows it.
        const pressed = new Set<string>()
        const record = (result: { found: string[]; dialogs: string[] }) => {
          found.push(...result.found)
          dialogs.push(...result.dialogs.map((name) => `${path} ${name}`))
        }
        // A screen with tabs is walked tab by tab (its own buttons with the first).
        const tabs = await page.locator('.ant-tabs-nav .ant-tabs-tab:not(.ant-tabs-tab-disabled)').count()
        if (!tabs) record(await dialogViolations(page, `${username} ${language} ${path}`, pressed, () => open()))
        for (let tab = 0; tab < tabs; tab++) {
          await open(tab)
          record(await dialogViolations(page, `${username} ${language} ${path} tab ${tab + 1}`, pressed, () => open(tab)))
        }
        return next
      }
      for (const list of lists) {
        for (const screen of (await walk(list)) ?? []) await walk(screen)
      }
      for (const screen of built) await walk(screen)
      // The global search (Ctrl+K) opens over every screen.
      await page.goto(lists[0])
      await settled(page)
      await page.keyboard.press('Control+k')
      await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(1)
      await settled(page)
      found.push(...(await violations(page, `${username} ${language} global search`)))
      console.log(`${username} ${language}: ${dialogs.length} dialogs\n  ${dialogs.join('\n  ')}`)
      // Every demo user meets dialogs on its screens: a walk that opened none checked nothing.
      expect(dialogs.length).toBeGreaterThan(0)
      expect(found, found.join('\n')).toEqual([])
    })
  }
}
