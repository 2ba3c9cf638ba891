import { expect, test } from '../fixtures'
import { closeToasts, minimalPdf, modalOk, shotsInBothLanguages, signedIn, switchLanguage, tick } from '../helpers'
import { createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'
import { createGreenOperation } from '../../../backend/src/modules/tenancies/seeds/green-factories'

/*
 * Move-in/out records as staff meet them on a tenancy record: a move in whose remarks are asked
 * for before it is sent, then a temporary close reopened on a later day with its duration. Green
 * operation records in the sustainability initiatives tab: the validity period asked for, a
 * document uploaded by type; a tenant reports the reading of its own tenancy's record and changes
 * nothing the landlord decides.
 */

async function pickDay(page: import('@playwright/test').Page, label: string, typed: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(typed)
  await input.press('Enter')
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0)
}

async function pickOption(page: import('@playwright/test').Page, label: string, option: RegExp, search?: string) {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
  await page.getByRole('combobox', { name: label }).click()
  // Into the select's own search box when it has one: the list narrows to the option.
  if (search) await page.getByRole('combobox', { name: label }).fill(search)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click()
  await expect(
    page
      .getByTestId('move-form')
      .locator('.ant-select', { has: page.getByRole('combobox', { name: label }) })
      .locator('.ant-select-selection-item')
  ).toHaveText(option)
}

test('staff record a move-in, and a temporary close reopened later', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const company = await tenantCompany(db, uniqueName('Mover Co'))
  const tenancy = await createTenancy(db, { companyId: company, tradeName: uniqueName('Mover'), building: 'ES2', type: 'R', premises: [{ floor: 'G/F', effectiveDate: '2026-01-01' }] })
  const page = await signedIn(browser, 'admin')
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`/tenancies/view/${tenancy.id}`)
  const moves = page.getByTestId('moves')
  await expect(moves).toContainText('No move-in or move-out records yet.')

  await page.getByTestId('add-move').click()
  const form = page.getByTestId('move-form')
  await pickOption(page, 'Type', /^Move-in$/)
  await pickDay(page, 'Date', '20 Feb 2026')
  await pickOption(page, 'Floor', /^G\/F$/, 'G/F')
  await form.getByLabel('Premises').fill('Shop G05')
  await pickDay(page, 'Business commencement date', '02 Mar 2026')
  await modalOk(page)
  // Neither remarks nor a handover: asked for before anything is sent.
  await expect(form).toContainText('Please enter remarks or link the corresponding handover/takeback.')
  // The refused save is told in the form, not thrown at the page (issue 27 item 18).
  expect(pageErrors).toEqual([])
  await form.getByLabel('Remarks').fill('Keys collected')
  await page.screenshot({ path: '/tmp/shots/move-form-en-US.png' })
  await modalOk(page)
  const moveIn = moves.getByRole('row', { name: /Shop G05/ })
  await expect(moveIn).toContainText('Move-in')
  await expect(moveIn).toContainText('10 days')
  // At 1,440 px the row's buttons are whole and inside the table (Delete was cut off).
  const table = await moves.locator('.ant-table').boundingBox()
  for (const name of ['Edit', 'Delete']) {
    const button = moveIn.getByRole('button', { name })
    await expect(button).toBeVisible()
    const box = (await button.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(table!.x + table!.width)
    expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  }
  await closeToasts(page)

  await page.getByTestId('add-move').click()
  await pickOption(page, 'Type', /^Temporary close$/)
  await pickDay(page, 'Date', '28 Mar 2026')
  await pickOption(page, 'Floor', /^G\/F$/, 'G/F')
  await form.getByLabel('Remarks').fill('Kitchen renovation')
  await modalOk(page)
  const closed = moves.getByRole('row', { name: /Kitchen renovation/ })
  await expect(closed).toContainText('Closed')
  await closed.getByRole('button', { name: 'Reopen' }).click()
  await pickDay(page, 'Reopen date', '02 Apr 2026')
  await page.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(closed).toContainText('Reopened')
  await expect(closed).toContainText('5 days')
  await expect(closed.getByRole('button', { name: 'Reopen' })).toHaveCount(0)
  await closeToasts(page)
  // The record as it opens, for its pictures.
  await page.reload()
  await expect(closed).toContainText('Reopened')
  await shotsInBothLanguages(page, 'moves')
  await switchLanguage(page, '中文', { save: false })
  await page.getByTestId('add-move').click()
  await expect(page.getByTestId('move-form')).toContainText('类型')
  await page.screenshot({ path: '/tmp/shots/move-form-zh-CN.png' })
  await page.locator('.ant-modal-footer:visible .ant-btn-default').click()
  await expect(page.getByTestId('move-form')).toHaveCount(0)
  await switchLanguage(page, 'English', { save: false })

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(moves).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/moves-390.png', fullPage: true })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('staff keep a green operation record with a document, in the sustainability initiatives tab', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const company = await tenantCompany(db, uniqueName('Green Co'))
  const tenancy = await createTenancy(db, { companyId: company, tradeName: uniqueName('Green'), building: 'ES1', premises: [{ floor: '12/F', effectiveDate: '2026-01-01' }] })
  const page = await signedIn(browser, 'admin')
  await page.goto(`/tenancies/view/${tenancy.id}`)
  // The spec's tab order: all contacts, all projects (the tenant projects module's; the handover module's tab after it), sustainability initiatives before lease information, user management last.
  await expect(page.getByRole('tab')).toHaveText([
    'Tenancy information',
    'All contacts',
    'All projects',
    'Handovers and takebacks',
    'Sustainability initiatives',
    'Lease information',
    'User management'
  ])
  await page.getByRole('tab', { name: 'Sustainability initiatives' }).click()
  const tab = page.getByTestId('green-operations')
  await expect(tab).toContainText('No green operation records yet.')

  await page.getByTestId('add-green').click()
  const form = page.getByTestId('green-form')
  await pickDay(page, 'Start', '01 Jan 2026')
  await modalOk(page)
  // The validity period is required: asked for before anything is sent.
  await expect(form).toContainText('Please enter the validity period (1 to 120 months).')
  await form.getByLabel('Validity period (months)').fill('12')
  await form.getByLabel('Reading').fill('1234.5')
  await tick(form.getByLabel('Lighting'))
  await form.getByLabel('Recognition count').fill('2')
  await modalOk(page)
  const row = tab.locator('tr.ant-table-row').first()
  await expect(row).toContainText('31 Dec 2026')
  await expect(row).toContainText('Lighting')
  await closeToasts(page)

  await row.locator('.ant-table-row-expand-icon').click()
  const documents = page.locator('[data-testid^="green-documents-"]')
  await documents.locator('.ant-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Green certificate$/ }).click()
  await documents.locator('input[type=file]').setInputFiles({ name: 'BEAM certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await expect(documents).toContainText('BEAM certificate.pdf')
  await expect(documents).toContainText('Green certificate')
  await closeToasts(page)
  await page.reload()
  await page.getByRole('tab', { name: 'Sustainability initiatives' }).click()
  await tab.locator('tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click()
  await expect(documents).toContainText('BEAM certificate.pdf')
  await shotsInBothLanguages(page, 'green-operations')

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(tab).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/green-operations-390.png', fullPage: true })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('tenant.acme reports the reading of its own tenancy’s green operation record, and changes nothing the landlord decides', async ({ browser, db }) => {
  const { tenancyId } = await db('users').where({ username: 'tenant.acme' }).first('tenancyId')
  const record = await createGreenOperation(db, { tenancyId, startDate: '2026-02-01', validityMonths: 6, recognitionCount: 7, assessment: ['CERTIFICATES'] })
  try {
    const page = await signedIn(browser, 'tenant.acme', { width: 390, height: 844 })
    await page.goto(`/tenants/tenancies/${tenancyId}`)
    await page.getByRole('tab', { name: 'Sustainability initiatives' }).click()
    // This spec's own record, whatever another run left on the shared demo tenancy.
    const row = page.getByTestId('green-operations').locator(`tr.ant-table-row[data-row-key="${record.id}"]`)
    await expect(row).toContainText('31 Jul 2026')
    await expect(row).toContainText('Certificates')
    await expect(page.getByTestId('add-green')).toHaveCount(0)
    await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0)

    await row.getByTestId('edit-green').click()
    const form = page.getByTestId('green-form')
    // What the landlord decides is shown, not open to change; what the tenant reports is.
    await expect(form.getByLabel('Validity period (months)')).toBeDisabled()
    await expect(form.getByLabel('Recognition count')).toBeDisabled()
    await expect(form.getByLabel('Certificates')).toBeDisabled()
    await form.getByLabel('Reading').fill('456.75')
    await page.screenshot({ path: '/tmp/shots/green-tenant-edit-390.png', fullPage: true })
    await modalOk(page)
    await expect(row).toContainText('456.75')
    const stored = await db('green_operations').where({ id: record.id }).first()
    expect(Number(stored.reading)).toBe(456.75)
    expect(stored).toMatchObject({ validityMonths: 6, recognitionCount: 7 })
    await page.setViewportSize({ width: 1440, height: 900 })
    await shotsInBothLanguages(page, 'green-tenant')
  } finally {
    await db('green_operations').where({ id: record.id }).delete()
  }
})
