import { expect, test, type Page } from '../fixtures'
import { loginAs } from '../helpers'

// Issue 8, finding 16: the built app runs under its Content-Security-Policy (inline styles of
// antd, socket.io over ws:) with nothing blocked; the page may not be framed.

/** Collects every policy violation the page reports, from the console and from the DOM event. */
async function watchViolations(page: Page) {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return violations
}

test('staff sign in and open the region config screen with no policy violation', async ({ page }) => {
  const violations = await watchViolations(page)
  const response = await page.goto('/pub/login')
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  await loginAs(page, 'admin')
  await page.goto('/settings/region-config')
  await expect(page.getByText('Asia/Hong_Kong').first()).toBeVisible({ timeout: 30_000 })
  expect(violations).toEqual([])
})

test('a vendor signs in, live updates connect over the socket, with no policy violation', async ({ page }) => {
  const violations = await watchViolations(page)
  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  await loginAs(page, 'vendor.alpha')
  await expect(page).toHaveURL(/\/vendors\/dashboard$/)
  await expect.poll(() => sockets.some((url) => url.includes('/socket.io/'))).toBe(true)
  expect(violations).toEqual([])
})
