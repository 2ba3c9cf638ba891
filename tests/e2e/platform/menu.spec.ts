import { expect, test } from '../fixtures'
import { signedIn } from '../helpers'

// A menu longer than the window (admin's, on a laptop) scrolls above the collapse button: every
// entry can be reached and clicked, the last one included, never hidden under the button.
test("every entry of admin's menu can be clicked on a short window, the last one included", async ({ browser }) => {
  const page = await signedIn(browser, 'admin', { width: 1280, height: 600 })
  const links = page.locator('.ant-layout-sider .ant-menu a[href]')
  await expect(links.first()).toBeVisible()
  const last = links.last()
  const href = (await last.getAttribute('href'))!
  // A click that the collapse button intercepts fails here (Playwright checks what receives it).
  await last.click({ timeout: 5_000 })
  await expect(page).toHaveURL((url) => url.pathname === href)
  const trigger = await page.locator('.ant-layout-sider-trigger').boundingBox()
  const entry = await last.boundingBox()
  expect(entry!.y + entry!.height).toBeLessThanOrEqual(trigger!.y)
})
