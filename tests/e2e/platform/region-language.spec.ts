import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

// The region and the language chosen here are remembered on the profile of an account of the
// test's own (a copy of admin, of approver.hk): the demo accounts other specs sign in with
// meanwhile keep theirs.

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label).first().click({ force: true })
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click()
}

test('admin switches region: the API follows, and the choice is remembered on the profile', async ({ page, db }) => {
  const { username } = await createTestAccount(db, { like: 'admin' })
  await loginAs(page, username)
  await expect(
    page
      .locator('.ant-select-selection-item')
      .filter({ hasText: /Hong Kong|HK/ })
      .first()
  ).toBeVisible()
  const profileCall = page.waitForResponse((response) => /\/sg\/v1\/profile/.test(response.url()) && response.status() === 200)
  await pick(page, 'Region', /Singapore|SG/)
  await profileCall
  await expect(
    page
      .locator('.ant-select-selection-item')
      .filter({ hasText: /Singapore|SG/ })
      .first()
  ).toBeVisible()

  // A new session starts in the region chosen last.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await loginAs(page, username)
  await expect(
    page
      .locator('.ant-select-selection-item')
      .filter({ hasText: /Singapore|SG/ })
      .first()
  ).toBeVisible()
  // And back.
  await pick(page, 'Region', /Hong Kong|HK/)
  await expect(
    page
      .locator('.ant-select-selection-item')
      .filter({ hasText: /Hong Kong|HK/ })
      .first()
  ).toBeVisible()
})

test('a user with one region sees no other region to switch to', async ({ page }) => {
  await loginAs(page, 'pm.hk')
  await expect(page.getByLabel('Region').first()).toHaveClass(/ant-select-disabled/)
})

test('switching to Chinese leaves no English in the shell, and is remembered', async ({ page, db }) => {
  const { username } = await createTestAccount(db, { like: 'approver.hk' })
  await loginAs(page, username)
  await pick(page, 'Language', '中文')
  await expect(page.getByText('工作台').first()).toBeVisible()
  await expect(page.getByText('Dashboard', { exact: true })).toHaveCount(0)
  await page.evaluate(() => localStorage.clear())
  await loginAs(page, username)
  await expect(page.getByText('工作台').first()).toBeVisible()
  // And back to English.
  await pick(page, '语言', 'English')
  await expect(page.getByText('Dashboard').first()).toBeVisible()
})
