import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'

/** The header's language switch (saved to the profile, so the test switches back). */
async function switchLanguage(page: Page, name: 'English' | '中文') {
  await page.getByRole('combobox', { name: /language|语言/i }).click({ force: true })
  await page.locator('.ant-select-item-option', { hasText: name }).click()
}

/** The matrix cell of one resource and action: rows are keyed by resource, columns follow the CRUD order. */
const cell = (page: Page, resource: string, action: 'create' | 'read' | 'update' | 'delete') =>
  page.locator(`tr[data-row-key="${resource}"] td`).nth(['create', 'read', 'update', 'delete'].indexOf(action) + 1)

test('granting users read any to Project Manager reaches pm.hk; its old session must log in again', async ({ page, browser }) => {
  // pm.hk signed in before the change.
  const oldContext = await browser.newContext()
  const oldPm = await oldContext.newPage()
  await loginAs(oldPm, 'pm.hk')
  await expect(oldPm.locator('a[href="/settings/users"]')).toHaveCount(0)

  await loginAs(page, 'admin')
  await page.goto('/settings/security-group')
  const row = page.locator('tr.ant-table-row', { hasText: 'Project Manager' })
  await expect(row).toHaveCount(1)
  await row
    .locator('a[href*="/settings/security-group/edit/"], button')
    .filter({ has: page.locator('.anticon-edit') })
    .first()
    .click()
  await expect(page).toHaveURL(/\/settings\/security-group\/edit\/\d+/)
  await expect(page.locator('input#name')).toHaveValue('Project Manager')
  await expect(cell(page, 'buildings', 'read')).toContainText('Any')
  await page.screenshot({ path: '/tmp/shots/group-editor-en-US.png', fullPage: true })

  await switchLanguage(page, '中文')
  await expect(cell(page, 'buildings', 'read')).toContainText('全部')
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
  await page.mouse.wheel(0, -2000)
  await page.screenshot({ path: '/tmp/shots/group-editor-zh-CN.png', fullPage: true })
  await switchLanguage(page, 'English')

  await cell(page, 'users', 'read').locator('.ant-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Any' }).click()
  await expect(cell(page, 'users', 'read')).toContainText('Any')
  await page.getByRole('button', { name: /save/i }).click()
  await expect(page).toHaveURL(/\/settings\/security-group\/\d+$/)

  // A fresh sign-in gets the new rules: the Users menu entry and the list.
  const freshContext = await browser.newContext()
  const freshPm = await freshContext.newPage()
  await loginAs(freshPm, 'pm.hk')
  const usersEntry = freshPm.locator('.ant-layout-sider a[href="/settings/users"], ul[role="menu"] a[href="/settings/users"]').first()
  await expect(usersEntry).toBeVisible()
  await usersEntry.click()
  await expect(freshPm.locator('tr.ant-table-row', { hasText: 'pm.hk' })).toBeVisible()

  // The session from before the change is told to log in again on its next request.
  await oldPm.locator('a[href="/settings/building-list"]').first().click()
  await expect(oldPm.getByText(/your permissions have been updated/i)).toBeVisible()

  await oldContext.close()
  await freshContext.close()
})
