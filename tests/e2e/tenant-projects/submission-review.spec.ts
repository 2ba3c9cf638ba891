import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { minimalPdf, modalOk, signedIn, switchLanguage } from '../helpers'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'

/*
 * The fit-out review as its people drive it (issue 29): tenant.acme uploads batch 1 and sends it;
 * approver.hk, design manager, watching the same project, sees it arrive without reloading,
 * comments and disapproves; the tenant sees the comments arrive, answers them with batch 2 and
 * sends it (one comment unanswered is refused first, naming it); the design manager passes it to
 * CP (admin), who passes it to the technical manager, who completes it. Screenshots in zh-CN.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`
const batch = (page: Page, number: number) => page.getByTestId(`batch-${number}`)

async function uploadTo(page: Page, name: string) {
  const form = page
    .locator('[data-testid^="batch-upload-"]')
    .filter({ has: page.locator('input[type=file]') })
    .first()
  await form.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: minimalPdf })
  await form.locator('[data-testid^="batch-upload-submit-"]').click()
  await expect(page.getByRole('button', { name })).toBeVisible()
}

async function decide(page: Page, number: number, outcome: string) {
  await page.getByTestId(`batch-${number}-review`).click()
  await page.getByTestId('review-outcome').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(outcome, { exact: true }).click()
  await modalOk(page)
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0)
}

test('a fit-out batch goes from the tenant through design, CP and technical review, live on both sides', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const approver = (await db('users').where({ username: 'approver.hk' }).first('id')).id
  const admin = (await db('users').where({ username: 'admin' }).first('id')).id
  const name = unique('Office fit-out')
  const project = await createTenantProject(db, { tenancyId: acme, projectName: name, status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })
  await db('tenant_projects').where({ id: project.id }).update({ designManagerId: approver, techManagerId: approver, cpReviewerId: admin })

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=1`)
  const reviewer = await signedIn(browser, 'approver.hk')
  await reviewer.goto(`/tenant-projects/${project.id}?tabIndex=1`)
  await expect(reviewer.getByTestId('project-submissions')).toBeVisible()

  // Batch 1: the tenant starts it, files a drawing and sends it.
  await tenant.getByTestId('batch-start').click()
  await expect(batch(tenant, 1)).toBeVisible()
  await uploadTo(tenant, 'layout-rev-a.pdf')
  await tenant.getByTestId('batch-1-send').click()
  await tenant.locator('.ant-popconfirm:visible .ant-btn-primary').click()
  await expect(tenant.getByTestId('batch-1-status')).toHaveText('Design review')

  // The design manager's page shows it without a reload, with the clock.
  await expect(reviewer.getByTestId('batch-1-status')).toHaveText('Design review')
  await expect(reviewer.getByTestId('batch-1-clock')).toContainText('working days left')
  for (const [text, section] of [
    ['Show the sprinkler heads on the ceiling plan.', null],
    ['State the fire rating of the partitions.', '1']
  ] as const) {
    await reviewer.getByTestId('comment-add').click()
    if (section) {
      await reviewer.locator('[data-testid="comment-form"] .ant-select').first().click()
      await reviewer.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(section, { exact: true }).click()
    }
    await reviewer.getByTestId('comment-text').fill(text)
    await modalOk(reviewer)
    await expect(reviewer.getByTestId('comment-register').getByText(text)).toBeVisible()
  }
  await expect(reviewer.locator('.comment-1-b')).toBeVisible()
  // Drafts are the reviewer's until the decision sends them.
  await expect(tenant.getByTestId('comment-register').getByText('Show the sprinkler heads')).toHaveCount(0)
  await decide(reviewer, 1, 'Disapprove')
  await expect(reviewer.getByTestId('batch-1-status')).toHaveText('Disapproved')

  // The tenant sees the decision and the comments arrive; batch 2 answers 1.a only, and sending names 1.b.
  await expect(tenant.getByTestId('batch-1-status')).toHaveText('Disapproved')
  await expect(tenant.locator('.comment-1-a')).toBeVisible()
  await tenant.getByTestId('batch-start').click()
  await expect(batch(tenant, 2)).toBeVisible()
  await uploadTo(tenant, 'layout-rev-b.pdf')
  await tenant.getByTestId('comment-answer-1.a').click()
  await tenant.getByTestId('answer-text').fill('Sprinklers shown on drawing FO-02 rev B.')
  await modalOk(tenant)
  await expect(tenant.locator('.comment-1-a').getByTestId('comment-status')).toHaveText('Answered')
  await tenant.getByTestId('batch-2-send').click()
  await tenant.locator('.ant-popconfirm:visible .ant-btn-primary').click()
  await expect(tenant.locator('.ant-notification-notice').filter({ hasText: '1.b' })).toBeVisible()
  await expect(tenant.getByTestId('batch-2-status')).toHaveText('Started')
  await tenant.getByTestId('comment-answer-1.b').click()
  await tenant.getByTestId('answer-na').check()
  await modalOk(tenant)
  await expect(tenant.locator('.comment-1-b').getByTestId('comment-status')).toHaveText('Not applicable')
  await tenant.getByTestId('batch-2-send').click()
  await tenant.locator('.ant-popconfirm:visible .ant-btn-primary').click()
  await expect(tenant.getByTestId('batch-2-status')).toHaveText('Design review')

  // Design passes it to CP follow-up; CP (admin) approves to the technical manager, who completes it.
  await expect(reviewer.getByTestId('batch-2-status')).toHaveText('Design review')
  await reviewer.getByTestId('comment-check-1.a').click()
  await expect(reviewer.locator('.comment-1-a').getByTestId('comment-status')).toHaveText('Closed')
  await decide(reviewer, 2, 'Proceed, CP follow-up')
  await expect(reviewer.getByTestId('batch-2-status')).toHaveText('CP review')
  const cp = await signedIn(browser, 'admin')
  await cp.goto(`/tenant-projects/${project.id}?tabIndex=1`)
  await decide(cp, 2, 'Approve')
  await expect(cp.getByTestId('batch-2-status')).toHaveText('Technical review')
  await expect(reviewer.getByTestId('batch-2-status')).toHaveText('Technical review')
  await decide(reviewer, 2, 'Complete')
  await expect(reviewer.getByTestId('batch-2-status')).toHaveText('Completed')
  await expect(tenant.getByTestId('batch-2-status')).toHaveText('Completed')

  // The review history and the register as the tenant reads them, in Chinese.
  await tenant.getByTestId('history-toggle').click()
  await expect(tenant.getByTestId('review-history')).toContainText('Reviewed')
  await switchLanguage(tenant, '中文', { save: false })
  await expect(tenant.getByTestId('batch-2-status')).toHaveText('已完成')
  await tenant.screenshot({ path: test.info().outputPath('submissions-zh-CN.png'), fullPage: true })
})
