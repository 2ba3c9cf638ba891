import { expect, test } from '../fixtures'
import { closeToasts, minimalPdf, shotsInBothLanguages, signedIn } from '../helpers'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'

/*
 * The deposit ledger as accounting and the tenant meet it (issue 30 items 1 to 4): accounting.hk
 * records a deposit of 120,000.00 on the project control tab, adds a deduction of 3,456.78 and
 * sends the deposit notice; with the final documents completed and a final inspection sent
 * (inserted directly: another part's screens), tenant.acme requests the refund, the project manager
 * passes it to accounting, and accounting confirms it; the statement PDF downloads. The tab is shot
 * in both languages.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

test('accounting records a deposit and a deduction, the tenant requests the refund, accounting confirms it and downloads the statement', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const project = await createTenantProject(db, { tenancyId: acme, projectName: unique('Ledger fit-out'), status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })
  await db('tenant_project_final_documents').insert({ projectId: project.id, region: 'HK', tenancyId: acme, status: 'COMPLETED', completedAt: new Date() })
  await db('tenant_project_inspections').insert({ projectId: project.id, region: 'HK', tenancyId: acme, type: 'FINAL', inspectedAt: new Date(), sentAt: new Date() })

  const accounting = await signedIn(browser, 'accounting.hk')
  await accounting.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  const control = accounting.getByTestId('project-control')
  await expect(control.getByTestId('deposit-card')).toBeVisible()
  // Validated on blur: a third decimal is refused before anything is sent.
  await control.getByTestId('deposit-amount').fill('120,000.005')
  await control.getByTestId('deposit-cheque').click()
  await expect(control.getByText('Enter an amount with at most 2 decimal places.')).toBeVisible()
  await control.getByTestId('deposit-amount').fill('120,000.00')
  await control.getByTestId('deposit-cheque').fill('HSBC 001234')
  await control.getByTestId('deposit-save').click()
  await expect(accounting.getByText('Deposit saved')).toBeVisible()
  await expect(control.getByTestId('ledger-refund')).toHaveText('HKD 120,000.00')

  await control.getByTestId('deduction-kind').click()
  await accounting.locator('.ant-select-item-option', { hasText: 'Damage' }).click()
  await control.getByTestId('deduction-amount').fill('3,456.78')
  await control.getByTestId('deduction-reason').fill('Scratched lobby wall panels')
  await control.getByTestId('deduction-form').locator('input[type=file]').setInputFiles({ name: 'lobby-panels.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await control.getByTestId('deduction-add').click()
  await expect(accounting.getByText('Deduction recorded')).toBeVisible()
  // The evidence is kept with its line and downloads as it was uploaded.
  const [evidence] = await Promise.all([accounting.waitForEvent('download'), control.getByTestId('deduction-evidence').click()])
  expect(evidence.suggestedFilename()).toBe('lobby-panels.pdf')
  await expect(control.getByTestId('ledger-refund')).toHaveText('HKD 116,543.22')
  await expect(control.getByTestId('ledger-deducted')).toHaveText('HKD 3,456.78')
  await closeToasts(accounting)
  await control.getByTestId('deposit-notify').click()
  await expect(accounting.getByText('Deposit notice sent to the project managers and accounting')).toBeVisible()

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=4`)
  await expect(tenant.getByTestId('deposit-amount-text')).toHaveText('HKD 120,000.00')
  await expect(tenant.getByTestId('ledger-refund')).toHaveText('HKD 116,543.22')
  // The refund goes to another payee: its name and mailing address are asked for on blur.
  await tenant.getByTestId('refund-payee-type').click()
  await tenant.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Other payee' }).click()
  await tenant.getByTestId('refund-payee-name').focus()
  await tenant.getByTestId('refund-payee-address').focus()
  await expect(tenant.getByTestId('refund-form').getByText('Required')).toHaveCount(1)
  await tenant.getByTestId('refund-payee-name').fill('Acme Holdings Ltd')
  await tenant.getByTestId('refund-payee-address').fill('Unit 2201, 1 Harbour Road, Wan Chai, Hong Kong')
  await tenant.getByTestId('refund-request').click()
  await expect(tenant.getByTestId('refund-status')).toHaveText('Requested')
  await expect(tenant.getByTestId('refund-card')).toContainText('Acme Holdings Ltd')

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  await pm.getByTestId('refund-notifyAccounting').click()
  await expect(pm.getByTestId('refund-status')).toHaveText('Accounting notified')

  await accounting.reload()
  await accounting.getByTestId('refund-confirm').click()
  await expect(accounting.getByTestId('refund-status')).toHaveText('Confirmed')
  await expect(accounting.getByTestId('deduction-form')).toHaveCount(0)
  const [download] = await Promise.all([accounting.waitForEvent('download'), accounting.getByTestId('deposit-statement').click()])
  expect(download.suggestedFilename()).toBe(`deposit-statement-${project.id}.pdf`)
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  })
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  await shotsInBothLanguages(accounting, 'deposit-ledger-accounting')
  await shotsInBothLanguages(tenant, 'deposit-ledger-tenant')
  // At phone width the ledger still reads: its refund line in view without sideways scrolling of the page.
  await tenant.setViewportSize({ width: 390, height: 844 })
  // The totals re-lay themselves one to a row first.
  await expect(tenant.getByTestId('ledger-totals').locator('tr')).toHaveCount(3)
  await tenant.getByTestId('ledger-refund').scrollIntoViewIfNeeded()
  await expect(tenant.getByTestId('ledger-refund')).toBeInViewport()
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await tenant.screenshot({ path: '/tmp/shots/deposit-ledger-tenant-390-en-US.png', fullPage: true })
})

test('the waiver approval and the management fee’s supporting documents download from the cards, for accounting and the tenant', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const project = await createTenantProject(db, { tenancyId: acme, projectName: unique('Waived fit-out'), status: 'IN_PROGRESS', floors: ['22/F'], projectLocation: ['Office'] })

  const accounting = await signedIn(browser, 'accounting.hk')
  await accounting.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  const deposit = accounting.getByTestId('deposit-card')
  await deposit.getByTestId('deposit-amount').fill('80,000.00')
  await deposit.getByText('Waive the deposit').click()
  await deposit.locator('input[type=file]').setInputFiles({ name: 'ed-approval.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await deposit.getByTestId('deposit-save').click()
  await expect(accounting.getByText('Deposit saved')).toBeVisible()
  const [approval] = await Promise.all([accounting.waitForEvent('download'), deposit.getByTestId('deposit-approval').click()])
  expect(approval.suggestedFilename()).toBe('ed-approval.pdf')

  const fee = accounting.getByTestId('fee-card')
  await fee.getByLabel('Amount (HKD)').fill('8,888.80')
  await fee.getByLabel('Debit note').fill('DN-0042')
  await fee.getByRole('button', { name: 'Save fee' }).click()
  await expect(fee.getByTestId('fee-document-upload')).toBeVisible()
  await closeToasts(accounting)
  await fee.locator('input[type=file]').setInputFiles([
    { name: 'fee-invoice.pdf', mimeType: 'application/pdf', buffer: minimalPdf },
    { name: 'fee-breakdown.pdf', mimeType: 'application/pdf', buffer: minimalPdf }
  ])
  await expect(fee.getByTestId('fee-document')).toHaveText(['fee-invoice.pdf', 'fee-breakdown.pdf'])
  await fee.getByRole('button', { name: 'Remove fee-breakdown.pdf' }).click()
  await expect(fee.getByTestId('fee-document')).toHaveText(['fee-invoice.pdf'])

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenant-projects/${project.id}?tabIndex=4`)
  await expect(tenant.getByTestId('deposit-card').getByText('Waived')).toBeVisible()
  const [tenantApproval] = await Promise.all([tenant.waitForEvent('download'), tenant.getByTestId('deposit-approval').click()])
  expect(tenantApproval.suggestedFilename()).toBe('ed-approval.pdf')
  await expect(tenant.getByTestId('fee-document-upload')).toHaveCount(0)
  const [invoice] = await Promise.all([tenant.waitForEvent('download'), tenant.getByTestId('fee-document').click()])
  expect(invoice.suggestedFilename()).toBe('fee-invoice.pdf')
})
