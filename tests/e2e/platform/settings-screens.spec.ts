import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

const code = `E2E${Date.now() % 1_000_000}`
let buildingId: number | undefined

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label).first().click({ force: true })
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click()
}

async function addFloor(page: Page, floor: string) {
  await page.getByTestId('floors-new').fill(floor)
  await page.getByTestId('floors-add').click()
}

const save = (page: Page) =>
  page
    .locator('.ant-card-actions, .ant-page-header, main')
    .getByRole('button', { name: /Save|保存/ })
    .first()
    .click()

test.describe.configure({ mode: 'serial' })

test('admin creates a building with floors and sees it in the list', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/settings/building-list')
  await page
    .getByRole('button', { name: /Create/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/settings\/building-list\/create/)
  await expect(page.getByTestId('floors-new')).toBeVisible()

  // Validation on blur, with a clear message.
  await page.locator('#code').fill('bad code!')
  await page.locator('#code').blur()
  await expect(page.getByText('Letters, digits and . _ / - only')).toBeVisible()
  await page.locator('#code').fill(code)
  await page.locator('#name').fill(`E2E Tower ${code}`)
  await page.locator('#shortName').fill('E2E')
  for (const floor of ['G', '1/F', 'B1']) await addFloor(page, floor)
  // B1 belongs below G: move it up twice.
  const rows = page.getByTestId('floors-row')
  await expect(rows).toHaveCount(3)
  await rows.nth(2).getByRole('button', { name: 'Move up' }).click()
  await rows.nth(1).getByRole('button', { name: 'Move up' }).click()
  await expect(rows.nth(0).locator('input')).toHaveValue('B1')
  await page.locator('#commonFloor').click({ force: true })
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^G$/ }).click()
  await page.locator('#hotline').fill('+852 2345 6789')

  const created = page.waitForResponse((r) => /\/v1\/buildings$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST')
  await save(page)
  const response = await created
  expect(response.status()).toBe(201)
  buildingId = ((await response.json()) as { id: number }).id
  expect(((await response.json()) as { floors: string[] }).floors).toEqual(['B1', 'G', '1/F'])

  await expect(page).toHaveURL(/\/settings\/building-list(\?|$)/)
  await page.locator('#code').fill(code)
  await page.getByRole('button', { name: /Search/ }).click()
  await expect(page.locator('.ant-table-row').filter({ hasText: code })).toBeVisible()
  await expect(page.locator('.ant-table-row').filter({ hasText: code })).toContainText('3 floors (B1 – 1/F)')
})

test('saving from a stale copy (410) shows what the other save changed beside the typing', async ({ page, context }) => {
  expect(buildingId).toBeDefined()
  await loginAs(page, 'admin')
  const other = await context.newPage()
  await page.goto(`/settings/building-list/edit/${buildingId}`)
  await other.goto(`/settings/building-list/edit/${buildingId}`)
  await expect(page.locator('#code')).toHaveValue(code)
  await expect(other.locator('#code')).toHaveValue(code)

  await page.locator('#fullName').fill('Saved first')
  const first = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/buildings\//.test(r.url()))
  await save(page)
  expect((await first).status()).toBe(200)

  await other.locator('#fullName').fill('Saved second, from the old copy')
  const second = other.waitForResponse((r) => r.request().method() === 'PATCH' && /\/buildings\//.test(r.url()))
  await save(other)
  expect((await second).status()).toBe(410)
  await expect(other.getByTestId('edit-conflict')).toContainText('Someone else saved this record while you were editing')
  await expect(other.getByTestId('conflict-fullName-theirs')).toContainText('Saved first')
  await expect(other.getByTestId('conflict-fullName-yours')).toContainText('Saved second, from the old copy')
  await expect(other.locator('#fullName')).toHaveValue('Saved second, from the old copy')
  await other.close()
})

test('pm.hk sees the buildings list read-only', async ({ page }) => {
  await loginAs(page, 'pm.hk')
  await page.goto('/settings/building-list')
  await expect(page.locator('.ant-table-row').first()).toBeVisible()
  await expect(page.getByRole('button', { name: /Create/ })).toHaveCount(0)
  await expect(page.locator('.ant-table-row').first().getByRole('button')).toHaveCount(0)
})

test('screenshots of the buildings and departments screens in both languages', async ({ page, db }) => {
  await page.setViewportSize({ width: 1400, height: 1000 })
  // The language switch is remembered on the profile: a copy of admin's, not admin's, that other specs sign in with meanwhile.
  await loginAs(page, (await createTestAccount(db, { like: 'admin' })).username)
  for (const [lang, option] of [
    ['en', 'English'],
    ['zh', '中文']
  ] as const) {
    if (lang === 'zh') {
      await pick(page, 'Language', option)
      await expect(page.getByText('工作台').first()).toBeVisible()
    }
    await page.goto('/settings/building-list')
    await expect(page.locator('.ant-table-row').first()).toBeVisible()
    await page.screenshot({ path: `/tmp/shots/buildings-list-${lang}.png`, fullPage: true })
    await page.goto(`/settings/building-list/edit/${buildingId}`)
    await expect(page.getByTestId('floors-row').first()).toBeVisible()
    await page.screenshot({ path: `/tmp/shots/building-edit-${lang}.png`, fullPage: true })
    await page.goto('/settings/departments')
    await expect(page.locator('.ant-table-row').first()).toBeVisible()
    await page.locator('.ant-table-row').first().locator('button').first().click()
    await expect(page).toHaveURL(/\/settings\/departments\/edit\//)
    await expect(page.locator('#itqThreshold')).toBeVisible()
    await expect(page.locator('input[id$="_shortname"]').first()).not.toHaveValue('')
    await page.screenshot({ path: `/tmp/shots/department-edit-${lang}.png`, fullPage: true })
    if (lang === 'zh') {
      await expect(page.getByText('Save', { exact: true })).toHaveCount(0)
      await pick(page, '语言', 'English')
      await expect(page.getByText('Dashboard').first()).toBeVisible()
    }
  }
})
