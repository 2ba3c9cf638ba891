import { expect, test } from '../fixtures'
import { loginAs, tickOptions } from '../helpers'

// The staff tender list's own filters, on the seeded tenders pm.hk manages (PR-ES-0001…0007):
// the spec's numeric amount filter and the purchase order number (PO-ES-0006 of PR-ES-0006).
test('the tender list filters by amount with a comparison and by PO number', async ({ page }) => {
  await loginAs(page, 'pm.hk')
  await page.goto('/tenders')
  const rows = page.locator('.ant-table-row')
  await expect(rows.first()).toBeVisible()

  await page.getByTestId('amount-filter').fill('>= 1,000,000')
  await page.getByRole('button', { name: /search/i }).click()
  await expect(rows.filter({ hasText: 'PR-ES-0002' })).toHaveCount(1) // 3,200,000
  await expect(rows.filter({ hasText: 'PR-ES-0003' })).toHaveCount(0) // 650,000
  const amounts = await page.locator('.ant-table-row td.ant-table-cell[style*="right"]').allTextContents()
  expect(amounts.length).toBeGreaterThan(0)
  for (const amount of amounts) expect(Number(amount.replace(/[^0-9.]/g, ''))).toBeGreaterThanOrEqual(1_000_000)

  await page.getByRole('button', { name: /reset/i }).click()
  await page.getByTestId('po-filter').fill('es-0006')
  await page.getByRole('button', { name: /search/i }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('PR-ES-0006')
})

// Alpha's invitations (seeds/tenders.ts, seeds/addenda.ts): more than a page, in every state.
test("the vendor's invitation list filters by the bid's status", async ({ page }) => {
  await loginAs(page, 'vendor.alpha')
  await page.goto('/vendors/tenders')
  const rows = page.getByTestId('invitations').locator('.ant-table-row')
  await expect(rows.first()).toBeVisible()
  // The demo tenders only (other specs add invitations of their own meanwhile), whatever the page size.
  await page.getByTestId('invitation-search').fill('PR-ES-000')
  await page.getByTestId('bid-status-filter').click()
  await tickOptions(page, [/^Invited$/])
  await page.getByRole('button', { name: /search/i }).click()
  await expect(rows.filter({ hasText: 'PR-ES-0008' })).toHaveCount(1) // invited to addendum 1 (A-Invited)
  await expect(rows.filter({ hasText: 'PR-ES-0003' })).toHaveCount(0) // submitted
  for (const status of await rows.locator('.ant-tag').allTextContents()) expect(status).toMatch(/Invited/)
})
