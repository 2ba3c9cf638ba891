import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo#2026'

/** Signs in through the login page, as a person would. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/pub/login')
  await page.locator('input#username, input[name="username"]').first().fill(username)
  await page.locator('input#password, input[name="password"], input[type="password"]').first().fill(password)
  await page.locator('button[type="submit"]').first().click()
  await expect(page).not.toHaveURL(/\/pub\/login/)
}

/** Signs in through the API and answers the token, for set-up that is not under test. */
export async function apiLogin(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseURL}/v1/authentication`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password })
  })
  if (response.status !== 201) throw new Error(`login ${username}: ${response.status}`)
  return ((await response.json()) as any).accessToken as string
}
