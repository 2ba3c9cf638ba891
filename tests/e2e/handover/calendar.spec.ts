import { expect, test } from '../fixtures'
import { shotsInBothLanguages, signedIn } from '../helpers'
import { createHotb } from '../../../backend/src/modules/handover/seeds/factories'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/module'

/*
 * The week's appointments by building (issue 31 §1): pm.hk opens the calendar view of /hotb and
 * finds this week's arranged handover under its building, on its day, at its time on Hong Kong's
 * clock; the next week does not show it; the building filter keeps to one building; a draft,
 * never arranged, is not on the calendar.
 */

const DAY = 86_400_000
/** Wednesday 10:30 of this week on Hong Kong's clock (UTC+8, no summer time), as an instant. */
function wednesdayThisWeek() {
  const hk = new Date(Date.now() + 8 * 3_600_000)
  const monday = Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth(), hk.getUTCDate()) - ((hk.getUTCDay() + 6) % 7) * DAY
  return new Date(monday + 2 * DAY + (10.5 - 8) * 3_600_000)
}

test('pm.hk finds this week’s appointments by building and day on the calendar', async ({ browser, db }) => {
  const company = await tenantCompany(db, uniqueName('Calendar Co'))
  const tradeName = uniqueName('Booked')
  const tenancy = await createTenancy(db, { companyId: company, tradeName, premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }] })
  const building = await db('tenancies').join('buildings', 'buildings.id', 'tenancies.buildingId').where('tenancies.id', tenancy.id).first('buildings.id', 'buildings.name')
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id
  await createHotb(db, { tenancyId: tenancy.id, premises: ['10/F'], status: 'SCHEDULED', scheduledAt: wednesdayThisWeek(), managedBy: pm, name: uniqueName('Calendar handover') })
  await createHotb(db, { tenancyId: tenancy.id, premises: ['10/F'], status: 'DRAFT', managedBy: pm, name: uniqueName('Calendar draft') })

  const page = await signedIn(browser, 'pm.hk')
  await page.goto('/hotb')
  await page.getByTestId('hotb-view').getByText('Calendar').click()
  await expect(page).toHaveURL(/view=calendar/)
  const calendar = page.getByTestId('hotb-calendar')
  await calendar.getByRole('combobox', { name: 'Building' }).fill(building.name)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: building.name }).first().click()
  const appointment = calendar.getByTestId('hotb-appointment').filter({ hasText: tradeName })
  await expect(appointment).toHaveCount(1)
  await expect(appointment).toContainText('10:30')
  await expect(appointment).toContainText('Scheduled')
  // Its row is its building's, its column Wednesday's (the building's name cell, then Monday to Sunday).
  const row = calendar.locator('tr.ant-table-row').filter({ hasText: tradeName })
  await expect(row.locator('td').first()).toHaveText(building.name)
  await expect(row.locator('td').nth(3).getByTestId('hotb-appointment').filter({ hasText: tradeName })).toHaveCount(1)
  await shotsInBothLanguages(page, 'hotb-calendar')

  await calendar.getByRole('button', { name: 'Next week' }).click()
  await expect(calendar.getByTestId('hotb-appointment').filter({ hasText: tradeName })).toHaveCount(0)
  await calendar.getByRole('button', { name: 'This week' }).click()
  await expect(appointment).toHaveCount(1)
  await appointment.click()
  await expect(page).toHaveURL(/\/handover-takeback\/\d+/)
})
