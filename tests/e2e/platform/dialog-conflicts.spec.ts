import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { apiCall, apiLogin, modalOk, signedIn } from '../helpers'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'
import { createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'
import { createMove } from '../../../backend/src/modules/tenancies/seeds/move-factories'
import { createTestAccount } from '../../../seeds/account-factories'

/*
 * The edit dialogs meet a stale save as the edit pages do (issue 27 item 12): while the browser's
 * user types, another user saves the record; the save is refused (410) and the dialog keeps what
 * was typed, shows each field the other save changed, theirs and yours, and saves the choices on
 * the new version. One dialog of each kind of form: a project's details (its own form), a move
 * record (the tenancy record dialogs: moves, green operations).
 */

const option = (scope: Page | Locator, field: string, side: 'theirs' | 'yours') => scope.getByTestId(`conflict-${field}-${side}`)

test("a project's edit dialog keeps the typing over another user's save and saves the choices", async ({ browser, db, baseURL }) => {
  const { project } = await createProject(db, { type: 'Renovation', projectLocation: 'First location' })
  const other = await createTestAccount(db, { like: 'admin' })
  const page = await signedIn(browser, 'pm.hk')
  await page.goto(`/projects/${project.id}`)
  await page.getByTestId('project-edit').click()
  const dialog = page.locator('.ant-modal:visible')
  await expect(dialog.locator('form').getByLabel('Type', { exact: true })).toHaveValue('Renovation')
  await dialog.locator('form').getByLabel('Type', { exact: true }).fill('Fit-out typed here')
  await dialog.locator('form').getByLabel('Reason for deduction').fill('Reason typed here')

  // Meanwhile another user saves the type and the location.
  const token = await apiLogin(baseURL!, other.username)
  const current = await apiCall(baseURL!, token, 'GET', `projects/${project.id}`)
  await apiCall(baseURL!, token, 'PATCH', `projects/${project.id}`, { type: 'Type saved by the other user', projectLocation: 'Location saved by the other user', updatedAt: current.updatedAt })

  await modalOk(page)
  const conflict = dialog.getByTestId('edit-conflict')
  await expect(conflict).toContainText('Someone else saved this record while you were editing')
  await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0)
  await expect(conflict.locator('[data-testid$="-theirs"]')).toHaveCount(2)
  await expect(dialog.getByTestId('conflict-type')).toContainText('You changed this too')
  await expect(option(dialog, 'type', 'theirs')).toContainText('Type saved by the other user')
  await expect(option(dialog, 'type', 'yours')).toContainText('Fit-out typed here')
  await expect(option(dialog, 'projectLocation', 'theirs').getByRole('radio')).toBeChecked()
  // Nothing typed is lost; the field only the other user changed takes their value.
  await expect(dialog.locator('form').getByLabel('Type', { exact: true })).toHaveValue('Fit-out typed here')
  await expect(dialog.locator('form').getByLabel('Reason for deduction')).toHaveValue('Reason typed here')
  await expect(dialog.locator('form').getByLabel('Location', { exact: true })).toHaveValue('Location saved by the other user')
  await page.screenshot({ path: '/tmp/shots/project-edit-conflict-en-US.png' })

  // Their type after all; saved on the new version with exactly the choices.
  await option(dialog, 'type', 'theirs').click()
  await expect(dialog.locator('form').getByLabel('Type', { exact: true })).toHaveValue('Type saved by the other user')
  await dialog.getByTestId('conflict-save').click()
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0)
  const saved = await apiCall(baseURL!, token, 'GET', `projects/${project.id}`)
  expect(saved).toMatchObject({ type: 'Type saved by the other user', projectLocation: 'Location saved by the other user', deductionReason: 'Reason typed here' })
})

test("a move record's dialog keeps the typing over another user's save and saves the choices", async ({ browser, db, baseURL }) => {
  const company = await tenantCompany(db, uniqueName('Move Conflict Co'))
  const tenancy = await createTenancy(db, { companyId: company, building: 'ES1', premises: [{ floor: 'G/F', effectiveDate: '2026-01-01' }] })
  const move = await createMove(db, { tenancyId: tenancy.id, kind: 'MOVE_IN', date: '2026-02-20', floor: 'G/F', premises: 'Shop G01', remarks: 'First remarks' })
  const other = await createTestAccount(db, { like: 'admin' })
  const page = await signedIn(browser, 'admin')
  await page.goto(`/tenancies/view/${tenancy.id}`)
  await page
    .getByTestId('moves')
    .getByRole('row', { name: /Shop G01/ })
    .getByRole('button', { name: 'Edit' })
    .click()
  const form = page.getByTestId('move-form')
  await expect(form.getByLabel('Remarks', { exact: true })).toHaveValue('First remarks')
  await form.getByLabel('Remarks', { exact: true }).fill('Remarks typed here')

  const token = await apiLogin(baseURL!, other.username)
  const current = await apiCall(baseURL!, token, 'GET', `moves/${move.id}`)
  await apiCall(baseURL!, token, 'PATCH', `moves/${move.id}`, { premises: 'Shop G02', remarks: 'Remarks saved by the other user', updatedAt: current.updatedAt })

  await modalOk(page)
  const dialog = page.locator('.ant-modal:visible')
  await expect(dialog.getByTestId('edit-conflict')).toBeVisible()
  await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0)
  await expect(option(dialog, 'remarks', 'theirs')).toContainText('Remarks saved by the other user')
  await expect(option(dialog, 'remarks', 'yours').getByRole('radio')).toBeChecked()
  await expect(option(dialog, 'premises', 'theirs').getByRole('radio')).toBeChecked()
  await expect(form.getByLabel('Remarks', { exact: true })).toHaveValue('Remarks typed here')
  await expect(form.getByLabel('Premises', { exact: true })).toHaveValue('Shop G02')

  await dialog.getByTestId('conflict-save').click()
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0)
  const saved = await apiCall(baseURL!, token, 'GET', `moves/${move.id}`)
  expect(saved).toMatchObject({ premises: 'Shop G02', remarks: 'Remarks typed here' })
})
