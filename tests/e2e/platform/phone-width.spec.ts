import { expect, test, type Page } from '../fixtures'
import { animationsDone, shotsInBothLanguages, signedIn } from '../helpers'

/*
 * Issue 10 item 8: vendors and contractors use the portal on site, on a phone. At 390 x 844 the
 * header stays on one line, nothing pushes the page sideways, the menu is a drawer that opens and
 * navigates, a list scrolls in its own box and a form can be filled in; as a vendor and as staff.
 */

const PHONE = { width: 390, height: 844 }

/** No part of the page reaches past the screen's right edge. */
async function noSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
}

/** The header is one line: as tall as Ant's header (64 px), its switches and the user inside it. */
async function headerOnOneLine(page: Page) {
  const header = page.locator('.ant-layout-header')
  const box = (await header.boundingBox())!
  expect(box.height).toBeLessThanOrEqual(64)
  expect(box.width).toBeLessThanOrEqual(PHONE.width)
  for (const part of [page.getByTestId('open-menu'), page.getByTestId('user-menu'), header.locator('.ant-select').filter({ hasText: /English|中文/ })]) {
    const inner = (await part.boundingBox())!
    expect(inner.y).toBeGreaterThanOrEqual(box.y)
    expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height)
    expect(inner.x + inner.width).toBeLessThanOrEqual(PHONE.width)
  }
}

/** Opens the menu drawer and goes to one of its pages; the drawer closes on the way. */
async function goThroughMenu(page: Page, label: RegExp, path: string) {
  // The sidebar of a wide screen gives its width to the page here.
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0)
  await page.getByTestId('open-menu').click()
  const drawer = page.locator('.portal-menu-drawer .ant-drawer-content')
  await expect(drawer).toBeVisible()
  await animationsDone(page)
  await page.screenshot({ path: `/tmp/shots/phone-menu-${path.replaceAll('/', '')}.png` })
  await drawer.getByRole('link', { name: label }).click()
  await expect(page).toHaveURL((url) => url.pathname === path)
  await expect(drawer).toBeHidden()
}

/** The list's rows are there and its last column is reached by scrolling the table, not the page. */
async function listScrolls(page: Page, table: ReturnType<Page['locator']>) {
  await expect(table.locator('.ant-table-row').first()).toBeVisible()
  const lastHeader = table.locator('thead th').last()
  await lastHeader.scrollIntoViewIfNeeded()
  await expect(lastHeader).toBeInViewport()
  await noSidewaysScroll(page)
}

/** The change-password form fits the screen and answers as it is filled in (nothing is saved). */
async function passwordFormAnswers(page: Page) {
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  const form = page.locator('.ant-card').filter({ hasText: 'Change password' })
  await form.getByRole('button', { name: /change password/i }).click()
  await expect(form.getByText('Please enter your current password.')).toBeVisible()
  for (const input of await form.locator('input').all()) {
    const box = (await input.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
  }
  await form.locator('input#newPassword').fill('Another#Pass2026')
  await form.locator('input#newPasswordRepeat').fill('Different#Pass2026')
  await form.locator('input#currentPassword').fill('not-sent')
  await form.getByRole('button', { name: /change password/i }).click()
  await expect(form.getByText('The two passwords do not match.')).toBeVisible()
  await noSidewaysScroll(page)
}

test('a vendor works at 390 px: header on one line, menu drawer, invitations list, a form', async ({ browser }) => {
  const page = await signedIn(browser, 'vendor.alpha', PHONE)
  await page.waitForLoadState('networkidle')
  await headerOnOneLine(page)
  await noSidewaysScroll(page)
  await shotsInBothLanguages(page, 'phone-vendor-dashboard')

  await goThroughMenu(page, /tender/i, '/vendors/tenders')
  await listScrolls(page, page.getByTestId('invitations'))
  await headerOnOneLine(page)
  await shotsInBothLanguages(page, 'phone-vendor-tenders')

  await passwordFormAnswers(page)
  await shotsInBothLanguages(page, 'phone-vendor-profile')
})

test('staff work at 390 px: header on one line, menu drawer, tender list and its search form', async ({ browser }) => {
  const page = await signedIn(browser, 'pm.hk', PHONE)
  await page.waitForLoadState('networkidle')
  await headerOnOneLine(page)
  await noSidewaysScroll(page)
  await shotsInBothLanguages(page, 'phone-staff-dashboard')

  await goThroughMenu(page, /^Tenders$/, '/tenders')
  const table = page.locator('.ant-table-wrapper').first()
  await listScrolls(page, table)
  // The search form over the list: one tender found by its PR number.
  const pr = (await table.locator('.ant-table-row').first().getByRole('link').first().textContent())!.trim()
  await page.locator('input#prNumber').fill(pr)
  await page.getByRole('button', { name: /search/i }).click()
  await expect(table.locator('.ant-table-row')).toHaveCount(1)
  await expect(table.locator('.ant-table-row').getByRole('link', { name: pr })).toBeVisible()
  await noSidewaysScroll(page)
  await shotsInBothLanguages(page, 'phone-staff-tenders')
})

test('the wide screen keeps its sidebar and the header its full names at 1440 px', async ({ browser }) => {
  const page = await signedIn(browser, 'vendor.alpha')
  await expect(page.locator('.ant-layout-sider')).toBeVisible()
  await expect(page.getByTestId('open-menu')).toHaveCount(0)
  await expect(page.getByTestId('user-menu')).toContainText(/\w/)
  await expect(page.locator('.ant-layout-header .ant-select').filter({ hasText: 'Hong Kong' })).toBeVisible()
  await shotsInBothLanguages(page, 'wide-vendor-dashboard')
  await page
    .locator('.ant-layout-sider')
    .getByRole('link', { name: /tender/i })
    .click()
  await expect(page.getByTestId('invitations').locator('.ant-table-row').first()).toBeVisible()
  await shotsInBothLanguages(page, 'wide-vendor-tenders')
})
