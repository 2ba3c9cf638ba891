import type { Knex } from 'knex'
import { expect, test, type Page } from '../fixtures'
import { chooseInDialog, closeToasts, loginAs, minimalPdf, modalOk, signedIn, switchLanguage } from '../helpers'
import { createBid, createPurchaseRequest, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

/*
 * Issue 10 item 13: the smaller defects of the tender screens, each on records the test builds.
 * Screens are photographed in en-US, zh-CN and at 390 px (/tmp/shots/defects-*.png).
 */

test.use({ actionTimeout: 15_000 })

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** A day `days` from now in Hong Kong, as the date picker takes it. */
function pickerDay(days: number) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
    .split('-')
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots/defects-${name}.png` })
}

/** The same screen in Chinese (the profile keeps English), photographed, then back in English. */
async function inChinese(page: Page, name: string, check: () => Promise<void>) {
  await switchLanguage(page, '中文', { save: false })
  try {
    await check()
    await shot(page, `${name}-zh-CN`)
  } finally {
    await switchLanguage(page, 'English', { save: false })
  }
}

/** A DRAFT of pm.hk with no conditions of contract chosen yet. */
const draftWithoutConditions = (db: Knex) =>
  createTender(db, {
    status: 'DRAFT',
    extra: { general: JSON.stringify({ projectDescription: 'Lobby works', projectLocation: 'Exchange Square', paymentTerms: '30 days' }) }
  })

test('choosing more attachments than the limit is refused before anything is sent, naming the limit', async ({ page, db }) => {
  const { id } = await draftWithoutConditions(db)
  await loginAs(page, 'pm.hk')
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/tender-documents')) uploads.push(request.url())
  })
  await page.goto(`/tender/edit/${id}`)
  await page.getByRole('tab', { name: 'Attachments' }).click()
  const attachment = page.getByTestId('upload-ATTACHMENT')
  const files = Array.from({ length: 21 }, (_, n) => ({ name: `plan-${n + 1}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf }))
  await attachment.locator('input[type=file]').setInputFiles(files)
  const error = attachment.locator('.ant-form-item-explain-error')
  await expect(error).toHaveText('At most 20 files can be uploaded at once: 21 chosen. Remove some and upload the rest separately.')
  await attachment.getByTestId('document-upload').click()
  await expect(error).toBeVisible()
  await expect(page.locator('.ant-notification-notice-success')).toHaveCount(0)
  await expect(page.getByTestId('attachment-documents')).toContainText('No documents')
  await error.scrollIntoViewIfNeeded()
  await shot(page, 'file-count-en-US')
  await inChinese(page, 'file-count', async () => {
    await attachment.getByTestId('document-upload').click()
    await expect(attachment.getByText('每次最多上传 20 个文件：已选择 21 个。请移除部分文件，其余分开上传。')).toBeVisible()
  })
  expect(uploads).toEqual([])

  // One removed, the twenty left go, all of them, and the toast says how many.
  await attachment.locator('.ant-upload-list-item').first().hover()
  await attachment.locator('.ant-upload-list-item-action').first().click()
  await expect(attachment.locator('.ant-upload-list-item')).toHaveCount(20)
  await expect(error).toHaveCount(0)
  await attachment.getByTestId('document-upload').click()
  await expect(page.getByText('20 documents uploaded')).toBeVisible()
  await expect(page.getByTestId('attachment-documents').getByTestId('document-download')).toHaveCount(20)
})

test('the Issue dialog offers only the active vendor companies of the region', async ({ page, db }) => {
  const parties = await demoParties(db)
  const { id } = await createTender(db, { status: 'WAPPR', extra: { status: 'APPR', approvedBy: parties.approver } }, parties)
  const [dormant] = await db('companies').insert({ region: 'HK', name: `Dormant Vendor ${Date.now()}`, type: 'C', status: 'INACTIVE' }, ['id'])
  try {
    await loginAs(page, 'pm.hk')
    await page.goto(`/tender/${id}`)
    await page.getByTestId('tender-issue').click()
    await page.getByTestId('workflow-dialog').locator('.ant-select').click()
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option')
    await expect(options.filter({ hasText: 'Alpha Engineering Ltd' })).toHaveCount(1)
    await expect(options.filter({ hasText: 'Beta Builders Ltd' })).toHaveCount(1)
    await expect(options.filter({ hasText: 'ACME Trading' })).toHaveCount(0)
    await expect(options.filter({ hasText: 'Dormant Vendor' })).toHaveCount(0)
    // Typed into the select's own search box (a keystroke sent to the page can land before it has the focus).
    await page.getByTestId('workflow-dialog').locator('.ant-select input').fill('ACME')
    await expect(page.locator('.ant-select-dropdown:visible .ant-empty')).toBeVisible()
    await shot(page, 'issue-vendors-en-US')
  } finally {
    await db('companies').where({ id: dormant.id }).delete()
  }
})

test('the edit address of a tender that is not edited opens its own screen; an unknown or unreadable one goes home, silently', async ({ page, db }) => {
  const issued = await createTender(db, { status: 'ISSUED' })
  const elsewhere = await createTender(db, { status: 'DRAFT' })
  await db('tenders').where({ id: elsewhere.id }).update({ region: 'SG' })
  await loginAs(page, 'pm.hk')

  await page.goto(`/tender/edit/${issued.id}`)
  await expect(page).toHaveURL(new RegExp(`/summary/${issued.id}/health-check$`))
  await expect(page.getByTestId('tender-save')).toHaveCount(0)

  for (const id of ['0123456789abcdef01234567', elsewhere.id]) {
    await page.goto(`/tender/edit/${id}`)
    await expect(page).toHaveURL(/localhost:\d+\/$/)
    await expect(page.getByText('This tender could not be loaded.')).toHaveCount(0)
    await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0)
  }
})

test('while another user holds the edit lock, the workflow buttons are off too, naming who edits', async ({ page, db }) => {
  const { id } = await createTender(db, { status: 'DRAFT' })
  const admin = await db('users').where({ username: 'admin' }).first('id')
  await db('edit_locks').insert({ resource: 'tenders', recordId: id, userId: admin.id, username: 'admin', expiresAt: new Date(Date.now() + 10 * 60_000) })
  try {
    await loginAs(page, 'pm.hk')
    await page.goto(`/tender/edit/${id}`)
    await expect(page.getByText('admin is editing this record.')).toBeVisible()
    for (const action of ['tender-submit', 'tender-cancel']) await expect(page.getByTestId(action)).toBeDisabled()
    await expect(page.getByTestId('tender-save')).toHaveCount(0)
    await page.getByTestId('tender-submit').hover()
    await expect(page.locator('.ant-tooltip:visible')).toHaveText('admin is editing this record.')
    await shot(page, 'locked-en-US')
    await inChinese(page, 'locked', async () => {
      await page.getByTestId('tender-submit').hover()
      await expect(page.locator('.ant-tooltip:visible')).toHaveText('admin 正在编辑此记录。')
    })
  } finally {
    await db('edit_locks').where({ resource: 'tenders', recordId: id }).delete()
  }
})

test('a failed save keeps the new conditions of contract: the next save replaces the files and the tender is submitted', async ({ page, db }) => {
  const { id } = await createTender(db, { status: 'DRAFT' })
  await loginAs(page, 'pm.hk')
  await page.goto(`/tender/edit/${id}`)
  await page.getByRole('tab', { name: 'Attachments' }).click()
  const conditions = page.getByTestId('upload-CONDITIONS')
  await conditions.locator('input[type=file]').setInputFiles({ name: 'standard-conditions.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await conditions.getByTestId('document-upload').click()
  await expect(page.getByTestId('conditions-documents')).toContainText('standard-conditions.pdf')

  // A closing date too early: the save that the change of conditions runs fails.
  await page.getByRole('tab', { name: 'General' }).click()
  await page.getByTestId('closing-date').fill(pickerDay(1))
  await page.getByTestId('closing-date').press('Enter')
  await page.getByRole('tab', { name: 'Attachments' }).click()
  await page.getByTestId('conditions-choice').getByText('Special conditions of contract').click()
  await page.locator('.ant-modal-confirm .ant-btn-dangerous').click()
  await expect(page.getByText('The closing date must be at least 5 working days ahead.')).toBeVisible()
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0)
  await expect(page.getByTestId('conditions-choice').locator('input:checked')).toHaveValue('SPECIAL')
  await closeToasts(page)

  // Corrected, saved: the former conditions' file goes, as confirmed.
  await page.getByRole('tab', { name: 'General' }).click()
  await page.getByTestId('closing-date').fill(pickerDay(20))
  await page.getByTestId('closing-date').press('Enter')
  await page.getByTestId('tender-save').click()
  await expect(page.getByText('Tender saved')).toBeVisible()
  await page.getByRole('tab', { name: 'Attachments' }).click()
  await expect(page.getByTestId('conditions-choice').locator('input:checked')).toHaveValue('SPECIAL')
  await expect(page.getByTestId('conditions-documents')).not.toContainText('standard-conditions.pdf')
  await conditions.locator('input[type=file]').setInputFiles({ name: 'special-conditions.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await conditions.getByTestId('document-upload').click()
  await expect(page.getByTestId('conditions-documents')).toContainText('special-conditions.pdf')

  await page.getByTestId('tender-submit').click()
  await chooseInDialog(page, /approver/i, /approver\.hk/)
  await modalOk(page)
  await expect(page).toHaveURL(new RegExp(`/tender/${id}$`))
  await expect(page.getByTestId('tender-status').first()).toHaveText('Waiting approval')
})

test('the bid comparison shows every bidder at 1440 and at 390 px', async ({ browser, db }) => {
  const parties = await demoParties(db)
  const { id } = await createTender(db, { status: 'REVIEW', closingDays: -2 }, parties)
  const remarks = { i1: 'Includes scaffolding and site protection', i2: 'Two shifts; weekend work at cost' }
  for (const [companyId, rate] of [
    [parties.alpha, 14_500],
    [parties.beta, 13_900]
  ] as const)
    await createBid(db, { tenderId: id, companyId, status: 'SUBMITTED', quantities: { i1: 1, i2: 30 }, rates: { i1: rate, i2: 1_450 }, content: { remarks } })
  for (const [width, height] of [
    [1440, 900],
    [390, 844]
  ]) {
    const page = await signedIn(browser, 'pm.hk', { width, height })
    await page.goto(`/comparison/${id}`)
    const comparison = page.getByTestId('comparison')
    await expect(comparison.getByTestId('comparison-bidder')).toHaveText([/Alpha/, /Beta/])
    // The page itself never scrolls sideways; the table does, inside the screen.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    const totals = comparison.getByTestId('comparison-total')
    await expect(totals).toHaveCount(2)
    for (const total of await totals.all()) {
      await total.scrollIntoViewIfNeeded()
      await expect(total).toBeInViewport({ ratio: 1 })
    }
    // The item stays beside the prices while the table scrolls.
    await expect(comparison.locator('td.ant-table-cell-fix-left', { hasText: 'Preliminaries' })).toBeInViewport()
    await shot(page, `comparison-${width}-en-US`)
    if (width === 390) await inChinese(page, `comparison-${width}`, async () => expect(comparison.getByTestId('comparison-bidder')).toHaveCount(2))
  }
})

test('a PR without an amount is told the amount is required, on the PR field, in both languages', async ({ page, db }) => {
  const { number } = await createPurchaseRequest(db)
  await db('purchase_requests').where({ region: 'HK', number }).update({ amount: null })
  await loginAs(page, 'pm.hk')
  await page.goto('/tenders')
  await page.getByTestId('new-tender').click()
  const field = page.locator('.ant-modal:visible .ant-form-item', { hasText: 'PR number' })
  await field.locator('input').fill(number)
  await modalOk(page)
  await expect(field.locator('.ant-form-item-explain-error')).toHaveText(`Purchase request ${number} has no amount: the amount is required (it decides between Tender and ITQ).`)
  await expect(page.getByText(/does not match the type/)).toHaveCount(0)
  await shot(page, 'pr-amount-en-US')
  await page.locator('.ant-modal:visible .ant-modal-close').click()
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0)
  await inChinese(page, 'pr-amount-list', async () => {
    await page.getByTestId('new-tender').click()
    const zhField = page.locator('.ant-modal:visible .ant-form-item').first()
    await zhField.locator('input').fill(number)
    await modalOk(page)
    await expect(zhField.locator('.ant-form-item-explain-error')).toHaveText(`采购申请 ${number} 没有金额：金额为必填项（据此决定招标或询价）。`)
    await shot(page, 'pr-amount-zh-CN')
    await page.locator('.ant-modal:visible .ant-modal-close').click()
    await expect(page.locator('.ant-modal:visible')).toHaveCount(0)
  })
})

test("the vendor's invitation list finds by PR number or description, open ones first by nearest closing, sortable", async ({ page, db }) => {
  const parties = await demoParties(db)
  const word = `Chiller${Date.now().toString(36)}`
  const made: Record<string, string> = {}
  for (const [name, status, closingDays] of [
    ['far', 'ISSUED', 20],
    ['closed', 'REVIEW', -3],
    ['near', 'ISSUED', 8],
    ['older', 'AWARDED', -10]
  ] as const) {
    const tender = await createTender(db, { status, closingDays, description: `${word} ${name} works`, vendors: [parties.alpha] }, parties)
    await createBid(db, { tenderId: tender.id, companyId: parties.alpha, status: status === 'ISSUED' ? 'INVITED' : 'SUBMITTED' })
    made[name] = tender.prNumber
  }
  await loginAs(page, 'vendor.alpha')
  await page.goto('/vendors/tenders')
  const rows = page.getByTestId('invitations').locator('.ant-table-row')
  await expect(rows.first()).toBeVisible()
  await page.getByTestId('invitation-search').fill(word.toLowerCase())
  await page.getByRole('button', { name: /search/i }).click()
  const numbers = rows.locator('td:first-child a')
  await expect(numbers).toHaveText([made.near, made.far, made.closed, made.older])
  await shot(page, 'invitations-en-US')

  // By the closing date, earliest first; by the PR number.
  await page.getByTestId('invitations').getByRole('columnheader', { name: 'Closing date' }).click()
  await expect(numbers).toHaveText([made.older, made.closed, made.near, made.far])
  await page.getByTestId('invitation-search').fill(made.closed)
  await page.getByRole('button', { name: /search/i }).click()
  await expect(numbers).toHaveText([made.closed])
  await inChinese(page, 'invitations', async () => {
    await expect(page.getByTestId('invitations').getByRole('columnheader', { name: '截标日期' })).toBeVisible()
    await expect(page.getByText('搜索')).toBeVisible()
  })
})
