import { expect, test } from '../fixtures'
import { closeToasts, shotsInBothLanguages, signedIn, tick } from '../helpers'
import { createLease, createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'

/*
 * Tenancy records as their users meet them: staff create a tenancy with premises and opening
 * hours and link leases (one of another type asks to confirm first); tenant.acme sees ACME
 * Trading's tenancy records and nothing of another company's, not even by typing its address.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const typedDay = (date: Date) => `${String(date.getDate()).padStart(2, '0')} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`

async function choose(page: import('@playwright/test').Page, testId: string, search: string, option: RegExp) {
  await page.getByTestId(testId).click()
  // Into the select's own search box: a keystroke sent to the page can land before it has the focus.
  await page.getByTestId(testId).locator('input').fill(search)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click()
}

test('staff create a tenancy with premises and opening hours, and link its leases', async ({ browser, db }) => {
  // A journey over three screens, each shot in two languages.
  test.setTimeout(150_000)
  const tradeName = uniqueName('Kiosk')
  const tenantNo = uniqueName('TN').replace(' ', '-')
  const shop = await createLease(db, { tenantNo, leaseType: 'LS', label: 'shop', buildingCode: 'ES2', premises: 'G/F' })
  const office = await createLease(db, { tenantNo, leaseType: 'TO', label: 'office', buildingCode: 'ES1', premises: '9/F' })
  const page = await signedIn(browser, 'admin')
  await page.goto('/allTenancyRecs')
  await expect(page.getByTestId('tenancy-link').first()).toBeVisible()
  await page.getByRole('button', { name: /New tenancy/ }).click()
  await expect(page).toHaveURL(/\/tenancies\/create$/)

  // The picker offers tenant companies only: a vendor's company is not among them.
  const companies = page.getByTestId('company-select')
  const companyOption = (name: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name })
  await companies.click()
  await companies.locator('input').fill('Ltd')
  await expect(companyOption('Harbour Capital Ltd')).toBeVisible()
  await expect(companyOption('Alpha Engineering Ltd')).toHaveCount(0)
  await companies.locator('input').fill('ACME')
  await companyOption(/^ACME Trading$/)
    .first()
    .click()
  await page.getByLabel('Trade name').fill(tradeName)
  await tick(page.getByLabel('Retail'))
  await choose(page, 'building-select', 'ES2', /ES2/)
  await page.getByRole('button', { name: 'Add premises' }).click()
  await page.getByRole('combobox', { name: 'Floor' }).click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^G\/F$/ }).click()
  await page.locator('#premises_0_effectiveDate').click()
  await page.locator('#premises_0_effectiveDate').fill(typedDay(new Date()))
  await page.keyboard.press('Enter')
  await page.locator('#premises_0_detail').fill('Kiosk K1')
  await page.getByRole('combobox', { name: 'Monday From' }).click({ force: true })
  await page.keyboard.type('09:00')
  await page.keyboard.press('Enter')
  await page.getByRole('combobox', { name: 'Monday To' }).click({ force: true })
  await page.keyboard.type('21:30')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Save' }).click()

  await expect(page).toHaveURL(/\/tenancies\/view\/\d+$/)
  await expect(page.getByTestId('tenancy-title')).toHaveText(`ACME Trading — ${tradeName}`)
  await expect(page.getByRole('cell', { name: 'Kiosk K1' })).toBeVisible()
  await expect(page.getByText('09:00 – 21:30')).toBeVisible()
  await closeToasts(page)

  await page.getByRole('tab', { name: 'Lease information' }).click()
  await page.getByTestId('tenant-no-search').fill(tenantNo)
  await page.getByTestId('tenant-no-search').press('Enter')
  const found = page.getByTestId('found-leases')
  await found
    .getByRole('row', { name: new RegExp(shop.number) })
    .getByRole('button', { name: 'Link' })
    .click()
  await expect(page.getByTestId('linked-leases').getByRole('row', { name: new RegExp(shop.number) })).toBeVisible()
  // An office lease of another building on a retail tenancy in ES2: asked first.
  await found
    .getByRole('row', { name: new RegExp(office.number) })
    .getByRole('button', { name: 'Link' })
    .click()
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText('does not match')
  await page.locator('.ant-modal-confirm-btns:visible .ant-btn-primary').click()
  const linked = page.getByTestId('linked-leases')
  await expect(linked.getByRole('row', { name: new RegExp(office.number) })).toBeVisible()
  // The spec's order: LS before TO.
  await expect(linked.locator('tbody tr.ant-table-row').first()).toContainText(shop.number)
  await shotsInBothLanguages(page, 'tenancy-leases')
  await page.getByRole('tab', { name: 'Tenancy information' }).click()
  await shotsInBothLanguages(page, 'tenancy-view')

  await page.goto('/allTenancyRecs')
  await page.getByTestId('company-filter').fill('ACME')
  await page.getByRole('button', { name: /search/i }).click()
  await expect(page.getByRole('link', { name: 'ACME Trading' }).first()).toBeVisible()
  await shotsInBothLanguages(page, 'tenancy-list')
})

test('tenant.acme sees only ACME Trading tenancy records, without leases', async ({ browser, db }) => {
  const otherCompany = await tenantCompany(db, uniqueName('Other tenant'))
  const other = await createTenancy(db, { companyId: otherCompany, tradeName: uniqueName('Not ACME'), building: 'ES1', premises: [{ floor: '40/F', effectiveDate: '2026-01-01' }] })
  const page = await signedIn(browser, 'tenant.acme')
  await page.goto('/tenants')
  await expect(page.getByText('No modules are switched on')).toHaveCount(0)
  await page.goto('/tenants/allTenancyRecs')
  const links = page.getByTestId('tenancy-link')
  await expect(links.first()).toBeVisible()
  const names = await links.allTextContents()
  expect(names.length).toBeGreaterThanOrEqual(3)
  expect(new Set(names)).toEqual(new Set(['ACME Trading']))
  await expect(page.getByText('Not ACME')).toHaveCount(0)
  await shotsInBothLanguages(page, 'tenant-tenancy-list')

  await page
    .getByRole('row', { name: /ACME Research/ })
    .getByTestId('tenancy-link')
    .click()
  await expect(page).toHaveURL(/\/tenants\/tenancies\/\d+$/)
  await expect(page.getByRole('tab', { name: 'Tenancy information' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Lease information' })).toHaveCount(0)
  await expect(page.getByRole('cell', { name: '12/F' })).toBeVisible()
  await shotsInBothLanguages(page, 'tenant-tenancy-view')

  await page.goto(`/tenants/tenancies/${other.id}`)
  await expect(page.getByText('This tenancy record could not be loaded.')).toBeVisible()
  await expect(page.getByText('Not ACME')).toHaveCount(0)
})

test('staff edit a tenancy: a new company name is confirmed first, and the histories show the change', async ({ browser, db }) => {
  const company = await tenantCompany(db, uniqueName('Rename Co'))
  const tenancy = await createTenancy(db, { companyId: company, tradeName: uniqueName('Rename'), building: 'ES3', premises: [{ floor: '5/F', zone: 'ES3', effectiveDate: '2026-01-01' }] })
  const page = await signedIn(browser, 'admin')
  await page.goto(`/tenancies/edit/${tenancy.id}`)
  const name = page.getByLabel('Company name')
  await expect(name).toHaveValue(tenancy.companyName)
  await shotsInBothLanguages(page, 'tenancy-edit')
  await name.fill(`${tenancy.companyName} Holdings`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText(`${tenancy.companyName} Holdings`)
  await page.locator('.ant-modal-confirm-btns:visible .ant-btn-primary').click()
  await expect(page).toHaveURL(new RegExp(`/tenancies/view/${tenancy.id}$`))
  await expect(page.getByTestId('tenancy-title')).toContainText(`${tenancy.companyName} Holdings`)
  await expect(page.getByRole('cell', { name: 'Edited' })).toBeVisible()
})

test('the tenancy list and record fit a 390 px phone', async ({ browser }) => {
  const page = await signedIn(browser, 'admin', { width: 390, height: 844 })
  await page.goto('/allTenancyRecs')
  await expect(page.getByTestId('tenancy-link').first()).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/tenancy-list-390.png', fullPage: true })
  await page.getByTestId('tenancy-link').first().click()
  await expect(page.getByTestId('tenancy-title')).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/tenancy-view-390.png', fullPage: true })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
