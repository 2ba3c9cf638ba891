import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

// Each test works as and on accounts of its own (copies of admin and pm.hk): a lock or a language
// saved on a profile reaches no demo account that other specs sign in with meanwhile.

/** The staff users list narrowed to one account, answering that account's row. */
async function userRow(page: Page, username: string) {
  await page.goto('/settings/users')
  await page.locator('input#username').fill(username)
  await page.getByRole('button', { name: /search/i }).click()
  const row = page.locator('tr.ant-table-row', { hasText: username })
  await expect(row).toHaveCount(1)
  return row
}

async function accountAction(page: Page, row: ReturnType<Page['locator']>, action: string) {
  await row.getByTestId(`account-${action}`).click()
  await page.locator('.ant-popconfirm .ant-btn-primary').click()
}

async function tryLogin(page: Page, username: string) {
  await page.goto('/pub/login')
  await page.locator('input#username, input[name="username"]').first().fill(username)
  await page.locator('input[type="password"]').first().fill('Demo#2026')
  await page.locator('button[type="submit"]').first().click()
}

test('an administrator locks a project manager on the staff users screen, who cannot log in until unlocked', async ({ page, browser, db }) => {
  const admin = await createTestAccount(db, { like: 'admin' })
  const manager = await createTestAccount(db, { like: 'pm.hk' })
  await loginAs(page, admin.username)
  let row = await userRow(page, manager.username)
  await expect(row.locator('.ant-tag')).toHaveText(/active/i)
  await page.screenshot({ path: '/tmp/shots/users-list-en-US.png', fullPage: true })

  await accountAction(page, row, 'lock')
  await expect(row.locator('.ant-tag')).toHaveText(/locked/i)
  // Locked: the workflow offers unlock, no longer lock.
  await expect(row.getByTestId('account-unlock')).toBeVisible()
  await expect(row.getByTestId('account-lock')).toHaveCount(0)

  const other = await browser.newContext()
  const pm = await other.newPage()
  await tryLogin(pm, manager.username)
  await expect(pm.getByText(/your account is locked/i).first()).toBeVisible()
  await expect(pm).toHaveURL(/\/pub\/login/)

  row = await userRow(page, manager.username)
  await accountAction(page, row, 'unlock')
  await expect(row.locator('.ant-tag')).toHaveText(/active/i)

  await loginAs(pm, manager.username)
  await expect(pm).toHaveURL(/localhost:\d+\/(dashboard)?$/)
  await other.close()
})

/** The header's language switch (saved to the profile). */
export async function switchLanguage(page: Page, name: 'English' | '中文') {
  await page.getByRole('combobox', { name: /language|语言/i }).click({ force: true })
  await page.locator('.ant-select-item-option', { hasText: name }).click()
}

test('the staff users list in Chinese', async ({ page, db }) => {
  await loginAs(page, (await createTestAccount(db, { like: 'admin' })).username)
  await page.goto('/settings/users')
  await switchLanguage(page, '中文')
  await expect(page.locator('.ant-page-header-heading-title, h3, h4').getByText('用户').first()).toBeVisible()
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/users-list-zh-CN.png', fullPage: true })
  await switchLanguage(page, 'English')
})
