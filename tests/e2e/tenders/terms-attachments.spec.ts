import { expect, test, type Page } from '../fixtures'
import { createBid, createPurchaseRequest, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'
import { latestTermsVersion } from '../../../backend/src/modules/tenders/services/tender-terms/terms-library'
import { chooseInDialog, signedIn, shotsInBothLanguages, minimalPdf, openBid, openTab, tickOptions, tick } from '../helpers'

/*
 * The tender's content tabs and the terms (spec §2 tabs, §5 rules), on data no other spec uses:
 * pm.hk drafts from a purchase request of its own, prices the items (rates checked on blur, totals and
 * group subtotals), uploads an attachment and the conditions of contract and reads the terms,
 * submits (terms version stamped) and, once approved, issues to Alpha only: Alpha downloads the
 * attachments, Beta does not see the tender; the attachments carry effective periods (one in
 * effect, one expired, one not yet effective): Alpha's bid screen lists those in effect today and
 * shows the others, marked, when asked;
 * vendor.alpha must tick every term of an ISSUED tender of its own before submitting;
 * admin adds a terms version for a department of its own (no tender uses it), removed afterwards.
 */

const shots = (page: Page, name: string) => shotsInBothLanguages(page, `terms-${name}`)

test.use({ actionTimeout: 15_000 })

const field = (page: Page, testId: string, index: number) => page.getByTestId(testId).nth(index)

/** Hong Kong's calendar day `offset` days from now: as typed into a date picker, and as the tables print it. */
const hkDate = (offset: number) => new Date(Date.now() + offset * 86_400_000)
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const typed = (offset: number) => {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' }).format(hkDate(offset)).split('-')
  return `${day} ${months[Number(month) - 1]} ${year}`
}
const printed = (offset: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Hong_Kong', day: '2-digit', month: 'short', year: 'numeric' }).format(hkDate(offset))

/** Types a day into a date picker of the upload form or the period dialog and commits it. */
async function pickDay(scope: ReturnType<Page['getByTestId']>, testId: string, offset: number) {
  await scope.getByTestId(testId).fill(typed(offset))
  await scope.getByTestId(testId).press('Enter')
}

test('pm.hk prices the items, uploads the attachments and conditions of contract, reads the terms; the invited vendor downloads them', async ({ browser, db }) => {
  test.setTimeout(300_000)
  const { number: PR } = await createPurchaseRequest(db, { amount: 760_000 })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/tenders')
  await pm.getByTestId('new-tender').click()
  await pm.locator('.ant-modal:visible input').fill(PR)
  // A click landing while the dialog still opens is lost now and then on a busy machine: click until it goes.
  await expect(async () => {
    if (await pm.locator('.ant-modal-footer:visible .ant-btn-primary').count()) await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click({ timeout: 2_000 })
    await expect(pm).toHaveURL(/\/tender\/edit\/[a-z0-9]{24}$/, { timeout: 5_000 })
  }).toPass({ timeout: 30_000 })

  // Items/Services: rates with 2 decimals, checked when the field is left.
  await openTab(pm, 'Items/Services')
  await pm.getByTestId('add-group').click()
  await pm.locator('#lineItemGroups_0_name').fill('Flooring')
  for (let n = 0; n < 3; n++) await pm.getByTestId('add-item').click()
  await pm.getByTestId('item-desc').nth(0).fill('Granite tiles, supply and lay')
  await field(pm, 'item-qty', 0).fill('10')
  await field(pm, 'item-rate', 0).fill('1250.50')
  await pm.getByTestId('item-desc').nth(1).fill('Skirting')
  await field(pm, 'item-qty', 1).fill('2')
  await field(pm, 'item-rate', 1).fill('100.555')
  await field(pm, 'item-rate', 1).blur()
  await expect(pm.getByText('At most 2 decimals')).toBeVisible()
  await field(pm, 'item-rate', 1).fill('100.5')
  await field(pm, 'item-rate', 1).blur()
  await expect(pm.getByText('At most 2 decimals')).toHaveCount(0)
  await field(pm, 'item-discount', 1).fill('-5')
  await field(pm, 'item-discount', 1).blur()
  await expect(pm.getByText('Cannot be below zero')).toBeVisible()
  await field(pm, 'item-discount', 1).fill('')
  await field(pm, 'item-discount', 1).blur()
  // An optional item is priced but left out of the total.
  await pm.getByTestId('item-desc').nth(2).fill('Anti-slip coating (optional)')
  await field(pm, 'item-rate', 2).fill('999')
  await tick(pm.getByTestId('item-optional').nth(2))
  await expect(pm.getByTestId('line-total').nth(0)).toHaveText('HKD 12,505.00')
  await expect(pm.getByTestId('tender-total')).toContainText('HKD 12,706.00')
  await pm.getByTestId('tender-save').click()
  await expect(pm.getByText('Tender saved')).toBeVisible()
  // The wide table scrolled right while typing rates: back to its start for the picture.
  await pm
    .getByTestId('group-0')
    .locator('.ant-table-content')
    .evaluate((element) => {
      element.scrollLeft = 0
    })
  await shots(pm, 'items')

  // Tender Summary: the group's subtotal and the total.
  await openTab(pm, 'Tender Summary')
  await expect(pm.getByTestId('group-subtotal')).toHaveText('HKD 12,706.00')
  await expect(pm.getByTestId('summary-total')).toHaveText('HKD 12,706.00')
  await shots(pm, 'summary')

  // Attachments: description at most 255 characters (checked on blur), effective period, download.
  await openTab(pm, 'Attachments')
  const attachment = pm.getByTestId('upload-ATTACHMENT')
  await attachment.getByTestId('document-description').fill('x'.repeat(256))
  await attachment.getByTestId('document-description').blur()
  await expect(attachment.getByText('At most 255 characters')).toBeVisible()
  await attachment.getByTestId('document-description').fill('Floor plan of the ES3 lobby')
  await attachment.getByTestId('document-description').blur()
  // The effective period: an end before the start is refused where it is typed.
  await pickDay(attachment, 'document-effective-date', -3)
  await pickDay(attachment, 'document-effective-until', -5)
  await attachment.getByTestId('document-effective-until').blur()
  await expect(attachment.getByText('The end date cannot be before the start date')).toBeVisible()
  await pickDay(attachment, 'document-effective-until', 60)
  await expect(attachment.getByText('The end date cannot be before the start date')).toHaveCount(0)
  await attachment.locator('input[type=file]').setInputFiles({ name: 'lobby-plan.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await attachment.getByTestId('document-upload').click()
  const attachments = pm.getByTestId('attachment-documents')
  await expect(attachments).toContainText('lobby-plan.pdf')
  await expect(attachments).toContainText('Floor plan of the ES3 lobby')
  const lobbyRow = attachments.locator('tr', { hasText: 'lobby-plan.pdf' })
  await expect(lobbyRow.getByTestId('document-period')).toHaveText(`${printed(-3)} – ${printed(60)}`)
  await expect(lobbyRow.locator('.ant-tag')).toHaveCount(0)
  // A superseded plan (ended yesterday) and the next phase's plan (from in 10 days, open end).
  await attachment.getByTestId('document-description').fill('Superseded floor plan')
  await pickDay(attachment, 'document-effective-date', -40)
  await pickDay(attachment, 'document-effective-until', -1)
  await attachment.locator('input[type=file]').setInputFiles({ name: 'old-plan.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await attachment.getByTestId('document-upload').click()
  await expect(attachments.locator('tr', { hasText: 'old-plan.pdf' }).getByTestId('document-expired')).toHaveText('Expired')
  await attachment.getByTestId('document-description').fill('Phase 2 floor plan')
  await pickDay(attachment, 'document-effective-date', 10)
  await attachment.locator('input[type=file]').setInputFiles({ name: 'phase-2-plan.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await attachment.getByTestId('document-upload').click()
  const phase2 = attachments.locator('tr', { hasText: 'phase-2-plan.pdf' })
  await expect(phase2.getByTestId('document-not-yet')).toHaveText('Not yet effective')
  await expect(phase2.getByTestId('document-period')).toHaveText(`From ${printed(10)}`)
  // The period of a stored document changes in its dialog, checked the same way.
  await phase2.getByTestId('document-edit-period').click()
  const dialog = pm.getByTestId('period-form')
  await pickDay(dialog, 'document-effective-until', 5)
  await expect(dialog.getByText('The end date cannot be before the start date')).toBeVisible()
  await pickDay(dialog, 'document-effective-date', 20)
  await pickDay(dialog, 'document-effective-until', 50)
  await expect(dialog.getByText('The end date cannot be before the start date')).toHaveCount(0)
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(phase2.getByTestId('document-period')).toHaveText(`${printed(20)} – ${printed(50)}`)
  await expect(phase2.getByTestId('document-not-yet')).toBeVisible()
  const download = pm.waitForEvent('download')
  await lobbyRow.getByTestId('document-download').click()
  expect((await download).suggestedFilename()).toBe('lobby-plan.pdf')

  // Conditions of contract: chosen, and at least one file.
  await expect(pm.getByTestId('conditions-file-required')).toBeVisible()
  await pm.getByTestId('conditions-choice').getByText('Special conditions of contract').click()
  const conditions = pm.getByTestId('upload-CONDITIONS')
  await conditions.locator('input[type=file]').setInputFiles({ name: 'special-conditions.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await conditions.getByTestId('document-upload').click()
  await expect(pm.getByTestId('conditions-documents')).toContainText('special-conditions.pdf')
  await expect(pm.getByTestId('conditions-file-required')).toHaveCount(0)
  await pm.getByTestId('tender-save').click()
  await expect(pm.getByText('Tender saved')).toBeVisible()
  // Other conditions: their files go, once confirmed; then the standard conditions get theirs.
  await pm.getByTestId('conditions-choice').getByText('Standard conditions of contract').click()
  await expect(pm.locator('.ant-modal-confirm:visible')).toContainText('1 file(s)')
  await pm.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Change and delete files' }).click()
  await expect(pm.getByTestId('conditions-documents')).not.toContainText('special-conditions.pdf')
  await expect(pm.getByTestId('conditions-file-required')).toBeVisible()
  await conditions.locator('input[type=file]').setInputFiles({ name: 'standard-conditions.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await conditions.getByTestId('document-upload').click()
  await expect(pm.getByTestId('conditions-documents')).toContainText('standard-conditions.pdf')
  await shots(pm, 'attachments')

  // Terms: the latest version of HK's Property Management terms, until the submit stamps it.
  await openTab(pm, 'Terms')
  await expect(pm.getByTestId('terms-version')).toContainText('Terms version 2')
  await expect(pm.getByTestId('terms-list').locator('.ant-list-item')).toHaveCount(4)
  await expect(pm.getByTestId('terms-list')).toContainText('Site safety 工地安全')
  await shots(pm, 'terms')

  // Reloaded, everything is still there.
  await pm.reload()
  await openTab(pm, 'Items/Services')
  await expect(pm.getByTestId('tender-total')).toContainText('HKD 12,706.00')
  await openTab(pm, 'Attachments')
  await expect(pm.getByTestId('conditions-documents')).toContainText('standard-conditions.pdf')
  await expect(pm.getByTestId('conditions-choice').locator('.ant-radio-wrapper-checked')).toHaveText('Standard conditions of contract')

  // The rest of the mandatory fields, then submit: the terms version is stamped.
  const tenderId = pm.url().split('/').pop()!
  await openTab(pm, 'General')
  await pm.locator('#general_projectDescription').fill('Replace the ES3 lobby flooring.')
  await pm.locator('#general_projectLocation').fill('ES3 lobby, Exchange Square')
  await pm.locator('#general_paymentTerms').fill('30 days after invoice')
  await openTab(pm, 'Scope of Work')
  await pm.locator('#scope_generalDesc').fill('Remove the old flooring, supply and lay granite tiles.')
  const approvers = pm.waitForResponse((response) => response.url().includes('/tender-approvers'))
  await pm.getByTestId('tender-submit').click()
  expect((await approvers).status()).toBe(200)
  await chooseInDialog(pm, /approver/i, /approver\.hk/)
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(pm).toHaveURL(new RegExp(`/tender/${tenderId}$`))
  // Right after the submit the screen was once drawn anew on its first tab, after the Terms tab had
  // opened (the cause is not known; show.tsx now keeps the chosen tab): the tab is opened again then.
  await expect(async () => {
    await openTab(pm, 'Terms')
    await expect(pm.getByTestId('terms-version')).toContainText('Terms version 2, stamped on this tender', { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  // Submitted: its documents no longer change.
  await openTab(pm, 'Attachments')
  await expect(pm.getByTestId('attachment-documents')).toContainText('lobby-plan.pdf')
  await expect(pm.getByTestId('upload-ATTACHMENT')).toHaveCount(0)

  // Approved and issued to Alpha only: Alpha downloads the attachments, Beta does not see the tender.
  const approver = await signedIn(browser, 'approver.hk')
  await approver.goto(`/tender/${tenderId}`)
  await approver.getByTestId('tender-approve').click()
  await approver.locator('.ant-popconfirm-buttons:visible .ant-btn-primary').click()
  await expect(approver.getByTestId('tender-status').first()).toHaveText('Approved')
  await pm.reload()
  await pm.getByTestId('tender-issue').click()
  await pm
    .locator('.ant-modal:visible .ant-form-item', { hasText: /vendor/i })
    .locator('.ant-select')
    .click()
  await tickOptions(pm, [/Alpha/])
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Issued')

  const alpha = await signedIn(browser, 'vendor.alpha')
  await openBid(alpha, PR)
  // The documents in effect today only: the superseded and the next phase's plans are left out...
  const bidDocuments = alpha.getByTestId('bid-documents')
  await expect(bidDocuments).toContainText('standard-conditions.pdf')
  await expect(bidDocuments).toContainText('Floor plan of the ES3 lobby')
  await expect(bidDocuments).not.toContainText('old-plan.pdf')
  await expect(bidDocuments).not.toContainText('phase-2-plan.pdf')
  await expect(bidDocuments.locator('.ant-tag')).toHaveCount(0)
  // ...until the vendor asks for them: then listed, newest effective first, each marked.
  await alpha.getByTestId('documents-not-in-effect').click()
  await expect(bidDocuments.locator('.ant-table-row')).toHaveCount(4)
  await expect(bidDocuments.locator('tr', { hasText: 'old-plan.pdf' }).getByTestId('document-expired')).toBeVisible()
  await expect(bidDocuments.locator('tr', { hasText: 'phase-2-plan.pdf' }).getByTestId('document-not-yet')).toBeVisible()
  await expect(bidDocuments.locator('.ant-table-row').first()).toContainText('phase-2-plan.pdf')
  // Back to the top for the picture: a scrolled page pictures its fixed header mid-page.
  await alpha.mouse.wheel(0, -5000)
  await shots(alpha, 'vendor-documents')
  await expect(alpha.getByTestId('documents-not-in-effect')).toBeChecked()
  await alpha.getByTestId('documents-not-in-effect').click()
  await expect(bidDocuments).not.toContainText('old-plan.pdf')
  const vendorDownload = alpha.waitForEvent('download')
  await alpha.getByTestId('bid-documents').getByRole('button', { name: 'lobby-plan.pdf' }).click()
  expect((await vendorDownload).suggestedFilename()).toBe('lobby-plan.pdf')
  const beta = await signedIn(browser, 'vendor.beta')
  await beta.goto('/vendors/tenders')
  await expect(beta.locator('.ant-table-row').first()).toBeVisible()
  await expect(beta.getByRole('link', { name: PR })).toHaveCount(0)
})

test('vendor.alpha ticks every term before the bid can be submitted', async ({ browser, db }) => {
  test.setTimeout(120_000)
  // ISSUED to Alpha alone, terms version 2 (four terms), its bid untouched.
  const parties = await demoParties(db)
  const { id, prNumber } = await createTender(
    db,
    {
      status: 'ISSUED',
      amount: 880_000,
      closingDays: 11,
      vendors: [parties.alpha],
      lineItemGroups: [
        {
          id: 'g1',
          name: 'Main works',
          lineItems: [
            { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' },
            { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 40, itemUnit: 'Man Day' }
          ]
        }
      ]
    },
    parties
  )
  await createBid(db, { tenderId: id, companyId: parties.alpha })
  const alpha = await signedIn(browser, 'vendor.alpha')
  await openBid(alpha, prNumber)
  await expect(alpha).toHaveURL(/\/vendors\/tender-bid\/[a-z0-9]{24}$/)
  await expect(alpha.getByText('Standard conditions of contract')).toBeVisible()
  const terms = alpha.getByTestId('terms').locator('input[type=checkbox]')
  await expect(terms).toHaveCount(4)
  for (const term of await terms.all()) await expect(term).not.toBeChecked()
  await expect(alpha.getByTestId('bid-submit')).toBeDisabled()
  const rates = alpha.locator('[data-testid^="rate-"]')
  await rates.nth(0).fill('12000')
  await rates.nth(1).fill('1400')
  await expect(alpha.getByTestId('bid-total')).toContainText('68,000.00')
  // An optional remark per line, kept with the bid (shown to staff in the comparison once opened).
  await alpha.locator('[data-testid^="remark-"]').first().fill('Permit fees excluded')
  for (const term of (await terms.all()).slice(0, 3)) await tick(term)
  await expect(alpha.getByText('1 term(s) still to accept')).toBeVisible()
  await expect(alpha.getByTestId('bid-submit')).toBeDisabled()
  await alpha.getByTestId('bid-save').click()
  await expect(alpha.getByText('Draft saved')).toBeVisible()
  await shots(alpha, 'vendor-bid')
  await tick(terms.nth(3))
  await expect(alpha.getByTestId('bid-submit')).toBeEnabled()
  await alpha.getByTestId('bid-submit').click()
  await expect(alpha.getByTestId('bid-receipt')).toBeVisible()
  // The ticks are kept with the bid.
  await alpha.reload()
  for (const term of await alpha.getByTestId('terms').locator('input[type=checkbox]').all()) await expect(term).toBeChecked()
  await expect(alpha.locator('[data-testid^="remark-"]').first()).toHaveValue('Permit fees excluded')
})

test('admin adds a terms version to the library', async ({ browser, db }) => {
  test.setTimeout(120_000)
  // A department of this run's own, with no terms yet: its first version is 1 however often this runs.
  const code = `T${Date.now().toString(36).slice(-5).toUpperCase()}${test.info().repeatEachIndex}`
  const [department] = await db('departments').insert({ region: 'HK', name: `Terms library ${code}`, shortName: code }, ['id'])
  try {
    const admin = await signedIn(browser, 'admin')
    await admin.goto('/settings/tender-terms')
    await expect(admin.getByTestId('terms-versions')).toContainText('PMD')
    await shots(admin, 'library')
    await admin.getByTestId('terms-new-version').click()
    await admin.getByTestId('terms-department').click()
    await admin.getByTestId('terms-department').locator('input').fill(code)
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).click()
    await expect(admin.getByTestId('terms-next-version')).toContainText('this will be version 1')
    await admin.getByTestId('terms-item-title').first().fill('Permit to work')
    await admin.getByTestId('terms-item-text').first().fill('Hot work needs a permit from the management office. 動火工作須向管理處申請許可證。')
    await admin.getByTestId('terms-add-item').click()
    await admin.getByTestId('terms-item-title').nth(1).fill('Working hours')
    await admin.getByTestId('terms-item-text').nth(1).focus()
    await admin.getByTestId('terms-item-text').nth(1).blur()
    await expect(admin.getByText('Required')).toBeVisible()
    await admin.getByTestId('terms-item-text').nth(1).fill('Noisy works only outside office hours.')
    await shots(admin, 'new-version')
    await admin.getByRole('button', { name: /save/i }).click()
    await expect(admin).toHaveURL(/\/settings\/tender-terms(\?|$)/)
    await expect(admin.getByTestId('terms-versions').locator('.ant-table-row', { hasText: code })).toHaveCount(1)
    expect(await latestTermsVersion(db, 'HK', department.id)).toBe(1)
  } finally {
    await db('tender_terms').where({ departmentId: department.id }).delete()
    await db('departments').where({ id: department.id }).delete()
  }
})
