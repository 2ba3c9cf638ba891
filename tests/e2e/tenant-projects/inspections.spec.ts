import type { Locator } from '@playwright/test'
import { expect, test } from '../fixtures'
import { closeToasts, modalOk, popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'
import { createFinalDocuments } from '../../../backend/src/modules/tenant-projects/seeds/control'

/*
 * The project control's inspections and final documents as staff and the tenant meet them (issue
 * 30 items 6 and 7): approver.hk records a final inspection and sends it; tenant.acme, on its own
 * project page open all along, sees it appear live as Inspected; staff then exempt the final
 * documents, which the tenant also sees. Shot in both languages.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

/** Types a day into an antd date picker in the format it shows, and closes it. */
async function pickDay(scope: Locator, label: string, typed: string) {
  const input = scope.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(typed)
  await input.press('Enter')
  await expect(scope.page().locator('.ant-picker-dropdown:visible')).toHaveCount(0)
}

test('approver.hk sends a final inspection the tenant sees live as Inspected; staff exempt the final documents', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const project = await createTenantProject(db, { tenancyId: acme, projectName: unique('Inspected fit-out'), status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })
  await createFinalDocuments(db, project.id)

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=4`)
  const tenantInspections = tenant.getByTestId('inspections-card')
  await expect(tenantInspections).toContainText('No inspections yet')

  const staff = await signedIn(browser, 'approver.hk')
  await staff.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  const card = staff.getByTestId('inspections-card')
  await card.getByTestId('inspection-record').click()
  const form = staff.getByTestId('inspection-form')
  await form.getByTestId('inspection-type').click()
  await staff.locator('.ant-select-dropdown:visible').getByText('Final inspection', { exact: true }).click()
  // Checked as the field is left.
  await form.getByTestId('inspection-inspected-by').focus()
  await form.getByTestId('inspection-items').focus()
  await expect(form.getByText('Please fill this in.')).toBeVisible()
  await form.getByTestId('inspection-inspected-by').fill('Ivy Chan')
  await form.getByTestId('inspection-items').fill('Partitions, ceiling, lighting, fire services')
  await modalOk(staff)
  await expect(staff.getByText('Inspection recorded')).toBeVisible()
  const inspection = card.locator('.ant-card-small').filter({ hasText: 'Final inspection' }).first()
  await expect(inspection.getByTestId('inspection-status')).toHaveText('Not sent')
  // Not sent: the tenant still sees nothing.
  await expect(tenantInspections).toContainText('No inspections yet')

  await closeToasts(staff)
  await inspection.getByTestId('inspection-send').click()
  await popconfirmOk(staff)
  await expect(staff.getByText('Inspection sent to the tenant')).toBeVisible()
  await expect(inspection.getByTestId('inspection-status')).toHaveText('Inspected')

  // Live: the tenant's page, open all along, shows it as Inspected without a reload.
  await expect(tenantInspections.getByTestId('inspection-status')).toHaveText('Inspected')
  await expect(tenantInspections).toContainText('Partitions, ceiling, lighting, fire services')
  await expect(tenantInspections.getByTestId('inspection-send')).toHaveCount(0)

  // Staff exempt the final documents; the exemption shows for both.
  const finalDocuments = staff.getByTestId('final-documents-card')
  await expect(finalDocuments.getByTestId('final-documents-status')).toHaveText('Draft')
  await closeToasts(staff)
  await finalDocuments.getByTestId('final-documents-exempt').click()
  await popconfirmOk(staff)
  await expect(staff.getByText('Final documents exempted')).toBeVisible()
  await expect(finalDocuments.getByTestId('final-documents-status')).toHaveText('Exempted')
  await expect(finalDocuments.getByTestId('final-documents-exempt')).toHaveCount(0)
  await expect(finalDocuments.getByRole('row')).toHaveCount(3)
  await expect(tenant.getByTestId('final-documents-card').getByTestId('final-documents-status')).toHaveText('Exempted')
  await expect(tenant.getByTestId('final-documents-card').getByTestId('final-documents-exempt')).toHaveCount(0)

  // The tenant keeps its insurance period, typed as the pickers show a day; an end before the start is refused on blur.
  const insurance = tenant.getByTestId('insurance-card')
  await insurance.getByTestId('insurance-edit').click()
  await pickDay(insurance, 'Insured from', '01 Mar 2027')
  await pickDay(insurance, 'Insured until', '28 Feb 2027')
  await expect(insurance.getByText('The insurance must end on or after it starts.')).toBeVisible()
  await pickDay(insurance, 'Insured until', '29 Feb 2028')
  await expect(insurance.getByText('The insurance must end on or after it starts.')).toHaveCount(0)
  await insurance.getByRole('button', { name: 'Save' }).click()
  await expect(tenant.getByText('Insurance period saved')).toBeVisible()
  await expect(insurance.getByTestId('insurance-until-value')).toHaveText('29 Feb 2028')

  await finalDocuments.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(staff, 'inspections-staff')
  await tenantInspections.scrollIntoViewIfNeeded()
  await shotsInBothLanguages(tenant, 'inspections-tenant')
})
