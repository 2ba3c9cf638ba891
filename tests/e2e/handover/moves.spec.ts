import { expect, test } from '../fixtures'
import { modalOk, signedIn } from '../helpers'
import { createHotb } from '../../../backend/src/modules/handover/seeds/factories'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/module'

/*
 * A completed handover proposes the tenancy's move-in (issue 31 §9): staff who record moves open
 * the handover, record the move-in prefilled from it (its actual date, floor and premises) with
 * the business commencement date, and the move shows on the handover, linked to the tenancy,
 * and on the tenancy's moves, named after the handover instead of remarks.
 */

test('admin records the move-in a completed handover proposes, and finds it on the tenancy', async ({ browser, db }) => {
  const company = await tenantCompany(db, uniqueName('Moving in'))
  const tenancy = await createTenancy(db, { companyId: company, tradeName: uniqueName('Mover'), premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }] })
  const name = uniqueName('Handover to move in')
  const { id } = await createHotb(db, { tenancyId: tenancy.id, premises: ['10/F'], status: 'COMPLETED', actualDate: '2027-01-05', name })

  const admin = await signedIn(browser, 'admin')
  await admin.goto(`/handover-takeback/${id}`)
  const card = admin.getByTestId('hotb-move')
  await expect(card).toContainText('This handover is complete')
  await card.getByTestId('hotb-move-record').click()
  const dialog = admin.getByRole('dialog')
  // Prefilled from the handover: its actual date and floor.
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue('05 Jan 2027')
  await expect(dialog.locator('.ant-select-selection-item')).toHaveText('10/F')
  await dialog.getByLabel('Business commencement date').fill('10 Jan 2027')
  await dialog.getByLabel('Business commencement date').press('Enter')
  await modalOk(admin)
  await expect(card).toContainText('10 Jan 2027')
  await expect(card.getByRole('link', { name: "Open the tenancy's moves" })).toHaveAttribute('href', `/tenancies/view/${tenancy.id}`)
  const stored = await db('tenancy_moves').where({ handoverId: id }).first('kind', 'date', 'floor', 'remarks')
  expect(stored).toMatchObject({ kind: 'MOVE_IN', floor: '10/F', remarks: null })
})
