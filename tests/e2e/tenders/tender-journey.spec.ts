import { expect, test, type Page } from '../fixtures'
import {
  apiCall,
  apiLogin,
  chooseInDialog,
  closeToasts,
  signedIn,
  shotsInBothLanguages,
  modalOk,
  popconfirmOk,
  minimalPdf,
  openBid,
  reachClosingTime,
  searchMails,
  tickOptions,
  tick,
  followLiveLink
} from '../helpers'
import { createPurchaseRequest } from '../../../backend/src/modules/tenders/seeds/factories'

/*
 * The tender journey of PRODUCT.md, from purchase request to award, each role in its own window:
 * pm.hk creates a tender from a free PR of its own (HKD 820,000 > the PMD ITQ threshold of
 * 500,000: a Tender), fills the mandatory fields and submits it (with its conditions of contract)
 * to approver.hk, who approves; pm.hk issues it to Alpha and Beta; both price and submit (every
 * term ticked, a receipt each); the health check shows REPLIED twice and no prices. pm.hk issues
 * addendum 1 (more downlights) through its own approval; both vendors find their bids invited
 * again, the changed quantity and the terms cleared, and bid again. The closing passes (the job
 * queue closes the tender); pm.hk opens the bids, queries Beta, who answers; the comparison shows
 * both bids with the lowest prices marked; pm.hk recommends and awards Beta: Beta gets the award
 * notice, Alpha the regret notice. In another run (an ITQ of a free PR of its own) a vendor declines.
 */

const shots = (page: Page, name: string) => shotsInBothLanguages(page, `tender-${name}`)

test.use({ actionTimeout: 15_000 })

test('tender journey: PR to award, with an addendum, the closing, a query and the comparison', async ({ browser, db }) => {
  test.setTimeout(480_000)
  // A free purchase request (HKD 820,000, over the PMD ITQ threshold) of the test's own.
  const { number: PR } = await createPurchaseRequest(db, { amount: 820_000, description: 'ES1 main lobby lighting' })
  const pm = await signedIn(browser, 'pm.hk')

  // The list, then "New tender": a PR that fails the check shows the server's message.
  await pm.goto('/tenders')
  await expect(pm.locator('.ant-table-row').first()).toBeVisible()
  await pm.getByTestId('amount-filter').fill('abc')
  await pm.getByRole('button', { name: /search/i }).click()
  await expect(pm.getByText(/enter a number/i)).toBeVisible()
  // The parsed filter against the rows: tender-list.spec.ts.
  // Reset empties the filter and lists the tenders again (which come first depends on what the
  // other specs have built).
  await pm.getByRole('button', { name: /reset/i }).click()
  await expect(pm.getByTestId('amount-filter')).toHaveValue('')
  await expect(pm.getByText(/enter a number/i)).toHaveCount(0)
  await expect(pm.locator('.ant-table-row').first()).toBeVisible()
  await shots(pm, 'list')

  await pm.getByTestId('new-tender').click()
  await pm.locator('.ant-modal:visible input').fill('PR-ES-9001')
  await modalOk(pm)
  await expect(pm.getByTestId('pr-check-error')).toContainText(/site code/i)
  await pm.locator('.ant-modal:visible input').fill(PR)
  await modalOk(pm)
  await expect(pm).toHaveURL(/\/tender\/edit\/[a-z0-9]{24}$/)
  const tenderId = pm.url().split('/').pop()!

  // Submitting an empty tender: the server names the sections that miss fields.
  await pm.getByTestId('tender-submit').click()
  await chooseInDialog(pm, /approver/i, /approver\.hk/)
  await modalOk(pm)
  await expect(pm.getByTestId('missing-fields')).toContainText(/general/i)
  await pm.locator('.ant-modal:visible .ant-modal-footer .ant-btn').first().click()
  await closeToasts(pm)

  // General, Scope of Work, Items/Services.
  await pm.getByRole('tab', { name: 'General' }).click()
  await pm.locator('#general_projectDescription').fill('Replace the main lobby lighting of ES1 with LED fittings.')
  await pm.locator('#general_projectLocation').fill('ES1 main lobby, Exchange Square')
  await pm.locator('#general_paymentTerms').fill('30 days after invoice')
  // An optional item: its value is checked when the field is left (2 decimals at most).
  await pm.getByTestId('add-optional-item').click()
  await pm.getByTestId('optional-item-name').fill('Extended warranty (24 months)')
  await pm.getByTestId('optional-item-value').fill('35000.555')
  await pm.getByTestId('optional-item-value').blur()
  await expect(pm.getByTestId('optional-items').getByText('At most 2 decimals')).toBeVisible()
  await pm.getByTestId('optional-item-value').fill('35000.50')
  await pm.getByTestId('optional-item-value').blur()
  await expect(pm.getByTestId('optional-items').getByText('At most 2 decimals')).toHaveCount(0)
  await pm.getByRole('tab', { name: 'Scope of Work' }).click()
  await pm.locator('#scope_generalDesc').fill('Supply, install, test and commission LED lighting.')
  await pm.getByRole('tab', { name: 'Items/Services' }).click()
  await pm.getByTestId('add-group').click()
  await pm.locator('#lineItemGroups_0_name').fill('Main works')
  await pm.getByTestId('add-item').click()
  await pm.getByTestId('item-desc').first().fill('LED downlights, supply and install')
  await pm.getByTestId('item-qty').first().fill('120')
  await pm.getByTestId('add-item').click()
  await pm.getByTestId('item-desc').nth(1).fill('Testing and commissioning')
  // Attachments: the conditions of contract, chosen and with a file (spec §5).
  await pm.getByRole('tab', { name: 'Attachments' }).click()
  await pm.getByTestId('conditions-choice').getByText('Standard conditions of contract').click()
  await pm.getByTestId('upload-CONDITIONS').locator('input[type=file]').setInputFiles({ name: 'conditions.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await pm.getByTestId('upload-CONDITIONS').getByTestId('document-upload').click()
  await expect(pm.getByTestId('conditions-documents')).toContainText('conditions.pdf')
  await pm.getByTestId('tender-save').click()
  await expect(pm.getByText('Tender saved')).toBeVisible()
  // Saved with the general section: read back after a reload.
  await pm.reload()
  await pm.getByRole('tab', { name: 'General' }).click()
  await expect(pm.getByTestId('optional-item-name')).toHaveValue('Extended warranty (24 months)')
  await pm.getByRole('tab', { name: 'Items/Services' }).click()
  await shots(pm, 'edit-items')

  await pm.getByTestId('tender-submit').click()
  await chooseInDialog(pm, /approver/i, /approver\.hk/)
  await modalOk(pm)
  await expect(pm).toHaveURL(new RegExp(`/tender/${tenderId}$`))
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Waiting approval')

  // approver.hk approves.
  const approver = await signedIn(browser, 'approver.hk')
  await approver.goto(`/tender/${tenderId}`)
  await approver.getByTestId('tender-approve').click()
  await popconfirmOk(approver)
  await expect(approver.getByTestId('tender-status').first()).toHaveText('Approved')

  // pm.hk sees the approval live, then issues to Alpha and Beta.
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Approved')
  await pm.getByTestId('tender-issue').click()
  await pm
    .locator('.ant-modal:visible .ant-form-item', { hasText: /vendor/i })
    .locator('.ant-select')
    .click()
  await tickOptions(pm, [/Alpha/, /Beta/])
  await modalOk(pm)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Issued')

  // vendor.alpha prices and submits.
  const alpha = await signedIn(browser, 'vendor.alpha')
  // From the vendor dashboard's Tenders card to the invitations.
  await alpha.getByTestId('module-TENDERS').click()
  await expect(alpha).toHaveURL(/\/vendors\/tenders$/)
  // Found by its number (the specs on the other worker add invitations too).
  await openBid(alpha, PR)
  await expect(alpha).toHaveURL(/\/vendors\/tender-bid\/[a-z0-9]{24}$/)
  await expect(alpha.getByTestId('bid-optional-items')).toContainText('Extended warranty (24 months) — HKD 35,000.50')
  // One checkbox per term, all unticked at the start: submit waits for every one.
  const terms = alpha.getByTestId('terms').locator('input[type=checkbox]')
  await expect(terms.first()).toBeVisible()
  // The live connection opens after the first paint and the bid is read again then: tick once it is.
  await alpha.waitForLoadState('networkidle')
  for (const term of await terms.all()) await tick(term)
  const rates = alpha.locator('[data-testid^="rate-"]')
  await rates.nth(0).fill('350')
  await rates.nth(1).fill('8000')
  // Amounts show thousands separators once the field is left.
  await rates.nth(1).blur()
  await expect(rates.nth(1)).toHaveValue('8,000.00')
  await expect(alpha.getByTestId('bid-total')).toContainText('50,000.00')
  await shots(alpha, 'vendor-bid')
  await alpha.getByTestId('bid-submit').click()
  await expect(alpha.getByTestId('bid-receipt')).toBeVisible()
  await expectReceipt(alpha)
  // Its own submit, heard back live, is not taken for someone else's change (the screen stays as it is).
  await alpha.waitForLoadState('networkidle')
  await expect(alpha.getByText('This bid was changed on the server', { exact: false })).toHaveCount(0)
  // The vendor keeps its bid as a PDF.
  await expectPdf(alpha, alpha.getByTestId('pdf-tender-bid'), `Tender Bid ${PR}.pdf`)

  // vendor.beta prices lower on the downlights, higher on the commissioning, and submits.
  const beta = await signedIn(browser, 'vendor.beta')
  await openBid(beta, PR)
  // Typed with a thousands separator (spec §5): taken as 9000.
  await bid(beta, { rates: ['330', '9,000'], total: '48,600.00' })

  // pm.hk's health check, live: both replied, no prices before closing.
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['REPLIED', 'REPLIED'])
  await expect(pm.getByTestId('health-check').getByText(/bid total/i)).toHaveCount(0)
  await expect(pm.getByTestId('health-check')).not.toContainText('50,000')
  await expect(pm.getByTestId('health-check')).not.toContainText('48,600')
  // Nor any receipt: its nonce is sealed like the prices.
  await expect(pm.getByTestId('bid-receipt-check')).toHaveCount(0)
  // The view is read-only for the tender's fields, not for the health check's own actions.
  await expect(pm.getByTestId('bid-reopen')).toHaveCount(2)
  await expect(pm.getByTestId('bid-reopen').first()).toBeEnabled()
  // The tender summary as a PDF, from its tab.
  await pm.getByRole('tab', { name: 'Tender Summary' }).click()
  await expectPdf(pm, pm.getByTestId('pdf-tender-summary'), `Tender Summary ${PR}.pdf`)

  // Addendum 1: 150 downlights instead of 120, through its own approval.
  await pm.getByTestId('addendum-create').click()
  await popconfirmOk(pm)
  await expect(pm).toHaveURL(new RegExp(`/tender/addendum/edit/${tenderId}$`))
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Draft')
  await pm.getByTestId('item-qty').first().fill('150')
  await pm.getByTestId('addendum-save').click()
  await expect(pm.getByText('Addendum saved')).toBeVisible()
  await expect(pm.getByTestId('line-item').first()).toHaveAttribute('data-label', 'EP')
  await pm.getByTestId('addendum-submit').click()
  await chooseInDialog(pm, /approver/i, /approver\.hk/)
  await modalOk(pm)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Waiting approval')
  await approver.goto('/')
  await followLiveLink(approver.getByTestId('approvals').getByRole('link', { name: PR }), new RegExp(`/tender/addendum/${tenderId}$`))
  await expect(approver).toHaveURL(new RegExp(`/tender/addendum/${tenderId}$`))
  await approver.getByTestId('addendum-approve').click()
  await popconfirmOk(approver)
  await expect(approver.getByTestId('tender-status').first()).toHaveText('A-Approved')
  // pm.hk sees the approval live and issues the addendum with a comment.
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Approved')
  await pm.getByTestId('addendum-issue').click()
  await pm.getByTestId('addendum-comment').fill('150 downlights: the lift lobbies are included.')
  await modalOk(pm)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Issued')
  // The health check: the bids invited again, no one has replied to the addendum yet.
  await pm.goto(`/summary/${tenderId}/health-check`)
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['NO SHOW', 'NO SHOW'])

  // Both vendors see it on the bid screens they have open: invited again, the changed quantity
  // and the terms cleared; each bids again.
  for (const [vendor, rates, total] of [
    [alpha, ['350', '8000'], '60,500.00'],
    [beta, ['330', '9000'], '58,500.00']
  ] as const) {
    await expect(vendor.getByTestId('bid-status')).toHaveText('A-Invited')
    await expect(vendor.getByTestId('addendum-notice')).toBeVisible()
    await expect(vendor.locator('[data-label="E"]')).toHaveCount(1)
    await expect(vendor.locator('[data-testid^="qty-"]').first()).toHaveValue('')
    await vendor.locator('[data-testid^="qty-"]').first().fill('150')
    await bid(vendor, { rates: [...rates], total })
  }
  // pm.hk's health check took in both replies as they came.
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['REPLIED', 'REPLIED'])

  // The closing passes: the queue closes the tender, and pm.hk's screen shows it.
  await reachClosingTime(tenderId)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Ready', { timeout: 30_000 })
  await expect(alpha.getByTestId('bid-submit')).toHaveCount(0)

  // pm.hk opens the bids (the opening is audited) and queries Beta's commissioning price.
  await pm.getByTestId('tender-open').click()
  await popconfirmOk(pm)
  await expect(pm).toHaveURL(new RegExp(`/summary/${tenderId}/analysis-recos$`))
  await pm.getByTestId('summary-tab-query').click()
  const betaCard = pm.locator('[data-testid="query-bid"][data-vendor^="Beta"]')
  await betaCard.getByTestId('raise-query').click()
  await pm.getByTestId('query-question').fill('Does the commissioning include the lighting control programming?')
  await pm.locator('.ant-modal:visible .ant-picker input').fill(hkDay(3))
  await pm.keyboard.press('Enter')
  await modalOk(pm)
  await expect(betaCard.getByTestId('query-row-status')).toHaveText('Draft')
  await betaCard.getByTestId('issue-query').click()
  await popconfirmOk(pm)
  await expect(betaCard.getByTestId('query-bid-status')).toHaveText('Q-INVITED')

  // vendor.beta sees the query arrive on its bid screen and answers; pm.hk sees the answer live.
  await expect(beta.getByTestId('bid-query')).toContainText('lighting control programming')
  await beta.getByTestId('query-answer-input').fill('Yes, programming of the DALI controls is included.')
  await beta.getByTestId('query-answer-submit').click()
  await expect(beta.getByTestId('bid-query-status')).toHaveText('Answered')
  await expect(betaCard.getByTestId('query-answer')).toHaveText('Yes, programming of the DALI controls is included.')
  await expect(betaCard.getByTestId('query-bid-status')).toHaveText('Q-SUBMITTED')

  // The comparison: both bids line by line, the lowest price per line marked, the totals without
  // the tender's optional item (the extended warranty, HKD 35,000.50).
  await pm.getByTestId('open-comparison').click()
  await expect(pm).toHaveURL(new RegExp(`/comparison/${tenderId}$`))
  const comparison = pm.getByTestId('comparison')
  await expect(comparison.getByTestId('comparison-bidder')).toHaveText([/Alpha/, /Beta/])
  await expect(comparison.getByTestId('lowest-price')).toHaveText(['HKD 49,500.00', 'HKD 8,000.00'])
  await expect(comparison.getByTestId('comparison-total')).toHaveText([/HKD 60,500\.00/, /HKD 58,500\.00/])
  await shots(pm, 'comparison')
  // Opened, each bid's PDF can be downloaded from the health check.
  await pm.goto(`/summary/${tenderId}/health-check`)
  await expect(pm.getByTestId('pdf-tender-bid')).toHaveCount(2)
  // Opened, each receipt is checked in pm.hk's browser against the bid and its nonce.
  await expect(pm.getByTestId('receipt-check')).toHaveText(['Receipt verified', 'Receipt verified'])
  await expectPdf(pm, pm.getByTestId('pdf-tender-bid').nth(1), `Tender Bid ${PR}.pdf`)

  // pm.hk recommends Beta, the lowest, and awards.
  await pm.goto(`/summary/${tenderId}/analysis-recos`)
  await pm.locator('.ant-radio-wrapper', { hasText: 'Beta' }).click()
  await pm.getByTestId('analysis-text').fill('Beta is lowest overall and confirmed the control programming.')
  await pm.getByTestId('tender-award').click()
  await pm.locator('.ant-modal-confirm-btns .ant-btn-primary').click()
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Awarded')
  await expect(pm.getByTestId('awarded')).toContainText('Beta')
  // The vendors' open bid screens show the result without reloading.
  await expect(beta.getByTestId('tender-status')).toHaveText('Awarded')
  await expect(alpha.getByTestId('tender-status')).toHaveText('Awarded')

  // The notices, read in the mail viewer: the award to Beta, the regret to Alpha.
  const admin = await signedIn(browser, 'admin')
  await searchMails(admin, 'vendor.beta@example.com', `Award notice: ${PR}`)
  await expect(admin.locator('.ant-table-row')).toHaveCount(1)
  await searchMails(admin, 'vendor.alpha@example.com', `Tender result: ${PR}`)
  await expect(admin.locator('.ant-table-row')).toHaveCount(1)
  await searchMails(admin, 'vendor.alpha@example.com', `Award notice: ${PR}`)
  await expect(admin.locator('.ant-table-row')).toHaveCount(0)
})

/** Clicks a PDF button: the download has the spec's file name and is a PDF. */
async function expectPdf(page: Page, button: ReturnType<Page['getByTestId']>, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
  expect(download.suggestedFilename()).toBe(name)
  const stream = await download.createReadStream()
  const head = await new Promise<string>((resolve) =>
    stream.once('data', (chunk) => {
      resolve(String(chunk).slice(0, 5))
      stream.destroy()
    })
  )
  expect(head).toBe('%PDF-')
}

/** A vendor's bid: every term ticked, a rate per line, the total checked, submitted with a receipt. */
async function bid(vendor: Page, { rates, total }: { rates: string[]; total: string }) {
  const terms = vendor.getByTestId('terms').locator('input[type=checkbox]')
  await expect(terms.first()).toBeVisible()
  for (const term of await terms.all()) await tick(term)
  const fields = vendor.locator('[data-testid^="rate-"]')
  for (const [index, rate] of rates.entries()) await fields.nth(index).fill(rate)
  await expect(vendor.getByTestId('bid-total')).toContainText(total)
  await vendor.getByTestId('bid-submit').click()
  await expect(vendor.getByTestId('bid-receipt')).toBeVisible()
  await expectReceipt(vendor)
  await expect(vendor.getByTestId('bid-status')).toHaveText('Submitted')
}

/**
 * The vendor's receipt (issue 8, finding 4): the digest and the random nonce hashed into it,
 * which only the vendor reads before opening, checked in the browser against the bid.
 */
async function expectReceipt(vendor: Page) {
  const digest = (await vendor.getByTestId('receipt-digest').textContent()) ?? ''
  const nonce = (await vendor.getByTestId('receipt-nonce').textContent()) ?? ''
  expect(digest).toMatch(/^[0-9a-f]{64}$/)
  expect(nonce).toMatch(/^[0-9a-f]{64}$/)
  expect(nonce).not.toBe(digest)
  await expect(vendor.getByTestId('receipt-check')).toHaveAttribute('data-check', 'VERIFIED')
  await expect(vendor.getByTestId('receipt-check')).toHaveText('Receipt verified')
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A day `days` from now in Hong Kong, as the date picker takes it (05 Dec 2026). */
function hkDay(days: number) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
    .split('-')
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`
}

/**
 * Set-up, not under test (the journey above drives the same steps in the browser): an ITQ from
 * a free PR (HKD 180,000, at or below the threshold), filled, approved and issued to Alpha and
 * Beta through the API. Answers the tender's id.
 */
async function issuedItq(baseURL: string, prNumber: string) {
  const tokens = { pm: await apiLogin(baseURL, 'pm.hk'), approver: await apiLogin(baseURL, 'approver.hk') }
  const call = (token: string, method: string, path: string, body?: unknown, serviceMethod?: string) => apiCall(baseURL, token, method, path, body, serviceMethod)
  const tender = await call(tokens.pm, 'POST', 'tenders', { prNumber })
  expect(tender.tenderType).toBe('ITQ')
  const edited = await call(tokens.pm, 'PATCH', `tenders/${tender.id}`, {
    updatedAt: tender.updatedAt,
    general: { projectDescription: 'Repair the ES2 wayfinding signage', projectLocation: 'ES2 podium', paymentTerms: '30 days after invoice', conditionsOfContracts: 'STANDARD' },
    scope: { generalDesc: 'Repair and repaint 40 signs.' },
    lineItemGroups: [{ id: 'g1', name: 'Signage', lineItems: [{ id: 'i1', itemDesc: 'Sign repairs', itemQty: 40, itemUnit: 'No.' }] }]
  })
  const form = new FormData()
  form.append('tenderId', tender.id)
  form.append('kind', 'CONDITIONS')
  form.append('files', new Blob([new Uint8Array(minimalPdf)], { type: 'application/pdf' }), 'conditions.pdf')
  const upload = await fetch(`${baseURL}/hk/v1/tender-documents`, { method: 'POST', headers: { authorization: `Bearer ${tokens.pm}` }, body: form })
  expect(upload.status).toBe(201)
  const approver = (await call(tokens.pm, 'GET', 'tender-approvers')).data.find((user: any) => user.username === 'approver.hk')
  // Each action carries the version the step before answered (428 without it, 410 when stale).
  const submitted = await call(tokens.pm, 'POST', 'tenders', { id: tender.id, updatedAt: edited.updatedAt, approverId: approver.id }, 'submit')
  const approved = await call(tokens.approver, 'POST', 'tenders', { id: tender.id, updatedAt: submitted.updatedAt }, 'approve')
  const companies = await call(tokens.pm, 'GET', 'companies?$limit=100')
  const vendorIds = companies.data.filter((company: any) => /^(Alpha|Beta) /.test(company.name)).map((company: any) => company.id)
  expect(vendorIds).toHaveLength(2)
  await call(tokens.pm, 'POST', 'tenders', { id: tender.id, updatedAt: approved.updatedAt, vendorIds }, 'issue')
  return tender.id as string
}

test('an ITQ in another run: a vendor declines with a reason, and the person in charge sees it live', async ({ browser, baseURL, db }) => {
  test.setTimeout(180_000)
  const { number: PR } = await createPurchaseRequest(db, { amount: 180_000, description: 'ES2 signage repairs' })
  const tenderId = await issuedItq(baseURL!, PR)
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/summary/${tenderId}/health-check`)
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['NO SHOW', 'NO SHOW'])

  // vendor.beta declines; the reason is checked when the field is left (under 140 characters).
  const beta = await signedIn(browser, 'vendor.beta')
  await openBid(beta, PR)
  await beta.getByTestId('bid-decline').click()
  await beta.getByTestId('decline-reason').fill('x'.repeat(140))
  await beta.getByTestId('decline-reason').blur()
  await expect(beta.getByText(/1 to 139 characters/)).toBeVisible()
  await beta.getByTestId('decline-reason').fill('Fully booked until next quarter')
  await beta.getByTestId('decline-reason').blur()
  await modalOk(beta)
  await expect(beta.getByTestId('bid-declined')).toBeVisible()
  await expect(beta.getByTestId('bid-submit')).toHaveCount(0)

  // pm.hk's health check shows the reply without reloading; the person in charge is mailed.
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['NO SHOW', 'REPLIED'])
  const admin = await signedIn(browser, 'admin')
  await searchMails(admin, 'pm.hk@example.com', `Invitation declined: ${PR}`)
  await expect(admin.locator('.ant-table-row')).toHaveCount(1)
})
