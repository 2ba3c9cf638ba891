import { expect, test } from '../fixtures'
import { signedIn } from '../helpers'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'
import { createSubmission } from '../../../backend/src/modules/projects/seeds/submissions'

/*
 * A retention release accepted before the project's defects liability date (issue 12 item 7), as
 * its reviewer meets it: on a completed project of 100,000.00 with 10 % retention, certified for
 * 90,000.00 and falling due far ahead, vendor.alpha's release of the 10,000.00 held awaits pm.hk.
 * Accepting asks for the override's reason in a dialog; without one (or with blanks only) the
 * dialog refuses and nothing is sent; with one the claim is accepted, and the claim shows the
 * reason, also after a reload.
 */

test('pm.hk accepts a retention release before the defects liability date only with an override reason, which the claim then shows', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const { project } = await createProject(db, { status: 'COMPLETED', amount: 100_000, retentionPercent: 10, dlpDate: '2099-12-31' })
  await createSubmission(db, project, { status: 'APPR', completionType: 'FULL', completionAmountCents: 9_000_000 })
  const release = await createSubmission(db, project, { status: 'OPEN', completionType: 'RETENTION', completionAmountCents: 1_000_000 })
  const reasonText = 'Defects rectified early; a bank guarantee covers the rest of the liability period.'

  const pm = await signedIn(browser, 'pm.hk')
  // Every move of a claim is a PATCH of it: a refused dialog sends none.
  const moves: string[] = []
  pm.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(`/project-submissions/${release.id}`)) moves.push(request.postData() ?? '')
  })
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(pm.getByTestId('project-title')).toHaveText(project.number)
  const row = pm.getByTestId('claim-row').filter({ hasText: release.invoiceNumber })
  await expect(row).toContainText('Open')
  await row.click()
  const detail = pm.getByTestId('claim-detail')
  await expect(detail.getByTestId('claim-completion-amount-shown')).toHaveText('10,000.00')
  await expect(detail.getByTestId('claim-fields')).toContainText('Retention')

  // Accept asks for the reason, saying why.
  await detail.getByTestId('claim-accept').click()
  const dialog = pm.getByRole('dialog', { name: 'Accept', exact: true })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('The defects liability date has not passed: accepting this retention release is an override, recorded with your reason.')
  const reason = dialog.getByTestId('claim-override-reason')
  await expect(reason).toBeEmpty()
  const accept = dialog.getByRole('button', { name: 'Accept', exact: true })
  const refusal = dialog.locator('.ant-form-item-explain-error')

  // Without a reason, or with blanks only, the dialog refuses: the claim stays open, nothing is sent.
  await accept.click()
  await expect(refusal).toHaveText('Please give a reason (at most 1,000 characters).')
  await reason.fill('   ')
  await accept.click()
  await expect(refusal).toHaveText('Please give a reason (at most 1,000 characters).')
  await expect(dialog).toBeVisible()
  expect(moves).toEqual([])
  await expect(detail.locator('.ant-tag', { hasText: 'Open' })).toBeVisible()
  await expect(detail.getByTestId('claim-decision')).toHaveCount(0)

  // With the reason the claim is accepted, and it shows the reason with the decision.
  await reason.fill(reasonText)
  // The field is checked again on leaving it (validateTrigger onBlur).
  await reason.blur()
  await expect(refusal).toHaveCount(0)
  await accept.click()
  await expect(dialog).toHaveCount(0)
  await expect(pm.locator('.ant-notification-notice-success')).toContainText('The claim has been accepted.')
  expect(moves).toHaveLength(1)
  expect(JSON.parse(moves[0])).toMatchObject({ action: 'accept', releaseOverrideReason: reasonText })
  await expect(detail.getByTestId('claim-decision')).toHaveText('Accepted')
  await expect(detail.locator('.ant-tag', { hasText: 'Approved' })).toBeVisible()
  await expect(detail.getByTestId('claim-accept')).toHaveCount(0)
  const overrideRow = detail.getByTestId('claim-fields').locator('tr', { hasText: 'Override reason' })
  await expect(overrideRow).toContainText(reasonText)
  await detail.getByRole('tab', { name: 'History' }).click()
  await expect(detail.getByTestId('claim-history').locator('tr', { hasText: 'Accept' })).toHaveCount(1)
  await detail.getByRole('tab', { name: 'Versions' }).click()
  await expect(detail.locator('[data-testid=claim-version][data-version="1"]').getByTestId('claim-version-decision')).toContainText('Accepted')

  // Stored: after a reload (the address keeps the claim open) it still shows the reason, and the list says Approved.
  await pm.reload()
  await expect(detail.getByTestId('claim-decision')).toHaveText('Accepted')
  await expect(detail.getByTestId('claim-fields').locator('tr', { hasText: 'Override reason' })).toContainText(reasonText)
  await pm.locator('.ant-drawer-close:visible').click()
  await expect(detail).toHaveCount(0)
  await expect(row).toContainText('Approved')
})
