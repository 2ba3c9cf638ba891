import { expect, test } from '../fixtures'
import { closeToasts, modalOk, shotsInBothLanguages, signedIn, tick } from '../helpers'
import { createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'
import { createTestContact } from '../../../backend/src/modules/contacts/module'

/*
 * A tenancy's contacts as their users meet them: staff link contacts of the tenant's company with
 * roles (circular, emergency in and out of office hours, marketing), the first circular one
 * becoming primary, and a marketing contact cannot be unlinked; tenant.acme opens the tenancy's
 * contacts and confirms them, and staff see who confirmed. Built on a tenancy of its own.
 */

test('staff link contacts with roles and tenant.acme confirms them', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const acme = await tenantCompany(db, 'ACME Trading')
  const tenancy = await createTenancy(db, { companyId: acme, tradeName: uniqueName('Contacts Kiosk'), building: 'ES2', premises: [{ floor: 'G/F', zone: 'ES2', effectiveDate: '2026-01-01' }] })
  const circular = await createTestContact(db, { companyId: acme, firstName: uniqueName('Cora').replace(' ', ''), lastName: 'Circular' })
  const marketing = await createTestContact(db, { companyId: acme, firstName: uniqueName('Mark').replace(' ', ''), lastName: 'Market' })

  const staff = await signedIn(browser, 'admin')
  await staff.goto(`/tenancies/view/${tenancy.id}`)
  await staff.getByRole('tab', { name: 'All contacts' }).click()
  await expect(staff.getByText('No contacts linked yet')).toBeVisible()
  await expect(staff.getByTestId('contacts-confirmation').first()).toContainText('Never confirmed')

  const link = async (contact: { firstName: string }, roles: string[], orders: { working?: string; nonWorking?: string }) => {
    await staff.getByTestId('link-contact').click()
    const form = staff.getByTestId('contact-link-form')
    await form.getByTestId('contact-select').click()
    await form.getByTestId('contact-select').locator('input').fill(contact.firstName)
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: contact.firstName }).click()
    for (const role of roles) await tick(form.getByTestId(`role-${role}`))
    if (orders.working) await form.getByTestId('working-order').fill(orders.working)
    if (orders.nonWorking) await form.getByTestId('non-working-order').fill(orders.nonWorking)
    await modalOk(staff)
    await expect(staff.getByTestId('tenancy-contacts').getByRole('row', { name: new RegExp(contact.firstName) })).toBeVisible()
  }
  await link(circular, ['isCircular', 'isMain'], { working: '1' })
  await link(marketing, ['isMarketing'], { working: '1', nonWorking: '1' })

  const table = staff.getByTestId('tenancy-contacts')
  const coraRow = table.getByRole('row', { name: new RegExp(circular.firstName) })
  const markRow = table.getByRole('row', { name: new RegExp(marketing.firstName) })
  // The first circular contact is primary; the marketing contact took the first place in office hours.
  await expect(coraRow).toContainText('Primary')
  await expect(coraRow.getByRole('cell').nth(4)).toHaveText('2')
  await expect(markRow.getByRole('cell').nth(4)).toHaveText('1')
  await expect(markRow).toContainText('Emergency')
  await expect(markRow.getByRole('button', { name: 'Unlink' })).toBeDisabled()
  await closeToasts(staff)
  await staff.screenshot({ path: '/tmp/shots/tenancy-contacts-en-US.png', fullPage: true })

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto(`/tenants/tenancies/${tenancy.id}`)
  await tenant.getByRole('tab', { name: 'All contacts' }).click()
  await expect(tenant.getByText('Please check that these contacts are right and confirm them.')).toBeVisible()
  await expect(tenant.getByTestId('tenancy-contacts').getByRole('row', { name: new RegExp(circular.firstName) })).toBeVisible()
  await expect(tenant.getByTestId('link-contact')).toHaveCount(0)
  await tenant.getByTestId('confirm-contacts').click()
  await expect(tenant.getByTestId('contacts-confirmation')).toContainText('Confirmed by Tom Cheung (ACME Trading)')
  await expect(tenant.getByText('Please check that these contacts are right and confirm them.')).toHaveCount(0)
  await closeToasts(tenant)
  await tenant.screenshot({ path: '/tmp/shots/tenant-tenancy-contacts-en-US.png', fullPage: true })

  await staff.reload()
  await staff.getByRole('tab', { name: 'All contacts' }).click()
  await expect(staff.getByTestId('contacts-confirmation').first()).toContainText('Confirmed by Tom Cheung (ACME Trading)')
})

test('the contacts tab and the staleness filter fit a 390 px phone', async ({ browser, db }) => {
  const acme = await tenantCompany(db, 'ACME Trading')
  const tenancy = await createTenancy(db, { companyId: acme, tradeName: uniqueName('Phone Kiosk'), building: 'ES1' })
  const page = await signedIn(browser, 'admin', { width: 390, height: 844 })
  await page.goto('/allTenancyRecs')
  await expect(page.getByTestId('tenancy-link').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/tenancy-list-stale-390.png', fullPage: true })
  await page.goto(`/tenancies/view/${tenancy.id}`)
  await page.getByRole('tab', { name: 'All contacts' }).click()
  await expect(page.getByTestId('link-contact')).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/tenancy-contacts-390.png', fullPage: true })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test("the reminder mail's one-click link confirms the tenancy's contacts", async ({ browser, db }) => {
  const acme = await tenantCompany(db, 'ACME Trading')
  const tenancy = await createTenancy(db, { companyId: acme, tradeName: uniqueName('Reminded Kiosk'), building: 'ES3' })
  const page = await signedIn(browser, 'tenant.acme')
  await page.goto(`/tenants/tenancies/${tenancy.id}?confirmContacts=1`)
  await expect(page.getByRole('tab', { name: 'All contacts', selected: true })).toBeVisible()
  await expect(page.getByTestId('contacts-confirmation')).toContainText('Confirmed by Tom Cheung (ACME Trading)')
  await expect(page).toHaveURL(new RegExp(`/tenants/tenancies/${tenancy.id}$`))
  const stored = await db('tenancies').where({ id: tenancy.id }).first('confirmedAt')
  expect(stored.confirmedAt).not.toBeNull()
})

test('staff download the emergency and marketing contacts as spreadsheets', async ({ browser }) => {
  const page = await signedIn(browser, 'admin')
  for (const kind of ['emergency', 'marketing'] as const) {
    await page.goto(`/export-${kind}`)
    const download = page.waitForEvent('download')
    await page.getByTestId(`export-${kind}`).click()
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/)
  }
  await page.goto('/export-emergency')
  await page.getByTestId('call-tree-building').click()
  await page.getByTestId('call-tree-building').locator('input').fill('ES1')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ES1' }).first().click()
  const pdf = page.waitForEvent('download')
  await page.getByTestId('call-tree-pdf').click()
  expect((await pdf).suggestedFilename()).toBe('emergency-call-tree-ES1.pdf')
  await shotsInBothLanguages(page, 'export-emergency')
})
