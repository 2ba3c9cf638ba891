import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

async function switchLanguage(page: Page, label: string, option: string) {
  await page.getByLabel(label).first().click({ force: true })
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click()
  await page.waitForLoadState('networkidle')
}

// Every screen a user meets first, in both languages: the screenshots are for people to look at;
// the assertions check that no English is left on the Chinese screens. The language switch is
// remembered on the profile: each test signs in as copies of the demo's admin, vendor and tenant.
for (const language of ['en-US', 'zh-CN'] as const) {
  test(`login page and dashboards in ${language}`, async ({ page, db }) => {
    await page.addInitScript((lang) => localStorage.setItem('portal.language', lang), language)
    await page.goto('/pub/login')
    if (language === 'zh-CN') {
      const switcher = page
        .locator('.ant-select')
        .filter({ hasText: /English|中文/ })
        .first()
      // The switch loads after the sign-in form (a chunk of its own): wait for it as a user would.
      await switcher.click()
      await page.locator('.ant-select-item-option').filter({ hasText: '中文' }).first().click()
      await expect(page.getByText('登录').first()).toBeVisible()
    }
    await page.screenshot({ path: `test-results/shots/login-${language}.png`, fullPage: true })
    for (const like of ['admin', 'vendor.alpha', 'tenant.acme']) {
      await loginAs(page, (await createTestAccount(db, { like })).username)
      await page.waitForLoadState('networkidle')
      if (language === 'zh-CN') await switchLanguage(page, 'Language', '中文')
      await page.screenshot({ path: `test-results/shots/dashboard-${like}-${language}.png`, fullPage: true })
      if (language === 'zh-CN') {
        await expect(page.getByText('Dashboard', { exact: true })).toHaveCount(0)
        await expect(page.getByText('Settings', { exact: true })).toHaveCount(0)
        // Back to English before the next account signs in.
        await switchLanguage(page, '语言', 'English')
      }
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (!key.includes('language')) localStorage.removeItem(key)
      })
    }
  })
}
