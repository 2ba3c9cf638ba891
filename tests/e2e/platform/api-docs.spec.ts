import { expect, test } from '../fixtures'
import { apiLogin } from '../helpers'

// Issue 10, point 11: a developer reads the API at /docs and tries a call with their own token;
// the call is checked as any other (a vendor's token lists only its own company's accounts).

test('a developer opens /docs, authorizes with a token and lists accounts through it', async ({ page, baseURL }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/docs')
  await expect(page.getByRole('heading', { name: /Estate Portal API/ })).toBeVisible({ timeout: 30_000 })

  await page.getByRole('button', { name: 'Authorize' }).first().click()
  const dialog = page.locator('.dialog-ux')
  await dialog.locator('input').fill(await apiLogin(baseURL!, 'vendor.alpha'))
  await dialog.getByRole('button', { name: 'Apply credentials' }).click()
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  await page.locator('#operations-tag-users').click()
  // The one operation opened: its buttons are the page's only ones of that name.
  await page.getByRole('button', { name: /^GET \/users List users/ }).click()
  const list = page.locator('.opblock.is-open')
  await list.getByRole('button', { name: 'Try it out' }).click()
  await list.getByRole('button', { name: 'Execute' }).click()
  const answer = list.locator('.live-responses-table .response').first()
  await expect(answer.locator('.response-col_status')).toHaveText('200')
  const body = JSON.parse(await answer.locator('.response-col_description pre.microlight').first().innerText())
  expect(body.data.length).toBeGreaterThan(0)
  expect(body.data.every((user: any) => user.companyId === body.data[0].companyId && user.userType >= 400 && user.userType < 500)).toBe(true)
  expect(violations).toEqual([])
})
