import { expect, test } from '../fixtures'
import { loginAs, networkQuiet, signedIn } from '../helpers'

// The dashboards show each user the tender work waiting for them, from the seeded tenders:
// PR-ES-0002 waits for approver.hk; Alpha has an open query on PR-ES-0005 (REVIEW).
test('the approver finds the tender waiting for approval on the dashboard and opens it', async ({ page }) => {
  await loginAs(page, 'approver.hk')
  const approvals = page.getByTestId('approvals')
  await expect(approvals.getByRole('link', { name: 'PR-ES-0002' })).toBeVisible()
  await approvals.getByRole('link', { name: 'PR-ES-0002' }).click()
  await expect(page).toHaveURL(/\/tender\/[a-z0-9]{24}$/)
  await expect(page.getByText('PR-ES-0002').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible()
})

test('the approver sees how many wait for them and opens the list of exactly those, then clears the filter', async ({ page }) => {
  await loginAs(page, 'approver.hk')
  const approvals = page.getByTestId('approvals')
  // Other specs submit tenders to approver.hk too: the count is at least the seeded one.
  await expect(approvals.getByTestId('approvals-count')).toHaveText(/^[1-9]\d*$/)
  await approvals.getByRole('link', { name: 'View all' }).click()
  await expect(page).toHaveURL(/\/tenders\?awaiting=me$/)
  await expect(page.getByTestId('awaiting-me-filter')).toBeChecked()
  const rows = page.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows.filter({ hasText: 'PR-ES-0002' })).toHaveCount(1)
  // Every row waits for an approval: the tender's own, or an addendum's.
  await expect(rows.first()).toBeVisible()
  for (const status of await rows.locator('td:nth-child(4)').allInnerTexts()) expect(status).toMatch(/Waiting approval/)
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByTestId('awaiting-me-filter')).not.toBeChecked()
  await expect(rows.filter({ hasNotText: /Waiting approval/ }).first()).toBeVisible()
})

test('the person in charge sees their tenders by stage', async ({ page }) => {
  await loginAs(page, 'pm.hk')
  const stages = page.getByTestId('staff-tender-panels')
  await expect(stages.getByTestId('stage-WAPPR')).toContainText(/[1-9]/)
  await expect(stages.getByTestId('stage-REVIEW')).toContainText(/[1-9]/)
  // Not an approver of anything: nothing waits for them.
  await expect(page.getByTestId('approvals')).toContainText('Nothing waits for your approval.')
  await expect(page.getByTestId('approvals').getByRole('link', { name: 'View all' })).toHaveCount(0)
})

test('the vendor sees the query waiting for its answer and goes to its bid', async ({ page }) => {
  await loginAs(page, 'vendor.alpha')
  await expect(page).toHaveURL(/\/vendors\/dashboard/)
  const queries = page.getByTestId('queries-to-answer')
  await expect(queries).toContainText('gondola certification')
  // Found by its question: specs on the other worker may have queries of their own open for Alpha.
  await queries.getByRole('link', { name: /gondola certification/ }).click()
  await expect(page).toHaveURL(/\/vendors\/tender-bid\/[a-z0-9]{24}$/)
  await expect(page.getByText('PR-ES-0005').first()).toBeVisible()
})

// Issue 27 item 10: a sub-account's Tenders toggle reads tenders and bids, not bid queries; its
// dashboard asked for them anyway and showed a red 403 toast at every load.
test('a vendor sub-account with the Tenders toggle loads its dashboard without asking for what it may not read', async ({ browser }) => {
  const page = await signedIn(browser, 'alpha.site')
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url())
  })
  await page.goto('/vendors/dashboard')
  await expect(page.getByTestId('open-invitations')).toBeVisible()
  await expect(page.getByTestId('open-count')).toBeVisible()
  await networkQuiet(page)
  expect(refused).toEqual([])
  await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0)
  // Its queries are not its to answer: no box for them.
  await expect(page.getByTestId('queries-to-answer')).toHaveCount(0)
})
