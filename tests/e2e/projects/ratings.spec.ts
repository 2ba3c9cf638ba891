import type { Knex } from 'knex'
import { expect, test, type Page } from '../fixtures'
import { modalOk, popconfirmOk, shotsInBothLanguages, signedIn, switchLanguage } from '../helpers'
import { settled, violations } from '../axe'
import { createProject, uniqueNumber } from '../../../backend/src/modules/projects/seeds/factories'
import { createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'
import { ratingScore } from '../../../backend/src/modules/projects/services/vendor-ratings/vendor-ratings.shared'

/*
 * Vendor performance as its users meet it (issue 12 item 9): pm.hk completes a project, a rating
 * task appears on the home panel "ratings to do", pm.hk rates the vendor from it and the task is
 * gone; /performance shows the vendor's score and standing, its history opens from there. Each
 * screen in both languages, at a phone's width, and without serious axe violations. Every test
 * builds its own vendor (a fresh company) so its figures are its own.
 */

/** A vendor company of its own, with an active project of pm.hk ready to complete. */
async function vendorWithProject(db: Knex, label: string) {
  const name = `${label} ${uniqueNumber('V')}`
  const [company] = await db('companies').insert({ region: 'HK', name, type: 'C', status: 'ACTIVE' }, ['id'])
  const { project } = await createProject(db, { status: 'ACTIVE', companyId: company.id, actualCompletionDate: '2026-11-20', dlpDate: '2027-11-20' })
  return { companyId: company.id as number, name, project }
}

/** Scores every criterion of the open rating form with `value` (1 to 5). */
async function scoreAll(page: Page, value: number) {
  for (const criterion of ['quality', 'timeliness', 'safety', 'cooperation', 'housekeeping']) {
    await page
      .getByTestId(`criterion-${criterion}`)
      .locator('label.ant-radio-button-wrapper')
      .nth(value - 1)
      .click()
  }
}

test('a rating task appears after pm.hk completes a project, is done once rated, and the standing shows in /performance', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { name, project, companyId } = await vendorWithProject(db, 'Slow Works')
  // pm.hk's home is open on another screen before the project completes: the task arrives there live.
  const home = await signedIn(browser, 'pm.hk')
  await home.goto('/')
  await expect(home.getByTestId('rating-tasks-panel')).toBeVisible({ timeout: 20_000 })
  await expect(home.getByTestId('rating-task-item').filter({ hasText: project.number })).toHaveCount(0)
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}`)
  await expect(pm.getByTestId('project-status')).toHaveText('Active')
  await pm.getByTestId('project-complete').click()
  await popconfirmOk(pm)
  await expect(pm.getByTestId('project-status')).toHaveText('Completed')

  await expect(home.getByTestId('rating-task-item').filter({ hasText: project.number })).toHaveCount(1, { timeout: 20_000 })
  await pm.goto('/')
  const task = pm.getByTestId('rating-task-item').filter({ hasText: project.number })
  await expect(task).toHaveCount(1)
  await expect(task).toContainText('Project completed')
  await expect(task).toContainText(name)
  await task.getByRole('button', { name: 'Rate' }).click()
  await expect(pm).toHaveURL(/\/performance\/rate\?taskId=\d+/)
  await expect(pm.getByTestId('rating-task')).toContainText(project.number)

  // Validated as it goes: saving with nothing scored names every criterion.
  await pm.getByTestId('rating-save').click()
  await expect(pm.getByText('Score Quality of work from 1 to 5.')).toBeVisible()
  await scoreAll(pm, 1)
  await expect(pm.getByText('Score Quality of work from 1 to 5.')).toHaveCount(0)
  await pm.getByTestId('rating-comment').fill('Late twice, site left untidy.')
  await pm.getByTestId('rating-save').click()
  await expect(pm.getByText('Rating saved: 0.00 (Very Poor).')).toBeVisible()
  await expect(pm).toHaveURL(/\/$/)
  await expect(pm.getByTestId('rating-tasks-panel')).toBeVisible()
  await expect(task).toHaveCount(0)
  expect((await db('vendor_rating_tasks').where({ projectId: project.id }).first()).doneAt).not.toBeNull()

  await pm.goto('/performance')
  await pm.getByTestId('vendor-filter').fill(name)
  await pm.getByRole('button', { name: 'Search' }).click()
  const row = pm.getByTestId('performance-table').locator('tbody tr.ant-table-row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('0.00')
  await expect(row.getByTestId('standing-VERY_POOR')).toHaveText('Very Poor')
  await row.getByRole('link', { name }).click()
  await expect(pm).toHaveURL(new RegExp(`/companies/performanceRatingHistory/${companyId}$`))
  await expect(pm.getByTestId('history-table').locator('tbody tr.ant-table-row').filter({ hasText: 'Late twice' })).toHaveCount(1)

  // The same standing in Chinese.
  await pm.goto('/performance')
  await switchLanguage(pm, '中文', { save: false })
  await pm.getByTestId('vendor-filter').fill(name)
  await pm.getByTestId('vendor-filter').press('Enter')
  await expect(pm.getByTestId('performance-table').locator('tbody tr.ant-table-row').filter({ hasText: name }).getByTestId('standing-VERY_POOR')).toHaveText('极差')
  await switchLanguage(pm, 'English', { save: false })
})

test('a RANDOM rating by hand, and the performance screens in both languages', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const { name, project } = await vendorWithProject(db, 'Good Works')
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/performance')
  await expect(pm.getByTestId('standing-chart')).toBeVisible()
  await pm.getByRole('button', { name: 'Rate a vendor' }).click()
  await expect(pm).toHaveURL(/\/performance\/rate$/)
  const projects = pm.getByTestId('rating-project')
  await projects.click()
  await projects.locator('input').fill(project.number)
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: project.number }).click()
  await scoreAll(pm, 5)
  await shotsInBothLanguages(pm, 'ratings-form')
  await pm.getByTestId('rating-save').click()
  await expect(pm.getByText('Rating saved: 100.00 (Excellent).')).toBeVisible()
  await expect(pm).toHaveURL(/\/performance$/)
  await pm.getByTestId('vendor-filter').fill(name)
  await pm.getByRole('button', { name: 'Search' }).click()
  await expect(pm.getByTestId('performance-table').locator('tbody tr.ant-table-row').filter({ hasText: name }).getByTestId('standing-EXCELLENT')).toBeVisible()
  await pm.getByRole('button', { name: 'Reset' }).click()
  await shotsInBothLanguages(pm, 'ratings-performance')
  await pm.goto('/')
  await expect(pm.getByTestId('rating-tasks-panel')).toBeVisible({ timeout: 20_000 })
  await pm.getByTestId('rating-tasks-panel').scrollIntoViewIfNeeded()
  await shotsInBothLanguages(pm, 'ratings-dashboard')
})

test('the performance screens fit a phone', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const phone = await signedIn(browser, 'pm.hk', { width: 390, height: 844 })
  await phone.goto('/performance')
  await expect(phone.getByTestId('performance-table').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await shotsInBothLanguages(phone, 'ratings-performance-390')
  await phone.goto('/performance/rate')
  await expect(phone.getByTestId('rating-form')).toBeVisible()
  await shotsInBothLanguages(phone, 'ratings-form-390')
  const alpha = await db('companies').where({ region: 'HK', name: 'Alpha Engineering Ltd' }).first('id')
  await phone.goto(`/companies/performanceRatingHistory/${alpha.id}`)
  await expect(phone.getByTestId('history-table').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await shotsInBothLanguages(phone, 'ratings-history-390')
})

test('vendors do not reach vendor performance', async ({ browser }) => {
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto('/vendors/dashboard')
  await expect(vendor.getByTestId('project-panel')).toBeVisible()
  await expect(vendor.getByTestId('rating-tasks-panel')).toHaveCount(0)
  await expect(vendor.getByRole('menuitem', { name: 'Vendor performance' })).toHaveCount(0)
})

test('the performance screens have no serious or critical axe violation', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const alpha = await db('companies').where({ region: 'HK', name: 'Alpha Engineering Ltd' }).first('id')
  const found: string[] = []
  const pm = await signedIn(browser, 'pm.hk')
  for (const path of ['/performance', '/performance/rate', `/companies/performanceRatingHistory/${alpha.id}`, '/']) {
    await pm.goto(path)
    await settled(pm)
    found.push(...(await violations(pm, `pm.hk ${path}`)))
  }
  expect(found, found.join('\n')).toEqual([])
})

test('the tender issue dialog shows each vendor’s standing; a Very Poor one needs an override reason', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const parties = await demoParties(db)
  const { name, project, companyId } = await vendorWithProject(db, 'Poor Works')
  const scores = { quality: 1, timeliness: 1, safety: 2, cooperation: 1, housekeeping: 1 }
  await db('vendor_ratings').insert({ region: 'HK', projectId: project.id, companyId, rateType: 'RANDOM', ratedBy: parties.pm, ...scores, scoreHundredths: ratingScore(scores) })
  const { id } = await createTender(db, { status: 'WAPPR', extra: { status: 'APPR', approvedBy: parties.approver } }, parties)
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/tender/${id}`)
  await pm.getByTestId('tender-issue').click()
  const dialog = pm.getByTestId('workflow-dialog')
  for (const vendor of ['Alpha Engineering Ltd', name]) {
    await dialog.locator('.ant-select').first().click()
    await dialog.locator('.ant-select input').first().fill(vendor.slice(0, 14))
    await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: vendor }).click()
  }
  const standings = dialog.getByTestId('vendor-standings')
  await expect(standings.getByTestId('invite-standing-EXCELLENT')).toHaveText('Excellent')
  await expect(standings.getByTestId('invite-standing-VERY_POOR')).toHaveText('Very Poor')
  await modalOk(pm)
  await expect(dialog.getByText(`Give the reason for inviting ${name}.`)).toBeVisible()
  await dialog.getByTestId('override-reason').fill('Sole specialist for the chiller plant.')
  await pm.screenshot({ path: '/tmp/shots/ratings-tender-issue-en-US.png' })
  await modalOk(pm)
  await expect.poll(async () => (await db('tenders').where({ id }).first('status')).status, { timeout: 20_000 }).toBe('ISSUED')
  const audit = await db('audit_log').where({ resource: 'tenders', recordId: id, action: 'tenders.issue' })
  expect(audit.some((row: any) => row.after?.overrideReason === 'Sole specialist for the chiller plant.')).toBe(true)
})
