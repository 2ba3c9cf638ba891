import { expect, test } from '../fixtures'
import { apiLogin, loginAs } from '../helpers'

test('an administrator finds a write in the audit log and counts it in the audit report', async ({ page, baseURL }) => {
  const token = await apiLogin(baseURL!, 'admin')
  const response = await fetch(`${baseURL}/hk/v1/buildings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-cms-action': 'settings.building.create' },
    body: JSON.stringify({ code: 'AUDIT1', name: 'Audited Tower', floors: ['G/F'], commonFloor: 'G/F' })
  })
  expect(response.status).toBe(201)

  await loginAs(page, 'admin')
  await page.goto('/settings/audit-log')
  await expect(page.getByText('settings.building.create').first()).toBeVisible()
  await page.goto('/settings/audit-report')
  await expect(page.getByRole('columnheader', { name: 'Writes' })).toBeVisible()
  await expect(page.locator('.ant-table-row').filter({ hasText: 'settings.building.create' }).first()).toBeVisible()
})
