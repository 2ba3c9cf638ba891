import ExcelJS from 'exceljs'
import { expect, test } from '../fixtures'
import { shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'
import { linkContact } from '../../../backend/src/modules/tenancies/seeds/tenancy-contacts'
import { createTestContact } from '../../../backend/src/modules/contacts/module'

/*
 * The emergency call tree as a spreadsheet: staff holding the export rights find the export pages
 * in their menu, choose a building and download its call tree, a sheet in office-hour and one in
 * out-of-office order, next to the PDF; staff without the rights see neither entry nor page.
 * Built on a tenancy of its own in ES1.
 */

test('admin downloads a building’s emergency call tree as a spreadsheet from the menu’s export page', async ({ browser, db }) => {
  const companyName = uniqueName('Call Tree Trading')
  const companyId = await tenantCompany(db, companyName)
  const tenancy = await createTenancy(db, { companyId, tradeName: uniqueName('Call Tree Shop'), building: 'ES1' })
  const first = await createTestContact(db, { companyId, firstName: uniqueName('Olive').replace(' ', ''), lastName: 'Office' })
  const second = await createTestContact(db, { companyId, firstName: uniqueName('Nigel').replace(' ', ''), lastName: 'Night' })
  await linkContact(db, { tenancyId: tenancy.id, ccdContactId: first.id, workingHourOrder: 1, nonWorkingHourOrder: 2 })
  await linkContact(db, { tenancyId: tenancy.id, ccdContactId: second.id, nonWorkingHourOrder: 1 })

  const page = await signedIn(browser, 'admin')
  await page.goto('/')
  await expect(page.getByRole('menuitem', { name: 'Marketing contacts export' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Emergency contacts export' }).click()
  await expect(page).toHaveURL(/\/export-emergency$/)
  await expect(page.getByTestId('call-tree-xlsx')).toBeDisabled()
  await page.getByTestId('call-tree-building').click()
  await page.getByTestId('call-tree-building').locator('input').fill('ES1')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ES1' }).first().click()
  const download = page.waitForEvent('download')
  await page.getByTestId('call-tree-xlsx').click()
  const file = await download
  expect(file.suggestedFilename()).toBe('emergency-call-tree-ES1.xlsx')

  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await file.path())
  const [office, outside] = workbook.worksheets
  expect([office.name, outside.name]).toEqual(['In office hours', 'Out of office hours'])
  expect((office.getRow(1).values as unknown[]).slice(1)).toEqual(['Tenancy', 'Order', 'Contact', 'Phone', 'E-mail'])
  const ours = (sheet: ExcelJS.Worksheet) =>
    (sheet.getSheetValues().filter(Boolean) as unknown[][]).filter((values) => String(values[1]).startsWith(companyName)).map((values) => [values[2], values[3]])
  expect(ours(office)).toEqual([[1, `${first.firstName} Office`]])
  expect(ours(outside)).toEqual([
    [1, `${second.firstName} Night`],
    [2, `${first.firstName} Office`]
  ])
  await settled(page)
  expect(await violations(page, '/export-emergency')).toEqual([])
  await shotsInBothLanguages(page, 'call-tree-export')

  const phone = await signedIn(browser, 'admin', { width: 390, height: 844 })
  await phone.goto('/export-emergency')
  await expect(phone.getByTestId('call-tree-xlsx')).toBeVisible()
  await phone.screenshot({ path: '/tmp/shots/call-tree-export-390.png', fullPage: true })
})

test('staff without the export rights have no export entries and no export page', async ({ browser }) => {
  const page = await signedIn(browser, 'pm.hk')
  await page.goto('/')
  await expect(page.getByRole('menuitem', { name: /Tenancy records/ })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: /contacts export/ })).toHaveCount(0)
  await page.goto('/export-emergency')
  await expect(page.getByTestId('call-tree-xlsx')).toHaveCount(0)
  await expect(page.getByTestId('export-emergency')).toHaveCount(0)
})
