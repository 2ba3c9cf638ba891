import { expect, test } from '@playwright/test'
import { apiLogin, loginAs } from '../helpers'

test('a building added by the administrator appears live in the project manager\'s open list', async ({ page, baseURL }) => {
  await loginAs(page, 'pm.hk')
  await page.goto('/settings/building-list')
  await expect(page.getByText('ES1').first()).toBeVisible()
  await expect(page.getByText('LIVE-ES9')).toHaveCount(0)

  // Another person, in another browser session, adds a building.
  const token = await apiLogin(baseURL!, 'admin')
  const response = await fetch(`${baseURL}/hk/v1/buildings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-cms-action': 'buildings.create' },
    body: JSON.stringify({ code: 'LIVE-ES9', name: 'Live Tower Nine', floors: ['G/F', '1/F'], commonFloor: 'G/F' })
  })
  expect(response.status).toBe(201)

  // No reload: the list refreshes from the live event.
  await expect(page.getByText('LIVE-ES9').first()).toBeVisible()
})
