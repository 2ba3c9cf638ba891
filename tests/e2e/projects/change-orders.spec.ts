import { expect, test, type Page } from '../fixtures'
import { animationsDone, closeToasts, popconfirmOk, shotsInBothLanguages, signedIn, switchLanguage } from '../helpers'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'
import { createSchedule, createSubmission } from '../../../backend/src/modules/projects/seeds/submissions'
import { createChangeOrder } from '../../../backend/src/modules/projects/seeds/change-orders'

/*
 * Change orders as their users meet them (issue 27 item 3): on an active project of 100,000.00
 * whose first claim certified 15,000.00 on item 1, vendor.alpha proposes a change order (item 1
 * down, never below what was claimed on it: the form says so when the field is left; a new item
 * added) and submits it; the vendor has no approve button; pm.hk approves it and both screens
 * show the new contract sum to date, the vendor's without reloading; the vendor's next claim
 * carries the added item. Then the screens in both languages and at a phone's width.
 */

async function choose(page: Page, select: ReturnType<Page['getByTestId']>, option: string) {
  await select.click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click()
}

test('vendor.alpha proposes a change order, pm.hk approves it, and the contract sum to date follows on both screens', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  await createSchedule(db, project, [
    { item: '1', description: 'Demolition', originalValueCents: 2_000_000 },
    { item: '2', description: 'Lift installation', originalValueCents: 5_000_000 },
    { item: '3', description: 'Finishes', originalValueCents: 3_000_000 }
  ])
  await createSubmission(db, project, { status: 'APPR', lines: [{ item: '1', workThisPeriodCents: 1_500_000, materialsStoredCents: 0 }] })

  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=0`)
  await expect(vendor.getByTestId('contract-sum-to-date')).toHaveText('100,000.00')
  await expect(vendor.getByTestId('change-orders')).toContainText('No change orders yet.')
  await vendor.getByTestId('change-order-new').click()
  const form = vendor.getByTestId('change-order-form')
  await form.getByTestId('change-order-reason').fill('Less demolition; lighting added to the lift lobby')
  const first = form.getByTestId('change-order-line').nth(0)
  await choose(vendor, first.getByTestId('change-order-line-item'), 'Demolition')
  await expect(first).toContainText('Now 20,000.00; claimed to date 15,000.00.')
  // Below what was claimed on the line: said when the field is left.
  await first.getByTestId('change-order-line-amount').fill('-6000')
  await first.getByTestId('change-order-line-amount').blur()
  await expect(first).toContainText('item 1 would be worth 14,000.00, less than the 15,000.00 already claimed on it')
  await first.getByTestId('change-order-line-amount').fill('-5000')
  await first.getByTestId('change-order-line-amount').blur()
  await expect(first).not.toContainText('already claimed on it')
  await form.getByTestId('change-order-add-line').click()
  const second = form.getByTestId('change-order-line').nth(1)
  await choose(vendor, second.getByTestId('change-order-line-type'), 'Add item')
  await second.getByTestId('change-order-line-item').fill('4')
  await second.getByTestId('change-order-line-amount').fill('12000')
  await second.getByTestId('change-order-line-amount').blur()
  // An added item needs its description.
  await form.getByTestId('change-order-save').click()
  await expect(second).toContainText('enter the description of the added item 4')
  await second.getByTestId('change-order-line-description').fill('Lift lobby lighting')
  await expect(form.getByTestId('change-order-net')).toContainText('7,000.00')
  await form.getByTestId('change-order-save').click()

  const row = vendor.getByTestId('change-order-row').filter({ hasText: 'CO-001' })
  await expect(row).toContainText('Draft')
  await expect(row).toContainText('7,000.00')
  await row.getByTestId('change-order-submit').click()
  await popconfirmOk(vendor)
  await expect(row).toContainText('Submitted')
  await expect(row.getByTestId('change-order-approve')).toHaveCount(0)
  await expect(row.getByTestId('change-order-edit')).toHaveCount(0)

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  const pmRow = pm.getByTestId('change-order-row').filter({ hasText: 'CO-001' })
  await expect(pmRow).toContainText('Submitted')
  await expect(pm.getByTestId('contract-sum-to-date')).toHaveText('100,000.00')
  await shotsInBothLanguages(pm, 'change-orders-submitted')
  await pmRow.getByTestId('change-order-approve').click()
  await popconfirmOk(pm)
  await expect(pmRow).toContainText('Approved')
  await expect(pm.getByTestId('contract-sum-to-date')).toHaveText('107,000.00')
  await expect(pm.getByTestId('contract-sums')).toContainText('7,000.00')
  await expect(pm.getByTestId('schedule-state')).toContainText('4 lines')
  // The vendor's open screen hears of it.
  await expect(vendor.getByTestId('contract-sum-to-date')).toHaveText('107,000.00', { timeout: 20_000 })
  await expect(row).toContainText('Approved', { timeout: 20_000 })

  // The next claim is made against the new schedule: the added item is one of its lines.
  await vendor.getByTestId('claim-new').click()
  const claimForm = vendor.getByTestId('claim-form')
  await expect(claimForm.getByTestId('claim-line')).toHaveCount(4)
  // Its G702: line 2 is the approved change order, line 3 the contract sum to date.
  await expect(claimForm.getByTestId('g702-originalContractSum')).toHaveText('100,000.00')
  await expect(claimForm.getByTestId('g702-netChangeByChangeOrders')).toHaveText('7,000.00')
  await expect(claimForm.getByTestId('g702-contractSumToDate')).toHaveText('107,000.00')
  await vendor.locator('.ant-drawer-close:visible').click()

  // The screens: the list in both languages, and the form at a phone's width.
  await closeToasts(pm)
  await shotsInBothLanguages(pm, 'change-orders-approved')
  const phone = await signedIn(browser, 'pm.hk', { width: 390, height: 844 })
  await phone.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(phone.getByTestId('contract-sum-to-date')).toHaveText('107,000.00')
  await phone.getByTestId('change-orders').scrollIntoViewIfNeeded()
  await closeToasts(phone)
  await phone.screenshot({ path: '/tmp/shots/change-orders-phone-en-US.png', fullPage: true })
  await phone.getByTestId('change-order-new').click()
  await expect(phone.getByTestId('change-order-form')).toBeVisible()
  await animationsDone(phone)
  await phone.getByTestId('change-order-save').click()
  await expect(phone.getByTestId('change-order-form')).toContainText('Please give the reason for the change')
  await phone.screenshot({ path: '/tmp/shots/change-order-form-phone-en-US.png' })
  await phone.locator('.ant-drawer-close:visible').click()
  await switchLanguage(phone, '中文', { save: false })
  await phone.getByTestId('change-order-new').click()
  await animationsDone(phone)
  await phone.screenshot({ path: '/tmp/shots/change-order-form-phone-zh-CN.png' })
})

test('vendor.alpha deletes its draft change order after confirming; pm.hk sees it go', async ({ browser, db }) => {
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  await createSchedule(db, project, [{ item: '1', description: 'Demolition', originalValueCents: 10_000_000 }])
  await createChangeOrder(db, project, { reason: 'Not needed after all', lines: [{ type: 'REVISE', item: '1', amountCents: 100_000 }] })

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(pm.getByTestId('change-order-row').filter({ hasText: 'CO-001' })).toContainText('Draft')
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=0`)
  const row = vendor.getByTestId('change-order-row').filter({ hasText: 'CO-001' })
  await row.getByTestId('change-order-delete').click()
  await expect(vendor.locator('.ant-popconfirm:visible')).toContainText('Delete the draft CO-001?')
  await popconfirmOk(vendor)
  await expect(vendor.getByTestId('change-orders')).toContainText('No change orders yet.')
  await expect(pm.getByTestId('change-orders')).toContainText('No change orders yet.', { timeout: 20_000 })
})
