import { expect, test } from '../fixtures'
import { apiCall, apiLogin, liveSignedIn, openBid, signedIn, tick } from '../helpers'
import { createBid, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

/**
 * The bid screen reads the bid and its tender again whenever someone else changes them (live
 * events). A vendor's entries not saved yet are theirs: a re-read must not undo a tick or a typed
 * rate; the fields they left alone show what the other person saved.
 */
test('a re-read of the bid keeps the vendor’s unsaved ticks and rates', async ({ browser, db, baseURL }) => {
  const parties = await demoParties(db)
  const tender = await createTender(db, { status: 'ISSUED', closingDays: 16 }, parties)
  const { id: bidId } = await createBid(db, { tenderId: tender.id, companyId: parties.beta, status: 'INVITED' })
  const call = (token: string, method: string, path: string, body?: unknown, serviceMethod?: string) => apiCall(baseURL!, token, method, path, body, serviceMethod)

  const beta = await signedIn(browser, 'vendor.beta')
  await openBid(beta, tender.prNumber)
  const terms = beta.getByTestId('terms').locator('input[type=checkbox]')
  await expect(terms.first()).toBeVisible()
  await tick(terms.first())
  await beta.getByTestId('rate-i1').fill('12,500')
  await beta.getByTestId('rate-i1').blur()

  await liveSignedIn(beta)
  // A colleague at Beta saves the bid with a remark on the labour line (the server's bid is now newer).
  const colleague = await apiLogin(baseURL!, 'vendor.beta')
  const stored = await call(colleague, 'GET', `bids/${bidId}`)
  await call(colleague, 'POST', 'bids', { id: bidId, updatedAt: stored.updatedAt, content: { rates: {}, remarks: { i2: 'Night shifts included' } } }, 'save')
  // Read again live: the remark the vendor left alone shows the colleague's, the tick and the rate stay.
  await expect(beta.getByTestId('remark-i2')).toHaveValue('Night shifts included')
  await expect(terms.first()).toBeChecked()
  await expect(beta.getByTestId('rate-i1')).toHaveValue('12,500.00')
  await expect(beta.getByText(/your unsaved entries kept/)).toBeVisible()

  // pm.hk extends the closing date: the tender is read again live, the entries stay.
  const closing = beta.locator('.ant-descriptions-item', { hasText: 'Closing date' }).locator('.ant-descriptions-item-content')
  const closingBefore = (await closing.textContent()) ?? ''
  const pm = await apiLogin(baseURL!, 'pm.hk')
  const current = await call(pm, 'GET', `tenders/${tender.id}`)
  const closingAt = new Date(new Date(current.closingAt).getTime() + 7 * 86_400_000)
  await call(pm, 'POST', 'tenders', { id: tender.id, updatedAt: current.updatedAt, closingAt: closingAt.toISOString(), reason: 'More time to price' }, 'extend')
  await expect(closing).not.toHaveText(closingBefore)
  await tick(terms.nth(1))
  await expect(terms.nth(0)).toBeChecked()
  await expect(terms.nth(1)).toBeChecked()

  // Saved as the vendor sees it, on the current bid (no 410): the colleague's remark and both ticks.
  await beta.getByTestId('bid-save').click()
  await expect(beta.getByText('Draft saved')).toBeVisible()
  const saved = await call(colleague, 'GET', `bids/${bidId}`)
  expect(saved.content.rates).toEqual({ i1: 12_500 })
  expect(saved.content.remarks).toEqual({ i2: 'Night shifts included' })
  expect(saved.termsAccepted).toHaveLength(2)
})
