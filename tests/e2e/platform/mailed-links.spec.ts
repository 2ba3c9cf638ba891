import { expect, test, type Browser, type Page } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'
import { createTestVendor } from '../../../seeds/vendor-factories'

// The accounts locked and reset here are each test's own (a copy of accounting.hk, a vendor of its
// own): the demo accounts other specs sign in with meanwhile keep their password and stay open.

/** The link in the newest mail of a template to an address, read in the admin's mail viewer. */
async function linkFromMail(browser: Browser, template: string, to: string) {
  const context = await browser.newContext()
  const admin = await context.newPage()
  await loginAs(admin, 'admin')
  await admin.goto('/settings/mail-messages')
  const row = admin.locator('.ant-table-row').filter({ hasText: template }).filter({ hasText: to }).first()
  await expect(row).toBeVisible()
  await row.getByRole('button').first().click()
  const anchor = admin.frameLocator('iframe').locator('a[href*="/pub/"]').first()
  await expect(anchor).toBeAttached()
  const href = (await anchor.getAttribute('href'))!
  await context.close()
  const url = new URL(href, 'http://localhost')
  return url.pathname + url.search
}

/** One wrong password, answered before the next: a page left while its sign-in is still on its way may drop it. */
async function failLogin(page: Page, username: string) {
  await page.goto('/pub/login')
  await page.locator('input#username, input[name="username"]').first().fill(username)
  await page.locator('input[type="password"]').first().fill('Wrong#2026')
  const answered = page.waitForResponse((response) => response.url().includes('/authentication') && response.request().method() === 'POST')
  await page.locator('button[type="submit"]').first().click()
  expect((await answered).status()).toBeGreaterThanOrEqual(400)
}

test('a locked user unlocks the account from the mailed link, then signs in', async ({ page, browser, db }) => {
  const { username } = await createTestAccount(db, { like: 'accounting.hk' })
  for (let i = 0; i < 5; i++) await failLogin(page, username)
  await expect(page.getByText(/locked/i).first()).toBeVisible()

  await page.goto('/pub/unlock')
  await page.locator('input#username').fill(username)
  await page
    .getByRole('button', { name: /Send|unlock/i })
    .first()
    .click()
  await expect(page.locator('.ant-result-success')).toBeVisible()

  const link = await linkFromMail(browser, 'account.unlock', `${username}@example.com`)
  expect(link).toMatch(/^\/pub\/confirm-unlock\?token=/)
  await page.goto(link)
  await expect(page.locator('.ant-result-success')).toBeVisible()
  await loginAs(page, username)
  await expect(page).toHaveURL(/localhost:\d+\/(dashboard)?$/)
})

test('a user who forgot the password sets a new one from the mailed link', async ({ page, browser, db }) => {
  const { username } = await createTestVendor(db)
  await page.goto('/pub/forgot')
  await page.locator('input#email').fill(`${username}@example.com`)
  await page
    .getByRole('button', { name: /Send|reset/i })
    .first()
    .click()
  await expect(page.locator('.ant-result-success')).toBeVisible()

  const link = await linkFromMail(browser, 'password.reset', `${username}@example.com`)
  expect(link).toMatch(/^\/pub\/resetpwd\?token=/)
  await page.goto(link)
  const passwords = page.locator('input[type="password"]')
  await passwords.nth(0).fill('weak')
  await passwords.nth(0).blur()
  await expect(page.getByText(/8 characters/i).first()).toBeVisible()
  await passwords.nth(0).fill('Fresh#2027x')
  await passwords.nth(1).fill('Fresh#2027x')
  await page.locator('button[type="submit"]').first().click()
  await expect(page.locator('.ant-result-success, .ant-message-success, .ant-notification-notice-success').first()).toBeVisible()
  await loginAs(page, username, 'Fresh#2027x')
  await expect(page).toHaveURL(/\/vendors\/dashboard$/)
})
