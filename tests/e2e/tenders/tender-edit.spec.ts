import type { Knex } from 'knex'
import { expect, test } from '../fixtures'
import { loginAs, switchLanguage } from '../helpers'
import { createTender } from '../../../backend/src/modules/tenders/seeds/factories'

// The tender edit screen as its user meets it, on a DRAFT of pm.hk's each test builds.
async function openDraft(page: import('@playwright/test').Page, db: Knex) {
  const { prNumber } = await createTender(db, { status: 'DRAFT', amount: 1_800_000, closingDays: 14 })
  await loginAs(page, 'pm.hk')
  await page.goto('/tenders')
  await page.locator('input#prNumber').fill(prNumber)
  await page.getByRole('button', { name: /search/i }).click()
  await page.getByRole('link', { name: prNumber }).click()
  await expect(page).toHaveURL(/\/tender\/edit\/[a-z0-9]{24}$/)
  await expect(page.getByTestId('closing-date')).toBeVisible()
}

test('leaving the edit screen with unsaved changes asks first; a required field is checked on leaving it', async ({ page, db }) => {
  await openDraft(page, db)
  const location = page.locator('textarea#general_projectLocation')
  await location.fill('')
  await location.blur()
  // Validated on blur, not only when submitting.
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible()

  const asked: string[] = []
  page.once('dialog', (dialog) => {
    asked.push(dialog.message())
    void dialog.dismiss()
  })
  await page.locator('.ant-layout-sider').getByRole('link', { name: 'Dashboard', exact: true }).click()
  await expect.poll(() => asked.length).toBe(1)
  expect(asked[0]).toContain('unsaved changes')
  await expect(page).toHaveURL(/\/tender\/edit\/[a-z0-9]{24}$/)
})

test('removing a group of lines asks first', async ({ page, db }) => {
  await openDraft(page, db)
  await page.getByRole('tab', { name: 'Items/Services' }).click()
  const lines = page.getByTestId('item-qty')
  const before = await lines.count()
  await page.getByTestId('remove-group').first().click()
  await expect(page.locator('.ant-popconfirm:visible')).toContainText(/Remove this group and its \d+ line/)
  await page.locator('.ant-popconfirm-buttons:visible .ant-btn').first().click()
  await expect(lines).toHaveCount(before)
})

test('in Chinese the date inputs, the pickers and the units have no English', async ({ page, db }) => {
  await openDraft(page, db)
  await switchLanguage(page, '中文', { save: false })
  try {
    await expect(page.getByTestId('closing-date')).toHaveValue(/^\d{4}年\d{2}月\d{2}日$/)
    // antd's own texts follow the language too (its locale was the English one before).
    await expect(page.locator(`input[placeholder="请选择日期"]`).first()).toBeVisible()
    await page.getByRole('tab', { name: '项目/服务' }).click()
    await expect(page.getByTestId('item-unit').first()).toContainText(/批|工日/)
  } finally {
    await switchLanguage(page, 'English', { save: false })
  }
})
