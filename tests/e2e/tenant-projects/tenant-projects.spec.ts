import { expect, test } from '../fixtures'
import { popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createTenantProject } from '../../../backend/src/modules/tenant-projects/seeds/factories'

/*
 * Tenant projects as their users meet them (PRODUCT.md "Tenant project"): tenant.acme creates a
 * fit-out on its tenancy and submits it; pm.hk, whose All Tenant Projects list is open meanwhile,
 * sees it appear without reloading and accepts it; the tenant's open page follows; the tenant
 * then withdraws it with a reason and the page says it can no longer change. Then the screens in
 * both languages, at a phone's width, and without serious accessibility faults.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

test('tenant.acme creates and submits a fit-out; pm.hk sees it live and accepts it; the tenant withdraws it with a reason', async ({ browser }) => {
  test.setTimeout(180_000)
  const name = unique('Lobby fit-out')
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/tenant-projects')
  await expect(pm.getByTestId('tenant-project-link').first()).toBeVisible()
  const pmRow = pm.getByTestId('tenant-project-link').filter({ hasText: name })
  await expect(pmRow).toHaveCount(0)

  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto('/tenants/tenant-projects')
  await tenant.getByTestId('tenant-project-create').click()
  await expect(tenant).toHaveURL(/\/tenants\/tenant-projects\/create$/)
  await tenant.getByTestId('tenant-project-name').fill(name)
  await tenant.getByTestId('tenant-project-location').locator('input').fill('Reception')
  await tenant.getByTestId('tenant-project-location').locator('input').press('Enter')
  // Saving without the terms accepted says what is missing, and sends nothing.
  await tenant.getByRole('button', { name: 'Save' }).click()
  await expect(tenant.getByText('Accept the terms and conditions to create the project.')).toBeVisible()
  await tenant.getByTestId('tenant-project-accept').check()
  await tenant.getByRole('button', { name: 'Save' }).click()
  await expect(tenant).toHaveURL(/\/tenants\/tenant-projects\/\d+$/)
  await expect(tenant.getByTestId('tenant-project-title')).toHaveText(name)
  await expect(tenant.getByTestId('tenant-project-status')).toHaveText('Draft')
  // The floors are those the tenancy's premises hold today.
  await expect(tenant.getByText('22/F')).toBeVisible()
  await tenant.getByTestId('tenant-project-submit').click()
  await popconfirmOk(tenant)
  await expect(tenant.getByTestId('tenant-project-status')).toHaveText('Submitted')
  // The tenant does not accept its own project.
  await expect(tenant.getByTestId('tenant-project-accept')).toHaveCount(0)

  await expect(pmRow).toHaveCount(1, { timeout: 20_000 })
  await pmRow.click()
  await expect(pm).toHaveURL(/\/tenant-projects\/\d+$/)
  await expect(pm.getByTestId('tenant-project-submit')).toHaveCount(0)
  await pm.getByTestId('tenant-project-accept').click()
  await popconfirmOk(pm)
  await expect(pm.getByTestId('tenant-project-status')).toHaveText('In progress')
  await expect(tenant.getByTestId('tenant-project-status')).toHaveText('In progress', { timeout: 20_000 })

  await tenant.getByTestId('tenant-project-withdraw').click()
  await tenant.getByTestId('tenant-project-reason-confirm').click()
  await expect(tenant.getByText('Please give the reason.')).toBeVisible()
  await tenant.getByTestId('tenant-project-reason-reason').fill('Lease not renewed')
  await tenant.getByTestId('tenant-project-reason-confirm').click()
  await expect(tenant.getByTestId('tenant-project-status')).toHaveText('Withdrawn')
  await expect(tenant.getByTestId('tenant-project-closed')).toContainText('Lease not renewed')
  await expect(tenant.getByTestId('tenant-project-withdraw')).toHaveCount(0)
  await expect(pm.getByTestId('tenant-project-status')).toHaveText('Withdrawn', { timeout: 20_000 })
  await expect(pm.getByTestId('tenant-project-cancel')).toHaveCount(0)
})

test('the tenant project screens in both languages, at a phone’s width, without serious accessibility faults', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const projectName = unique('Pantry')
  const project = await createTenantProject(db, { tenancyId: acme, projectName, status: 'SUBMITTED', floors: ['22/F'], projectLocation: ['Pantry'] })
  const found: string[] = []
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/tenant-projects')
  await expect(pm.getByTestId('tenant-project-link').first()).toBeVisible()
  await shotsInBothLanguages(pm, 'tenant-projects-list')
  await settled(pm)
  found.push(...(await violations(pm, 'pm.hk /tenant-projects')))
  await pm.goto(`/tenant-projects/${project.id}`)
  await expect(pm.getByTestId('tenant-project-status')).toHaveText('Submitted')
  await shotsInBothLanguages(pm, 'tenant-projects-show')
  await settled(pm)
  found.push(...(await violations(pm, `pm.hk /tenant-projects/${project.id}`)))

  const tenant = await signedIn(browser, 'tenant.acme', { width: 390, height: 844 })
  await tenant.goto('/tenants/tenant-projects')
  // Its list, newest change first, opens with this project on top (a signed-in phone's first screen may take a while on a loaded machine).
  await expect(tenant.getByTestId('tenant-project-link').filter({ hasText: projectName }).first()).toBeVisible({ timeout: 20_000 })
  await shotsInBothLanguages(tenant, 'tenant-projects-tenant-list-390')
  await tenant.goto(`/tenants/tenant-projects/${project.id}`)
  await expect(tenant.getByTestId('tenant-project-title')).toBeVisible()
  await shotsInBothLanguages(tenant, 'tenant-projects-tenant-show-390')
  // Nothing pushes the phone's page sideways.
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
  await tenant.goto('/tenants/tenant-projects/create')
  await expect(tenant.getByTestId('tenant-project-name')).toBeVisible()
  await shotsInBothLanguages(tenant, 'tenant-projects-create-390')
  await settled(tenant)
  found.push(...(await violations(tenant, 'tenant.acme /tenants/tenant-projects/create')))
  expect(found, found.join('\n')).toEqual([])
})

test('the tenancy page shows its projects in an all projects tab after all contacts, for staff and the tenant', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const acme = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const name = unique('Storeroom')
  const project = await createTenantProject(db, { tenancyId: acme, projectName: name, floors: ['22/F'] })
  for (const [username, path] of [
    ['admin', `/tenancies/view/${acme}`],
    ['tenant.acme', `/tenants/tenancies/${acme}`]
  ] as const) {
    const page = await signedIn(browser, username)
    await page.goto(path)
    const tabs = page.getByRole('tab')
    await expect(tabs.nth(2)).toHaveText('All projects')
    await expect(tabs.nth(1)).toHaveText('All contacts')
    await tabs.nth(2).click()
    const link = page.getByTestId('tenancy-projects').getByTestId('tenant-project-link').filter({ hasText: name })
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/tenant-projects/${project.id}$`))
    await expect(page.getByTestId('tenant-project-title')).toHaveText(name)
  }
})
