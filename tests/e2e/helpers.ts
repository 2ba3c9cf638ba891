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

/**
 * Chooses one option of a single-choice select in the open dialog, by the label of its form item,
 * and waits for the option list to close: a list still open (its closing can lag on a busy
 * machine) would catch the next click, e.g. on the dialog's OK button.
 */
export async function chooseInDialog(page: Page, label: RegExp, option: RegExp) {
  const select = page.locator('.ant-modal:visible .ant-form-item', { hasText: label }).locator('.ant-select')
  await select.click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click()
  await expect(select.locator('.ant-select-selection-item')).toContainText(option)
  await optionListClosed(page)
}

/** Waits for a single select's option list to close after a choice, closing it if it lingers. */
export async function optionListClosed(page: Page) {
  const list = page.locator('.ant-select-dropdown:visible')
  await expect(list).toHaveCount(0, { timeout: 3_000 }).catch(async () => {
    // Escape closes the option list only (the select keeps the key from the dialog).
    await page.keyboard.press('Escape')
    await expect(list).toHaveCount(0)
  })
}
