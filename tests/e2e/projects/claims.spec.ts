import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { expect, test, type Page } from '../fixtures'
import { animationsDone, closeToasts, popconfirmOk, shotsInBothLanguages, signedIn, switchLanguage } from '../helpers'
import { settled, violations } from '../axe'
import { createProject, uniqueNumber } from '../../../backend/src/modules/projects/seeds/factories'
import { createSchedule } from '../../../backend/src/modules/projects/seeds/submissions'

/*
 * Payment claims as their users meet them (issue 12 items 5, 6, 8): on an active project of
 * 100,000.00 with 10 % retention, pm.hk imports a schedule of values of three lines (staff set
 * it, issue 27 item 2; the other specs have the factory set it) and vendor.alpha submits a claim stating work and stored materials per line; pm.hk, whose screen is open
 * meanwhile, sees it arrive, rejects it with a reason; the vendor sees the rejection, changes a
 * line and resubmits (version 2); pm.hk compares it with version 1 and accepts it; the vendor
 * sees the acceptance. Each sees the other's change without reloading. Then the screens in both
 * languages, at a phone's width, and axe.
 */

const schedule = ['Item no.,Description,Scheduled value', '1,Demolition,20000.00', '2,Lift installation,50000.00', '3,Finishes,30000.00', ''].join('\n')

/** The same schedule set by the factory, as the project's manager would have imported it; the vendor's page then shows it. */
async function scheduleSet(db: Parameters<typeof createSchedule>[0], project: { id: string; region: string }, page: Page) {
  await createSchedule(db, project, [
    { item: '1', description: 'Demolition', originalValueCents: 2_000_000 },
    { item: '2', description: 'Lift installation', originalValueCents: 5_000_000 },
    { item: '3', description: 'Finishes', originalValueCents: 3_000_000 }
  ])
  await page.reload()
  await expect(page.getByTestId('schedule-state')).toContainText('3 lines')
}

async function importSchedule(page: Page) {
  await page.getByTestId('schedule-import').click()
  await page.locator('.ant-modal:visible input[type=file]').setInputFiles({ name: 'schedule.csv', mimeType: 'text/csv', buffer: Buffer.from(schedule) })
  await page.getByTestId('schedule-upload').click()
  await expect(page.getByTestId('schedule-state')).toContainText('3 lines')
  await expect(page.getByTestId('schedule-state')).toContainText('100,000.00')
}

/**
 * A drawer's screen in en-US and zh-CN: the drawer covers the header's language switch, so it is
 * closed for the switch and opened again (`open`) in the other language.
 */
async function drawerShots(page: Page, name: string, open: () => Promise<void>) {
  // The drawer stands still over the viewport: a shot of the viewport, once it has slid in.
  await closeToasts(page)
  await expect(page.locator('.ant-drawer-content:visible .ant-spin-spinning')).toHaveCount(0)
  await animationsDone(page)
  await page.screenshot({ path: `/tmp/shots/${name}-en-US.png` })
  await page.locator('.ant-drawer-close:visible').click()
  await expect(page.locator('.ant-drawer-content:visible')).toHaveCount(0)
  await switchLanguage(page, '中文', { save: false })
  await open()
  await expect(page.locator('.ant-drawer-content:visible .ant-spin-spinning')).toHaveCount(0)
  await animationsDone(page)
  await page.screenshot({ path: `/tmp/shots/${name}-zh-CN.png` })
  await page.locator('.ant-drawer-close:visible').click()
  await expect(page.locator('.ant-drawer-content:visible')).toHaveCount(0)
  await switchLanguage(page, 'English', { save: false })
}

/** Types an amount into the n-th schedule line's column of the open claim form. */
async function lineAmount(page: Page, index: number, column: 'line-work' | 'line-stored', amount: string) {
  const input = page.getByTestId('claim-line').nth(index).getByTestId(column)
  await input.fill(amount)
  await input.blur()
}

test('vendor.alpha claims against a schedule of values; pm.hk rejects with a reason, the vendor resubmits version 2, pm.hk accepts; each sees the other live', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  const invoice = uniqueNumber('INV')

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(pm.getByTestId('project-title')).toHaveText(project.number)
  await expect(pm.getByTestId('tab-submissions')).toBeVisible()
  await expect(pm.getByTestId('claim-new')).toHaveCount(0)

  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=0`)
  await expect(vendor.getByTestId('project-title')).toHaveText(project.number)
  await expect(vendor.getByTestId('schedule-import')).toHaveCount(0)
  await importSchedule(pm)
  await vendor.reload()
  await expect(vendor.getByTestId('schedule-state')).toContainText('3 lines')

  // The claim: the figures follow the lines as they are typed.
  await vendor.getByTestId('claim-new').click()
  const form = vendor.getByTestId('claim-form')
  await expect(form.getByTestId('claim-line')).toHaveCount(3)
  await form.getByTestId('claim-invoice-number').fill(invoice)
  await form.getByTestId('claim-invoice-amount').fill('35000')
  await lineAmount(vendor, 0, 'line-work', '20000')
  await lineAmount(vendor, 1, 'line-work', '10000')
  await lineAmount(vendor, 1, 'line-stored', '5000')
  await expect(form.getByTestId('claim-completion-from-lines')).toHaveText('35,000.00')
  await expect(form.getByTestId('live-remaining')).toHaveText('65,000.00')
  await expect(form.getByTestId('live-retention')).toHaveText('10,000.00')
  // The project's retention, named apart from the retainage the G702 withholds on the work so far.
  await expect(form.locator('.ant-descriptions-item-label', { hasText: 'Retention (10.00% of the revised amount)' })).toBeVisible()
  // A line claimed beyond its scheduled value is named when the field is left.
  await lineAmount(vendor, 2, 'line-work', '30000.01')
  await expect(form.getByText('item 3 would be claimed beyond its scheduled value')).toBeVisible()
  await lineAmount(vendor, 2, 'line-work', '')
  await expect(form.getByText('item 3 would be claimed beyond its scheduled value')).toHaveCount(0)
  await expect(form.getByTestId('g702-currentPaymentDue')).toHaveText('31,500.00')
  await form.getByTestId('claim-save').click()

  const detail = vendor.getByTestId('claim-detail')
  await expect(detail).toBeVisible()
  await expect(detail.getByTestId('claim-completion-amount-shown')).toHaveText('35,000.00')
  await detail.getByTestId('claim-submit').click()
  await popconfirmOk(vendor)
  await expect(detail.locator('.ant-tag', { hasText: 'Open' })).toBeVisible()
  await expect(detail.locator('.ant-tag', { hasText: 'Version 1' })).toBeVisible()

  // pm.hk's open list hears of it and opens it: the G702 figures of the claim.
  const pmRow = pm.getByTestId('claim-row').filter({ hasText: invoice })
  await expect(pmRow).toContainText('Open', { timeout: 20_000 })
  await pmRow.click()
  const review = pm.getByTestId('claim-detail')
  await expect(review.getByTestId('g702-totalCompletedAndStored')).toHaveText('35,000.00')
  await expect(review.getByTestId('g702-totalRetainage')).toHaveText('3,500.00')
  await expect(review.getByTestId('g702-currentPaymentDue')).toHaveText('31,500.00')
  await expect(review.getByTestId('g703-row')).toHaveCount(3)
  await expect(review.getByTestId('claim-submit')).toHaveCount(0)
  // pm.hk names the claim's inspector from the region's staff; the vendor's open claim shows the name, live.
  await expect(review.getByTestId('claim-inspector-name')).toHaveText('No inspector yet')
  await expect(detail.getByTestId('claim-inspector-assign')).toHaveCount(0)
  await review.getByTestId('claim-inspector-assign').click()
  const inspectorSelect = pm.getByTestId('claim-inspector-select')
  await inspectorSelect.click()
  await inspectorSelect.locator('input').fill('Alice')
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'approver.hk' }).click()
  await pm.getByTestId('claim-inspector-save').click()
  await expect(review.getByTestId('claim-inspector-name')).toHaveText('Alice Wong (Approver)')
  await expect(review.getByTestId('claim-inspector-assign')).toHaveText('Change inspector')
  await expect(detail.getByTestId('claim-inspector-name')).toHaveText('Alice Wong (Approver)', { timeout: 20_000 })
  await review.getByTestId('claim-reject').click()
  await pm.getByTestId('claim-reject-reason').fill('Lift installation: only 12,000.00 of work is certified on site.')
  await pm.getByTestId('claim-reject-confirm').click()
  await expect(review.getByTestId('claim-decision')).toHaveText('Rejected')

  // The vendor's open claim shows the rejection and its reason, live; the vendor changes line 2 and resubmits.
  await expect(detail.getByTestId('claim-reject-shown')).toContainText('only 12,000.00 of work', { timeout: 20_000 })
  await expect(detail.getByTestId('claim-decision')).toHaveText('Rejected')
  await detail.getByTestId('claim-edit').click()
  await lineAmount(vendor, 1, 'line-work', '12000')
  await expect(vendor.getByTestId('claim-completion-from-lines')).toHaveText('37,000.00')
  await vendor.getByTestId('claim-save').click()
  await expect(detail.getByTestId('claim-completion-amount-shown')).toHaveText('37,000.00')
  await detail.getByTestId('claim-resubmit').click()
  await popconfirmOk(vendor)
  await expect(detail.locator('.ant-tag', { hasText: 'Version 2' })).toBeVisible()
  await expect(detail.getByTestId('claim-decision')).toHaveCount(0)

  // pm.hk's open claim turns to Open again, live; version 2 compared with version 1 names line 2.
  await expect(review.getByTestId('claim-accept')).toBeVisible({ timeout: 20_000 })
  await expect(review.getByTestId('g702-currentPaymentDue')).toHaveText('33,300.00')
  await review.getByRole('tab', { name: 'Versions' }).click()
  await expect(review.getByTestId('claim-version')).toHaveCount(2)
  await review.locator('[data-testid=claim-version][data-version="2"]').getByTestId('claim-compare').click()
  await expect(pm.getByTestId('compare-fields')).toContainText('Completion amount')
  await expect(pm.getByTestId('compare-fields')).toContainText('37,000.00')
  await expect(pm.getByTestId('compare-lines')).toContainText('10,000.00 → 12,000.00')
  await animationsDone(pm)
  await pm.screenshot({ path: '/tmp/shots/claims-compare-en-US.png' })
  await pm.locator('.ant-modal-close:visible').click()
  await expect(pm.getByTestId('compare-lines')).toHaveCount(0)
  await review.getByTestId('claim-accept').click()
  await popconfirmOk(pm)
  await expect(review.getByTestId('claim-decision')).toHaveText('Accepted')
  await expect(review.locator('.ant-tag', { hasText: 'Approved' })).toBeVisible()
  // The decisions taken after each version froze: a certificate of its own beside the version's PDF.
  await review.getByRole('tab', { name: 'Versions' }).click()
  const decided = review.locator('[data-testid=claim-version][data-version="2"]')
  await expect(decided.getByTestId('claim-version-decision')).toContainText('Accepted')
  await expect(review.locator('[data-testid=claim-version][data-version="1"]').getByTestId('claim-version-decision')).toContainText('Rejected')
  const [certificate] = await Promise.all([pm.waitForEvent('download'), decided.getByTestId('claim-certificate').click()])
  expect((await readFile(await certificate.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  await pm.screenshot({ path: '/tmp/shots/claims-certificate-en-US.png' })

  // The vendor sees the acceptance without reloading, in its list too; the claim can no longer be edited.
  await expect(detail.getByTestId('claim-decision')).toHaveText('Accepted', { timeout: 20_000 })
  await expect(detail.getByTestId('claim-edit')).toHaveCount(0)
  await vendor.keyboard.press('Escape')
  await expect(vendor.getByTestId('claim-row').filter({ hasText: invoice })).toContainText('Approved')
})

test('the claim screens in both languages and at a phone width: list, new claim, claim with its ledger, versions', async ({ browser, db }) => {
  test.setTimeout(300_000)
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=0`)
  await scheduleSet(db, project, vendor)
  const fillClaim = async () => {
    await vendor.getByTestId('claim-new').click()
    const form = vendor.getByTestId('claim-form')
    await form.getByTestId('claim-invoice-number').fill(invoice)
    await lineAmount(vendor, 0, 'line-work', '8000')
    await lineAmount(vendor, 1, 'line-stored', '2500.50')
    await expect(form.getByTestId('claim-completion-from-lines')).toHaveText('10,500.50')
  }
  const invoice = uniqueNumber('INV')
  await fillClaim()
  await drawerShots(vendor, 'claims-new', fillClaim)
  await fillClaim()
  await vendor.getByTestId('claim-save').click()
  await expect(vendor.getByTestId('claim-detail')).toBeVisible()
  await vendor.getByTestId('claim-submit').click()
  await popconfirmOk(vendor)
  await expect(vendor.getByTestId('claim-detail').locator('.ant-tag', { hasText: 'Version 1' })).toBeVisible()
  const openClaim = (page: Page) => async () => {
    await page.getByTestId('claim-row').first().click()
    await expect(page.getByTestId('claim-detail')).toBeVisible()
  }
  await drawerShots(vendor, 'claims-vendor-detail', openClaim(vendor))
  await shotsInBothLanguages(vendor, 'claims-vendor-list')

  // The words are the Chinese catalogue's, not keys.
  await switchLanguage(vendor, '中文', { save: false })
  await openClaim(vendor)()
  await expect(vendor.getByTestId('claim-detail').locator('.ant-tag', { hasText: '待审' })).toBeVisible()
  await expect(vendor.getByTestId('g702-summary')).toContainText('本期应付')
  await vendor.locator('.ant-drawer-close:visible').click()
  await switchLanguage(vendor, 'English', { save: false })

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(pm.getByTestId('claim-row')).toHaveCount(1)
  await shotsInBothLanguages(pm, 'claims-list')
  await openClaim(pm)()
  await expect(pm.getByTestId('g703-row')).toHaveCount(3)
  await drawerShots(pm, 'claims-staff-detail', openClaim(pm))

  const phone = await signedIn(browser, 'pm.hk', { width: 390, height: 844 })
  await phone.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(phone.getByTestId('claim-row')).toHaveCount(1)
  await shotsInBothLanguages(phone, 'claims-list-390')
  await openClaim(phone)()
  await expect(phone.getByTestId('g702-summary')).toBeVisible()
  // Nothing of the claim is wider than the phone: the tables scroll inside themselves.
  await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await drawerShots(phone, 'claims-staff-detail-390', openClaim(phone))
})

test('the claim screens have no serious or critical axe violation', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  const found: string[] = []
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=0`)
  await settled(vendor)
  found.push(...(await violations(vendor, 'vendor.alpha claims tab')))
  await scheduleSet(db, project, vendor)
  await vendor.getByTestId('claim-new').click()
  await vendor.getByTestId('claim-form').getByTestId('claim-invoice-number').fill(uniqueNumber('INV'))
  await lineAmount(vendor, 0, 'line-work', '1000')
  await settled(vendor)
  found.push(...(await violations(vendor, 'vendor.alpha new claim')))
  await vendor.getByTestId('claim-save').click()
  await expect(vendor.getByTestId('claim-detail')).toBeVisible()
  await settled(vendor)
  found.push(...(await violations(vendor, 'vendor.alpha claim')))
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  await settled(pm)
  found.push(...(await violations(pm, 'pm.hk claims tab')))
  expect(found, found.join('\n')).toEqual([])
})

test('a submitted version downloads as its PDF, and its SHA-256 shows on the claim', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=0`)
  await scheduleSet(db, project, vendor)
  await vendor.getByTestId('claim-new').click()
  await vendor.getByTestId('claim-form').getByTestId('claim-invoice-number').fill(uniqueNumber('INV'))
  await lineAmount(vendor, 0, 'line-work', '5000')
  await vendor.getByTestId('claim-save').click()
  const detail = vendor.getByTestId('claim-detail')
  await detail.getByTestId('claim-submit').click()
  await popconfirmOk(vendor)
  await expect(detail.locator('.ant-tag', { hasText: 'Version 1' })).toBeVisible()
  await detail.getByRole('tab', { name: 'Versions' }).click()
  const version = detail.locator('[data-testid=claim-version][data-version="1"]')
  const [download] = await Promise.all([vendor.waitForEvent('download'), version.getByTestId('claim-pdf').click()])
  const path = await download.path()
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  // The hash on screen is the stored document's: the bytes just downloaded.
  await expect(version.getByTestId('claim-version-sha')).toContainText(createHash('sha256').update(bytes).digest('hex'))
  await drawerShots(vendor, 'claims-versions', async () => {
    await vendor.getByTestId('claim-row').first().click()
    await detail.getByRole('tab', { name: /Versions|版本/ }).click()
    await expect(version.getByTestId('claim-version-sha')).toContainText(createHash('sha256').update(bytes).digest('hex'))
  })
})

test('pm.hk imports a schedule of values from a workbook: a bad row is named and nothing is kept, a good file replaces it', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const { project } = await createProject(db, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10 })
  const workbook = async (rows: unknown[][]) => {
    const book = new ExcelJS.Workbook()
    book.addWorksheet('SOV').addRows(rows)
    return Buffer.from(await book.xlsx.writeBuffer())
  }
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=0`)
  await expect(pm.getByTestId('schedule-state')).toContainText('no schedule of values')
  await pm.getByTestId('schedule-import').click()
  const file = pm.locator('.ant-modal:visible input[type=file]')
  // Over the region's upload size (10 MB): told on choosing it, naming the limit, and nothing is sent (issue 27 item 15).
  const sent: string[] = []
  pm.on('request', (request) => {
    if (request.method() === 'POST' && /\/v1\/(files|project-schedule-lines)/.test(request.url())) sent.push(request.url())
  })
  await file.setInputFiles({ name: 'huge.xlsx', mimeType: type, buffer: Buffer.alloc(11 * 1024 * 1024, 1) })
  await expect(pm.locator('.ant-modal:visible .ant-form-item-explain-error')).toContainText('10 MB')
  await pm.getByTestId('schedule-upload').click()
  await expect(pm.locator('.ant-modal:visible .ant-form-item-explain-error')).toContainText('10 MB')
  expect(sent).toEqual([])
  await file.setInputFiles({
    name: 'schedule.xlsx',
    mimeType: type,
    buffer: await workbook([
      ['Item', 'Description', 'Scheduled value'],
      ['1', 'Site works', 'sixty thousand']
    ])
  })
  await pm.getByTestId('schedule-upload').click()
  await expect(pm.getByTestId('schedule-errors')).toContainText('Row 2: "sixty thousand" is not an amount')
  await expect(pm.getByTestId('schedule-state')).toContainText('no schedule of values')
  await file.setInputFiles({
    name: 'schedule.xlsx',
    mimeType: type,
    buffer: await workbook([
      ['Item', 'Description', 'Scheduled value'],
      ['1', 'Site works', '60,000.00'],
      ['2', 'Electrical', 40000]
    ])
  })
  await pm.getByTestId('schedule-upload').click()
  await expect(pm.getByTestId('schedule-state')).toContainText('2 lines, contract sum to date 100,000.00')
})
