import { expect, test } from '../fixtures'
import { signedIn, switchLanguage } from '../helpers'
import { menuPages, settled, violations } from '../axe'

/*
 * Issue 10 item 2: no serious or critical axe-core violation (WCAG 2.x A and AA) on any screen of
 * any portal, in either language. The users below walk the pages of their menu as it is rendered,
 * through the menu, so a new module's pages are checked as soon as its manifest puts them in a
 * menu. Admin, pm.hk, vendor.alpha and tenant.acme walk their menus with the screens and dialogs
 * those lead to, in accessibility-details.spec.ts; the public pages are checked here.
 */

const USERS = ['approver.hk', 'accounting.hk', 'contractor.acme']

// Each user's walk in each language is a test of its own, on whichever worker is free: a walk of
// both languages took up to 2.3 min, and the walks of one file ran one after another on one worker.
test.describe.configure({ mode: 'parallel' })

for (const username of USERS) {
  for (const language of ['en-US', 'zh-CN'] as const) {
    test(`every menu page has no serious or critical axe violation for ${username}, in ${language}`, async ({ browser }) => {
      test.setTimeout(300_000)
      const page = await signedIn(browser, username)
      // Through the menu, as a user goes; a page outside the portal's frame (the terms of use) has no
      // menu to go on from, so the next page is opened by its address.
      const open = async (path: string) => {
        const link = page.locator(`.ant-layout-sider .ant-menu a[href="${path}"]`)
        if (await link.isVisible()) await link.click()
        else await page.goto(path)
        await expect(page).toHaveURL((url) => url.pathname === path)
        await settled(page)
      }
      const pages = await menuPages(page)
      // A menu of one page would mean the walk read nothing.
      expect(pages.length).toBeGreaterThan(1)
      if (language === 'zh-CN') {
        // The switch is in the portal's header: on the dashboard, which has it.
        await open(pages[0])
        await switchLanguage(page, '中文', { save: false })
      }
      const found: string[] = []
      for (const path of pages) {
        await open(path)
        await expect(page.locator('html')).toHaveAttribute('lang', language)
        found.push(...(await violations(page, `${username} ${language} ${path}`)))
      }
      expect(found, found.join('\n')).toEqual([])
    })
  }
}

test('the public pages have no serious or critical axe violation, in en-US and zh-CN', async ({ browser }) => {
  const found: string[] = []
  for (const language of ['en-US', 'zh-CN'] as const) {
    // A visitor's first language is the browser's.
    const context = await browser.newContext({ locale: language })
    const page = await context.newPage()
    for (const path of ['/pub/login', '/pub/forgot']) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.locator('button[type="submit"]')).toBeVisible()
      await settled(page)
      found.push(...(await violations(page, `public ${language} ${path}`)))
    }
    await context.close()
  }
  expect(found, found.join('\n')).toEqual([])
})
