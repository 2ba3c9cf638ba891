import { expect, test } from '../fixtures'
import { closeToasts, popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'

/*
 * The fit-out guidelines as staff and tenants meet them (spec tenant projects §3 "Guideline", §7
 * Guidelines): a project manager opens Settings → Fit-out guidelines, changes a line of the Hong
 * Kong draft, saves it and publishes it after the confirmation; tenant.acme then reads the new text,
 * with its item number and version, on its project's information. The settings screen is shot in
 * both languages.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

test('staff edit a guideline line and publish it; the tenant reads the new text on its project page', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const project = await createTenantProject(db, { tenancyId: acme, projectName: unique('Guidelines fit-out'), status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })
  const line = unique('Drawings shall be submitted at 1:50 for the reception area')

  const staff = await signedIn(browser, 'pm.hk')
  await staff.goto('/settings/guidelines')
  await expect(staff.getByTestId('guidelines-published')).toBeVisible()
  await shotsInBothLanguages(staff, 'guidelines-settings')

  const field = staff.getByRole('textbox', { name: 'Item 1, line 2' })
  await field.fill(line)
  await expect(staff.getByText('Unsaved changes')).toBeVisible()
  // Publishing waits for the save.
  await expect(staff.getByTestId('guidelines-publish')).toBeDisabled()
  await staff.getByTestId('guidelines-save').click()
  await expect(staff.getByText('Draft saved')).toBeVisible()
  await expect(staff.getByText('Unsaved changes')).toHaveCount(0)
  // The save made (or updated) the next version's draft, whether or not the demo's draft was still there.
  const draftTag = staff.getByTestId('guidelines-draft')
  await expect(draftTag).toBeVisible()
  const version = Number(/version (\d+)/i.exec((await draftTag.textContent()) ?? '')![1])
  await closeToasts(staff)
  await staff.getByTestId('guidelines-publish').click()
  await expect(staff.getByText('Publish the guidelines?')).toBeVisible()
  await staff.screenshot({ path: '/tmp/shots/guidelines-publish-confirm-en-US.png', fullPage: true })
  await popconfirmOk(staff)
  await expect(staff.getByText(`Guidelines published as version ${version}`)).toBeVisible()
  await expect(staff.getByTestId('guidelines-published')).toContainText(`version ${version}`)
  await expect(staff.getByTestId('guidelines-draft')).toHaveCount(0)
  await expect(staff.getByRole('textbox', { name: 'Item 1, line 2' })).toHaveValue(line)

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}`)
  const panel = tenant.getByTestId('project-guidelines')
  await expect(panel.getByTestId('guideline-1')).toContainText(line)
  await expect(panel.getByTestId('guideline-1')).toContainText('1. Design submissions')
  await expect(panel.getByTestId('project-guidelines-version')).toContainText(`Version ${version}`)
  await panel.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(tenant, 'guidelines-project-panel')
})
