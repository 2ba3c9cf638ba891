import { expect, test } from '../fixtures'
import { closeToasts, minimalPdf, popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'
import { createInspection } from '../../../backend/src/modules/tenant-projects/seeds/control'

/*
 * Post fit-out as staff and the tenant meet it (issue 30 item 8): approver.hk starts a final round
 * on a project without a final inspection and is refused (what is missing named, what was typed
 * kept); once the final inspection is sent it starts; tenant.acme, on its own project page open all
 * along, sees the round, its pending guidelines shrink as staff tick them, and the letter staff
 * file, never staff's notes; its own document reaches staff live; staff complete the round. Shot in
 * both languages. The data is this spec's own (factories); the region's published guidelines are read only.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

test('staff start a final post fit-out once a final inspection is sent, tick guidelines, file a letter and complete it; the tenant follows live', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const project = await createTenantProject(db, { tenancyId: acme, projectName: unique('Post fit-out'), status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })
  const published = await db('tenant_project_guidelines').where({ region: 'HK', type: 'POST_FIT_OUT', isCurrent: true }).orderBy('displayOrder').select('itemId')
  expect(published.length).toBeGreaterThan(1)
  const first = published[0].itemId

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=4`)
  const tenantCard = tenant.getByTestId('post-fitout-card')
  // The first read of the page on a loaded machine may take a while.
  await expect(tenantCard).toContainText('No post fit-out review yet.', { timeout: 45_000 })
  await expect(tenantCard.getByTestId('post-fitout-start')).toHaveCount(0)

  const staff = await signedIn(browser, 'approver.hk')
  await staff.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  const card = staff.getByTestId('post-fitout-card')
  const startForm = card.getByTestId('post-fitout-start-form')
  await expect(startForm).toBeVisible({ timeout: 45_000 })
  // Checked as the field is left.
  await startForm.getByTestId('post-fitout-start-remarks').fill('x'.repeat(4001))
  await startForm.getByTestId('post-fitout-final').focus()
  await expect(startForm.getByText('At most 4000 characters.')).toBeVisible()
  await startForm.getByTestId('post-fitout-start-remarks').fill('Please hand in the WR1 certificate.')
  await startForm.getByTestId('post-fitout-final').check()
  // No final inspection yet: refused, naming what is missing; what was typed stays.
  await startForm.getByTestId('post-fitout-start').click()
  await expect(staff.getByText('The final post-fit-out cannot start yet. Missing: a final inspection sent to the tenant.')).toBeVisible()
  await expect(startForm.getByTestId('post-fitout-start-remarks')).toHaveValue('Please hand in the WR1 certificate.')
  await expect(startForm.getByTestId('post-fitout-final')).toBeChecked()

  await createInspection(db, { projectId: project.id, type: 'FINAL', sentAt: new Date() })
  await closeToasts(staff)
  await startForm.getByTestId('post-fitout-start').click()
  await expect(staff.getByText('The post fit-out review has started: the tenant was told.')).toBeVisible()
  await expect(card.getByTestId('post-fitout-status')).toHaveText('Under review')
  await expect(card.getByTestId('post-fitout-pending-count')).toHaveText(`${published.length} guideline items pending`)

  // Live: the tenant's page, open all along, shows the round and its pending guidelines.
  await expect(tenantCard.getByTestId('post-fitout-status')).toHaveText('Under review')
  await expect(tenantCard.getByTestId('post-fitout-remarks-value')).toHaveText('Please hand in the WR1 certificate.')
  await expect(tenantCard.getByTestId('post-fitout-pending-count')).toHaveText(`${published.length} guideline items pending`)

  // Staff tick the first item and keep a note of their own: the tenant's pending list shrinks, the note stays staff's.
  await closeToasts(staff)
  // The box shows what the server stored: it is ticked once the save is answered.
  await card.getByTestId(`post-fitout-guideline-${first}`).locator('input[type=checkbox]').click()
  await expect(staff.getByText('Marked as complied.')).toBeVisible()
  await expect(card.getByTestId(`post-fitout-guideline-${first}`).locator('input[type=checkbox]')).toBeChecked()
  await expect(card.getByTestId('post-fitout-pending-count')).toHaveText(`${published.length - 1} guideline ${published.length - 1 === 1 ? 'item' : 'items'} pending`)
  await expect(tenantCard.getByTestId('post-fitout-pending-count')).toHaveText(`${published.length - 1} guideline ${published.length - 1 === 1 ? 'item' : 'items'} pending`)
  await card.getByTestId('post-fitout-staff-notes').fill('Contractor promised the WR1 by Friday.')
  await card.getByTestId('post-fitout-save').click()
  await expect(staff.getByText('Saved.')).toBeVisible()
  await expect(tenantCard).not.toContainText('Contractor promised')
  await expect(tenantCard.getByTestId('post-fitout-staff-notes')).toHaveCount(0)

  // Staff file a letter; the tenant uploads a document; each side sees the other's live.
  await closeToasts(staff)
  await card.getByTestId('post-fitout-files').locator('input[type=file]').setInputFiles({ name: 'post-fit-out-letter.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await card.getByTestId('post-fitout-upload').click()
  await expect(staff.getByText('The letters were filed.')).toBeVisible()
  await expect(tenantCard.getByTestId('post-fitout-file-LETTER')).toContainText('post-fit-out-letter.pdf')
  await tenantCard.getByTestId('post-fitout-files').locator('input[type=file]').setInputFiles({ name: 'wr1-certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await tenantCard.getByTestId('post-fitout-upload').click()
  await expect(tenant.getByText('The documents were uploaded.')).toBeVisible()
  await expect(card.getByTestId('post-fitout-file-DOCUMENT')).toContainText('wr1-certificate.pdf')

  await card.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(staff, 'post-fitout-staff')
  await tenantCard.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(tenant, 'post-fitout-tenant')

  // Staff complete it; the tenant sees it completed, and nothing more to upload.
  await closeToasts(staff)
  await card.getByTestId('post-fitout-complete').click()
  await popconfirmOk(staff)
  await expect(staff.getByText('The post fit-out review is completed.')).toBeVisible()
  await expect(card.getByTestId('post-fitout-history')).toContainText('Completed')
  await expect(tenantCard.getByTestId('post-fitout-history')).toContainText('Completed')
  await expect(tenantCard.getByTestId('post-fitout-upload')).toHaveCount(0)
})
