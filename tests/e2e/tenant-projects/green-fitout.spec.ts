import { expect, test } from '../fixtures'
import { closeToasts, minimalPdf, shotsInBothLanguages, signedIn } from '../helpers'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'
import { createGreenFitout, createGreenFolder } from '../../../backend/src/modules/tenant-projects/seeds/green-fitouts'

/*
 * The green fit-out as staff and the tenant meet it (issue 30 item 9): approver.hk approves a
 * handed-in folder with its points; the scorecard and the total follow; tenant.acme, on its own
 * project page open all along, sees the folder accepted and the new total live. Its own data,
 * built by the factories. Shot in both languages.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

test('approver.hk accepts a green fit-out folder, the scorecard updates, and the tenant sees it live', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const projectName = unique('Green fit-out')
  const project = await createTenantProject(db, { tenancyId: acme, projectName, status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })
  const fitout = await createGreenFitout(db, { projectId: project.id })
  await createGreenFolder(db, fitout, { category: 'ENERGY_USE', title: 'LED lighting', status: 'ACCEPTED', pointsClaimed: 8, pointsAwarded: 7 })
  await createGreenFolder(db, fitout, { category: 'WATER_USE', title: 'Low-flow taps', status: 'COMPLETED', pointsClaimed: 4 })
  await createGreenFolder(db, fitout, { category: 'MATERIALS_ASPECTS', title: 'Recycled carpet', status: 'DRAFT', pointsClaimed: 5 })

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=4`)
  const tenantCard = tenant.getByTestId('green-fitout-card')
  await expect(tenantCard.getByTestId('green-total-points')).toHaveText('Total: 7 points')
  const tenantTaps = tenantCard.getByTestId('green-folder-Low-flow taps')
  await expect(tenantTaps.getByTestId('green-folder-status')).toHaveText('Handed in')
  // The tenant decides nothing; it may hand in its draft folder.
  await expect(tenantCard.getByTestId('green-folder-approve')).toHaveCount(0)
  await expect(tenantCard.getByTestId('green-folder-Recycled carpet').getByTestId('green-folder-submit')).toBeVisible()

  const staff = await signedIn(browser, 'approver.hk')
  await staff.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  const card = staff.getByTestId('green-fitout-card')
  await expect(card.getByTestId('green-status')).toHaveText('Under review')
  const taps = card.getByTestId('green-folder-Low-flow taps')
  await taps.getByTestId('green-folder-approve').click()
  const points = staff.getByTestId('green-points-input')
  // Checked as the field is left: no points, no approval.
  await points.fill('')
  await points.blur()
  await expect(staff.getByText('Enter whole points from 0 to 1,000.')).toBeVisible()
  await points.fill('4')
  await staff.getByTestId('green-decide-ok').click()
  await expect(staff.getByText('Folder approved.')).toBeVisible()
  await expect(taps.getByTestId('green-folder-status')).toHaveText('Accepted')
  await expect(taps.getByTestId('green-folder-points')).toHaveText('4')
  await expect(taps.getByTestId('green-folder-approve')).toHaveCount(0)
  await expect(card.getByTestId('green-total-points')).toHaveText('Total: 11 points')

  // The scorecard by category follows: water use 4 of 4 claimed, 11 in all.
  await card.getByRole('tab', { name: 'Scorecard' }).click()
  await expect(card.getByTestId('green-total')).toHaveText('11')
  await expect(card.getByTestId('green-score-WATER_USE')).toHaveText('Water use: 4 / 4')
  await expect(card.getByTestId('green-score-ENERGY_USE')).toHaveText('Energy use: 7 / 8')
  await expect(card.getByTestId('green-scorecard-chart')).toHaveAttribute('aria-label', /11 points accepted/)
  // The points record names who changed them, none → 4.
  await card.getByRole('tab', { name: 'Points history' }).click()
  await expect(card.getByTestId('green-points-history')).toContainText('- → 4')

  // Live: the tenant's page, open all along, shows the folder accepted and the new total.
  await expect(tenantTaps.getByTestId('green-folder-status')).toHaveText('Accepted')
  await expect(tenantCard.getByTestId('green-total-points')).toHaveText('Total: 11 points')
  await tenantCard.getByRole('tab', { name: 'Scorecard' }).click()
  await expect(tenantCard.getByTestId('green-score-WATER_USE')).toHaveText('Water use: 4 / 4')

  await card.getByRole('tab', { name: 'Scorecard' }).click()
  await closeToasts(staff)
  await card.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(staff, 'green-fitout-staff')
  await tenantCard.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(tenant, 'green-fitout-tenant')

  // The tenant changes its claim on an undecided folder in place; a decided one is no longer its to change.
  await tenantCard.getByRole('tab', { name: 'Folders' }).click()
  const carpet = tenantCard.getByTestId('green-folder-Recycled carpet')
  await expect(tenantCard.getByTestId('green-folder-LED lighting').getByTestId('green-folder-claim')).toHaveCount(0)
  const claim = carpet.getByLabel('Points claimed for Recycled carpet')
  await expect(claim).toHaveValue('5')
  await claim.fill('6')
  await claim.blur()
  await expect(tenant.getByText('Points claimed saved.')).toBeVisible()
  await expect.poll(async () => (await db('green_fitout_folders').where({ greenFitoutId: fitout.id, title: 'Recycled carpet' }).first('pointsClaimed')).pointsClaimed).toBe(6)
  await closeToasts(tenant)

  // The tenant uploads into its draft folder; staff find the file under the folder.
  await carpet.locator('input[type=file]').setInputFiles({ name: 'carpet-declaration.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await carpet.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(tenant.getByText('Files uploaded.')).toBeVisible()
  await card.getByRole('tab', { name: 'Folders' }).click()
  await card
    .getByTestId('green-folder-Recycled carpet')
    .getByRole('button', { name: /expand/i })
    .click()
  await expect(card.getByText('carpet-declaration.pdf')).toBeVisible()

  // The portfolio lists it by score, reachable from the menu.
  await staff.goto('/tenant-projects/green-fitouts')
  await staff.getByTestId('green-portfolio-name').fill(projectName)
  await staff.getByTestId('green-portfolio-name').press('Enter')
  await expect(staff.getByTestId('green-portfolio').getByRole('row').filter({ hasText: projectName })).toContainText('11')
  await shotsInBothLanguages(staff, 'green-fitout-portfolio')
})
