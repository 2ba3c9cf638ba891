import { expect, test } from '../fixtures'
import { loginAs } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

const landings: Array<[string, RegExp]> = [
  ['admin', /localhost:\d+\/(dashboard)?$/],
  ['pm.hk', /localhost:\d+\/(dashboard)?$/],
  ['approver.hk', /localhost:\d+\/(dashboard)?$/],
  ['accounting.hk', /localhost:\d+\/(dashboard)?$/],
  ['vendor.alpha', /\/vendors\/dashboard$/],
  ['vendor.beta', /\/vendors\/dashboard$/],
  ['tenant.acme', /\/tenants\/dashboard$/],
  ['contractor.acme', /\/tenants\/dashboard$/]
]

for (const [username, landing] of landings) {
  test(`${username} signs in and lands on their portal`, async ({ page }) => {
    await loginAs(page, username)
    await expect(page).toHaveURL(landing)
  })
}

test('a wrong password shows the catalogue message and stays on the login page', async ({ page, db }) => {
  // A failed sign-in counts towards the lock (five): on a copy of pm.hk, whom no other spec signs in as.
  const { username } = await createTestAccount(db, { like: 'pm.hk' })
  await page.goto('/pub/login')
  await page.locator('input#username, input[name="username"]').first().fill(username)
  await page.locator('input[type="password"]').first().fill('Wrong#2026')
  await page.locator('button[type="submit"]').first().click()
  await expect(page.getByText(/invalid username or password/i).first()).toBeVisible()
  await expect(page).toHaveURL(/\/pub\/login/)
})

test('an empty field is named under itself and nothing is sent until both are filled', async ({ page }) => {
  const attempts: string[] = []
  page.on('request', (request) => request.url().includes('/v1/authentication') && attempts.push(request.method()))
  await page.goto('/pub/login')
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your username.' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your password.' })).toBeVisible()
  // Spaces are not a username.
  await page.getByLabel('Username', { exact: true }).fill('   ')
  await page.getByLabel('Password', { exact: true }).fill('Demo#2026')
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your password.' })).toHaveCount(0)
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your username.' })).toBeVisible()
  expect(attempts).toEqual([])
  await page.getByLabel('Username', { exact: true }).fill('admin')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.locator('button[type="submit"]').click()
  await expect(page).not.toHaveURL(/\/pub\/login/)
  expect(attempts).toEqual(['POST'])
})

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404$/)
})

test('a staff page without a session goes to login carrying the path as redirect', async ({ page }) => {
  await page.goto('/settings/users')
  await expect(page).toHaveURL(/\/pub\/login\?redirect=%2Fsettings%2Fusers/)
})
