import { expect, test } from '../fixtures'
import { shotsInBothLanguages, signedIn } from '../helpers'
import { createSubmissionBatch, createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * The reviewers' dashboard (spec tenant projects §2 "Dashboards: engineerDashboard", issue 29
 * item 2): a reviewer of its own (a copy of approver.hk, so other specs' batches are not in its
 * court) holds an overdue design review and a technical review due later, and is design manager of
 * a batch now at the CP reviewer's. "My court" lists the two it holds, the overdue first with its
 * red tag; the chart gives the counts by step in words; "By reviewer" lists it with its overdue
 * batch; a row opens the batch's project. The screen in both languages and at a phone's width.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('a reviewer sees its overdue batch in my court, the counts by step and its row by reviewer; a row opens the project', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const reviewer = await createTestAccount(db, { like: 'approver.hk' })
  const admin = (await db('users').where({ username: 'admin' }).first('id')).id
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const batchOf = async (name: string, status: string, more: Record<string, unknown>) => {
    const project = await createTenantProject(db, { tenancyId: acme, projectName: name, status: 'IN_PROGRESS', floors: ['22/F'] })
    const batch = await createSubmissionBatch(db, { projectId: project.id, order: 0, status, designManagerId: reviewer.id, ...more })
    return { project, batch }
  }
  const overdue = await batchOf(unique('Overdue lobby'), 'DESIGN_REVIEW', { dueDate: dayFromToday(-20) })
  await batchOf(unique('Pantry works'), 'TECH_REVIEW', { techManagerId: reviewer.id, dueDate: dayFromToday(20) })
  await batchOf(unique('With CP'), 'CP_REVIEW', { cpReviewerId: admin, dueDate: dayFromToday(3) })

  const page = await signedIn(browser, reviewer.username)
  await page.goto('/tenant-projects/dashboard')
  await expect(page.getByRole('menuitem', { name: 'Fit-out review dashboard' })).toBeVisible()

  // My court: its two, the nearest due first, the overdue one tagged in red.
  const court = page.getByTestId('review-my-court')
  const links = court.getByTestId('review-batch-link')
  await expect(links).toHaveText([/Overdue lobby/, /Pantry works/])
  const overdueRow = court.locator('tr', { has: page.getByText(/Overdue lobby/) })
  await expect(overdueRow.getByTestId('batch-overdue')).toHaveText(/^\d+ days overdue$/)
  await expect(overdueRow.getByTestId('batch-overdue')).toHaveCSS('color', 'rgb(207, 19, 34)')
  await expect(court.locator('tr', { has: page.getByText(/Pantry works/) })).toContainText(/days left/)
  await expect(court).toContainText('Technical review')
  await expect(court.getByText(/With CP/)).toHaveCount(0)

  // The chart's figures, in words for everybody and for screen readers.
  await expect(page.getByTestId('review-step-chart')).toHaveAttribute(
    'aria-label',
    /^Open batches by step: Design review \d+, [1-9]\d* overdue; CP review \d+, \d+ overdue; Waiting for tenant update \d+; Technical review [1-9]\d*, \d+ overdue$/
  )
  await expect(page.getByTestId('review-step-design')).toContainText(/Design review\s*[1-9]/)
  await expect(page.getByTestId('review-step-design')).toContainText(/[1-9]\d* overdue/)

  // By reviewer: its row, with the overdue batch, expanded to its batches.
  const byReviewer = page.getByTestId('review-by-reviewer')
  const mine = byReviewer.locator('tr', { hasText: reviewer.displayName })
  await expect(mine).toHaveCount(1)
  await expect(mine.locator('td').nth(2)).toHaveText('2')
  await expect(mine.locator('td').nth(3)).toHaveText('1')
  await mine.getByRole('button', { name: /expand/i }).click()
  await expect(byReviewer.getByTestId('review-reviewer-batches').getByTestId('review-batch-link')).toHaveText([/Overdue lobby/, /Pantry works/])
  // The step filter reads again: technical review only.
  await page.getByTestId('review-step-filter').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Technical review' }).click()
  await expect(byReviewer.locator('tr', { hasText: reviewer.displayName }).locator('td').nth(2)).toHaveText('1')
  await page.getByTestId('review-step-filter').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'All steps' }).click()

  await page.evaluate(() => window.scrollTo(0, 0))
  await shotsInBothLanguages(page, 'review-dashboard')

  // A row opens the batch's project, at its submissions.
  await overdueRow.locator('td').nth(2).click()
  await expect(page).toHaveURL(new RegExp(`/tenant-projects/${overdue.project.id}\\?tabIndex=1&underBatch=${overdue.batch.id}$`))
  await expect(page.getByTestId('tenant-project-title')).toHaveText(/Overdue lobby/)

  // At a phone's width: the tables scroll inside their cards, the page does not move sideways.
  const phone = await signedIn(browser, reviewer.username, { width: 390, height: 844 })
  await phone.goto('/tenant-projects/dashboard')
  await expect(phone.getByTestId('review-my-court').getByTestId('batch-overdue')).toBeVisible()
  await expect(phone.getByTestId('review-step-chart').locator('svg').first()).toBeVisible()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
  await shotsInBothLanguages(phone, 'review-dashboard-390')
})
