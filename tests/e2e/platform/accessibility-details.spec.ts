import { expect, test, type Page } from '../fixtures'
import { signedIn, switchLanguage } from '../helpers'
import { menuPages, settled, violations } from '../axe'

/*
 * Issue 10 item 2, beyond the menu's lists (accessibility.spec.ts): the screens a list leads to.
 * From every menu page each demo user opens the first record's screen and the page's "create"
 * screen and walks every tab of each: no serious or critical axe-core violation on any of them, in
 * en-US and zh-CN. The screens are found from the rendered pages, so a new module's detail screens
 * are checked once its list links to them. Nothing is clicked that would save.
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

for (const username of USERS) {
  for (const language of ['en-US', 'zh-CN'] as const) {
    test(`the detail and create screens reached from ${username}'s menu have no serious or critical axe violation in ${language}`, async ({ browser }) => {
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
      for (const path of [...new Set(screens)]) {
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
