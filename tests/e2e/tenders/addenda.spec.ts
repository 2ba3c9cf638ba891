import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { chooseInDialog, signedIn, shotsInBothLanguages, modalOk, popconfirmOk, openBid, tick, followLiveLink } from '../helpers'
import { createBid, createTender, createTenderWithDraftAddendum, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

/*
 * An addendum, end to end (issue 3 point 7), on a tender the test builds: ISSUED to Alpha and
 * Beta, Alpha's bid submitted with quantities 1 / 45 / 30.
 * pm.hk creates addendum 1, edits the Labour line, removes the Hoarding line, adds one, submits it
 * with a drawing, to approver.hk, who finds it on the dashboard and approves; pm.hk issues it. vendor.alpha's bid is back to A-INVITED, the
 * lines carry N/E/D, the edited line's quantity and the terms acceptance are cleared, the
 * removed line takes no price, the drawing downloads; Alpha bids again and submits.
 */

const lines = (page: Page) => page.getByTestId('line-item')

const shots = (page: Page, name: string) => shotsInBothLanguages(page, `addenda-${name}`)

test.use({ actionTimeout: 15_000 })

test('addendum: create, edit, approve, issue; the vendor re-bids on the labelled lines', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const parties = await demoParties(db)
  const { id, prNumber: PR } = await createTender(
    db,
    {
      status: 'ISSUED',
      amount: 930_000,
      closingDays: 15,
      termsVersion: 1,
      lineItemGroups: [
        {
          id: 'g1',
          name: 'Main works',
          lineItems: [
            { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' },
            { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 40, itemUnit: 'Man Day' }
          ]
        },
        { id: 'g2', name: 'Temporary works', lineItems: [{ id: 'i3', itemNo: '2.1', itemDesc: 'Hoarding', itemQty: 30, itemUnit: 'm' }] }
      ]
    },
    parties
  )
  await createBid(db, { tenderId: id, companyId: parties.alpha, status: 'SUBMITTED', quantities: { i1: 1, i2: 45, i3: 30 }, rates: { i1: 5000, i2: 1000, i3: 250 } })
  await createBid(db, { tenderId: id, companyId: parties.beta, status: 'INVITED' })
  const pm = await signedIn(browser, 'pm.hk')

  // From the list to the issued tender (its health check, spec "Which tender screen opens"), then
  // "Create addendum" on the addendum summary tab.
  await pm.goto('/tenders')
  // Searched by its number: the demo tenders fill more than the list's first page.
  await pm.locator('input#prNumber').fill(PR)
  await pm.getByRole('button', { name: /search/i }).click()
  await pm.getByRole('link', { name: PR }).click()
  await expect(pm).toHaveURL(/\/summary\/[a-z0-9]{24}\/health-check$/)
  const tenderId = /\/summary\/([a-z0-9]{24})\//.exec(pm.url())![1]
  await pm.getByTestId('summary-tab-addendum').click()
  await pm.getByTestId('addendum-create').click()
  await popconfirmOk(pm)
  await expect(pm).toHaveURL(new RegExp(`/tender/addendum/edit/${tenderId}$`))
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Draft')

  // Items: Labour 45 → 50 Man Day... the issued quantity is 40; Hoarding removed; a line added.
  await expect(lines(pm)).toHaveCount(3)
  await pm.getByTestId('item-qty').nth(1).fill('50')
  await lines(pm).nth(2).getByTestId('remove-item').click()
  await expect(lines(pm).nth(2)).toHaveAttribute('data-label', 'DP')
  await pm.getByTestId('add-item').first().click()
  await pm.getByTestId('item-desc').nth(2).fill('Motor controls for the shutters')
  await pm.getByTestId('addendum-save').click()
  await expect(pm.getByText('Addendum saved')).toBeVisible()
  await expect(lines(pm).nth(1)).toHaveAttribute('data-label', 'EP')
  await expect(lines(pm).nth(2)).toHaveAttribute('data-label', 'NP')
  await expect(lines(pm).nth(3)).toHaveAttribute('data-label', 'DP')
  await expect(lines(pm).nth(3).locator('del').first()).toBeVisible()
  await shots(pm, 'edit')

  // A drawing goes with the addendum.
  await pm.getByRole('tab', { name: 'Addendum documents' }).click()
  await pm
    .locator('[data-testid="addendum-documents"] input[type="file"]')
    .setInputFiles({ name: 'Shutter drawings.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 shutter drawings') })
  await expect(pm.getByTestId('addendum-documents').getByRole('button', { name: 'Shutter drawings.pdf' })).toBeVisible()
  await pm.getByRole('tab', { name: 'Items/Services' }).click()

  // Submitted to approver.hk.
  await pm.getByTestId('addendum-submit').click()
  await chooseInDialog(pm, /approver/i, /approver\.hk/)
  await modalOk(pm)
  await expect(pm).toHaveURL(new RegExp(`/tender/addendum/${tenderId}$`))
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Waiting approval')

  // approver.hk finds it on the dashboard and approves in the addendum view.
  const approver = await signedIn(browser, 'approver.hk')
  await followLiveLink(approver.getByTestId('approvals').getByRole('link', { name: PR }), new RegExp(`/tender/addendum/${tenderId}$`))
  await expect(approver).toHaveURL(new RegExp(`/tender/addendum/${tenderId}$`))
  await expect(approver.getByTestId('line-item').nth(1)).toHaveAttribute('data-label', 'EP')
  await shots(approver, 'approver-view')
  await approver.getByTestId('addendum-approve').click()
  await popconfirmOk(approver)
  await expect(approver.getByTestId('tender-status').first()).toHaveText('A-Approved')

  // pm.hk issues it with a comment: the tender stays issued, as version 1.
  await pm.reload()
  await pm.getByTestId('addendum-issue').click()
  await pm.getByTestId('addendum-comment').fill('Labour increased; hoarding by others; shutter motor controls added.')
  await modalOk(pm)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Issued')
  await expect(lines(pm).nth(1)).toHaveAttribute('data-label', 'E')
  await pm.getByRole('tab', { name: 'Revision history' }).click()
  await expect(pm.getByTestId('revision-1')).toContainText('hoarding by others')
  await expect(pm.getByTestId('revision-1').getByTestId('addendum-label')).toHaveText(['E', 'N', 'D'])

  // The addendum summary lists the history too.
  await pm.goto(`/summary/${tenderId}/addendum`)
  await expect(pm.getByTestId('revision-1')).toBeVisible()
  await shots(pm, 'summary')

  // vendor.alpha: A-INVITED, labels, the edited line's quantity and the terms cleared.
  const alpha = await signedIn(browser, 'vendor.alpha')
  await openBid(alpha, PR)
  await expect(alpha).toHaveURL(/\/vendors\/tender-bid\/[a-z0-9]{24}$/)
  await expect(alpha.getByTestId('bid-status')).toHaveText('A-Invited')
  await expect(alpha.getByTestId('addendum-notice')).toBeVisible()
  await expect(alpha.getByTestId('bid-item-i2')).toHaveAttribute('data-label', 'E')
  await expect(alpha.getByTestId('bid-item-i3')).toHaveAttribute('data-label', 'D')
  await expect(alpha.locator('[data-label="N"]')).toHaveCount(1)
  await expect(alpha.getByTestId('qty-i2')).toHaveValue('')
  await expect(alpha.getByTestId('qty-i1')).toHaveValue('1')
  await expect(alpha.getByTestId('rate-i3')).toHaveCount(0)
  // Terms: one checkbox each, of the version the issue stamped, none ticked any more.
  const terms = alpha.getByTestId('terms').locator('input[type=checkbox]')
  await expect(terms.first()).toBeVisible()
  for (const term of await terms.all()) await expect(term).not.toBeChecked()
  await expect(alpha.getByTestId('revision-1')).toContainText('hoarding by others')
  await shots(alpha, 'vendor-bid')
  const download = alpha.waitForEvent('download')
  await alpha.getByTestId('revision-1').getByRole('button', { name: 'Shutter drawings.pdf' }).click()
  expect((await download).suggestedFilename()).toBe('Shutter drawings.pdf')

  // Alpha bids again: the new line priced, Labour quantity entered, terms accepted; submitted.
  await alpha.getByTestId('qty-i2').fill('50')
  const newRate = alpha.locator('[data-label="N"] [data-testid^="rate-"]')
  await newRate.fill('2000')
  for (const term of await terms.all()) await tick(term)
  // 1 × 5,000 + 50 × 1,000 + 1 × 2,000 (the removed hoarding is out of the total).
  await expect(alpha.getByTestId('bid-total')).toContainText('57,000.00')
  await alpha.getByTestId('bid-submit').click()
  await expect(alpha.getByTestId('bid-receipt')).toBeVisible()
  await expect(alpha.getByTestId('bid-status')).toHaveText('Submitted')
})

test('addendum discarded: the person in charge drops a draft and the issued version stands', async ({ browser, db }) => {
  // ISSUED, addendum 1 pending in DRAFT.
  const parties = await demoParties(db)
  const { id, prNumber } = await createTenderWithDraftAddendum(db, { closingDays: 9 }, parties)
  for (const companyId of [parties.alpha, parties.beta]) await createBid(db, { tenderId: id, companyId })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/tenders')
  await pm.locator('input#prNumber').fill(prNumber)
  await pm.getByRole('button', { name: /search/i }).click()
  await expect(pm.getByTestId('tender-status').first()).toHaveText('A-Draft')
  await pm.getByRole('link', { name: prNumber }).click()
  await expect(pm).toHaveURL(/\/tender\/addendum\/edit\/[a-z0-9]{24}$/)
  await pm.getByTestId('addendum-discard').click()
  await pm.locator('.ant-popconfirm-buttons:visible .ant-btn-dangerous').click()
  await expect(pm.getByText('Addendum discarded: the issued version stands')).toBeVisible()
  await expect(pm).toHaveURL(/\/summary\/[a-z0-9]{24}\/health-check$/)
  await expect(pm.getByTestId('tender-status').first()).toHaveText('Issued')
})
