import { expect, test } from '../fixtures'
import { modalOk, openBid, signedIn } from '../helpers'
import { createBid, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

// Issue 10 item 5: a form's own validation failure is never shown as a server failure.

test('a decline with too long a reason is told on the field, not as a server failure', async ({ browser, db }) => {
  const parties = await demoParties(db)
  const tender = await createTender(db, { status: 'ISSUED', closingDays: 16 }, parties)
  await createBid(db, { tenderId: tender.id, companyId: parties.beta, status: 'INVITED' })
  const beta = await signedIn(browser, 'vendor.beta')
  await openBid(beta, tender.prNumber)
  await beta.getByTestId('bid-decline').click()
  await beta.getByTestId('decline-reason').fill('x'.repeat(140))
  const calls: string[] = []
  beta.on('request', (request) => {
    if (request.method() === 'POST' && /\/bids/.test(request.url())) calls.push(request.url())
  })
  await modalOk(beta)
  await expect(beta.getByText(/1 to 139 characters/)).toBeVisible()
  await expect(beta.locator('.ant-notification-notice')).toHaveCount(0)
  await expect(beta.getByText(/Invalid response from the server/)).toHaveCount(0)
  expect(calls).toEqual([])
  await expect(beta.getByTestId('bid-declined')).toHaveCount(0)
})
