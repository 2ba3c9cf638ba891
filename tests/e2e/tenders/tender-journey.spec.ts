import { expect, test, type Browser, type Page } from '@playwright/test'
import { loginAs, chooseInDialog, signedIn, closeToasts, switchLanguage, shotsInBothLanguages, modalOk, popconfirmOk, minimalPdf } from '../helpers'

/*
 * The tender journey of PRODUCT.md: pm.hk creates a tender from a free demo PR (PR-ES-1001,
 * HKD 820,000 > the PMD ITQ threshold of 500,000: a Tender), fills the mandatory fields and submits
 * it (with its conditions of contract) to approver.hk, who approves; pm.hk issues it to Alpha and Beta; vendor.alpha prices and
 * submits (every term ticked, receipt), vendor.beta declines; the health check shows REPLIED twice and no prices.
 */

const PR = 'PR-ES-1001'

const shots = (page: Page, name: string) => shotsInBothLanguages(page, `tender-${name}`)

test.use({ actionTimeout: 15_000 })


test('tender journey: create, approve, issue, bid, decline, health check', async ({ browser }) => {
  test.setTimeout(240_000)
  const pm = await signedIn(browser, 'pm.hk')

  // The list, then "New tender": a PR that fails the check shows the server's message.
  await pm.goto('/tenders')
  await expect(pm.locator('.ant-table-row').first()).toBeVisible()
  await pm.getByTestId('amount-filter').fill('abc')
  await pm.getByRole('button', { name: /search/i }).click()
  await expect(pm.getByText(/enter a number/i)).toBeVisible()
  // The parsed filter against the rows: tender-list.spec.ts.
  await pm.getByRole('button', { name: /reset/i }).click()
  await expect(pm.locator('.ant-table-row', { hasText: 'PR-ES-0001' })).toHaveCount(1)
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
  await pm.locator('.ant-modal:visible .ant-form-item', { hasText: /vendor/i }).locator('.ant-select').click()
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /Alpha/ }).click()
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /Beta/ }).click()
  await pm.keyboard.press('Escape')
  await modalOk(pm)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Issued')

  // vendor.alpha prices and submits.
  const alpha = await signedIn(browser, 'vendor.alpha')
  // From the vendor dashboard's Tenders card to the invitations.
  await alpha.getByTestId('module-TENDERS').click()
  await expect(alpha).toHaveURL(/\/vendors\/tenders$/)
  await alpha.getByRole('link', { name: PR }).click()
  await expect(alpha).toHaveURL(/\/vendors\/tender-bid\/[a-z0-9]{24}$/)
  await expect(alpha.getByTestId('bid-optional-items')).toContainText('Extended warranty (24 months) — HKD 35,000.50')
  // One checkbox per term, all unticked at the start: submit waits for every one.
  const terms = alpha.getByTestId('terms').locator('input[type=checkbox]')
  await expect(terms.first()).toBeVisible()
  for (const term of await terms.all()) await term.check()
  const rates = alpha.locator('[data-testid^="rate-"]')
  await rates.nth(0).fill('350')
  await rates.nth(1).fill('8000')
  await expect(alpha.getByTestId('bid-total')).toContainText('50,000.00')
  await shots(alpha, 'vendor-bid')
  await alpha.getByTestId('bid-submit').click()
  await expect(alpha.getByTestId('bid-receipt')).toBeVisible()
  await expect(alpha.getByTestId('receipt-digest')).toContainText(/[0-9a-f]{64}/)

  // vendor.beta declines; the reason is checked when the field is left.
  const beta = await signedIn(browser, 'vendor.beta')
  await beta.goto('/vendors/tenders')
  await beta.getByRole('link', { name: PR }).click()
  await beta.getByTestId('bid-decline').click()
  await beta.getByTestId('decline-reason').fill('x'.repeat(140))
  await beta.getByTestId('decline-reason').blur()
  await expect(beta.getByText(/1 to 139 characters/)).toBeVisible()
  await beta.getByTestId('decline-reason').fill('Fully booked until next quarter')
  await beta.getByTestId('decline-reason').blur()
  await modalOk(beta)
  await expect(beta.getByTestId('bid-declined')).toBeVisible()

  // pm.hk's health check, live: both replied, no prices before closing.
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['REPLIED', 'REPLIED'])
  await expect(pm.getByTestId('health-check').getByText(/bid total/i)).toHaveCount(0)
  await expect(pm.getByTestId('health-check')).not.toContainText('50,000')
})
