import { expect, test, type Page } from '../fixtures'
import { closeToasts, shotsInBothLanguages, signedIn, switchLanguage, tick } from '../helpers'
import { createTestSubAccount, createTestVendor } from '../../../seeds/vendor-factories'

/*
 * The vendor settings (issue 11 item 10) and the staff vendor account screen (item 11). Each test
 * builds a fresh vendor company and its master account with the factories, and five sub-accounts
 * of it, so the cap (6) is one invitation away without touching the demo vendors or the setting.
 */

test.use({ actionTimeout: 15_000 })

const PHONE = { width: 390, height: 844 }
let serial = 0

async function invite(page: Page, username: string, perms: string[]) {
  await page.getByRole('button', { name: 'Invite sub-account' }).click()
  const form = page.getByTestId('sub-account-form')
  await form.getByLabel('Username', { exact: true }).fill(username)
  await form.getByLabel('Name', { exact: true }).fill(`Invited ${username}`)
  await form.getByLabel('E-mail', { exact: true }).fill(`${username.replace(/@.*/, '')}@example.com`)
  for (const perm of perms) await tick(form.getByLabel(perm, { exact: true }))
  await page.locator('.ant-modal-footer:visible .ant-btn-primary').click()
}

test('a vendor master invites sub-accounts up to the cap; the 7th and a staff username are refused; toggles decide what a sub-account sees', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const vendor = await createTestVendor(db)
  for (let i = 0; i < 5; i += 1) await createTestSubAccount(db, vendor, i === 0 ? ['Tenders'] : [])
  const page = await signedIn(browser, vendor.username, PHONE)

  await page.goto('/vendors/settings')
  await expect(page.getByText(vendor.companyName)).toBeVisible()
  await page.getByRole('tab', { name: 'Sub-accounts' }).click()
  const quota = page.getByTestId('sub-account-quota')
  await expect(quota).toContainText('5 of 6')

  // A staff (internal) username is refused with the spec's message, and nothing is created.
  serial += 1
  await invite(page, `someone${serial}@portal.example.com`, [])
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Internal usernames are not allowed' })).toBeVisible()
  await page.locator('.ant-modal-footer:visible .ant-btn').first().click()
  await closeToasts(page)
  await expect(quota).toContainText('5 of 6')

  // The 6th: projects only, no tenders.
  const sixth = `sixth.${Date.now().toString(36)}`
  await invite(page, sixth, ['Projects'])
  await expect(page.getByText(`Invitation sent to ${sixth}@example.com`)).toBeVisible()
  await expect(quota).toContainText('6 of 6')
  const row = page.locator('.sub-account-item', { hasText: sixth })
  await expect(row).toContainText('Projects')
  await expect(row).not.toContainText('Tenders')
  await expect(page.getByText('The company has the most sub-accounts allowed (6)')).toBeVisible()
  await closeToasts(page)
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0)
  await shotsInBothLanguages(page, 'vendor-settings-sub-accounts-390')

  // The 7th is refused, the limit named.
  await invite(page, `seventh.${Date.now().toString(36)}`, [])
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'The company already has the most sub-accounts allowed (6).' })).toBeVisible()
  await page.locator('.ant-modal-footer:visible .ant-btn').first().click()
  await expect(quota).toContainText('6 of 6')
  const [{ count }] = await db('users').where({ companyId: vendor.companyId }).whereIn('userType', [421, 441, 461]).count('* as count')
  expect(Number(count)).toBe(6)

  // The profile tab in both languages, on the phone.
  await closeToasts(page)
  await page.getByRole('tab', { name: 'Company profile' }).click()
  await page.getByLabel('Phone').fill('+852 2999 0000')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('The company profile is saved.')).toBeVisible()
  expect((await db('companies').where({ id: vendor.companyId }).first('phone')).phone).toBe('+852 2999 0000')
  await shotsInBothLanguages(page, 'vendor-settings-profile-390')

  // The 6th signs in (its password set as after the invitation): no tenders, no sub-accounts tab.
  const { password } = await db('users').where({ id: vendor.id }).first('password')
  await db('users').where({ username: sixth }).update({ password, passwordChangedAt: new Date() })
  const sub = await signedIn(browser, sixth)
  await expect(sub.locator('.ant-layout-sider')).toBeVisible()
  await expect(sub.locator('.ant-layout-sider').getByText('Tender invitations')).toHaveCount(0)
  await sub.goto('/vendors/settings')
  await expect(sub.getByRole('tab', { name: 'Company profile' })).toBeVisible()
  await expect(sub.getByRole('tab', { name: 'Sub-accounts' })).toHaveCount(0)
  await expect(sub.getByRole('tab', { name: 'Contacts' })).toHaveCount(0)
  await expect(sub.getByRole('button', { name: 'Save profile' })).toHaveCount(0)
  // The first factory sub-account holds tenders: it has the menu entry.
  const [bidder] = await db('users').where({ companyId: vendor.companyId }).whereRaw("'Tenders' = any(vendor_perms)").select('username')
  const withTenders = await signedIn(browser, bidder.username)
  await expect(withTenders.locator('.ant-layout-sider').getByText('Tender invitations')).toBeVisible()
})

test('an administrator sees a vendor master with its sub-accounts and ties a loose sub-account to its company', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const vendor = await createTestVendor(db)
  await createTestSubAccount(db, vendor, ['Tenders', 'ReceiveECirculars'])
  const loose = await createTestSubAccount(db, vendor, [])
  await db('users').where({ id: loose.id }).update({ companyId: null })
  const admin = await signedIn(browser, 'admin')

  await admin.goto(`/settings/users/vendors/${vendor.id}`)
  await expect(admin.locator('.ant-descriptions').getByText(vendor.companyName)).toBeVisible()
  await expect(admin.getByText('1 of 6 sub-accounts')).toBeVisible()
  // The way back names the vendor accounts' list, not the staff's (they share one service).
  await expect(admin.locator('.ant-breadcrumb a')).toHaveText(['Vendor users'])
  await expect(admin.locator('.ant-breadcrumb a')).toHaveAttribute('href', '/settings/users/vendors')
  await expect(admin.locator('tr.ant-table-row', { hasText: 'Receive e-circulars' })).toHaveCount(1)
  // The label follows a switch of language on the open screen.
  await switchLanguage(admin, '中文', { save: false })
  await expect(admin.locator('.ant-breadcrumb a')).toHaveText(['供应商用户'])
  await switchLanguage(admin, 'English', { save: false })
  await expect(admin.locator('.ant-breadcrumb a')).toHaveText(['Vendor users'])

  await admin.goto(`/settings/users/vendors/edit/${loose.id}`)
  // The account is in the form before anything is chosen, as a user would wait for it.
  await expect(admin.locator('#displayName')).not.toHaveValue('')
  const company = admin.getByTestId('user-company')
  await company.click()
  await admin.keyboard.type(vendor.companyName)
  await expect(company.locator('input')).toHaveValue(vendor.companyName)
  await admin.locator('.ant-select-item-option', { hasText: vendor.companyName }).click()
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin).toHaveURL(new RegExp(`/settings/users/vendors/${loose.id}$`))
  await expect(admin.locator('.ant-descriptions').getByText(vendor.companyName)).toBeVisible()
  expect((await db('users').where({ id: loose.id }).first('companyId')).companyId).toBe(vendor.companyId)

  await admin.goto(`/settings/users/vendors/${vendor.id}`)
  await expect(admin.getByText('2 of 6 sub-accounts')).toBeVisible()
  await admin.setViewportSize(PHONE)
  await shotsInBothLanguages(admin, 'staff-vendor-user-390')
})

test("an administrator opens a tenancy's accounts from a tenant user", async ({ browser, db }) => {
  const acme = await db('users').where({ username: 'tenant.acme' }).first('id', 'tenancyId')
  const admin = await signedIn(browser, 'admin', PHONE)
  await admin.goto(`/settings/users/tenants/${acme.id}`)
  await expect(admin.locator('.ant-breadcrumb a')).toHaveText(['Tenant users'])
  await admin.getByRole('link', { name: 'Tenancy accounts' }).click()
  await expect(admin).toHaveURL(new RegExp(`/settings/users/tenancies/${acme.tenancyId}$`))
  await expect(admin.locator('.ant-descriptions').getByText('ACME Trading', { exact: true })).toBeVisible()
  for (const username of ['tenant.acme', 'contractor.acme']) await expect(admin.getByRole('link', { name: username })).toBeVisible()
  await shotsInBothLanguages(admin, 'staff-tenancy-accounts-390')
})
