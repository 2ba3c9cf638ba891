import { expect, test, type Page } from '../fixtures'
import { loginAs, switchLanguage } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * Switching region while on a page whose feature the new region has off (tenancy records: on in
 * Hong Kong, off in Singapore) leads to the new region's dashboard, in the portal's frame, with a
 * short notice in the user's language, not to a bare 404 (issue 27, item 17). A typed address of
 * a switched-off feature still answers 404 (spec section 2).
 */

async function pickRegion(page: Page, option: RegExp) {
  await page
    .getByLabel(/^(Region|地区)$/)
    .first()
    .click({ force: true })
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click()
}

test("switching to a region without the page's feature goes to its dashboard with a notice, in both languages", async ({ page, db }) => {
  const { username } = await createTestAccount(db, { like: 'admin' })
  await loginAs(page, username)
  await page.goto('/allTenancyRecs')
  await expect(page.getByTestId('tenancy-link').first()).toBeVisible({ timeout: 30_000 })

  await pickRegion(page, /Singapore/)
  const notice = page.locator('.ant-notification-notice-warning')
  await expect(notice).toContainText('Tenancy records is not available in Singapore')
  await expect(notice).toContainText('so you are on its dashboard')
  await expect(page).toHaveURL(/\/\/[^/]+\/$/)
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('menu').first()).toBeVisible()

  // A typed address of the switched-off feature is still not found.
  await page.goto('/allTenancyRecs')
  await expect(page).toHaveURL(/\/404$/)

  // In Chinese, from Hong Kong again.
  await page.goto('/')
  // The switch is remembered on the profile before the next page loads.
  const remembered = page.waitForResponse((r) => /\/hk\/v1\/profile\/me/.test(r.url()) && r.request().method() === 'PATCH')
  await pickRegion(page, /Hong Kong/)
  expect((await remembered).ok()).toBe(true)
  await page.goto('/allTenancyRecs')
  await expect(page.getByTestId('tenancy-link').first()).toBeVisible()
  await switchLanguage(page, '中文', { save: false })
  await pickRegion(page, /新加坡|Singapore/)
  await expect(notice).toContainText('未启用租户档案')
  await expect(notice).toContainText('已为您转到此地区的工作台')
  await expect(page).toHaveURL(/\/\/[^/]+\/$/)
  await expect(page.getByRole('banner')).toBeVisible()
})
