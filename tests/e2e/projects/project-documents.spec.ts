import type { Locator } from '@playwright/test'
import { expect, test, type Page } from '../fixtures'
import { minimalPdf, popconfirmOk, shotsInBothLanguages, signedIn, switchLanguage } from '../helpers'
import { settled, violations } from '../axe'
import { createAwardedPurchase, createProject, uniqueNumber } from '../../../backend/src/modules/projects/seeds/factories'

/*
 * A project's documents tab as its users meet it (spec §2 tab 1, §4 folders): vendor.alpha names a
 * folder and files a drawing in it, pm.hk (in charge) rejects the folder with a reason, the vendor
 * files a revision (the folder is back to Draft) and pm.hk approves it; each sees the other's
 * change without reloading. Then the tab in both languages, at a phone's width, and under axe.
 */

const folderCard = (page: Page, name: string) => page.getByTestId('project-folder').filter({ has: page.getByTestId('folder-name').getByText(name, { exact: true }) })

/** Types a day (as the date fields show it) into a date picker and commits it. */
async function pickDay(scope: Locator, testId: string, day: string) {
  await scope.getByTestId(testId).fill(day)
  await scope.getByTestId(testId).press('Enter')
}

async function fileInto(page: Page, folder: string, fileName: string, description: string) {
  const card = folderCard(page, folder)
  await card.getByTestId('document-description').fill(description)
  await card.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: minimalPdf })
  await card.getByTestId('document-upload').click()
  await expect(card.getByTestId('folder-document').filter({ hasText: fileName })).toBeVisible()
}

/** The edit dialog of the first document in both languages (the header's switch is behind the dialog: closed between). */
async function dialogShots(page: Page, name: string) {
  for (const language of ['English', '中文'] as const) {
    if (language === '中文') await switchLanguage(page, language, { save: false })
    await page.getByTestId('document-edit').first().click()
    await expect(page.getByTestId('period-form')).toBeVisible()
    await page.screenshot({ path: `/tmp/shots/${name}-${language === 'English' ? 'en-US' : 'zh-CN'}.png` })
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('period-form')).toHaveCount(0)
  }
  await switchLanguage(page, 'English', { save: false })
}

test('vendor.alpha files documents in a folder, pm.hk rejects then approves it; each sees the other live', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { project } = await createProject(db, { status: 'ACTIVE' })
  const folder = `Shop drawings ${uniqueNumber('F').slice(-6)}`

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=1`)
  await expect(pm.getByTestId('tab-documents')).toBeVisible()
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=1`)
  await expect(vendor.getByTestId('tab-documents')).toBeVisible()

  // A folder needs a name: said on blur, before anything is sent.
  await vendor.getByTestId('folder-name-input').focus()
  await vendor.getByTestId('folder-name-input').blur()
  await expect(vendor.getByText('Enter a name for the folder.')).toBeVisible()
  await vendor.getByTestId('folder-name-input').fill(folder)
  await vendor.getByTestId('folder-add').click()
  await expect(folderCard(vendor, folder).getByTestId('folder-status')).toHaveText('Draft')
  await fileInto(vendor, folder, 'level-3-rev-a.pdf', 'Level 3 layout')

  // pm.hk's open tab hears of the folder and its drawing, and rejects it with a reason.
  const pmFolder = folderCard(pm, folder)
  await expect(pmFolder.getByTestId('folder-document').filter({ hasText: 'level-3-rev-a.pdf' })).toBeVisible({ timeout: 20_000 })
  await expect(pmFolder.getByTestId('folder-upload')).toBeVisible()

  // The vendor corrects the drawing's effective period (the end checked against the start on blur): pm.hk's open tab shows it.
  await folderCard(vendor, folder).getByTestId('folder-document').filter({ hasText: 'level-3-rev-a.pdf' }).getByTestId('document-edit').click()
  const dialog = vendor.getByTestId('period-form')
  await expect(dialog.getByTestId('document-details-description')).toHaveValue('Level 3 layout')
  await pickDay(dialog, 'document-effective-date', '01 Jan 2028')
  await pickDay(dialog, 'document-effective-until', '31 Dec 2027')
  await dialog.getByTestId('document-effective-until').blur()
  await expect(dialog.getByText('The end date cannot be before the start date.')).toBeVisible()
  await pickDay(dialog, 'document-effective-until', '31 Dec 2028')
  await expect(dialog.getByText('The end date cannot be before the start date.')).toHaveCount(0)
  await vendor.getByTestId('document-details-save').click()
  await expect(dialog).toHaveCount(0)
  const pmRow = pmFolder.getByTestId('folder-document').filter({ hasText: 'level-3-rev-a.pdf' })
  await expect(pmRow).toContainText('01 Jan 2028 – 31 Dec 2028', { timeout: 20_000 })
  await expect(pmRow).toContainText('Not yet effective')
  await pmFolder.getByTestId('folder-reject').click()
  await pm.getByTestId('folder-reason-input').focus()
  await pm.getByTestId('folder-reason-input').blur()
  await expect(pm.getByText('Please give the reason for the rejection.')).toBeVisible()
  await pm.getByTestId('folder-reason-input').fill('Fire exits are missing')
  await pm.getByTestId('folder-reject-confirm').click()
  await expect(pmFolder.getByTestId('folder-status')).toHaveText('Rejected')

  // The vendor sees the rejection and its reason, files a revision: the folder is back to Draft for pm.hk.
  const vendorFolder = folderCard(vendor, folder)
  await expect(vendorFolder.getByTestId('folder-reason')).toContainText('Fire exits are missing', { timeout: 20_000 })
  await expect(vendorFolder.getByTestId('folder-approve')).toHaveCount(0)
  await fileInto(vendor, folder, 'level-3-rev-b.pdf', 'With fire exits')
  await expect(vendorFolder.getByTestId('folder-status')).toHaveText('Draft')
  await expect(pmFolder.getByTestId('folder-status')).toHaveText('Draft', { timeout: 20_000 })
  await expect(pmFolder.getByTestId('folder-document')).toHaveCount(2)

  await pmFolder.getByTestId('folder-approve').click()
  await popconfirmOk(pm)
  await expect(pmFolder.getByTestId('folder-status')).toHaveText('Approved')
  // Approved: the vendor hears it, and nothing more is filed there.
  await expect(vendorFolder.getByTestId('folder-status')).toHaveText('Approved', { timeout: 20_000 })
  await expect(vendorFolder.getByTestId('folder-upload')).toHaveCount(0)
})

test('the documents tab in both languages, at a phone’s width, without serious axe violations', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const { project } = await createProject(db, { status: 'ACTIVE' })
  const [folder] = await db('project_folders').insert({ region: 'HK', projectId: project.id, name: 'As-built drawings', status: 'REJECTED', reason: 'Please add the roof plan' }, ['id'])
  await db('project_folders').insert({ region: 'HK', projectId: project.id, name: 'Method statements', status: 'APPR' })
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=1`)
  await fileInto(vendor, 'As-built drawings', 'ground-floor.pdf', 'Ground floor')
  expect(folder.id).toBeGreaterThan(0)
  await shotsInBothLanguages(vendor, 'project-documents-vendor')
  await dialogShots(vendor, 'project-document-dialog')

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/projects/${project.id}?tabIndex=1`)
  await expect(folderCard(pm, 'As-built drawings').getByTestId('folder-document')).toHaveCount(1)
  await shotsInBothLanguages(pm, 'project-documents-staff')
  await settled(pm)
  const found = await violations(pm, `pm.hk /projects/${project.id}?tabIndex=1`)
  await settled(vendor)
  found.push(...(await violations(vendor, `vendor.alpha /vendors/projects/${project.id}?tabIndex=1`)))
  expect(found, found.join('\n')).toEqual([])

  const phone = await signedIn(browser, 'vendor.alpha', { width: 390, height: 844 })
  await phone.goto(`/vendors/projects/${project.id}?tabIndex=1`)
  await expect(folderCard(phone, 'As-built drawings').getByTestId('folder-document')).toHaveCount(1)
  await shotsInBothLanguages(phone, 'project-documents-390')
  await dialogShots(phone, 'project-document-dialog-390')
  await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})

test('pm.hk attaches the purchase order when creating a project, and downloads it from the documents tab', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const po = await createAwardedPurchase(db, { description: 'Car park lighting' })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/projects/create')
  const numbers = pm.getByTestId('number-select')
  await numbers.click()
  await numbers.locator('input').fill(po.number.slice(0, 12))
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: po.number }).click()
  await pm.locator('input[type=file]').setInputFiles({ name: 'signed-po.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await expect(pm.locator('.ant-upload-list-item-done', { hasText: 'signed-po.pdf' })).toBeVisible()
  await expect(pm.getByTestId('po-attachment-choose')).toHaveCount(0)
  await pm.getByTestId('project-save').click()
  await expect(pm).toHaveURL(/\/projects\/[a-z0-9]{24}$/)
  await pm.getByRole('tab', { name: 'Documents' }).click()
  const download = pm.waitForEvent('download')
  await pm.getByTestId('po-attachment-download').click()
  expect((await download).suggestedFilename()).toBe('signed-po.pdf')
})
