import { expect, test } from '../fixtures'
import { loginAs, popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createAwardedPurchase, createContractor, createProject } from '../../../backend/src/modules/projects/seeds/factories'

/*
 * Projects as their users meet them (spec §2 to §6): pm.hk raises a project from an awarded
 * tender's purchase order and activates it; vendor.alpha, whose list is open meanwhile, sees it
 * appear without reloading (a draft never showed) and opens it. Then each screen in both
 * languages, wide and at a phone's width.
 */

test('pm.hk creates a project from a PO and activates it; vendor.alpha sees it appear live and opens it', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const po = await createAwardedPurchase(db, { amount: 72_480.5, description: 'Lift lobby renewal' })

  // The vendor's list is open before the project exists.
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto('/vendors/projects')
  await expect(vendor.getByTestId('project-link').first()).toBeVisible()
  const vendorRow = vendor.getByTestId('project-link').filter({ hasText: po.number })
  await expect(vendorRow).toHaveCount(0)

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/projects')
  await expect(pm.getByTestId('project-link').first()).toBeVisible()
  await pm.getByRole('button', { name: /New project/ }).click()
  await expect(pm).toHaveURL(/\/projects\/create$/)
  const numbers = pm.getByTestId('number-select')
  await numbers.click()
  await numbers.locator('input').fill(po.number.slice(0, 12))
  await pm.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: po.number }).click()
  await pm.getByTestId('type-input').fill('Renovation')
  await pm.getByLabel('Location').fill('Tower 1, lift lobby')
  await pm.getByTestId('project-save').click()
  await expect(pm).toHaveURL(/\/projects\/[a-z0-9]{24}$/)
  await expect(pm.getByTestId('project-title')).toHaveText(po.number)
  await expect(pm.getByTestId('project-status')).toHaveText('Draft')
  await expect(pm.getByTestId('project-details')).toContainText('72,480.50')
  // Still a draft: the vendor has not been told.
  await expect(vendorRow).toHaveCount(0)

  await pm.getByTestId('project-activate').click()
  await popconfirmOk(pm)
  await expect(pm.getByTestId('project-status')).toHaveText('Active')

  // The vendor's open list hears of it, without a reload, and the vendor opens it.
  await expect(vendorRow).toHaveCount(1, { timeout: 20_000 })
  await vendorRow.click()
  await expect(vendor).toHaveURL(/\/vendors\/projects\/[a-z0-9]{24}$/)
  await expect(vendor.getByTestId('project-title')).toHaveText(po.number)
  await expect(vendor.getByTestId('project-status')).toHaveText('Active')

  // Both homes carry the project panel, its latest projects linking to them.
  await vendor.goto('/vendors/dashboard')
  await expect(vendor.getByTestId('project-panel').getByRole('link', { name: po.number })).toBeVisible()
  await pm.goto('/')
  await expect(pm.getByTestId('project-panel').getByRole('link', { name: po.number })).toBeVisible()
})

test('pm.hk finds a project with Ctrl+K by its PO number and opens it', async ({ page, db }) => {
  const { project } = await createProject(db, { status: 'ACTIVE', description: 'Podium canopy repair' })
  await loginAs(page, 'pm.hk')
  await expect(page.getByTestId('global-search')).toBeVisible()
  await page.keyboard.press('Control+k')
  const box = page.getByRole('dialog').getByRole('combobox')
  await box.fill(project.number)
  const hit = page.getByTestId('search-hit')
  await expect(hit).toHaveCount(1)
  await expect(hit).toContainText(project.number)
  await expect(hit).toContainText('Alpha Engineering Ltd')
  await expect(hit).toContainText('Projects')
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`))
  await expect(page.getByTestId('project-title')).toHaveText(project.number)
})

test('the project screens in both languages: list, create, detail with its contractors, vendor detail, home panel', async ({ browser, db }) => {
  test.setTimeout(300_000)
  const { project } = await createProject(db, { status: 'ACTIVE', type: 'Renovation' })
  await createContractor(db, project, { contractorType: 'MAIN', companyName: 'Alpha Engineering Ltd', firstName: 'Alan', lastName: 'Lee' })
  await createContractor(db, project, { contractorType: 'OTHER', typeDesc: 'Scaffolding', companyName: 'Tall Frame Scaffolding', firstName: 'Wing', lastName: 'Lau' })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/projects')
  await expect(pm.getByTestId('project-link').first()).toBeVisible()
  await shotsInBothLanguages(pm, 'projects-list')
  await pm.goto('/projects/create')
  await expect(pm.getByTestId('number-select')).toBeVisible()
  await shotsInBothLanguages(pm, 'projects-create')
  await pm.goto(`/projects/${project.id}?tabIndex=2`)
  await expect(pm.getByTestId('project-title')).toHaveText(project.number)
  await expect(pm.getByTestId('contractor-row')).toHaveCount(2)
  await shotsInBothLanguages(pm, 'projects-show')
  await pm.goto('/')
  await expect(pm.getByTestId('project-panel')).toBeVisible()
  await shotsInBothLanguages(pm, 'projects-dashboard')
  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto(`/vendors/projects/${project.id}?tabIndex=2`)
  await expect(vendor.getByTestId('project-title')).toHaveText(project.number)
  await shotsInBothLanguages(vendor, 'projects-vendor-show')
})

test('the project screens fit a phone, with the tab of the query option open', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { project } = await createProject(db, { status: 'ACTIVE' })
  const page = await signedIn(browser, 'pm.hk', { width: 390, height: 844 })
  await page.goto(`/projects/${project.id}?tabIndex=1`)
  await expect(page.getByTestId('project-title')).toHaveText(project.number)
  await expect(page.getByTestId('tab-documents')).toBeVisible()
  await shotsInBothLanguages(page, 'projects-show-390')
  await page.goto('/projects')
  await expect(page.getByTestId('project-link').first()).toBeVisible()
  await shotsInBothLanguages(page, 'projects-list-390')
})

test('the project screens have no serious or critical axe violation', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { project } = await createProject(db, { status: 'ACTIVE' })
  await createContractor(db, project, { contractorType: 'MAIN' })
  const found: string[] = []
  const pm = await signedIn(browser, 'pm.hk')
  for (const path of ['/projects', '/projects/create', `/projects/${project.id}?tabIndex=2`]) {
    await pm.goto(path)
    await settled(pm)
    found.push(...(await violations(pm, `pm.hk ${path}`)))
  }
  const vendor = await signedIn(browser, 'vendor.alpha')
  for (const path of ['/vendors/projects', `/vendors/projects/${project.id}?tabIndex=2`]) {
    await vendor.goto(path)
    await settled(vendor)
    found.push(...(await violations(vendor, `vendor.alpha ${path}`)))
  }
  expect(found, found.join('\n')).toEqual([])
})
