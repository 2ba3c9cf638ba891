import { expect, test } from '../fixtures'
import { loginAs, signedIn, switchLanguage } from '../helpers'
import { createBid, createTender, demoParties } from '../../../backend/src/modules/tenders/seeds/factories'

// Issue 10, point 10: Ctrl+K finds the records of every module the user may read and opens them.

test('pm.hk presses Ctrl+K, finds a tender by its description and opens it with Enter', async ({ page, db }) => {
  const tender = await createTender(db, { description: 'Helipad beacon replacement' })
  await loginAs(page, 'pm.hk')
  await expect(page.getByTestId('global-search')).toBeVisible()
  await page.keyboard.press('Control+k')
  const box = page.getByRole('combobox', { name: /PR or PO number, description/ })
  await box.fill('helipad beacon')
  const hit = page.getByTestId('search-hit')
  await expect(hit).toHaveCount(1)
  await expect(hit).toContainText(tender.prNumber)
  await expect(hit).toContainText('Helipad beacon replacement')
  await expect(hit).toContainText('Tenders')
  await page.screenshot({ path: '/tmp/shots/global-search-en-US.png' })
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/tender/${tender.id}$`))
  await expect(page.getByText(tender.prNumber).first()).toBeVisible()
})

test('admin finds a vendor account in Chinese and opens it on the vendor accounts screen', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin')
  await switchLanguage(admin, '中文', { save: false })
  await admin.getByTestId('global-search').click()
  await admin.getByRole('combobox', { name: /PR 或 PO 编号/ }).fill('alan lee')
  const hit = admin.getByTestId('search-hit')
  await expect(hit).toHaveCount(1)
  await expect(hit).toContainText('Alan Lee (Alpha Engineering)')
  await expect(hit).toContainText('供应商用户')
  await admin.screenshot({ path: '/tmp/shots/global-search-zh-CN.png' })
  await hit.click()
  await expect(admin).toHaveURL(/\/settings\/users\/vendors\/\d+$/)
})

test('a vendor finds no tender and no account of another company', async ({ page }) => {
  await loginAs(page, 'vendor.alpha')
  await page.getByTestId('global-search').click()
  const box = page.getByRole('combobox', { name: /PR or PO number, description/ })
  await box.fill('chiller')
  await expect(page.getByText('Nothing found that you may open')).toBeVisible()
  await box.fill('betty')
  await expect(page.getByText('Nothing found that you may open')).toBeVisible()
  await expect(page.getByTestId('search-hit')).toHaveCount(0)
})

// Issue 27 item 13: a vendor found no tender at all (its hits had no screen in the vendor portal);
// a tender opens as the vendor works on it, its own bid.
test('a vendor finds a tender it is invited to by description and by PR number, and opens its bid', async ({ page, db }) => {
  const parties = await demoParties(db)
  const words = `Atrium skylight resealing ${Date.now().toString(36)}`
  const tender = await createTender(db, { description: words, vendors: [parties.alpha] })
  const bid = await createBid(db, { tenderId: tender.id, companyId: parties.alpha })
  await loginAs(page, 'vendor.alpha')
  await page.getByTestId('global-search').click()
  const box = page.getByRole('combobox', { name: /PR or PO number, description/ })
  await box.fill(words.toLowerCase())
  const hit = page.getByTestId('search-hit')
  await expect(hit).toHaveCount(1)
  await expect(hit).toContainText(tender.prNumber)
  await expect(hit).toContainText('Tenders')
  await box.fill(tender.prNumber)
  await expect(hit.filter({ hasText: words })).toHaveCount(1)
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/vendors/tender-bid/${bid.id}$`))
  await expect(page.getByText(tender.prNumber).first()).toBeVisible()
})
