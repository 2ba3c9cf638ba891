import { expect, test } from '../fixtures'
import { popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * Settings → Public holidays (issue 29 item 7): the administrator reads Hong Kong's seeded
 * holidays of 2027, adds a day with its name (checked on leaving the field), and removes it again;
 * in both languages, at a phone's width, without serious accessibility faults. The days are SG's
 * own, so no other spec's clock meets them.
 */

test('the administrator keeps a region’s public holidays of a year', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const admin = await signedIn(browser, 'admin')
  await admin.goto('/settings/public-holidays')
  await admin.getByTestId('holiday-year').click()
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '2027' }).click()
  const rows = admin.getByTestId('holidays').locator('tbody tr')
  await expect(rows.filter({ hasText: 'Tuen Ng Festival' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Tuen Ng Festival' })).toContainText('Wednesday')
  await shotsInBothLanguages(admin, 'public-holidays')
  await settled(admin)
  expect(await violations(admin, 'admin /settings/public-holidays')).toEqual([])

  // In Singapore (an administrator of the test's own, working there): a day of its own, named, then removed.
  const account = await createTestAccount(db, { like: 'admin' })
  await db('users').where({ username: account.username }).update({ defaultRegion: 'SG' })
  const sg = await signedIn(browser, account.username, { width: 390, height: 844 })
  await sg.goto('/settings/public-holidays')
  await sg.getByTestId('holiday-year').click()
  await sg.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '2027' }).click()
  await sg.getByTestId('holiday-name').fill(' ')
  await sg.getByTestId('holiday-name').blur()
  await expect(sg.getByText('Name the holiday.')).toBeVisible()
  await sg.getByTestId('holiday-date').click()
  await sg.getByTestId('holiday-date').fill('09 Aug 2027')
  await sg.getByTestId('holiday-date').press('Enter')
  await sg.getByTestId('holiday-name').fill('National Day')
  await sg.getByTestId('holiday-add').click()
  const added = sg.getByTestId('holidays').locator('tbody tr', { hasText: 'National Day' })
  await expect(added).toHaveCount(1)
  await expect(added).toContainText('Monday')
  await shotsInBothLanguages(sg, 'public-holidays-390')
  expect(await sg.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
  await added.getByTestId('holiday-remove').click()
  await popconfirmOk(sg)
  await expect(added).toHaveCount(0)
})
