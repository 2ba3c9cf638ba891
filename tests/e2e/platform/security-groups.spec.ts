import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount, createTestGroup } from '../../../seeds/account-factories'

// The grants change on a copy of the Project Manager group, whose only member is a copy of pm.hk:
// the demo group keeps its grants and pm.hk's sessions in other specs stay signed in.

/** The header's language switch (saved to the profile). */
async function switchLanguage(page: Page, name: 'English' | '中文') {
  await page.getByRole('combobox', { name: /language|语言/i }).click({ force: true })
  await page.locator('.ant-select-item-option', { hasText: name }).click()
}

/** The matrix cell of one resource and action: rows are keyed by resource, columns follow the CRUD order. */
const cell = (page: Page, resource: string, action: 'create' | 'read' | 'update' | 'delete') =>
  page.locator(`tr[data-row-key="${resource}"] td`).nth(['create', 'read', 'update', 'delete'].indexOf(action) + 1)

test("granting users read any to a project managers' group reaches its member, in a new session and live in the one already open", async ({ page, browser, db }) => {
  // Three sessions (the administrator, the member's open one, a fresh one) on a loaded CI machine.
  test.setTimeout(120_000)
  const group = await createTestGroup(db, { like: 'Project Manager' })
  const manager = await createTestAccount(db, { like: 'pm.hk', groups: [group] })
  const admin = await createTestAccount(db, { like: 'admin' })
  // The project manager signed in before the change.
  const oldContext = await browser.newContext()
  const oldPm = await oldContext.newPage()
  await loginAs(oldPm, manager.username)
  await expect(oldPm.locator('a[href="/settings/users"]')).toHaveCount(0)

  await loginAs(page, admin.username)
  await page.goto('/settings/security-group')
  await page.locator('input#name').fill(group.name)
  await page.getByRole('button', { name: /search/i }).click()
  const row = page.locator('tr.ant-table-row', { hasText: group.name })
  await expect(row).toHaveCount(1)
  // The list writes its search into the address a moment later: a click before that lands on the
  // editor, then that write takes the screen back to the list.
  await expect(page).toHaveURL(new RegExp(encodeURIComponent(group.name)))
  await row
    .locator('a[href*="/settings/security-group/edit/"], button')
    .filter({ has: page.locator('.anticon-edit') })
    .first()
    .click()
  await expect(page).toHaveURL(/\/settings\/security-group\/edit\/\d+/)
  // The editor has loaded the group once its matrix shows a grant (the group and its grants come
  // in one answer; a loaded CI machine may take more than the default wait for the page).
  await expect(cell(page, 'buildings', 'read')).toContainText('Any', { timeout: 20_000 })
  // The editor's name (the list's search field, of the same id, may still be on the screen).
  await expect(page.locator('.ant-form-vertical input#name')).toHaveValue(group.name)
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

  // The session from before the change takes the new rights as they are saved (issue 27 item 20):
  // told on its live connection, it renews its token; the notice (a toast of 10 s: looked for first) and the Users entry appear with
  // no new sign-in and no reload, and the list answers under the new rights.
  await expect(oldPm.getByText(/your permissions have changed/i)).toBeVisible()
  await expect(oldPm.getByText(/your permissions have been updated/i)).toHaveCount(0)
  const liveEntry = oldPm.locator('.ant-layout-sider a[href="/settings/users"], ul[role="menu"] a[href="/settings/users"]').first()
  await expect(liveEntry).toBeVisible()
  await liveEntry.click()
  await oldPm.locator('input#username').fill(manager.username)
  await oldPm.getByRole('button', { name: /search/i }).click()
  await expect(oldPm.locator('tr.ant-table-row', { hasText: manager.username })).toBeVisible()

  // A fresh sign-in gets the new rules: the Users menu entry and the list.
  const freshContext = await browser.newContext()
  const freshPm = await freshContext.newPage()
  await loginAs(freshPm, manager.username)
  const usersEntry = freshPm.locator('.ant-layout-sider a[href="/settings/users"], ul[role="menu"] a[href="/settings/users"]').first()
  await expect(usersEntry).toBeVisible()
  await usersEntry.click()
  await freshPm.locator('input#username').fill(manager.username)
  await freshPm.getByRole('button', { name: /search/i }).click()
  await expect(freshPm.locator('tr.ant-table-row', { hasText: manager.username })).toBeVisible()

  await oldContext.close()
  await freshContext.close()
})
