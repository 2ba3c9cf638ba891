import type { Knex } from 'knex'
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { animationsDone, optionListClosed, signedIn, closeToasts, switchLanguage, popconfirmOk, openTender, openBid, searchMails } from '../helpers'
import { createBid, createQuery, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

/*
 * The tender actions no other spec drives, each on a tender the test builds (the tenders factories):
 * - ISSUED, Alpha SUBMITTED, Beta INVITED: pm.hk extends the closing date with a reason;
 *   vendor.beta (no-show) sees the new date; admin reads the extension mail to Beta (and none to
 *   Alpha, who replied) in the mail viewer. On another such tender pm.hk reopens Alpha's bid,
 *   vendor.alpha finds it open and submits it again.
 * - ISSUED: pm.hk hands it to admin; it leaves pm.hk's list and is admin's.
 * - DRAFT: pm.hk cancels it.
 * - REVIEW (two SUBMITTED bids, Beta answered a query): pm.hk downloads the query PDF, then
 *   regrets all; vendor.beta sees the tender regretted.
 * Dialogs are photographed in en-US and zh-CN (/tmp/shots/actions-*.png).
 */

test.use({ actionTimeout: 15_000 })

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A day `days` from now in Hong Kong: as the date picker takes it and as the screens show it. */
function hkDay(days: number) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
    .split('-')
  const name = MONTHS[Number(month) - 1]
  return { picker: `${day} ${name} ${year}`, shown: `${day} ${name} ${year.slice(-2)}, 17:00`, mailed: `${day}/${name}/${year.slice(-2)} 17:00 (UTC+08:00)` }
}

/**
 * A dialog photographed in en-US and zh-CN: opened, shot, closed, in each language (the header
 * switch is saved to the profile: switched back after). The dialog is left closed.
 */
async function dialogShots(page: Page, name: string, open: () => Promise<void>, close: () => Promise<void>) {
  await closeToasts(page)
  await open()
  await animationsDone(page)
  await page.screenshot({ path: `/tmp/shots/actions-${name}-en-US.png` })
  await close()
  await switchLanguage(page, '中文', { save: false })
  await open()
  await animationsDone(page)
  await page.screenshot({ path: `/tmp/shots/actions-${name}-zh-CN.png` })
  await close()
  await switchLanguage(page, 'English', { save: false })
}

/** An ISSUED tender closing in 16 days: Alpha SUBMITTED, Beta INVITED (a no-show). */
async function issuedWithAlphaSubmitted(db: Knex) {
  const parties = await demoParties(db)
  const tender = await createTender(db, { status: 'ISSUED', closingDays: 16 }, parties)
  await createBid(db, { tenderId: tender.id, companyId: parties.alpha, status: 'SUBMITTED', quantities: { i1: 1, i2: 30 }, rates: { i1: 14_500, i2: 1_450 } })
  await createBid(db, { tenderId: tender.id, companyId: parties.beta, status: 'INVITED' })
  return tender.prNumber
}

const modal = (page: Page) => page.locator('.ant-modal:visible')
const closeModal = (page: Page) => async () => {
  await page.locator('.ant-modal-footer:visible .ant-btn').first().click()
  await expect(modal(page)).toHaveCount(0)
}
const closePopconfirm = (page: Page) => async () => {
  await page.locator('.ant-popconfirm-buttons:visible .ant-btn').first().click()
  await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0)
}

test('extend the closing date with a reason: the no-show vendor is mailed and sees the new date', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const pr = await issuedWithAlphaSubmitted(db)
  const newClosing = hkDay(23)
  const pm = await signedIn(browser, 'pm.hk')
  await openTender(pm, pr)
  await expect(pm).toHaveURL(/\/summary\/[a-z0-9]{24}\/health-check$/)

  const extend = pm.getByTestId('tender-extend')
  await dialogShots(pm, 'extend', () => extend.click(), closeModal(pm))
  // The reason is required: the dialog says so and stays open.
  await extend.click()
  await modal(pm).locator('.ant-picker input').fill(newClosing.picker)
  await pm.keyboard.press('Enter')
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(modal(pm).getByText('Required')).toBeVisible()
  await pm.getByTestId('reason').fill('Site visit moved at the building management office’s request.')
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(pm.getByText('Closing date extended')).toBeVisible()
  await expect(modal(pm)).toHaveCount(0)

  // vendor.beta has not replied: its bid shows the new closing date.
  const beta = await signedIn(browser, 'vendor.beta')
  await openBid(beta, pr)
  await expect(beta.getByText(newClosing.shown)).toBeVisible()

  // admin reads the extension mail to Beta in the mail viewer; Alpha, who replied, got none.
  const admin = await signedIn(browser, 'admin')
  await searchMails(admin, 'vendor.alpha@example.com', `Closing date extended: ${pr}`)
  await expect(admin.locator('.ant-table-row')).toHaveCount(0)
  await searchMails(admin, 'vendor.beta@example.com', `Closing date extended: ${pr}`)
  await expect(admin.locator('.ant-table-row')).toHaveCount(1)
  await admin.locator('.ant-table-row').first().getByRole('button').click()
  const body = admin.frameLocator('iframe').first()
  await expect(body.getByText('Reason: Site visit moved at the building management office’s request.')).toBeVisible()
  await expect(body.getByText(`is now ${newClosing.mailed}`)).toBeVisible()
  await admin.screenshot({ path: '/tmp/shots/actions-extension-mail-en-US.png', fullPage: true })
})

test('reopen a submitted bid: the vendor changes it and submits it again', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const pr = await issuedWithAlphaSubmitted(db)
  const pm = await signedIn(browser, 'pm.hk')
  await openTender(pm, pr)
  // Only Alpha's submitted bid can be reopened; Beta's invitation has nothing to reopen.
  await expect(pm.getByTestId('bid-reopen')).toHaveCount(1)
  const alphaRow = pm.locator('.ant-table-row', { hasText: 'Alpha' })
  await dialogShots(pm, 'reopen', () => alphaRow.getByTestId('bid-reopen').click(), closePopconfirm(pm))
  await alphaRow.getByTestId('bid-reopen').click()
  await popconfirmOk(pm)
  await expect(pm.getByText('Bid reopened: the vendor can change it')).toBeVisible()
  await expect(pm.getByTestId('bid-reopen')).toHaveCount(0)

  // vendor.alpha finds its bid open again (with its closing date) and submits it.
  const alpha = await signedIn(browser, 'vendor.alpha')
  await openBid(alpha, pr)
  await expect(alpha.getByTestId('bid-status')).toHaveText('Reopened')
  await expect(alpha.getByText(hkDay(16).shown)).toBeVisible()
  // It changes a rate and submits: the new price is kept, the bid is SUBMITTED with a receipt.
  await alpha.getByTestId('rate-i2').fill('1400')
  await expect(alpha.getByText('HKD 42,000.00').first()).toBeVisible()
  await alpha.getByTestId('bid-submit').click()
  await expect(alpha.getByTestId('bid-receipt')).toBeVisible()
  await expect(alpha.getByTestId('bid-status')).toHaveText('Submitted')
  await alpha.reload()
  await expect(alpha.getByTestId('rate-i2')).toHaveValue('1,400.00')
  // Submitted again, the bid can be reopened again by the person in charge.
  await pm.reload()
  await expect(pm.getByTestId('bid-reopen')).toHaveCount(1)
})

test('change the person in charge: the tender leaves pm.hk and is admin’s', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const parties = await demoParties(db)
  const { id: tenderId, prNumber: pr } = await createTender(db, { status: 'ISSUED', closingDays: 19 }, parties)
  for (const companyId of [parties.alpha, parties.beta]) await createBid(db, { tenderId, companyId })
  const pm = await signedIn(browser, 'pm.hk')
  await openTender(pm, pr)
  await expect(pm).toHaveURL(/\/health-check$/)
  const tenderUrl = pm.url()
  const change = pm.getByTestId('tender-changeManager')
  await dialogShots(pm, 'change-manager', () => change.click(), closeModal(pm))
  await change.click()
  // pm.hk is not offered to itself.
  await modal(pm).locator('.ant-select').click()
  await expect(pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'pm.hk' })).toHaveCount(0)
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(admin)' }).click()
  await optionListClosed(pm)
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(pm.getByText('Person in charge changed')).toBeVisible()
  await expect(pm).toHaveURL(/\/tenders/)
  await pm.locator('input#prNumber').fill(pr)
  await pm.getByRole('button', { name: /search/i }).click()
  await expect(pm.getByRole('link', { name: pr })).toHaveCount(0)

  // Its own address no longer opens it for pm.hk: no buttons of the person in charge.
  await pm.goto(tenderUrl)
  await pm.waitForLoadState('networkidle')
  await expect(pm.getByTestId('health-check')).toHaveCount(0)
  await expect(pm.getByTestId('tender-changeManager')).toHaveCount(0)
  await expect(pm.getByTestId('tender-extend')).toHaveCount(0)

  const admin = await signedIn(browser, 'admin')
  await openTender(admin, pr)
  await expect(admin).toHaveURL(/\/health-check$/)
  await expect(admin.getByTestId('tender-extend')).toBeVisible()
})

test('cancel a draft tender', async ({ browser, db }) => {
  const { prNumber: pr } = await createTender(db, { status: 'DRAFT', closingDays: 17 })
  const pm = await signedIn(browser, 'pm.hk')
  await openTender(pm, pr)
  await expect(pm).toHaveURL(/\/tender\/edit\//)
  const cancel = pm.getByTestId('tender-cancel')
  await dialogShots(pm, 'cancel', () => cancel.click(), closePopconfirm(pm))
  await cancel.click()
  await expect(pm.getByText('Cancel this tender? This cannot be undone.')).toBeVisible()
  await popconfirmOk(pm)
  await expect(pm.getByText('Tender cancelled')).toBeVisible()
  await expect(pm).toHaveURL(/\/tender\/[a-z0-9]{24}$/)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Cancelled')
  await expect(pm.getByTestId('tender-cancel')).toHaveCount(0)
})

test('query PDF, then regret all: every bidder is told', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const parties = await demoParties(db)
  const { id: tenderId, prNumber: pr } = await createTender(db, { status: 'REVIEW', closingDays: -3 }, parties)
  await createBid(db, { tenderId, companyId: parties.alpha, status: 'SUBMITTED', quantities: { i1: 1, i2: 30 }, rates: { i1: 15_000, i2: 1_500 } })
  const beta = await createBid(db, { tenderId, companyId: parties.beta, status: 'SUBMITTED', quantities: { i1: 1, i2: 30 }, rates: { i1: 15_500, i2: 1_550 } })
  await createQuery(db, {
    tenderId,
    bidId: beta.id,
    companyId: parties.beta,
    question: 'Please confirm the paint system for the plant room walls.',
    answer: 'Two coats of acrylic emulsion over one coat of sealer.'
  })
  const pm = await signedIn(browser, 'pm.hk')
  await openTender(pm, pr)
  await expect(pm).toHaveURL(/\/analysis-recos$/)

  // Closed and in review: no extension, no reopening of a bid.
  await expect(pm.getByTestId('tender-extend')).toHaveCount(0)
  await pm.getByTestId('summary-tab-health-check').click()
  await expect(pm.getByTestId('bid-display-status')).toHaveCount(2)
  await expect(pm.getByTestId('bid-reopen')).toHaveCount(0)

  // The answered query's PDF, from the query tab.
  await pm.getByTestId('summary-tab-query').click()
  await expect(pm).toHaveURL(/\/summary\/[a-z0-9]{24}\/query$/)
  const [download] = await Promise.all([pm.waitForEvent('download'), pm.getByTestId('query-pdf').click()])
  expect(download.suggestedFilename()).toBe(`Tender Query ${pr}.pdf`)
  const pdf = await download.path()
  expect(pdf).toBeTruthy()
  const { readFileSync } = await import('node:fs')
  expect(readFileSync(pdf!).subarray(0, 5).toString()).toBe('%PDF-')

  await pm.getByTestId('summary-tab-analysis-recos').click()
  const regret = pm.getByTestId('tender-regretAll')
  await dialogShots(
    pm,
    'regret-all',
    () => regret.click(),
    async () => {
      await pm.locator('.ant-modal-confirm-btns .ant-btn').first().click()
      await expect(pm.locator('.ant-modal-confirm:visible')).toHaveCount(0)
    }
  )
  await regret.click()
  await expect(pm.getByText('Regret all bids? Every bidder gets a regret notice; the tender is not awarded.')).toBeVisible()
  await pm.locator('.ant-modal-confirm-btns .ant-btn-primary').click()
  await expect(pm.getByText('Regret e-mails sent to all vendors')).toBeVisible()
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Regretted')
  await expect(pm.getByTestId('tender-regretAll')).toHaveCount(0)
  await expect(pm.getByTestId('tender-cancel')).toHaveCount(0)
  await expect(pm.getByTestId('tender-changeManager')).toHaveCount(0)

  const betaPage = await signedIn(browser, 'vendor.beta')
  await openBid(betaPage, pr)
  await expect(betaPage.getByTestId('tender-status')).toHaveText('Regretted')
})
