import type { Knex } from 'knex'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { apiLogin, loginAs, signedIn, shotsInBothLanguages, popconfirmOk, openBid, tickOptions, followLiveLink } from '../helpers'
import { createBid, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

/*
 * The review side of a tender, on a READY tender the test builds (closing passed; SUBMITTED
 * bids from Alpha, HKD 97,000, and Beta, HKD 98,000; an optional item):
 * pm.hk opens it from the list (health check), opens the bids, raises and issues a query to
 * Alpha; vendor.alpha answers on its bid screen; pm.hk sees the answer arrive live, compares the
 * bids (lowest per line marked), lists accounting.hk and an outside reviewer (vendor portal) as
 * tender representatives (who review it read-only from their dashboards), is told to choose a vendor, recommends Beta and awards;
 * vendor.beta sees the tender AWARDED.
 */

/** READY, closed yesterday, Alpha lowest overall, Beta lowest on 1.1 and the option (as seeds/tender-review.ts). */
async function readyTender(db: Knex) {
  const parties = await demoParties(db)
  const tender = await createTender(
    db,
    {
      status: 'READY',
      amount: 1_250_000,
      closingDays: -1,
      termsVersion: 1,
      description: 'ES1 podium escalator modernisation',
      lineItemGroups: [
        {
          id: 'g1',
          name: 'Escalator works',
          lineItems: [
            { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries and permits', itemQty: 1, itemUnit: 'Lot' },
            { id: 'i2', itemNo: '1.2', itemDesc: 'Modernisation labour', itemQty: 40, itemUnit: 'Man Day' }
          ]
        },
        { id: 'g2', name: 'Options', lineItems: [{ id: 'i3', itemNo: '2.1', itemDesc: 'Night-shift surcharge', itemQty: 4, itemUnit: 'Man Day', optional: true }] }
      ]
    },
    parties
  )
  const submitted = { status: 'SUBMITTED' as const, termsAccepted: ['1.1', '1.2'] }
  await createBid(db, { tenderId: tender.id, companyId: parties.alpha, ...submitted, rates: { i1: 25_000, i2: 1_800, i3: 500 }, content: { remarks: { i1: 'EMSD permit fees excluded' } } })
  await createBid(db, { tenderId: tender.id, companyId: parties.beta, ...submitted, rates: { i1: 22_000, i2: 1_900, i3: 450 } })
  return tender.prNumber
}

const shots = (page: Page, name: string) => shotsInBothLanguages(page, `review-${name}`)

test.use({ actionTimeout: 15_000 })

/**
 * Set-up, not under test: an outside quantity surveyor, a vendor-portal TenderAccount (461) with
 * "review as tender representative" (a group of this spec's own), its password set from the
 * invitation mail. Only this spec uses the account.
 */
async function vendorRepresentative(baseURL: string) {
  const admin = await apiLogin(baseURL, 'admin')
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
  const group = await call('POST', '/hk/v1/security-groups', {
    name: 'Review spec: tender representatives',
    domain: 'CMS',
    description: 'Outside reviewers of the review journey',
    permissions: [
      { resource: 'tenders', action: 'read', attribute: 'own' },
      { resource: 'tenders', action: 'review', attribute: 'any' }
    ]
  })
  await call('POST', '/hk/v1/users', { username: 'qs.review', email: 'qs.review@example.com', displayName: 'Quinn Surveyor (QS)', userType: 461, regions: ['HK'], groupIds: [group.id] })
  const mails = await call('GET', '/hk/v1/mail-messages?template=account.invite&address=qs.review@example.com')
  const mail = await call('GET', `/hk/v1/mail-messages/${mails.data[0].id}`)
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]
  await call('PATCH', `/v1/password-resets/${token}`, { password: 'Review#2026x' })
  return { username: 'qs.review', password: 'Review#2026x' }
}

const inDays = (days: number) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + days * 86_400_000))

test('tender review: open, query and answer, comparison, recommendation and award', async ({ browser, baseURL, db }) => {
  test.setTimeout(300_000)
  const PR = await readyTender(db)
  const qs = await vendorRepresentative(baseURL!)
  const pm = await signedIn(browser, 'pm.hk')

  // From the list (found by its PR number), a READY tender opens on its health check: both bids
  // replied, prices sealed.
  await pm.goto('/tenders')
  await pm.locator('input#prNumber').fill(PR)
  await pm.getByRole('button', { name: /search/i }).click()
  await pm.getByRole('link', { name: PR }).click()
  await expect(pm).toHaveURL(/\/summary\/[a-z0-9]{24}\/health-check$/)
  const tenderId = /\/summary\/([a-z0-9]{24})\//.exec(pm.url())![1]
  await expect(pm.getByTestId('bid-display-status')).toHaveText(['REPLIED', 'REPLIED'])
  // The review routes are not valid yet: they send the user home.
  await pm.goto(`/comparison/${tenderId}`)
  await expect(pm).toHaveURL(/\/$/)
  await pm.goto(`/summary/${tenderId}`)
  await expect(pm).toHaveURL(/\/health-check$/)
  await shots(pm, 'health-check')

  // Opening the bids moves the tender to REVIEW and to its analysis screen.
  await pm.getByTestId('tender-open').click()
  await popconfirmOk(pm)
  await expect(pm).toHaveURL(new RegExp(`/summary/${tenderId}/analysis-recos$`))
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Review')

  // A query to Alpha: drafted, then issued.
  await pm.getByTestId('summary-tab-query').click()
  await expect(pm).toHaveURL(/\/query$/)
  const alphaCard = pm.locator('[data-testid="query-bid"][data-vendor^="Alpha"]')
  await alphaCard.getByTestId('raise-query').click()
  await pm.getByTestId('query-question').fill('Does item 1.1 include the EMSD permit fees?')
  await pm.locator('.ant-modal:visible .ant-picker input').fill(inDays(3))
  await pm.keyboard.press('Enter')
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(alphaCard.getByTestId('query-row-status')).toHaveText('Draft')
  await alphaCard.getByTestId('issue-query').click()
  await popconfirmOk(pm)
  await expect(alphaCard.getByTestId('query-row-status')).toHaveText('Issued')
  await expect(alphaCard.getByTestId('query-bid-status')).toHaveText('Q-INVITED')
  await shots(pm, 'query-status')
  // The health check shows the query's state beside the reply.
  await pm.getByTestId('summary-tab-health-check').click()
  await expect(pm.getByTestId('bid-query-display-status')).toHaveText(['Q-INVITED'])
  await pm.getByTestId('summary-tab-query').click()
  // The tender list shows the query indicator on the tender.
  await pm.goto('/tenders')
  await pm.locator('input#prNumber').fill(PR)
  await pm.getByRole('button', { name: /search/i }).click()
  await expect(pm.locator('.ant-table-row', { hasText: PR }).getByTestId('query-indicator')).toHaveCount(1)
  await pm.goBack()
  await expect(alphaCard.getByTestId('query-row-status')).toHaveText('Issued')

  // vendor.alpha answers on its bid screen.
  const alpha = await signedIn(browser, 'vendor.alpha')
  await openBid(alpha, PR)
  await expect(alpha.getByTestId('bid-query')).toContainText('EMSD permit fees')
  await alpha.getByTestId('query-answer-input').fill('Yes, the permit fees are included in item 1.1.')
  await shots(alpha, 'vendor-query')
  await alpha.getByTestId('query-answer-submit').click()
  await expect(alpha.getByTestId('bid-query-status')).toHaveText('Answered')

  // pm.hk sees the answer arrive without reloading.
  await expect(alphaCard.getByTestId('query-answer')).toHaveText('Yes, the permit fees are included in item 1.1.')
  await expect(alphaCard.getByTestId('query-row-status')).toHaveText('Answered')

  // The comparison: both bids, the lowest price per line marked, totals without the option.
  await pm.getByTestId('open-comparison').click()
  await expect(pm).toHaveURL(new RegExp(`/comparison/${tenderId}$`))
  const comparison = pm.getByTestId('comparison')
  await expect(comparison.getByTestId('comparison-bidder')).toHaveText([/Alpha/, /Beta/])
  await expect(comparison.getByTestId('lowest-price')).toHaveText(['HKD 22,000.00', 'HKD 72,000.00', 'HKD 1,800.00'])
  await expect(comparison.getByTestId('comparison-total')).toHaveText([/HKD 97,000\.00/, /HKD 98,000\.00/])
  await expect(comparison.getByTestId('optional-item')).toHaveCount(1)
  // Per bid, the terms it accepted (2 of the 2 of version 1) and Alpha's remark on its line.
  await expect(comparison.getByTestId('comparison-terms')).toHaveText(['Terms 2 / 2', 'Terms 2 / 2'])
  await expect(comparison).toContainText('EMSD permit fees excluded')
  const [download] = await Promise.all([pm.waitForEvent('download'), pm.getByTestId('comparison-export').click()])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Bid Comparison ${PR} .*\\.xlsx$`))
  await shots(pm, 'comparison')

  // pm.hk lists accounting.hk as tender representative; accounting.hk reviews the tender from
  // its dashboard, read-only.
  await pm.goto(`/summary/${tenderId}/analysis-recos`)
  await pm.getByTestId('edit-representatives').click()
  await pm.locator('.ant-modal:visible .ant-select').click()
  await tickOptions(pm, ['accounting.hk', 'qs.review'])
  await pm.locator('.ant-modal-footer:visible .ant-btn-primary').click()
  await expect(pm.getByTestId('representative')).toHaveText([/Carol Chan/, /Quinn Surveyor/])
  const accounting = await signedIn(browser, 'accounting.hk')
  await followLiveLink(accounting.getByTestId('representative-tenders').getByRole('link', { name: PR }), new RegExp(`/summary/${tenderId}/analysis-recos$`))
  await expect(accounting).toHaveURL(new RegExp(`/summary/${tenderId}/analysis-recos$`))
  await expect(accounting.getByTestId('recommended-vendor')).toBeVisible()
  await expect(accounting.getByTestId('tender-award')).toHaveCount(0)
  await expect(accounting.getByTestId('raise-query')).toHaveCount(0)
  await shots(accounting, 'representative')

  // The outside reviewer works in the vendor portal: review, then the comparison with the names.
  const outside = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  await loginAs(outside, qs.username, qs.password)
  await outside.getByTestId('representative-tenders').getByRole('link', { name: PR }).click()
  await expect(outside).toHaveURL(new RegExp(`/vendors/tender/review/${tenderId}$`))
  await expect(outside.getByTestId('recommended-vendor')).toBeVisible()
  await expect(outside.getByTestId('tender-award')).toHaveCount(0)
  await outside.getByTestId('open-comparison').click()
  await expect(outside).toHaveURL(new RegExp(`/vendors/comparison/${tenderId}$`))
  await expect(outside.getByTestId('comparison-bidder')).toHaveText([/Alpha/, /Beta/])
  await expect(outside.getByTestId('lowest-price')).toHaveCount(3)
  await shots(outside, 'vendor-representative-comparison')

  // The analysis: no vendor chosen → told to choose; then Beta recommended and awarded.
  await pm.getByTestId('tender-award').click()
  await expect(pm.getByText('A recommended vendor must be chosen.')).toBeVisible()
  await pm.locator('.ant-radio-wrapper', { hasText: 'Beta' }).click()
  await pm.getByTestId('analysis-text').fill('Beta is compliant; best on preliminaries and the night-shift option.')
  await shots(pm, 'analysis')
  await pm.getByTestId('tender-award').click()
  await pm.locator('.ant-modal-confirm-btns .ant-btn-primary').click()
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Awarded')
  await expect(pm.getByTestId('awarded')).toContainText('Beta')

  // vendor.beta sees the award on its bid.
  const beta = await signedIn(browser, 'vendor.beta')
  await openBid(beta, PR)
  await expect(beta.getByTestId('tender-status')).toHaveText('Awarded')

  // Decided: a representative's review is over; the review routes send them home.
  await accounting.goto(`/summary/${tenderId}/analysis-recos`)
  await expect(accounting).toHaveURL(/\/$/)
  await outside.goto(`/vendors/comparison/${tenderId}`)
  await expect(outside).toHaveURL(/\/vendors\/dashboard$/)
})
