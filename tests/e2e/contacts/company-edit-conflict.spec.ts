import { expect, test, type Page } from '../fixtures'
import { apiCall, apiLogin, signedIn } from '../helpers'
import { createTestCompany } from '../../../backend/src/modules/contacts/seeds/factories'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * The stale-save conflict view is the one of every edit form that sends the version it read
 * (useVersionedForm): here a company's, where another user renames the company while the browser's
 * user changes its e-mail and phone (issue 27, item 12).
 */

const input = (page: Page, label: string) => page.locator('form').getByLabel(label, { exact: true })

test('a stale company save keeps the typing and saves the values chosen per field', async ({ browser, db, baseURL }) => {
  const company = await createTestCompany(db)
  const other = await createTestAccount(db, { like: 'admin' })
  const page = await signedIn(browser, 'admin')
  await page.goto(`/companies/edit/${company.id}`)
  // The first screen of a worker's first test waits for the portal's code on a busy machine.
  await expect(input(page, 'Company name')).toHaveValue(company.name, { timeout: 30_000 })
  await input(page, 'E-mail').fill('typed@example.com')
  await input(page, 'Phone').fill('2888 0000')

  const token = await apiLogin(baseURL!, other.username)
  const current = await apiCall(baseURL!, token, 'GET', `companies/${company.id}`)
  await apiCall(baseURL!, token, 'PATCH', `companies/${company.id}`, { name: `${company.name} Renamed`, email: 'theirs@example.com', updatedAt: current.updatedAt })

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('edit-conflict')).toContainText('Someone else saved this record while you were editing')
  await expect(page.getByTestId('conflict-name')).toContainText('Company name')
  await expect(page.getByTestId('conflict-name-theirs')).toContainText(`${company.name} Renamed`)
  await expect(page.getByTestId('conflict-name-yours')).toContainText(company.name)
  await expect(page.getByTestId('conflict-email-theirs')).toContainText('theirs@example.com')
  await expect(page.getByTestId('conflict-email-yours')).toContainText('typed@example.com')
  await expect(page.getByTestId('conflict-phone')).toHaveCount(0)
  // Typing kept; their name taken as they alone changed it.
  await expect(input(page, 'Phone')).toHaveValue('2888 0000')
  await expect(input(page, 'E-mail')).toHaveValue('typed@example.com')
  await expect(input(page, 'Company name')).toHaveValue(`${company.name} Renamed`)

  await page.getByTestId('conflict-save').click()
  await expect(page).toHaveURL(new RegExp(`/companies/detail/${company.id}$`))
  const stored = await db('companies').where({ id: company.id }).first('name', 'email', 'phone')
  expect(stored).toEqual({ name: `${company.name} Renamed`, email: 'typed@example.com', phone: '2888 0000' })
})
