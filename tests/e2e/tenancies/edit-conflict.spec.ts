import { expect, test, type Page } from '../fixtures'
import { apiCall, apiLogin, networkQuiet, shotsInBothLanguages, signedIn } from '../helpers'
import { createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * Two editors of one tenancy record (issue 27, item 12): while the browser's user types, the record
 * is saved elsewhere, through the API. (Another user cannot while the form holds the record's edit
 * lock, 423; the same user can, from another window, and so can another once the lock has lapsed.) The browser's save is refused as stale (410); the screen
 * keeps everything typed, shows each field the other save changed with both values, the user takes
 * some of each, and the second save goes on the new version with exactly the chosen values.
 */

const option = (page: Page, field: string, side: 'theirs' | 'yours') => page.getByTestId(`conflict-${field}-${side}`)
/** A field of the edit form itself (the conflict view above it names the same fields). */
const input = (page: Page, label: string) => page.locator('form').getByLabel(label, { exact: true })

test('a stale tenancy save keeps the typing, shows theirs and yours per field, and saves the values chosen', async ({ browser, db, baseURL }) => {
  test.setTimeout(120_000)
  const company = await tenantCompany(db, uniqueName('Conflict Co'))
  const tenancy = await createTenancy(db, {
    companyId: company,
    tradeName: 'First trade name',
    building: 'ES1',
    premises: [{ floor: '3/F', effectiveDate: '2026-01-01' }],
    extra: { remarks: 'First remarks', faxNumber: '2100 0000' }
  })
  const editor = await createTestAccount(db, { like: 'admin' })
  const page = await signedIn(browser, editor.username)
  await page.goto(`/tenancies/edit/${tenancy.id}`)
  // The first screen of a worker's first test waits for the portal's code on a busy machine.
  await expect(input(page, 'Trade name')).toHaveValue('First trade name', { timeout: 30_000 })

  // The browser's user types in three fields.
  await input(page, 'Trade name').fill('Trade name typed here')
  await input(page, 'General line').fill('2345 6789')
  await input(page, 'Remarks').fill('Remarks typed here')

  // Meanwhile the record is saved from another window: the trade name, the fax and the remarks.
  const token = await apiLogin(baseURL!, editor.username)
  const current = await apiCall(baseURL!, token, 'GET', `tenancies/${tenancy.id}`)
  await apiCall(baseURL!, token, 'PATCH', `tenancies/${tenancy.id}`, {
    tradeName: 'Trade name saved by the other user',
    faxNumber: '3999 1111',
    remarks: 'Remarks saved by the other user',
    updatedAt: current.updatedAt
  })

  await page.getByRole('button', { name: 'Save' }).click()
  const conflict = page.getByTestId('edit-conflict')
  await expect(conflict).toContainText('Someone else saved this record while you were editing')
  // No error toast beside it: the view is the message.
  await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/tenancies/edit/${tenancy.id}$`))

  // Each field the other save changed, by its label, with both values; nothing else.
  await expect(conflict.locator('[data-testid^="conflict-"][data-testid$="-theirs"]')).toHaveCount(3)
  await expect(page.getByTestId('conflict-tradeName')).toContainText('Trade name')
  await expect(page.getByTestId('conflict-tradeName')).toContainText('You changed this too')
  await expect(option(page, 'tradeName', 'theirs')).toContainText('Trade name saved by the other user')
  await expect(option(page, 'tradeName', 'yours')).toContainText('Trade name typed here')
  await expect(page.getByTestId('conflict-remarks')).toContainText('Remarks')
  await expect(option(page, 'remarks', 'theirs')).toContainText('Remarks saved by the other user')
  await expect(option(page, 'remarks', 'yours')).toContainText('Remarks typed here')
  await expect(page.getByTestId('conflict-faxNumber')).toContainText('Fax')
  await expect(page.getByTestId('conflict-faxNumber')).not.toContainText('You changed this too')
  await expect(option(page, 'faxNumber', 'theirs')).toContainText('3999 1111')
  await expect(option(page, 'faxNumber', 'yours')).toContainText('2100 0000')

  // Nothing typed is lost: fields both changed keep the typing until the user chooses, the field
  // only the other user changed takes their value, the field only this user changed is untouched.
  await expect(option(page, 'tradeName', 'yours').getByRole('radio')).toBeChecked()
  await expect(option(page, 'remarks', 'yours').getByRole('radio')).toBeChecked()
  await expect(option(page, 'faxNumber', 'theirs').getByRole('radio')).toBeChecked()
  await expect(input(page, 'Trade name')).toHaveValue('Trade name typed here')
  await expect(input(page, 'Remarks')).toHaveValue('Remarks typed here')
  await expect(input(page, 'General line')).toHaveValue('2345 6789')
  await expect(input(page, 'Fax')).toHaveValue('3999 1111')

  await shotsInBothLanguages(page, 'tenancy-edit-conflict')
  await page.setViewportSize({ width: 390, height: 844 })
  await networkQuiet(page)
  await conflict.screenshot({ path: '/tmp/shots/tenancy-edit-conflict-390.png' })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1440, height: 900 })

  // Some of each: their trade name, the typed remarks, the fax as it was before either save.
  await option(page, 'tradeName', 'theirs').click()
  await option(page, 'faxNumber', 'yours').click()
  await expect(option(page, 'tradeName', 'theirs').getByRole('radio')).toBeChecked()
  await expect(option(page, 'faxNumber', 'yours').getByRole('radio')).toBeChecked()
  await expect(input(page, 'Trade name')).toHaveValue('Trade name saved by the other user')
  await expect(input(page, 'Fax')).toHaveValue('2100 0000')

  await page.getByTestId('conflict-save').click()
  await expect(page).toHaveURL(new RegExp(`/tenancies/view/${tenancy.id}$`))
  await expect(page.getByTestId('tenancy-title')).toContainText('Trade name saved by the other user')
  const stored = await db('tenancies').where({ id: tenancy.id }).first('tradeName', 'generalLine', 'faxNumber', 'remarks', 'companyName')
  expect(stored).toEqual({
    tradeName: 'Trade name saved by the other user',
    generalLine: '2345 6789',
    faxNumber: '2100 0000',
    remarks: 'Remarks typed here',
    companyName: tenancy.companyName
  })
})

test('a second editor of a tenancy record is told who edits it and cannot save, through the screen or the API', async ({ browser, db, baseURL }) => {
  const company = await tenantCompany(db, uniqueName('Locked Co'))
  const tenancy = await createTenancy(db, { companyId: company, tradeName: 'Locked trade name', building: 'ES1', premises: [{ floor: '3/F', effectiveDate: '2026-01-01' }] })
  const first = await createTestAccount(db, { like: 'admin' })
  const second = await createTestAccount(db, { like: 'admin' })
  const holder = await signedIn(browser, first.username)
  await holder.goto(`/tenancies/edit/${tenancy.id}`)
  await expect(input(holder, 'Trade name')).toHaveValue('Locked trade name', { timeout: 30_000 })

  const page = await signedIn(browser, second.username)
  await page.goto(`/tenancies/edit/${tenancy.id}`)
  await expect(page.getByText(`${first.username} is editing this record.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  const token = await apiLogin(baseURL!, second.username)
  const current = await apiCall(baseURL!, token, 'GET', `tenancies/${tenancy.id}`)
  await expect(apiCall(baseURL!, token, 'PATCH', `tenancies/${tenancy.id}`, { remarks: 'Not now', updatedAt: current.updatedAt })).rejects.toThrow(/423/)
  // The holder saves as usual.
  await input(holder, 'Remarks').fill('Saved by the holder')
  await holder.getByRole('button', { name: 'Save' }).click()
  await expect(holder).toHaveURL(new RegExp(`/tenancies/view/${tenancy.id}$`))
  expect((await db('tenancies').where({ id: tenancy.id }).first('remarks')).remarks).toBe('Saved by the holder')
})
