import { expect, test, type Page } from '../fixtures'
import { closeToasts, networkQuiet, shotsInBothLanguages, signedIn } from '../helpers'
import { createTestCompany, createTestContact, freshHongKongMobile, uniqueSuffix } from '../../../backend/src/modules/contacts/seeds/factories'

/*
 * The central contacts database (issue 11 item 4, item 10): staff create a company with its
 * contact and are warned, before saving, that a number typed in another spelling is another
 * contact's; they merge two contacts, and the kept one carries both numbers (one audit row);
 * vendor.alpha edits its own company's contact and cannot find or open another vendor's.
 * Every record is built here by the module's factories.
 */

test.use({ actionTimeout: 15_000 })

const PHONE = { width: 390, height: 844 }
const companyIdOf = async (db: any, name: string) => (await db('companies').where({ region: 'HK', name }).first('id')).id as number

async function leave(page: Page, field: ReturnType<Page['getByRole']>, value: string) {
  await field.fill(value)
  await field.blur()
}

test('staff create a company with its contact, see a duplicate before saving, and merge two contacts', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const other = await createTestCompany(db)
  const existing = await createTestContact(db, { companyId: other.id, firstName: `Dora${uniqueSuffix()}`, lastName: 'Dup' })
  const admin = await signedIn(browser, 'admin')

  await admin.goto('/companies/create')
  const name = `Harbour ${uniqueSuffix()}`
  await admin.getByLabel('Company name').fill(name)
  const card = admin.getByTestId('company-contact')
  await card.getByLabel('First name').fill('Winnie')
  await card.getByLabel('Last name').fill('Wong')
  // The same number as the existing contact's, in the international spelling without a plus.
  const phoneField = card.getByRole('textbox', { name: 'Phone', exact: true })
  await leave(admin, phoneField, `852-${existing.phone.replace(' ', '-')}`)
  await expect(card.getByText(`Saved as +852${existing.phone.replace(' ', '')}`)).toBeVisible()
  const warning = card.getByTestId('duplicate-warning')
  await expect(warning).toContainText(`${existing.firstName} Dup`)
  await expect(warning).toContainText('same phone')
  await shotsInBothLanguages(admin, 'contacts-company-create-duplicate')

  const fresh = await freshHongKongMobile(db)
  await leave(admin, phoneField, fresh)
  await expect(warning).toHaveCount(0)
  await leave(admin, card.getByRole('textbox', { name: 'E-mail', exact: true }), `winnie.${uniqueSuffix()}@example.com`)
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin).toHaveURL(/\/companies\/detail\/\d+$/)
  await expect(admin.getByText(name).first()).toBeVisible()
  await expect(admin.getByRole('link', { name: 'Winnie Wong' })).toBeVisible()
  await shotsInBothLanguages(admin, 'contacts-company-show')

  // Merge: the kept contact takes the other's number; the other is gone; one audit row.
  const company = await createTestCompany(db)
  const keep = await createTestContact(db, { companyId: company.id, firstName: `Kim${uniqueSuffix()}`, lastName: 'Ho' })
  const twin = await createTestContact(db, { companyId: company.id, firstName: keep.firstName, lastName: 'Ho' })
  await admin.goto(`/ccdcontacts/edit/${keep.id}`)
  await leave(admin, admin.getByRole('textbox', { name: 'E-mail', exact: true }), twin.email.toUpperCase())
  const editWarning = admin.getByTestId('duplicate-warning')
  await expect(editWarning).toContainText('same e-mail')
  // Leaving the changed form asks first (spec §2 dirty-form guard): the user agrees.
  admin.once('dialog', (dialog) => dialog.accept())
  await editWarning.getByRole('button', { name: 'Merge' }).click()
  await expect(admin).toHaveURL(new RegExp(`/ccdcontacts/merge/${keep.id}\\?other=${twin.id}$`))
  await expect(admin.getByTestId('merge-red')).toContainText(twin.phone)
  await shotsInBothLanguages(admin, 'contacts-merge')
  await admin.getByRole('button', { name: 'Merge', exact: true }).click()
  await admin.locator('.ant-popconfirm-buttons:visible .ant-btn-primary').click()
  await expect(admin).toHaveURL(new RegExp(`/ccdcontacts/detail/${keep.id}$`))
  await expect(admin.getByRole('cell', { name: twin.phone, exact: true })).toBeVisible()
  await expect(admin.getByRole('cell', { name: keep.phone, exact: true })).toBeVisible()
  expect(await db('ccd_contacts').where({ id: twin.id }).first()).toBeUndefined()
  expect((await db('audit_log').where({ action: 'ccdcontacts.merge', recordId: String(keep.id) })).length).toBe(1)

  // The list finds the kept contact by a fragment of the merged number, in its usual spelling.
  await admin.goto('/contacts')
  await admin.getByTestId('contact-search').fill(twin.phone)
  await admin.getByRole('button', { name: /search/i }).click()
  await expect(admin.getByRole('link', { name: `${keep.firstName} Ho` })).toBeVisible()
  await closeToasts(admin)
  await shotsInBothLanguages(admin, 'contacts-list')

  const phone = await signedIn(browser, 'admin', PHONE)
  await phone.goto(`/ccdcontacts/detail/${keep.id}`)
  await expect(phone.getByRole('cell', { name: twin.phone, exact: true })).toBeVisible()
  await phone.screenshot({ path: '/tmp/shots/contacts-show-390.png', fullPage: true })
  await phone.goto('/companies/create')
  await expect(phone.getByLabel('Company name')).toBeVisible()
  await phone.screenshot({ path: '/tmp/shots/contacts-company-create-390.png', fullPage: true })
})

test("vendor.alpha edits its own company's contacts and cannot find or open another vendor's", async ({ browser, db }) => {
  test.setTimeout(120_000)
  const own = await createTestContact(db, { companyId: await companyIdOf(db, 'Alpha Engineering Ltd'), firstName: `Vera${uniqueSuffix()}`, lastName: 'Alpha' })
  const foreign = await createTestContact(db, { companyId: await companyIdOf(db, 'Beta Builders Ltd'), firstName: `Bert${uniqueSuffix()}`, lastName: 'Beta' })
  const vendor = await signedIn(browser, 'vendor.alpha')

  await vendor.goto('/vendors/contacts')
  const search = async (text: string) => {
    await vendor.getByTestId('contact-search').fill(text)
    await vendor.getByRole('button', { name: /search/i }).click()
  }
  await search(own.firstName)
  await expect(vendor.getByRole('link', { name: `${own.firstName} Alpha` })).toBeVisible()
  await shotsInBothLanguages(vendor, 'contacts-vendor-list')
  await search(foreign.firstName)
  await expect(vendor.locator('.ant-table-placeholder')).toBeVisible()
  await expect(vendor.getByText(foreign.firstName)).toHaveCount(0)

  await vendor.goto(`/vendors/ccdcontacts/detail/${foreign.id}`)
  await expect(vendor.getByText('The contact no longer exists, or it is not one of yours.').first()).toBeVisible()
  await expect(vendor.getByText(foreign.phone)).toHaveCount(0)
  await closeToasts(vendor)

  await vendor.goto(`/vendors/ccdcontacts/edit/${own.id}`)
  await expect(vendor.getByLabel('First name')).toHaveValue(own.firstName)
  await expect(vendor.getByLabel('Company')).toHaveCount(0)
  await vendor.getByLabel('Position').fill('Site agent')
  await vendor.getByRole('button', { name: 'Save' }).click()
  await expect(vendor).toHaveURL(new RegExp(`/vendors/ccdcontacts/detail/${own.id}$`))
  await expect(vendor.getByText('Site agent')).toBeVisible()
  await shotsInBothLanguages(vendor, 'contacts-vendor-show')

  const phone = await signedIn(browser, 'vendor.alpha', PHONE)
  await phone.goto('/vendors/contacts')
  await expect(phone.getByTestId('contact-search')).toBeVisible()
  // Nothing pushes the page sideways on a phone.
  await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await phone.screenshot({ path: '/tmp/shots/contacts-vendor-list-390.png', fullPage: true })
})

// Issue 27 item 14: the picker listed the contact itself and look-alikes with nothing to tell them
// apart, and a successful merge ended on a red "Could not load the contact" (the removed one read again).
test('the merge picker tells look-alikes apart and leaves the contact out; the merge ends on the surviving contact, without an error', async ({ browser, db }) => {
  const admin = await signedIn(browser, 'admin')
  const company = await createTestCompany(db)
  const keep = await createTestContact(db, { companyId: company.id, firstName: `Lam${uniqueSuffix()}`, lastName: 'Chan' })
  const first = await createTestContact(db, { companyId: company.id, firstName: keep.firstName, lastName: 'Chan' })
  const second = await createTestContact(db, { companyId: company.id, firstName: keep.firstName, lastName: 'Chan' })
  await admin.goto(`/ccdcontacts/merge/${keep.id}`)
  await expect(admin.getByTestId('merge-green')).toContainText(keep.phone)
  await admin.getByTestId('merge-other').click()
  await admin.keyboard.type(keep.firstName)
  const options = admin.getByTestId('contact-option')
  await expect(options).toHaveCount(2)
  for (const twin of [first, second]) {
    const option = options.filter({ hasText: `#${twin.id}` })
    await expect(option).toContainText(twin.phone)
    await expect(option).toContainText(twin.email)
    await expect(option).toContainText(company.name)
  }
  await expect(options.filter({ hasText: `#${keep.id}` })).toHaveCount(0)
  await options.filter({ hasText: `#${first.id}` }).click()
  await expect(admin.getByTestId('merge-red')).toContainText(first.phone)
  await admin.getByRole('button', { name: 'Merge', exact: true }).click()
  await admin.locator('.ant-popconfirm-buttons:visible .ant-btn-primary').click()
  await expect(admin).toHaveURL(new RegExp(`/ccdcontacts/detail/${keep.id}$`))
  await expect(admin.getByRole('cell', { name: first.phone, exact: true })).toBeVisible()
  await expect(admin.getByText('Contacts merged')).toBeVisible()
  // Everything the screens asked for after the merge has come back: none of it failed.
  await networkQuiet(admin)
  await expect(admin.locator('.ant-notification-notice-error')).toHaveCount(0)
})
